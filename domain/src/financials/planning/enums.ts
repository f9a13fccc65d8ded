/**
 * Planning enumerations (foundations §3 "Other enumerations"). Goal categories, milestone types and
 * market return classes are named by the spec but their members are not shown, so they are absent.
 */

export const GoalType = ['DEBT', 'EXPENSE', 'INVEST', 'SAVING'] as const;
export type GoalType = (typeof GoalType)[number];

export const GOAL_TYPE_LABELS: Readonly<Record<GoalType, string>> = {
  DEBT: 'Pay off debt',
  EXPENSE: 'Expense',
  INVEST: 'Invest',
  SAVING: 'Save',
};

/** Goal horizons, nearest first. */
export const GoalHorizon = ['IMMEDIATE', 'SHORT', 'INTERMEDIATE', 'LONG'] as const;
export type GoalHorizon = (typeof GoalHorizon)[number];

export const GOAL_HORIZON_LABELS: Readonly<Record<GoalHorizon, string>> = {
  IMMEDIATE: 'Immediate',
  SHORT: 'Short term',
  INTERMEDIATE: 'Medium term',
  LONG: 'Long term',
};

export const RateType = ['FIXED_RATE', 'MARKET_RETURN_PROFILE', 'NONE'] as const;
export type RateType = (typeof RateType)[number];

export const RATE_TYPE_LABELS: Readonly<Record<RateType, string>> = {
  FIXED_RATE: 'Fixed rate',
  MARKET_RETURN_PROFILE: 'Market return profile',
  NONE: 'None',
};

export const PaymentType = ['FINANCED', 'OUTRIGHT'] as const;
export type PaymentType = (typeof PaymentType)[number];

export const PAYMENT_TYPE_LABELS: Readonly<Record<PaymentType, string>> = {
  FINANCED: 'Financed',
  OUTRIGHT: 'Paid outright',
};

export const ProgressStatus = ['PENDING', 'ONGOING', 'COMPLETED'] as const;
export type ProgressStatus = (typeof ProgressStatus)[number];

export const PROGRESS_STATUS_LABELS: Readonly<Record<ProgressStatus, string>> = {
  PENDING: 'Pending',
  ONGOING: 'Ongoing',
  COMPLETED: 'Completed',
};

export const InterestType = ['SIMPLE', 'COMPOUND'] as const;
export type InterestType = (typeof InterestType)[number];

export const INTEREST_TYPE_LABELS: Readonly<Record<InterestType, string>> = { SIMPLE: 'Simple', COMPOUND: 'Compound' };

export const RiskProfileDimension = [
  'COMPOSURE',
  'EXPERIENCE',
  'KNOWLEDGE',
  'PERCEPTION',
  'PREFERENCE',
  'TOLERANCE',
] as const;
export type RiskProfileDimension = (typeof RiskProfileDimension)[number];

export const RISK_PROFILE_DIMENSION_LABELS: Readonly<Record<RiskProfileDimension, string>> = {
  COMPOSURE: 'Composure',
  EXPERIENCE: 'Experience',
  KNOWLEDGE: 'Knowledge',
  PERCEPTION: 'Perception',
  PREFERENCE: 'Preference',
  TOLERANCE: 'Tolerance',
};

/** Risk levels, lowest first. */
export const RiskLevel = ['LOW', 'MODERATE', 'HIGH'] as const;
export type RiskLevel = (typeof RiskLevel)[number];

export const RISK_LEVEL_LABELS: Readonly<Record<RiskLevel, string>> = {
  LOW: 'Low',
  MODERATE: 'Moderate',
  HIGH: 'High',
};

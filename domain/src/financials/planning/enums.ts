/**
 * Planning enumerations (foundations §3 "Other enumerations"). Goal categories, milestone types and
 * market return classes are named by the spec but their members are not shown, so they are absent.
 */

export const GoalType = ['DEBT', 'EXPENSE', 'INVEST', 'SAVING'] as const;
export type GoalType = (typeof GoalType)[number];

/** Goal horizons, nearest first. */
export const GoalHorizon = ['IMMEDIATE', 'SHORT', 'INTERMEDIATE', 'LONG'] as const;
export type GoalHorizon = (typeof GoalHorizon)[number];

export const RateType = ['FIXED_RATE', 'MARKET_RETURN_PROFILE', 'NONE'] as const;
export type RateType = (typeof RateType)[number];

export const PaymentType = ['FINANCED', 'OUTRIGHT'] as const;
export type PaymentType = (typeof PaymentType)[number];

export const ProgressStatus = ['PENDING', 'ONGOING', 'COMPLETED'] as const;
export type ProgressStatus = (typeof ProgressStatus)[number];

export const InterestType = ['SIMPLE', 'COMPOUND'] as const;
export type InterestType = (typeof InterestType)[number];

export const RiskProfileDimension = [
  'COMPOSURE',
  'EXPERIENCE',
  'KNOWLEDGE',
  'PERCEPTION',
  'PREFERENCE',
  'TOLERANCE',
] as const;
export type RiskProfileDimension = (typeof RiskProfileDimension)[number];

/** Risk levels, lowest first. */
export const RiskLevel = ['LOW', 'MODERATE', 'HIGH'] as const;
export type RiskLevel = (typeof RiskLevel)[number];

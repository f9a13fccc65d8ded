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

/**
 * How a plan flow's amount changes from year to year. Flows follow the plan's inflation, a fixed
 * rate of their own, or stay level.
 */
export const FlowChangeType = ['NONE', 'INFLATION', 'FIXED_RATE'] as const;
export type FlowChangeType = (typeof FlowChangeType)[number];

export const FLOW_CHANGE_TYPE_LABELS: Readonly<Record<FlowChangeType, string>> = {
  NONE: 'Stays the same',
  INFLATION: 'Rises with inflation',
  FIXED_RATE: 'Changes by a fixed rate',
};

/** The points a flow's time frame starts and ends at. */
export const TimePointKind = ['PLAN_START', 'YEAR', 'AGE', 'RETIREMENT', 'PLAN_END'] as const;
export type TimePointKind = (typeof TimePointKind)[number];

export const TIME_POINT_KIND_LABELS: Readonly<Record<TimePointKind, string>> = {
  PLAN_START: 'Start of the plan',
  YEAR: 'A calendar year',
  AGE: 'An age',
  RETIREMENT: 'Retirement',
  PLAN_END: 'End of the plan',
};

/**
 * Market return classes (foundations §3 names them without members): a growth profile an account
 * can follow instead of a fixed rate; its mean and volatility are in projection/market-returns.ts.
 */
export const MarketReturnClass = ['CASH', 'CONSERVATIVE', 'BALANCED', 'GROWTH', 'AGGRESSIVE'] as const;
export type MarketReturnClass = (typeof MarketReturnClass)[number];

export const MARKET_RETURN_CLASS_LABELS: Readonly<Record<MarketReturnClass, string>> = {
  CASH: 'Cash',
  CONSERVATIVE: 'Conservative',
  BALANCED: 'Balanced',
  GROWTH: 'Growth',
  AGGRESSIVE: 'Aggressive',
};

/** US federal filing statuses. */
export const UsFilingStatus = [
  'SINGLE',
  'MARRIED_FILING_JOINTLY',
  'MARRIED_FILING_SEPARATELY',
  'HEAD_OF_HOUSEHOLD',
] as const;
export type UsFilingStatus = (typeof UsFilingStatus)[number];

export const US_FILING_STATUS_LABELS: Readonly<Record<UsFilingStatus, string>> = {
  SINGLE: 'Single',
  MARRIED_FILING_JOINTLY: 'Married filing jointly',
  MARRIED_FILING_SEPARATELY: 'Married filing separately',
  HEAD_OF_HOUSEHOLD: 'Head of household',
};

/**
 * What a plan income is, for tax and for contribution room: employment and self-employment are
 * earned income; government benefits and pensions have their own credits and splitting rules.
 */
export const PlanIncomeKind = [
  'EMPLOYMENT',
  'SELF_EMPLOYMENT',
  'CPP',
  'QPP',
  'OAS',
  'SOCIAL_SECURITY',
  'DEFINED_BENEFIT_PENSION',
  'ANNUITY',
  'RENTAL',
  'INHERITANCE',
  'OTHER',
] as const;
export type PlanIncomeKind = (typeof PlanIncomeKind)[number];

export const PLAN_INCOME_KIND_LABELS: Readonly<Record<PlanIncomeKind, string>> = {
  EMPLOYMENT: 'Employment',
  SELF_EMPLOYMENT: 'Self-employment',
  // The acronyms are what advisors and clients call them, as in PENSION_SUBTYPE_LABELS.
  CPP: 'CPP',
  QPP: 'QPP',
  OAS: 'OAS',
  SOCIAL_SECURITY: 'Social Security',
  DEFINED_BENEFIT_PENSION: 'Defined-benefit pension',
  ANNUITY: 'Annuity',
  RENTAL: 'Rental income',
  INHERITANCE: 'Inheritance',
  OTHER: 'Other income',
};

/** Where an expense is paid from: the plan's cash (income, then withdrawals by the rules) or one account. */
export const FundingSourceKind = ['PLAN_CASH', 'ACCOUNT'] as const;
export type FundingSourceKind = (typeof FundingSourceKind)[number];

export const FUNDING_SOURCE_KIND_LABELS: Readonly<Record<FundingSourceKind, string>> = {
  PLAN_CASH: 'Income, then withdrawals',
  ACCOUNT: 'One account',
};

/** The conditions a milestone can wait for; a milestone is reached in the first year all of its conditions hold. */
export const MilestoneConditionKind = [
  'YEAR_REACHED',
  'AGE_REACHED',
  'RETIRED',
  'NET_WORTH_AT_LEAST',
  'ACCOUNT_BALANCE_AT_LEAST',
  'DEBT_FREE',
] as const;
export type MilestoneConditionKind = (typeof MilestoneConditionKind)[number];

export const MILESTONE_CONDITION_KIND_LABELS: Readonly<Record<MilestoneConditionKind, string>> = {
  YEAR_REACHED: 'The year is reached',
  AGE_REACHED: 'A person reaches an age',
  RETIRED: 'A person has retired',
  NET_WORTH_AT_LEAST: 'Net worth reaches an amount',
  ACCOUNT_BALANCE_AT_LEAST: 'An account reaches a balance',
  DEBT_FREE: 'Every debt is paid off',
};

/** What a plan asset is. */
export const PlanAssetKind = ['REAL_ESTATE', 'VEHICLE', 'BUSINESS', 'COLLECTIBLE', 'OTHER'] as const;
export type PlanAssetKind = (typeof PlanAssetKind)[number];

export const PLAN_ASSET_KIND_LABELS: Readonly<Record<PlanAssetKind, string>> = {
  REAL_ESTATE: 'Real estate',
  VEHICLE: 'Vehicle',
  BUSINESS: 'Business',
  COLLECTIBLE: 'Collectible',
  OTHER: 'Other asset',
};

/** Enumerations of cash flow sources and flows (foundations §3). */

export const CashFlowType = ['CONTRIBUTION', 'DEBT', 'EXPENSE', 'INCOME'] as const;
export type CashFlowType = (typeof CashFlowType)[number];

/** Whether an expense is a need or a want. */
export const Necessity = ['NEED', 'WANT'] as const;
export type Necessity = (typeof Necessity)[number];

export const NECESSITY_LABELS: Readonly<Record<Necessity, string>> = { NEED: 'Need', WANT: 'Want' };

export const FlowStatus = ['ACTIVE', 'INACTIVE'] as const;
export type FlowStatus = (typeof FlowStatus)[number];

export const FLOW_STATUS_LABELS: Readonly<Record<FlowStatus, string>> = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

export const FlowDirection = ['INFLOW', 'OUTFLOW'] as const;
export type FlowDirection = (typeof FlowDirection)[number];

export const CashFlowSourceCategory = [
  'ASSET',
  'CORPORATION',
  'EMPLOYMENT',
  'GOVERNMENT_BENEFIT',
  'INVESTMENT',
  'PENSION',
  'OTHER',
] as const;
export type CashFlowSourceCategory = (typeof CashFlowSourceCategory)[number];

export const ExpenseSubtypeCategory = ['ASSET', 'INSURANCE', 'LIFESTYLE', 'OTHER'] as const;
export type ExpenseSubtypeCategory = (typeof ExpenseSubtypeCategory)[number];

/** The group a transaction category falls in. */
export const TransactionCategoryGroup = ['EXPENSE', 'INCOME', 'OTHER'] as const;
export type TransactionCategoryGroup = (typeof TransactionCategoryGroup)[number];

/** Whether spending in a transaction category is essential; NA for income and other. */
export const TransactionCategoryNature = ['ESSENTIAL', 'NON_ESSENTIAL', 'NA'] as const;
export type TransactionCategoryNature = (typeof TransactionCategoryNature)[number];

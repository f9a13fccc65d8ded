/** Enumerations of cash flow sources and flows (foundations §3). */

export const CashFlowType = ['CONTRIBUTION', 'DEBT', 'EXPENSE', 'INCOME'] as const;
export type CashFlowType = (typeof CashFlowType)[number];

export const CASH_FLOW_TYPE_LABELS: Readonly<Record<CashFlowType, string>> = {
  CONTRIBUTION: 'Contribution',
  DEBT: 'Debt payment',
  EXPENSE: 'Expense',
  INCOME: 'Income',
};

/** Whether an expense is a need or a want. */
export const Necessity = ['NEED', 'WANT'] as const;
export type Necessity = (typeof Necessity)[number];

export const NECESSITY_LABELS: Readonly<Record<Necessity, string>> = { NEED: 'Need', WANT: 'Want' };

export const FlowStatus = ['ACTIVE', 'INACTIVE'] as const;
export type FlowStatus = (typeof FlowStatus)[number];

export const FLOW_STATUS_LABELS: Readonly<Record<FlowStatus, string>> = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

export const FlowDirection = ['INFLOW', 'OUTFLOW'] as const;
export type FlowDirection = (typeof FlowDirection)[number];

export const FLOW_DIRECTION_LABELS: Readonly<Record<FlowDirection, string>> = {
  INFLOW: 'Money in',
  OUTFLOW: 'Money out',
};

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

export const CASH_FLOW_SOURCE_CATEGORY_LABELS: Readonly<Record<CashFlowSourceCategory, string>> = {
  ASSET: 'Asset',
  CORPORATION: 'Corporation',
  EMPLOYMENT: 'Employment',
  GOVERNMENT_BENEFIT: 'Government benefit',
  INVESTMENT: 'Investment',
  PENSION: 'Pension',
  OTHER: 'Other',
};

export const ExpenseSubtypeCategory = ['ASSET', 'INSURANCE', 'LIFESTYLE', 'OTHER'] as const;
export type ExpenseSubtypeCategory = (typeof ExpenseSubtypeCategory)[number];

export const EXPENSE_SUBTYPE_CATEGORY_LABELS: Readonly<Record<ExpenseSubtypeCategory, string>> = {
  ASSET: 'Asset',
  INSURANCE: 'Insurance',
  LIFESTYLE: 'Lifestyle',
  OTHER: 'Other',
};

/** The group a transaction category falls in. */
export const TransactionCategoryGroup = ['EXPENSE', 'INCOME', 'OTHER'] as const;
export type TransactionCategoryGroup = (typeof TransactionCategoryGroup)[number];

export const TRANSACTION_CATEGORY_GROUP_LABELS: Readonly<Record<TransactionCategoryGroup, string>> = {
  EXPENSE: 'Expense',
  INCOME: 'Income',
  OTHER: 'Other',
};

/** Whether spending in a transaction category is essential; NA for income and other. */
export const TransactionCategoryNature = ['ESSENTIAL', 'NON_ESSENTIAL', 'NA'] as const;
export type TransactionCategoryNature = (typeof TransactionCategoryNature)[number];

export const TRANSACTION_CATEGORY_NATURE_LABELS: Readonly<Record<TransactionCategoryNature, string>> = {
  ESSENTIAL: 'Essential',
  NON_ESSENTIAL: 'Non-essential',
  NA: 'Not applicable',
};

/**
 * The groups of a household's financial snapshot. The spec names them in words only; the stored
 * values here are those words in upper snake case, and the labels are the words.
 */
export const FinancialSnapshotGroup = ['SAVINGS_AND_INVESTMENTS', 'PROPERTY_AND_REAL_ASSETS', 'TOTAL_DEBT'] as const;
export type FinancialSnapshotGroup = (typeof FinancialSnapshotGroup)[number];

export const FINANCIAL_SNAPSHOT_GROUP_LABELS: Readonly<Record<FinancialSnapshotGroup, string>> = {
  SAVINGS_AND_INVESTMENTS: 'Savings and investments',
  PROPERTY_AND_REAL_ASSETS: 'Property and real assets',
  TOTAL_DEBT: 'Total debt',
};

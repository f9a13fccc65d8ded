/**
 * Plaid's personal finance categories -> our transaction categories. The catalogue holds Plaid's
 * taxonomy v1; Plaid sends v1 to clients enabled before December 2025 and v2 (a superset) to the
 * others, and we take either:
 *
 * - a v1 detailed code is its own category;
 * - a v2 code that Plaid's taxonomy file (`plaid-pfc-taxonomy.csv`) maps to a differently named v1
 *   code takes that category (the renames below; v2's OTHER_OTHER maps to the "other transfer"
 *   category of its direction);
 * - a v2 code without a v1 equivalent has no category of ours, but keeps the group and nature of
 *   its primary when that primary exists in v1 (`INCOME_RENTAL` is income);
 * - anything else has no category.
 */
import {
  type FlowDirection,
  classifyTransactionCategory,
  findTransactionCategory,
  type PlaidDetailedCategory,
} from '@meridian/domain';
import type { CategoryAssignment } from '../core/records.js';

/** v2 detailed codes whose v1 equivalent has another name (from Plaid's taxonomy file). */
export const PFC_V2_RENAMED: Readonly<Record<string, PlaidDetailedCategory>> = {
  INCOME_SALARY: 'INCOME_WAGES',
  INCOME_OTHER: 'INCOME_OTHER_INCOME',
  LOAN_DISBURSEMENTS_OTHER_DISBURSEMENT: 'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
};

/** v2's catch-all, which v1 splits by direction. */
export const PFC_V2_OTHER = 'OTHER_OTHER';

function v1Code(detailed: string, direction: FlowDirection): string {
  if (detailed === PFC_V2_OTHER) {
    return direction === 'INFLOW' ? 'TRANSFER_IN_OTHER_TRANSFER_IN' : 'TRANSFER_OUT_OTHER_TRANSFER_OUT';
  }
  return PFC_V2_RENAMED[detailed] ?? detailed;
}

/** The category of a Plaid `personal_finance_category` on money moving in `direction`. */
export function categoryFromPlaid(
  pfc: { primary: string; detailed: string } | null,
  direction: FlowDirection,
): CategoryAssignment | null {
  if (pfc === null) return null;
  const category = findTransactionCategory(v1Code(pfc.detailed, direction));
  if (category !== undefined) {
    return { code: category.id, providerCode: pfc.detailed, group: category.group, nature: category.nature };
  }
  const classification = classifyTransactionCategory(pfc.detailed);
  if (classification === undefined) return null;
  return { code: null, providerCode: pfc.detailed, ...classification };
}

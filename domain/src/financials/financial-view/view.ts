import { z } from 'zod';
import { SNAPSHOT_GROUP_BY_ACCOUNT_GROUP } from '../accounts/account-groups.js';
import { sortInvestmentAccountTypes } from '../accounts/investment-accounts.js';
import { AccountGroup, BalanceSheetSide, type InvestmentAccountType, OwnerKind } from '../records/enums.js';
import { FinancialSnapshotGroup } from './enums.js';
import type { CountryCode } from '../../shared/regions/regions.js';
import { CURRENCY_CODES, type CurrencyCode } from '../../shared/money/currency.js';
import { Money } from '../../shared/money/money.js';
import { financialRecordResponseSchema } from '../records/record-types.js';
import { moneyJsonSchema } from '../shared-schemas.js';

/** The order groups are shown in: assets (most liquid first), then debts. */
export const ACCOUNT_GROUP_ORDER: readonly AccountGroup[] = [
  'BANKING',
  'INVESTMENT',
  'PRIVATE_INVESTMENT',
  'REAL_ASSETS',
  'CREDIT_CARDS',
  'LINES_OF_CREDIT',
  'LOANS',
  'MORTGAGES',
];

/** A record as the view sums it: its group and its value already in the view's currency. */
export interface ValuedRecord {
  accountGroup: AccountGroup;
  /** Null when the record has no value recorded; it then counts as zero. */
  converted: Money | null;
}

export interface FinancialTotals {
  currency: CurrencyCode;
  /** Savings and investments plus property and real assets. */
  totalAssets: Money;
  totalDebt: Money;
  /** Total assets minus total debt. */
  netWorth: Money;
  snapshotGroups: { group: FinancialSnapshotGroup; total: Money }[];
  accountGroups: { group: AccountGroup; total: Money }[];
}

/**
 * The totals of a household's financial view (crm §3 snapshot groups): each account group, each
 * snapshot group, assets, debt and net worth, all sums of the records' converted values. Debts are
 * recorded as positive balances owed, so net worth is assets minus debt.
 */
export function summariseFinancialView(records: readonly ValuedRecord[], currency: CurrencyCode): FinancialTotals {
  const byGroup = new Map<AccountGroup, Money>(ACCOUNT_GROUP_ORDER.map((group) => [group, Money.zero(currency)]));
  for (const record of records) {
    if (record.converted === null) continue;
    byGroup.set(record.accountGroup, byGroup.get(record.accountGroup)!.add(record.converted));
  }
  const bySnapshot = new Map<FinancialSnapshotGroup, Money>(
    FinancialSnapshotGroup.map((group) => [group, Money.zero(currency)]),
  );
  for (const [group, total] of byGroup) {
    const snapshot = SNAPSHOT_GROUP_BY_ACCOUNT_GROUP[group];
    bySnapshot.set(snapshot, bySnapshot.get(snapshot)!.add(total));
  }
  const totalAssets = bySnapshot.get('SAVINGS_AND_INVESTMENTS')!.add(bySnapshot.get('PROPERTY_AND_REAL_ASSETS')!);
  const totalDebt = bySnapshot.get('TOTAL_DEBT')!;
  return {
    currency,
    totalAssets,
    totalDebt,
    netWorth: totalAssets.subtract(totalDebt),
    snapshotGroups: FinancialSnapshotGroup.map((group) => ({ group, total: bySnapshot.get(group)! })),
    accountGroups: ACCOUNT_GROUP_ORDER.map((group) => ({ group, total: byGroup.get(group)! })),
  };
}

export interface OrderableRecord {
  accountGroup: AccountGroup;
  displayName: string;
  /** Set for investment accounts. */
  accountType?: InvestmentAccountType | null;
}

const GROUP_RANK = new Map(ACCOUNT_GROUP_ORDER.map((group, index) => [group, index]));

/**
 * Display names compare as `localeCompare(other, 'en', { sensitivity: 'base', numeric: true })`
 * does; one collator serves every comparison, because localeCompare with options builds a new
 * collator on each call (most of the time of ordering a large household).
 */
const DISPLAY_NAME_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/**
 * Orders records for display: by group (ACCOUNT_GROUP_ORDER); within a group, investment accounts
 * first in the spec's account ordering for the household's countries (foundations §9: CA only,
 * CASH, TFSA, RRSP first; US only, CASH, 401k, Traditional IRA, Roth IRA first; the rest
 * alphabetical, OTHER last), then the other records; ties by display name.
 */
export function orderRecords<T extends OrderableRecord>(records: readonly T[], countries: readonly CountryCode[]): T[] {
  const types = records.flatMap((record) => (record.accountType ? [record.accountType] : []));
  const typeRank = new Map(sortInvestmentAccountTypes(types, countries).map((type, index) => [type, index]));
  // Each record's group and type ranks are worked out once, not in every comparison.
  const keyed = records.map((record) => ({
    record,
    group: GROUP_RANK.get(record.accountGroup)!,
    type: record.accountType ? typeRank.get(record.accountType)! : Number.MAX_SAFE_INTEGER,
  }));
  return keyed
    .sort(
      (a, b) => a.group - b.group || a.type - b.type || DISPLAY_NAME_ORDER(a.record.displayName, b.record.displayName),
    )
    .map(({ record }) => record);
}

// ─── The response of GET /get-financial-view/{householdId} ──────────────────────────────────────

export const fxRateResponseSchema = z.object({
  id: z.string(),
  date: z.string(),
  base: z.enum(CURRENCY_CODES),
  quote: z.enum(CURRENCY_CODES),
  /** 1 base = rate quote, as a decimal string. */
  rate: z.string(),
  source: z.string().nullable(),
});
export type FxRateResponse = z.infer<typeof fxRateResponseSchema>;

const householdPartySchema = z.object({ id: z.string(), kind: z.enum(OwnerKind), name: z.string() });

export const financialViewSchema = z.object({
  householdId: z.string(),
  householdName: z.string(),
  currency: z.enum(CURRENCY_CODES),
  /** Rates are the latest on or before this date. */
  valuationDate: z.string(),
  totalAssets: moneyJsonSchema,
  totalDebt: moneyJsonSchema,
  netWorth: moneyJsonSchema,
  snapshotGroups: z.array(
    z.object({ group: z.enum(FinancialSnapshotGroup), label: z.string(), total: moneyJsonSchema }),
  ),
  accountGroups: z.array(
    z.object({
      group: z.enum(AccountGroup),
      label: z.string(),
      side: z.enum(BalanceSheetSide),
      snapshotGroup: z.enum(FinancialSnapshotGroup),
      total: moneyJsonSchema,
      recordIds: z.array(z.string()),
    }),
  ),
  /** Every record, in display order, in its own currency (`value`) and the view's (`converted`). */
  records: z.array(financialRecordResponseSchema),
  /** The exchange rates the conversions used. */
  ratesUsed: z.array(fxRateResponseSchema),
  /** Who may own, borrow or pay: the household's persons, corporations, trusts and foundations. */
  parties: z.array(householdPartySchema),
});
export type FinancialView = z.infer<typeof financialViewSchema>;

import {
  BANK_ACCOUNT_TYPE_LABELS,
  BankAccountType,
  FINANCIAL_RECORD_TYPE_LABELS,
  FinancialRecordType,
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  InvestmentAccountType,
  REAL_ASSET_TYPE_LABELS,
  RealAssetType,
} from '../../financials/records/enums.js';

/**
 * A search term shorter than this (letters and digits) is not matched against the kinds' labels:
 * one letter would name half of them.
 */
export const MIN_KIND_TERM_LENGTH = 2;

/** The kinds of financial record whose label a search term names, by the column that holds each. */
export interface RecordKindsNamed {
  recordTypes: FinancialRecordType[];
  investmentAccountTypes: InvestmentAccountType[];
  bankAccountTypes: BankAccountType[];
  realAssetTypes: RealAssetType[];
}

/** Letters and digits only, lower-cased: "401(k)", "401k" and "401 K" read alike. */
function folded(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function named<T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>, term: string): T[] {
  return values.filter((value) => folded(labels[value]).includes(term));
}

/**
 * The record kinds whose label contains the term ("RRSP", "tfsa", "401k", "Roth", "mortgage"), so
 * the search finds an account by its type though the database holds an enumeration value, not the
 * label. Labels stay here, in one place; the search gets the values.
 */
export function recordKindsNamed(term: string): RecordKindsNamed {
  const key = folded(term);
  if (key.length < MIN_KIND_TERM_LENGTH) {
    return { recordTypes: [], investmentAccountTypes: [], bankAccountTypes: [], realAssetTypes: [] };
  }
  return {
    recordTypes: named(FinancialRecordType, FINANCIAL_RECORD_TYPE_LABELS, key),
    investmentAccountTypes: named(InvestmentAccountType, INVESTMENT_ACCOUNT_TYPE_LABELS, key),
    bankAccountTypes: named(BankAccountType, BANK_ACCOUNT_TYPE_LABELS, key),
    realAssetTypes: named(RealAssetType, REAL_ASSET_TYPE_LABELS, key),
  };
}

/**
 * What kind of record a search result is, as the advisor says it: the investment account's plan
 * ("RRSP", "401(k)"), the bank account's type ("Chequing account"), the real asset's type ("Car"),
 * else the record type ("Mortgage").
 */
export function recordKindLabel(kind: {
  type: FinancialRecordType;
  investmentAccountType: InvestmentAccountType | null;
  bankAccountType: BankAccountType | null;
  realAssetType: RealAssetType | null;
}): string {
  if (kind.investmentAccountType) return INVESTMENT_ACCOUNT_TYPE_LABELS[kind.investmentAccountType];
  if (kind.bankAccountType) return `${BANK_ACCOUNT_TYPE_LABELS[kind.bankAccountType]} account`;
  if (kind.realAssetType) return REAL_ASSET_TYPE_LABELS[kind.realAssetType];
  return FINANCIAL_RECORD_TYPE_LABELS[kind.type];
}

import { accountCreatability, defaultJurisdiction, taxStatusOf } from '../accounts/investment-accounts.js';
import { allowsJointOwnership, ownerKindsFor } from '../accounts/ownership.js';
import type { ErrorDetail } from '../../shared/errors/domain-error.js';
import {
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  type FinancialRecordType,
  type InvestmentAccountType,
  type OwnerKind,
  type TaxStatus,
} from './enums.js';
import type { CountryCode } from '../../shared/regions/regions.js';
import { wordList } from '../../shared/format/words.js';
import { PensionMessage } from '../pension/messages.js';

/** Ownership messages (foundations §5 rules; the wording is ours). */
export const OwnershipMessage = {
  pensionPersonOnly: 'A defined-benefit pension can only be owned by a person',
  pensionNeverJoint: 'A defined-benefit pension cannot be owned jointly',
  accountOwnerKinds: (accountType: InvestmentAccountType, kinds: readonly OwnerKind[]) =>
    `${INVESTMENT_ACCOUNT_TYPE_LABELS[accountType]} accounts can only be owned by ${ownerKindPhrase(kinds)}`,
  accountNeverJoint: (accountType: InvestmentAccountType) =>
    `${INVESTMENT_ACCOUNT_TYPE_LABELS[accountType]} accounts cannot be owned jointly`,
  jurisdictionFixed: (accountType: InvestmentAccountType) =>
    `Jurisdiction cannot be chosen for ${INVESTMENT_ACCOUNT_TYPE_LABELS[accountType]} accounts`,
  taxStatusFixed: (accountType: InvestmentAccountType) =>
    `Tax status cannot be chosen for ${INVESTMENT_ACCOUNT_TYPE_LABELS[accountType]} accounts`,
} as const;

/** ['Person'] -> 'a person'; all four -> 'a person, corporation, trust or foundation'. */
export function ownerKindPhrase(kinds: readonly OwnerKind[]): string {
  return `a ${wordList(
    kinds.map((kind) => kind.toLowerCase()),
    'or',
  )}`;
}

export interface OwnershipState {
  recordType: FinancialRecordType;
  /** For investment accounts. */
  accountType?: InvestmentAccountType;
  /** The kinds of all owners the record would have. */
  ownerKinds: readonly OwnerKind[];
  /** The joint flag it would have. */
  isJoint: boolean;
}

/**
 * What is wrong with a record's ownership (foundations §5), or an empty list: a defined-benefit
 * pension is owned by one person only; an investment account by the kinds its type allows and
 * never jointly for FHSA, 529, ESA, UGMA, UTMA and HSA; other records by any kind, jointly or not.
 * Joint means the joint flag or more than one owner.
 */
export function ownershipProblems(state: OwnershipState): string[] {
  const problems: string[] = [];
  const joint = state.isJoint || state.ownerKinds.length > 1;
  const allowedKinds = ownerKindsFor(state.recordType, state.accountType);
  const kindAllowed = state.ownerKinds.every((kind) => allowedKinds.includes(kind));
  if (state.recordType === 'DEFINED_BENEFIT_PENSION') {
    if (!kindAllowed) problems.push(OwnershipMessage.pensionPersonOnly);
    if (joint) problems.push(OwnershipMessage.pensionNeverJoint);
    return problems;
  }
  if (state.recordType === 'INVESTMENT_ACCOUNT' && state.accountType !== undefined) {
    if (!kindAllowed) problems.push(OwnershipMessage.accountOwnerKinds(state.accountType, allowedKinds));
    if (joint && !allowsJointOwnership(state.recordType, state.accountType)) {
      problems.push(OwnershipMessage.accountNeverJoint(state.accountType));
    }
  }
  return problems;
}

/**
 * The tax status and jurisdiction an investment account is stored with: chosen ones where the
 * type allows a choice (types of both countries), otherwise the type's own; a choice the type does
 * not allow is a problem.
 */
export function investmentAccountAttributes(
  accountType: InvestmentAccountType,
  chosen: { taxStatus?: TaxStatus | null; jurisdiction?: CountryCode | null },
): { taxStatus: TaxStatus; jurisdiction: CountryCode; problems: ErrorDetail[] } {
  const creatable = accountCreatability(accountType);
  const problems: ErrorDetail[] = [];
  const taxStatus = taxStatusOf(accountType);
  const jurisdiction = defaultJurisdiction(accountType);
  if (chosen.taxStatus && creatable.taxStatus === 'NEVER' && chosen.taxStatus !== taxStatus) {
    problems.push({ path: 'taxStatus', message: OwnershipMessage.taxStatusFixed(accountType) });
  }
  if (chosen.jurisdiction && creatable.jurisdiction === 'NEVER' && chosen.jurisdiction !== jurisdiction) {
    problems.push({ path: 'jurisdiction', message: OwnershipMessage.jurisdictionFixed(accountType) });
  }
  return {
    taxStatus: (creatable.taxStatus === 'OPTIONAL' && chosen.taxStatus) || taxStatus,
    jurisdiction: (creatable.jurisdiction === 'OPTIONAL' && chosen.jurisdiction) || jurisdiction,
    problems,
  };
}

export const PensionRecordMessage = {
  sameCurrency: 'All amounts of a pension must be in the same currency',
} as const;

const PENSION_FORMULA_FIELDS = {
  CAREER_AVERAGE_EARNINGS: [
    ['averageSalary', 'Average salary'],
    ['accrualRatePercent', 'Accrual rate'],
  ],
  FINAL_AVERAGE_EARNINGS: [
    ['finalAverageSalary', 'Final average salary'],
    ['accrualRatePercent', 'Accrual rate'],
  ],
  FLAT_BENEFIT: [['amountPerYear', 'Amount per year']],
  OTHER: [],
} as const;

const PENSION_MONEY_FIELDS = [
  'averageSalary',
  'finalAverageSalary',
  'amountPerYear',
  'perYearAmountCap',
  'accruedAmountCap',
] as const;

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * The problems of a defined-benefit pension's fields as a whole (the database holds the same
 * rules): each formula's inputs are required; service cannot end before it starts; every amount
 * is in one currency, so the payout has one.
 */
export function pensionFieldProblems(fields: Readonly<Record<string, unknown>>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const formula = fields.formulaType as keyof typeof PENSION_FORMULA_FIELDS | undefined;
  for (const [name, label] of (formula && PENSION_FORMULA_FIELDS[formula]) || []) {
    if (!given(fields[name])) problems.push({ path: name, message: PensionMessage.required(label) });
  }
  const start = fields.serviceStartDate;
  const end = fields.serviceEndDate;
  if (typeof start === 'string' && typeof end === 'string' && end < start) {
    problems.push({ path: 'serviceEndDate', message: PensionMessage.endBeforeStart });
  }
  const currencies = new Set(
    PENSION_MONEY_FIELDS.flatMap((name) => {
      const value = fields[name] as { currency?: string } | null | undefined;
      return value?.currency ? [value.currency] : [];
    }),
  );
  if (currencies.size > 1) problems.push({ path: 'averageSalary', message: PensionRecordMessage.sameCurrency });
  return problems;
}

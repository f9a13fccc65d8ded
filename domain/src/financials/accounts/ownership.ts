import type { FinancialRecordType, InvestmentAccountType } from '../records/enums.js';
import { OwnerKind } from '../records/enums.js';
import { accountCreatability } from './investment-accounts.js';

/**
 * Investment account types that entities other than a person may own: accounts outside any
 * registered plan, which corporations, trusts and foundations hold too. The spec says owners
 * "depend on the account type (default Person)" without the table; this list is ours.
 */
export const ANY_OWNER_ACCOUNT_TYPES = [
  'CASH',
  'CRYPTO',
  'NRSP',
  'OTHER',
] as const satisfies readonly InvestmentAccountType[];

/**
 * The kinds of owner a record may have (foundations §5): a defined-benefit pension, a person only;
 * an investment account, by its type, a person unless the type is listed above (or not given);
 * every other record, all four kinds.
 */
export function ownerKindsFor(recordType: FinancialRecordType, accountType?: InvestmentAccountType): OwnerKind[] {
  if (recordType === 'DEFINED_BENEFIT_PENSION') return ['Person'];
  if (recordType === 'INVESTMENT_ACCOUNT') {
    const anyOwner = accountType !== undefined && (ANY_OWNER_ACCOUNT_TYPES as readonly string[]).includes(accountType);
    return anyOwner ? [...OwnerKind] : ['Person'];
  }
  return [...OwnerKind];
}

export function canBeOwnedBy(
  ownerKind: OwnerKind,
  recordType: FinancialRecordType,
  accountType?: InvestmentAccountType,
): boolean {
  return ownerKindsFor(recordType, accountType).includes(ownerKind);
}

/**
 * Whether a record may be owned jointly (foundations §5): never a defined-benefit pension; always a
 * bank account; an investment account unless its type is never joint (or no type is given); the
 * other records, which the spec does not restrict, always.
 */
export function allowsJointOwnership(recordType: FinancialRecordType, accountType?: InvestmentAccountType): boolean {
  switch (recordType) {
    case 'DEFINED_BENEFIT_PENSION':
      return false;
    case 'BANK_ACCOUNT':
      return true;
    case 'INVESTMENT_ACCOUNT':
      return accountType !== undefined && accountCreatability(accountType).joint === 'OPTIONAL';
    default:
      return true;
  }
}

import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import type { BalanceSheetSide, FinancialRecordType } from '../records/enums.js';

/** The record types that are liabilities (foundations §3); every other type is an asset. */
export const LIABILITY_RECORD_TYPES = [
  'CREDIT_CARD',
  'LINE_OF_CREDIT',
  'LOAN',
  'MORTGAGE',
] as const satisfies readonly FinancialRecordType[];
export type LiabilityRecordType = (typeof LIABILITY_RECORD_TYPES)[number];

/** The message of an unhandled record type, naming it. */
export function unhandledRecordTypeMessage(type: unknown): string {
  return `Unhandled financial record type "${String(type)}"`;
}

/**
 * Whether a record of this type is an asset or a liability. A type the mapping does not handle
 * raises UNHANDLED_CASE_ERROR (foundations §8).
 */
export function balanceSheetSide(type: FinancialRecordType): BalanceSheetSide {
  switch (type) {
    case 'CREDIT_CARD':
    case 'LINE_OF_CREDIT':
    case 'LOAN':
    case 'MORTGAGE':
      return 'LIABILITY';
    case 'BANK_ACCOUNT':
    case 'COMPANY_EQUITY':
    case 'DEFINED_BENEFIT_PENSION':
    case 'INSURANCE_POLICY':
    case 'INVESTMENT_ACCOUNT':
    case 'PRIVATE_INVESTMENT':
    case 'REAL_ASSET':
    case 'REAL_ESTATE_PROPERTY':
      return 'ASSET';
    default:
      throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, unhandledRecordTypeMessage(type satisfies never));
  }
}

export function isLiability(type: FinancialRecordType): boolean {
  return balanceSheetSide(type) === 'LIABILITY';
}

export function isAsset(type: FinancialRecordType): boolean {
  return balanceSheetSide(type) === 'ASSET';
}

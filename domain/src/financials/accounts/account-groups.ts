import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import type { AccountGroup, FinancialRecordType, RealAssetType } from '../records/enums.js';
import type { FinancialSnapshotGroup } from '../financial-view/enums.js';
import { unhandledRecordTypeMessage } from './balance-sheet.js';

/**
 * The group a record is shown under. The spec lists the groups without the mapping; ours: each
 * liability and the bank, investment and real-asset records have their namesake group; company
 * equity joins private investments; defined-benefit pensions and insurance policies (their
 * commuted or cash value) join investments; a real asset of type CASH joins banking.
 */
export function accountGroupFor(recordType: FinancialRecordType, realAssetType?: RealAssetType): AccountGroup {
  switch (recordType) {
    case 'BANK_ACCOUNT':
      return 'BANKING';
    case 'CREDIT_CARD':
      return 'CREDIT_CARDS';
    case 'LINE_OF_CREDIT':
      return 'LINES_OF_CREDIT';
    case 'LOAN':
      return 'LOANS';
    case 'MORTGAGE':
      return 'MORTGAGES';
    case 'INVESTMENT_ACCOUNT':
    case 'DEFINED_BENEFIT_PENSION':
    case 'INSURANCE_POLICY':
      return 'INVESTMENT';
    case 'PRIVATE_INVESTMENT':
    case 'COMPANY_EQUITY':
      return 'PRIVATE_INVESTMENT';
    case 'REAL_ASSET':
      return realAssetType === 'CASH' ? 'BANKING' : 'REAL_ASSETS';
    case 'REAL_ESTATE_PROPERTY':
      return 'REAL_ASSETS';
    default:
      throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, unhandledRecordTypeMessage(recordType satisfies never));
  }
}

/** The financial-snapshot group of each account group (crm §3): savings, property, or debt. */
export const SNAPSHOT_GROUP_BY_ACCOUNT_GROUP = {
  BANKING: 'SAVINGS_AND_INVESTMENTS',
  INVESTMENT: 'SAVINGS_AND_INVESTMENTS',
  PRIVATE_INVESTMENT: 'SAVINGS_AND_INVESTMENTS',
  REAL_ASSETS: 'PROPERTY_AND_REAL_ASSETS',
  CREDIT_CARDS: 'TOTAL_DEBT',
  LINES_OF_CREDIT: 'TOTAL_DEBT',
  LOANS: 'TOTAL_DEBT',
  MORTGAGES: 'TOTAL_DEBT',
} as const satisfies Record<AccountGroup, FinancialSnapshotGroup>;

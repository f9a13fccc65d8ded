import { DomainError, ErrorCode } from '../../../shared/errors/domain-error.js';
import { US_ACCOUNT_TYPES } from '../../accounts/investment-accounts.js';
import { INVESTMENT_ACCOUNT_TYPE_LABELS, type InvestmentAccountType } from '../../records/enums.js';

export type UsAccountType = (typeof US_ACCOUNT_TYPES)[number];

export function isUsAccountType(type: InvestmentAccountType): type is UsAccountType {
  return (US_ACCOUNT_TYPES as readonly InvestmentAccountType[]).includes(type);
}

export function assertUsAccountType(type: InvestmentAccountType): asserts type is UsAccountType {
  if (!isUsAccountType(type)) {
    throw new DomainError(
      ErrorCode.VALIDATION_ERROR,
      `${INVESTMENT_ACCOUNT_TYPE_LABELS[type] ?? String(type)} is not a US account type`,
    );
  }
}

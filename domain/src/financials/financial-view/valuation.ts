import { unhandledRecordTypeMessage } from '../accounts/balance-sheet.js';
import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import type { FinancialRecordType } from '../records/enums.js';
import { Money } from '../../shared/money/money.js';
import { calculatePension } from '../pension/pension.js';
import type { PensionPayout, RecordDetails, RecordDetailValue } from '../records/record-types.js';
import { toIsoDate } from '../shared-schemas.js';

type MoneyDetail = { value: string; currency: string };

function isMoney(value: RecordDetailValue | undefined): value is MoneyDetail {
  return typeof value === 'object' && value !== null && 'currency' in value;
}

function moneyOf(details: RecordDetails, field: string): Money | null {
  const value = details[field];
  return isMoney(value) ? Money.of(value.value, value.currency) : null;
}

function numberOf(details: RecordDetails, field: string): number | undefined {
  const value = details[field];
  if (isMoney(value)) return Number(value.value);
  return typeof value === 'string' || typeof value === 'number' ? Number(value) : undefined;
}

function dateOf(details: RecordDetails, field: string): string | undefined {
  const value = details[field];
  return typeof value === 'string' ? value : undefined;
}

const PENSION_AMOUNT_FIELDS = ['averageSalary', 'finalAverageSalary', 'amountPerYear'] as const;

const NO_PAYOUT = {
  yearsOfService: null,
  accruedAnnualBenefit: null,
  earlyRetirementReduction: null,
  annualPayout: null,
  commutedValue: null,
} as const;

/**
 * The payout of a defined-benefit pension record, from `calculatePension` (foundations §9).
 * Service runs to the service end date, or to the valuation date while the member still accrues;
 * without expected years in retirement there is no commuted value. When the calculator refuses
 * (an OTHER formula, missing inputs), the figures are null and `error` says why.
 */
export function pensionPayoutOf(details: RecordDetails, valuationDate: Date): PensionPayout {
  const currency = PENSION_AMOUNT_FIELDS.map((field) => details[field]).find(isMoney)?.currency;
  const start = dateOf(details, 'serviceStartDate');
  const today = toIsoDate(valuationDate);
  const end = dateOf(details, 'serviceEndDate') ?? (start !== undefined && start > today ? start : today);
  const expectedYears = numberOf(details, 'expectedYearsInRetirement');
  const input = {
    benefitFormulaType: details.formulaType,
    serviceStartDate: start,
    serviceEndDate: end,
    yearsOfServiceCap: numberOf(details, 'yearsOfServiceCap'),
    accruedAmountCap: numberOf(details, 'accruedAmountCap'),
    fullRetirementDate: dateOf(details, 'fullRetirementDate'),
    retirementDate: dateOf(details, 'retirementDate'),
    earlyRetirementPenaltyPercentPerYear: numberOf(details, 'earlyRetirementPenaltyPercentPerYear'),
    earlyRetirementPenaltyCapPercent: numberOf(details, 'earlyRetirementPenaltyCapPercent'),
    expectedYearsInRetirement: expectedYears ?? 0,
    discountRatePercent: numberOf(details, 'discountRatePercent'),
    averageSalary: numberOf(details, 'averageSalary'),
    finalAverageSalary: numberOf(details, 'finalAverageSalary'),
    accrualRatePercent: numberOf(details, 'accrualRatePercent'),
    perYearAmountCap: numberOf(details, 'perYearAmountCap'),
    amountPerYear: numberOf(details, 'amountPerYear'),
  };
  try {
    const result = calculatePension(input);
    if (currency === undefined) return { ...NO_PAYOUT, error: 'The pension has no amounts' };
    return {
      yearsOfService: result.yearsOfService.toFixed(1),
      accruedAnnualBenefit: Money.of(result.accruedAnnualBenefit, currency).toJSON(),
      earlyRetirementReduction: result.earlyRetirementPenaltyPercent.toFixed(),
      annualPayout: Money.of(result.annualPayout, currency).toJSON(),
      commutedValue: expectedYears === undefined ? null : Money.of(result.commutedValue, currency).toJSON(),
      error: null,
    };
  } catch (error) {
    if (error instanceof DomainError) return { ...NO_PAYOUT, error: error.message };
    throw error;
  }
}

/**
 * What a record counts for in net worth, in its own currency, or null when nothing is recorded:
 * a balance for accounts and debts (a debt's balance is what is owed), a market or current value
 * for holdings, the cash value of an insurance policy, the commuted value of a defined-benefit
 * pension, and for company equity its current value or else quantity x price per share.
 */
export function recordValue(
  type: FinancialRecordType,
  details: RecordDetails,
  pension: PensionPayout | null,
): Money | null {
  switch (type) {
    case 'BANK_ACCOUNT':
    case 'CREDIT_CARD':
    case 'LINE_OF_CREDIT':
    case 'LOAN':
    case 'MORTGAGE':
      return moneyOf(details, 'balance');
    case 'INVESTMENT_ACCOUNT':
    case 'REAL_ESTATE_PROPERTY':
      return moneyOf(details, 'marketValue');
    case 'REAL_ASSET':
      return moneyOf(details, 'value');
    case 'INSURANCE_POLICY':
      return moneyOf(details, 'cashValue');
    case 'PRIVATE_INVESTMENT':
      return moneyOf(details, 'currentValue');
    case 'COMPANY_EQUITY': {
      const current = moneyOf(details, 'currentValue');
      const price = moneyOf(details, 'pricePerShare');
      const quantity = details.quantity;
      if (current !== null || price === null || typeof quantity !== 'string') return current;
      return price.multiply(quantity);
    }
    case 'DEFINED_BENEFIT_PENSION': {
      const commuted = pension?.commutedValue;
      return commuted ? Money.of(commuted.value, commuted.currency) : null;
    }
    default:
      throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, unhandledRecordTypeMessage(type satisfies never));
  }
}

import type { Decimal } from 'decimal.js';
import { DomainError, ErrorCode, validationError } from '../../shared/errors/domain-error.js';
import { Dec, roundHalfUp } from '../../shared/money/decimal.js';
import { fullMonthsBetween } from './months.js';
import { PensionMessage } from './messages.js';
import {
  BenefitFormulaType,
  DEFAULT_DISCOUNT_RATE_PERCENT,
  type ParsedPensionInput,
  parsePensionInput,
} from './pension-input.js';

/** Career and final average benefits are rounded to whole dollars ("rounded", foundations §9). */
const AVERAGE_BENEFIT_DECIMALS = 0;
const MONEY_DECIMALS = 2;

export interface PensionCalculation {
  /** Months of service / 12, rounded to one decimal, then capped. */
  yearsOfService: Decimal;
  /** The annual pension earned, after the accrued amount cap. */
  accruedAnnualBenefit: Decimal;
  /** Total early retirement reduction, in percent. */
  earlyRetirementPenaltyPercent: Decimal;
  /** The annual pension payable, after the early retirement reduction; cents. */
  annualPayout: Decimal;
  /** Present value of the annual payout over the expected years in retirement; cents. */
  commutedValue: Decimal;
}

/** Years of service: whole months elapsed / 12, rounded half up to one decimal, capped when a cap is given. */
export function yearsOfService(start: Date, end: Date, cap?: number): Decimal {
  const months = Math.max(0, fullMonthsBetween(start, end));
  const years = roundHalfUp(new Dec(months).div(12), 1);
  return cap === undefined ? years : Dec.min(years, cap);
}

/**
 * The annual benefit a formula gives for the (already capped) years of service, before the accrued
 * amount cap:
 * - career average: average salary x accrual rate x years, rounded to whole dollars;
 * - final average: final average salary x accrual rate, limited to the per-year cap when given,
 *   x years, rounded to whole dollars;
 * - flat benefit: amount per year x years, to the cent.
 * OTHER has no formula and is refused; an unknown type is an UNHANDLED_CASE_ERROR.
 */
export function formulaBenefit(input: ParsedPensionInput, years: Decimal.Value): Decimal {
  switch (input.benefitFormulaType) {
    case BenefitFormulaType.CAREER_AVERAGE_EARNINGS:
      return roundHalfUp(
        new Dec(input.averageSalary).times(input.accrualRatePercent).div(100).times(years),
        AVERAGE_BENEFIT_DECIMALS,
      );
    case BenefitFormulaType.FINAL_AVERAGE_EARNINGS: {
      const perYear = new Dec(input.finalAverageSalary).times(input.accrualRatePercent).div(100);
      const cappedPerYear = input.perYearAmountCap === undefined ? perYear : Dec.min(perYear, input.perYearAmountCap);
      return roundHalfUp(cappedPerYear.times(years), AVERAGE_BENEFIT_DECIMALS);
    }
    case BenefitFormulaType.FLAT_BENEFIT:
      return roundHalfUp(new Dec(input.amountPerYear).times(years), MONEY_DECIMALS);
    case BenefitFormulaType.OTHER:
      throw validationError(
        [{ path: 'benefitFormulaType', message: PensionMessage.otherFormula }],
        PensionMessage.otherFormula,
      );
    default: {
      const unhandled: never = input;
      const unknownType = (unhandled as { benefitFormulaType?: unknown }).benefitFormulaType;
      throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, PensionMessage.unknownFormula, [
        { path: 'benefitFormulaType', message: `${PensionMessage.unknownFormula}: ${String(unknownType)}` },
      ]);
    }
  }
}

/**
 * The early retirement reduction in percent: whole months from the retirement date to the full
 * retirement date x yearly rate / 12, limited to the cap when given and never above 100. Zero when
 * either date is missing or the pension starts on or after the full retirement date.
 */
export function earlyRetirementPenaltyPercent(
  retirementDate: Date | undefined,
  fullRetirementDate: Date | undefined,
  percentPerYear: number,
  capPercent?: number,
): Decimal {
  if (retirementDate === undefined || fullRetirementDate === undefined) return new Dec(0);
  const monthsEarly = Math.max(0, fullMonthsBetween(retirementDate, fullRetirementDate));
  const penalty = new Dec(monthsEarly).times(percentPerYear).div(12);
  return Dec.min(penalty, capPercent ?? 100, 100);
}

/**
 * Commuted value: the present value of an ordinary annuity (paid at the end of each year) of the
 * annual payout for the expected years in retirement, discounted at `discountRatePercent` a year:
 *   payout x (1 - (1 + r)^-n) / r,   or payout x n when r is 0,
 * rounded half up to cents. Fractional years follow the same closed form.
 */
export function commutedValue(
  annualPayout: Decimal.Value,
  expectedYearsInRetirement: number,
  discountRatePercent: number = DEFAULT_DISCOUNT_RATE_PERCENT,
): Decimal {
  const payout = new Dec(annualPayout);
  const rate = new Dec(discountRatePercent).div(100);
  if (rate.isZero()) return roundHalfUp(payout.times(expectedYearsInRetirement), MONEY_DECIMALS);
  const annuityFactor = new Dec(1).minus(rate.plus(1).pow(-expectedYearsInRetirement)).div(rate);
  return roundHalfUp(payout.times(annuityFactor), MONEY_DECIMALS);
}

/**
 * The defined-benefit calculation of foundations §9: years of service, the formula's benefit, the
 * accrued amount cap, the early retirement reduction applied to the payout, and the commuted value.
 * Validates `input` first (VALIDATION_ERROR with details).
 */
export function calculatePension(input: unknown): PensionCalculation {
  const parsed = parsePensionInput(input);
  const years = yearsOfService(parsed.serviceStartDate, parsed.serviceEndDate, parsed.yearsOfServiceCap);
  const benefit = formulaBenefit(parsed, years);
  const accrued = parsed.accruedAmountCap === undefined ? benefit : Dec.min(benefit, parsed.accruedAmountCap);
  const penalty = earlyRetirementPenaltyPercent(
    parsed.retirementDate,
    parsed.fullRetirementDate,
    parsed.earlyRetirementPenaltyPercentPerYear,
    parsed.earlyRetirementPenaltyCapPercent,
  );
  const payout = roundHalfUp(accrued.times(new Dec(100).minus(penalty)).div(100), MONEY_DECIMALS);
  return {
    yearsOfService: years,
    accruedAnnualBenefit: accrued,
    earlyRetirementPenaltyPercent: penalty,
    annualPayout: payout,
    commutedValue: commutedValue(payout, parsed.expectedYearsInRetirement, parsed.discountRatePercent),
  };
}

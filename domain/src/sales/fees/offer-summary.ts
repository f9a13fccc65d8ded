import type { Decimal } from 'decimal.js';
import { validationError } from '../../shared/errors/domain-error.js';
import type { NumericInput } from '../../shared/format/number.js';
import type { CurrencyCode } from '../../shared/money/currency.js';
import { Dec, roundHalfUp } from '../../shared/money/decimal.js';
import type { BillingStart } from '../../crm/proposals/enums.js';
import {
  AUM_BILLING_FREQUENCIES,
  annualAumFee,
  aumFeePerPeriod,
  effectiveRateOf,
  FEE_CENT_DECIMALS,
  type AumBillingFrequency,
  type AumFeeCalculation,
  type FeeTierInput,
} from './aum-fee.js';
import { FeeMessage } from './messages.js';
import {
  isoDatePlusMonths,
  oneTimeFeeSchedule,
  recurringPaymentSchedule,
  type IsoDate,
  type OneTimeFeeCharge,
  type OneTimeFeeInput,
  type RecurringPaymentInput,
  type RecurringPaymentSchedule,
} from './schedules.js';

/** The parts of a pricing plan the fees come from; a parsed `PricingPlan` is one. */
export interface PricingPlanFeesInput {
  aumFee?: { feeRubric: { tiers: readonly FeeTierInput[] } } | undefined;
  oneTimeFee?: OneTimeFeeInput | undefined;
  recurringPayment?: RecurringPaymentInput | undefined;
}

export interface AumFeeSummary {
  /** The exact fee and its tier lines, for the explanation. */
  calculation: AumFeeCalculation;
  /** The annual fee in cents (half up). */
  annual: Decimal;
  /** Blended annual percent, 8 decimals. */
  effectiveRate: Decimal;
  /** What each billing period would charge, in cents, for every period an AUM fee can be billed by. */
  perPeriod: Record<AumBillingFrequency, Decimal>;
}

export interface OfferFeeSummary {
  /** The offer's currency: its amounts', the assets being taken in it; null for an AUM fee alone. */
  currency: CurrencyCode | null;
  /** The first year: from the billing start date (inclusive) to a year later (exclusive). */
  firstYear: { from: IsoDate; until: IsoDate };
  aumFee: AumFeeSummary | null;
  oneTimeFee: OneTimeFeeCharge | null;
  /** The charges of the first year, with the whole term's count and total when it has a duration. */
  recurringPayment: RecurringPaymentSchedule | null;
  /** Each part's first-year amount in cents, and their sum. */
  firstYearTotals: { aumFee: Decimal; oneTimeFee: Decimal; recurringPayment: Decimal; total: Decimal };
}

const FIRST_YEAR_MONTHS = 12;

function hasAmount(part: { amount: { value?: number | null | undefined } } | undefined): boolean {
  return part !== undefined && part.amount.value !== undefined && part.amount.value !== null;
}

function cents(value: Decimal.Value): Decimal {
  return roundHalfUp(value, FEE_CENT_DECIMALS);
}

/**
 * What a proposal page shows of an offer's pricing plan, for a household with `assets` investable
 * assets (in the offer's currency) and billing starting on `start.date`:
 * - the AUM fee: exact calculation and tier lines, the annual fee and each billing period's share
 *   in cents, the blended rate;
 * - the one-time fee and when it is charged;
 * - the recurring payment's charges in the first year;
 * - first-year totals: the annual AUM fee on today's assets, the one-time fee (counted in the first
 *   year whether upfront or on completion: a proposal prices the engagement's first year, and the
 *   service it pays for is expected to complete within it), and the recurring charges dated in the
 *   first year. Each part is rounded to cents, and the total is their sum, so the page adds up.
 * A one-time fee or recurring payment without an amount is not priced yet and is left out. The
 * one-time fee and the recurring payment must share a currency (VALIDATION_ERROR otherwise).
 */
export function offerFeeSummary(
  pricingPlan: PricingPlanFeesInput,
  assets: NumericInput,
  start: { type: BillingStart; date: IsoDate },
): OfferFeeSummary {
  const recurringPayment = hasAmount(pricingPlan.recurringPayment) ? pricingPlan.recurringPayment : undefined;
  const oneTimeFeeInput = hasAmount(pricingPlan.oneTimeFee) ? pricingPlan.oneTimeFee : undefined;

  const until = isoDatePlusMonths(start.date, FIRST_YEAR_MONTHS);
  const oneTimeFee = oneTimeFeeInput === undefined ? null : oneTimeFeeSchedule(oneTimeFeeInput, start);
  const schedule =
    recurringPayment === undefined ? null : recurringPaymentSchedule(recurringPayment, start.date, { until });

  const currencies = [oneTimeFee?.currency, schedule?.currency].filter((code): code is CurrencyCode => !!code);
  if (new Set(currencies).size > 1) {
    throw validationError(
      [{ path: 'recurringPayment.amount.currency', message: FeeMessage.currenciesDiffer }],
      FeeMessage.currenciesDiffer,
    );
  }

  const aumFee = pricingPlan.aumFee === undefined ? null : summarizeAumFee(pricingPlan.aumFee.feeRubric.tiers, assets);
  const firstYearTotals = {
    aumFee: aumFee?.annual ?? new Dec(0),
    oneTimeFee: cents(oneTimeFee?.value ?? 0),
    recurringPayment: cents(schedule?.listedTotal ?? 0),
  };
  return {
    currency: currencies[0] ?? null,
    firstYear: { from: start.date, until },
    aumFee,
    oneTimeFee,
    recurringPayment: schedule,
    firstYearTotals: {
      ...firstYearTotals,
      total: firstYearTotals.aumFee.plus(firstYearTotals.oneTimeFee).plus(firstYearTotals.recurringPayment),
    },
  };
}

function summarizeAumFee(tiers: readonly FeeTierInput[], assets: NumericInput): AumFeeSummary {
  const calculation = annualAumFee(tiers, assets);
  const perPeriod = Object.fromEntries(
    AUM_BILLING_FREQUENCIES.map((frequency) => [frequency, aumFeePerPeriod(calculation.annual, frequency)]),
  ) as Record<AumBillingFrequency, Decimal>;
  return {
    calculation,
    annual: cents(calculation.annual),
    effectiveRate: effectiveRateOf(calculation),
    perPeriod,
  };
}

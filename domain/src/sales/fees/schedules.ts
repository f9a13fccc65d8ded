import type { Decimal } from 'decimal.js';
import { addDays, addMonths, format, isValid, parseISO } from 'date-fns';
import { validationError } from '../../shared/errors/domain-error.js';
import type { CurrencyCode } from '../../shared/money/currency.js';
import { Dec, isNumeric } from '../../shared/money/decimal.js';
import type { PaymentFrequency } from '../../financials/records/enums.js';
import type { BillingStart } from '../../crm/proposals/enums.js';
import type { Amount } from '../../crm/proposals/schemas.js';
import { FeeMessage } from './messages.js';

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** The offer's billing start: its type, and the date it resolves to when that is known. */
export interface BillingStartAt {
  type: BillingStart;
  /**
   * The day billing starts: the chosen date (CUSTOM_DATE), the engagement's start (ON_START) or
   * its expected completion (ON_COMPLETION). Absent while it is not known.
   */
  date?: IsoDate | undefined;
}

/** An amount and its currency, read from a proposal's `{ currency, value }`. */
export interface FeeAmount {
  value: Decimal;
  /** Null when the proposal gave a value without a currency, which its schema refuses. */
  currency: CurrencyCode | null;
}

/** A one-time fee as the proposal schema holds it. */
export interface OneTimeFeeInput {
  amount: Amount;
  isUpfront: boolean;
}

/** A recurring payment as the proposal schema holds it. */
export interface RecurringPaymentInput {
  amount: Amount;
  frequency: { common: PaymentFrequency; duration?: number | undefined };
}

/** When a one-time fee is charged. */
export const OneTimeFeeTiming = ['UPFRONT', 'ON_COMPLETION'] as const;
export type OneTimeFeeTiming = (typeof OneTimeFeeTiming)[number];

export const ONE_TIME_FEE_TIMING_LABELS: Readonly<Record<OneTimeFeeTiming, string>> = {
  UPFRONT: 'Upfront',
  ON_COMPLETION: 'On completion',
};

export interface OneTimeFeeCharge extends FeeAmount {
  timing: OneTimeFeeTiming;
  /** The day it is charged, when known: an upfront fee's billing start date; null otherwise. */
  date: IsoDate | null;
}

export interface ScheduledCharge {
  date: IsoDate;
  amount: Decimal;
}

export interface RecurringPaymentSchedule extends FeeAmount {
  frequency: PaymentFrequency;
  /** False for OTHER and VARIED, which name no calendar: no charges are listed. */
  scheduled: boolean;
  /** The number of charges in all: the duration (1 for ONE_TIME); null when open-ended or unscheduled. */
  totalCharges: number | null;
  /** amount x totalCharges; null when open-ended or unscheduled. */
  total: Decimal | null;
  /** The charges from the start date, before `until` when one is given, in date order. */
  charges: ScheduledCharge[];
  /** The sum of the listed charges. */
  listedTotal: Decimal;
}

/** How far ahead a schedule lists charges when neither a duration nor an end date bounds it. */
export const OPEN_ENDED_SCHEDULE_MONTHS = 12;
/** The most charges one schedule lists (27 years of daily charges); a longer one is refused, not truncated. */
export const MAX_SCHEDULED_CHARGES = 10_000;

/** The step between charges, counted from the first charge so a month-end date does not drift. */
type Step = { months: number } | { days: number } | 'SEMI_MONTHLY' | 'ONCE';

const CHARGE_STEPS: Readonly<Partial<Record<PaymentFrequency, Step>>> = {
  ANNUALLY: { months: 12 },
  SEMI_ANNUALLY: { months: 6 },
  QUARTERLY: { months: 3 },
  MONTHLY: { months: 1 },
  SEMI_MONTHLY: 'SEMI_MONTHLY',
  BI_WEEKLY: { days: 14 },
  WEEKLY: { days: 7 },
  DAILY: { days: 1 },
  ONE_TIME: 'ONCE',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a `YYYY-MM-DD` date as local midnight and writes dates back in local time: calendar
 * arithmetic in one zone, whatever the process's zone is, gives the same days.
 */
function parseDate(value: IsoDate, path: string, label: string): Date {
  const date = typeof value === 'string' && ISO_DATE.test(value) ? parseISO(value) : new Date(NaN);
  if (!isValid(date) || formatDate(date) !== value) {
    throw validationError([{ path, message: FeeMessage.dateInvalid(label) }], FeeMessage.dateInvalid(label));
  }
  return date;
}

function formatDate(date: Date): IsoDate {
  return format(date, 'yyyy-MM-dd');
}

/** The day `months` calendar months after a `YYYY-MM-DD` date (clamped to a shorter month's end). */
export function isoDatePlusMonths(date: IsoDate, months: number, path = 'start'): IsoDate {
  return formatDate(addMonths(parseDate(date, path, 'Start'), months));
}

/** An amount's value and currency; a missing or negative value is a VALIDATION_ERROR on `path`. */
function feeAmountOf(amount: Amount | null | undefined, path: string): FeeAmount {
  const value = amount?.value;
  if (value === undefined || value === null) {
    throw validationError([{ path, message: FeeMessage.amountRequired }], FeeMessage.amountRequired);
  }
  if (!isNumeric(value))
    throw validationError([{ path, message: FeeMessage.amountNotNumber }], FeeMessage.amountNotNumber);
  const decimal = new Dec(value);
  if (decimal.isNegative() && !decimal.isZero()) {
    throw validationError([{ path, message: FeeMessage.amountNegative }], FeeMessage.amountNegative);
  }
  return { value: decimal, currency: amount?.currency ?? null };
}

/**
 * When a one-time fee is charged. An upfront fee is charged when billing starts, on that day when
 * it is known; any other is charged on completion, whose day the offer does not know. An upfront
 * fee of an offer whose billing starts on completion is charged on completion too: nothing is
 * billed before billing starts.
 */
export function oneTimeFeeSchedule(oneTimeFee: OneTimeFeeInput, billingStart: BillingStartAt): OneTimeFeeCharge {
  const amount = feeAmountOf(oneTimeFee.amount, 'oneTimeFee.amount');
  const upfront = oneTimeFee.isUpfront && billingStart.type !== 'ON_COMPLETION';
  if (!upfront) return { ...amount, timing: 'ON_COMPLETION', date: null };
  const date =
    billingStart.date === undefined ? null : formatDate(parseDate(billingStart.date, 'start', 'Billing start'));
  return { ...amount, timing: 'UPFRONT', date };
}

function chargeDate(start: Date, step: Step, index: number): Date {
  if (step === 'ONCE') return start;
  // Twice a month: on the start's day and 15 days later, each month counted from the start.
  if (step === 'SEMI_MONTHLY') {
    const month = addMonths(start, Math.floor(index / 2));
    return index % 2 === 0 ? month : addDays(month, 15);
  }
  return 'months' in step ? addMonths(start, step.months * index) : addDays(start, step.days * index);
}

/**
 * The charges of a recurring payment from `start` (the first charge's day): one per period, for
 * `duration` periods, or open-ended without one. Each date is counted from the start (a monthly
 * payment from 31 January falls on 28 or 29 February, then 31 March), not from the charge before.
 * `until` (exclusive) ends the listing early; an open-ended payment without it lists its first
 * 12 months. ONE_TIME is a single charge on the start date. OTHER and VARIED name no calendar and
 * list nothing (`scheduled: false`). More than MAX_SCHEDULED_CHARGES charges is a VALIDATION_ERROR.
 */
export function recurringPaymentSchedule(
  recurringPayment: RecurringPaymentInput,
  start: IsoDate,
  options: { until?: IsoDate } = {},
): RecurringPaymentSchedule {
  const amount = feeAmountOf(recurringPayment.amount, 'recurringPayment.amount');
  const { common: frequency, duration } = recurringPayment.frequency;
  const first = parseDate(start, 'start', 'Start');
  const step = CHARGE_STEPS[frequency];
  const zero = new Dec(0);
  if (step === undefined) {
    return { ...amount, frequency, scheduled: false, totalCharges: null, total: null, charges: [], listedTotal: zero };
  }
  const totalCharges = step === 'ONCE' ? 1 : (duration ?? null);
  const end =
    options.until !== undefined
      ? parseDate(options.until, 'until', 'End')
      : totalCharges === null
        ? addMonths(first, OPEN_ENDED_SCHEDULE_MONTHS)
        : null;
  const charges: ScheduledCharge[] = [];
  for (let index = 0; totalCharges === null || index < totalCharges; index += 1) {
    const date = chargeDate(first, step, index);
    if (end !== null && date >= end) break;
    if (charges.length === MAX_SCHEDULED_CHARGES) {
      const message = FeeMessage.scheduleTooLong(MAX_SCHEDULED_CHARGES);
      throw validationError([{ path: 'recurringPayment.frequency.duration', message }], message);
    }
    charges.push({ date: formatDate(date), amount: amount.value });
  }
  return {
    ...amount,
    frequency,
    scheduled: true,
    totalCharges,
    total: totalCharges === null ? null : amount.value.times(totalCharges),
    charges,
    listedTotal: amount.value.times(charges.length),
  };
}

import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import type { PaymentFrequency } from '../records/enums.js';
import type { Money } from '../../shared/money/money.js';

/**
 * How many times a year a flow of each regular frequency occurs. DAILY counts 365 days (a flow
 * that stops on weekends is better entered as WEEKLY or MONTHLY); BI_WEEKLY is every other week,
 * 26 a year; SEMI_MONTHLY twice a month, 24 a year.
 */
export const OCCURRENCES_PER_YEAR = {
  DAILY: 365,
  WEEKLY: 52,
  BI_WEEKLY: 26,
  SEMI_MONTHLY: 24,
  MONTHLY: 12,
  QUARTERLY: 4,
  SEMI_ANNUALLY: 2,
  ANNUALLY: 1,
} as const satisfies Partial<Record<PaymentFrequency, number>>;

export type RegularFrequency = keyof typeof OCCURRENCES_PER_YEAR;

/** The frequencies without a period: a single payment, or a flow whose timing is not fixed. */
export const IRREGULAR_FREQUENCIES = ['ONE_TIME', 'VARIED', 'OTHER'] as const satisfies readonly PaymentFrequency[];

export function isRegularFrequency(frequency: PaymentFrequency): frequency is RegularFrequency {
  return Object.hasOwn(OCCURRENCES_PER_YEAR, frequency);
}

/**
 * A flow's amount spread over a month and a year.
 * - RECURRING: a regular frequency; annual = amount x occurrences a year, monthly = annual / 12.
 * - ONE_TIME: paid once; it is no part of a monthly or annual run rate, and is reported on its own.
 * - IRREGULAR: VARIED or OTHER; there is no period to spread the amount over, so it is not
 *   counted in the run rate either, and callers show it apart rather than guess a period.
 */
export type NormalisedFlow =
  | { kind: 'RECURRING'; frequency: RegularFrequency; amount: Money; monthly: Money; annual: Money }
  | { kind: 'ONE_TIME'; frequency: 'ONE_TIME'; amount: Money; monthly: null; annual: null }
  | { kind: 'IRREGULAR'; frequency: 'VARIED' | 'OTHER'; amount: Money; monthly: null; annual: null };

/** Normalises `amount`, paid at `frequency`, to its monthly and annual equivalents (8 decimals). */
export function normaliseFlow(amount: Money, frequency: PaymentFrequency): NormalisedFlow {
  if (isRegularFrequency(frequency)) {
    const annual = amount.multiply(OCCURRENCES_PER_YEAR[frequency]);
    return { kind: 'RECURRING', frequency, amount, annual, monthly: annual.divide(12) };
  }
  switch (frequency) {
    case 'ONE_TIME':
      return { kind: 'ONE_TIME', frequency, amount, monthly: null, annual: null };
    case 'VARIED':
    case 'OTHER':
      return { kind: 'IRREGULAR', frequency, amount, monthly: null, annual: null };
    default: {
      const unhandled: never = frequency;
      throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, `Unhandled payment frequency "${String(unhandled)}"`);
    }
  }
}

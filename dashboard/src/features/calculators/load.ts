import type { RegisteredLimits, WithdrawalAccountType, WithdrawalRate } from '@meridian/domain';
import { TFSA_FIRST_YEAR, WITHDRAWAL_TABLES } from '@meridian/domain';
import { getRegisteredLimits, getWithdrawalRate } from '../../api';

/** Requests a chart keeps in flight at once (a browser opens about six connections per host anyway). */
const CONCURRENCY = 6;

/** The first year of the limits chart: the TFSA's first year. */
export const FIRST_CHART_YEAR = TFSA_FIRST_YEAR;
/** The RRIF curve starts here: younger ages follow 1 / (90 - age) and flatten the interesting part. */
export const RRIF_CHART_FIRST_AGE = 55;

export function chartYears(today: Date = new Date()): number[] {
  return range(FIRST_CHART_YEAR, today.getFullYear());
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

/**
 * Runs `task` over `items` with at most `limit` calls in flight and resolves with the results in the
 * order of `items`. After the first failure no new call starts, and the promise rejects with it.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every year's figures from 2009 to this year, oldest first. */
export function loadLimitsByYear(signal: AbortSignal): Promise<RegisteredLimits[]> {
  return mapWithConcurrency(chartYears(), CONCURRENCY, (year) => getRegisteredLimits(year, signal));
}

function loadRates(type: WithdrawalAccountType, fromAge: number, toAge: number, signal: AbortSignal) {
  return mapWithConcurrency(range(fromAge, toAge), CONCURRENCY, (age) => getWithdrawalRate(type, age, signal));
}

/** RRIF minimum rates from 55 to the end of the table. */
export function loadRrifMinimumCurve(signal: AbortSignal): Promise<WithdrawalRate[]> {
  return loadRates('RRIF', RRIF_CHART_FIRST_AGE, WITHDRAWAL_TABLES.RRIF.maxAge, signal);
}

/** LIF maximum rates over the whole table. */
export function loadLifMaximumCurve(signal: AbortSignal): Promise<WithdrawalRate[]> {
  return loadRates('LIF', WITHDRAWAL_TABLES.LIF.minAge, WITHDRAWAL_TABLES.LIF.maxAge, signal);
}

import type {
  RegisteredLimits,
  UsContributionLimitResult,
  UsContributionLimitsQuery,
  UsRmd,
  UsRmdQuery,
  WithdrawalRate,
} from '@meridian/domain';
import { TFSA_FIRST_YEAR, WITHDRAWAL_TABLES } from '@meridian/domain';
import { apiRequest, getRegisteredLimitsByYear, getWithdrawalRates } from '../../../api';
import { withQuery } from '../../../api/query';

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

/** Every year's figures from 2009 to this year, oldest first. */
export function loadLimitsByYear(signal: AbortSignal): Promise<RegisteredLimits[]> {
  const years = chartYears();
  return getRegisteredLimitsByYear(years[0]!, years.at(-1)!, signal);
}

/** RRIF minimum rates from 55 to the end of the table. */
export function loadRrifMinimumCurve(signal: AbortSignal): Promise<WithdrawalRate[]> {
  return getWithdrawalRates('RRIF', RRIF_CHART_FIRST_AGE, WITHDRAWAL_TABLES.RRIF.maxAge, signal);
}

/** LIF maximum rates over the whole table. */
export function loadLifMaximumCurve(signal: AbortSignal): Promise<WithdrawalRate[]> {
  return getWithdrawalRates('LIF', WITHDRAWAL_TABLES.LIF.minAge, WITHDRAWAL_TABLES.LIF.maxAge, signal);
}

/** US contribution limits of every US account type for a year and age (GET /api/calculators/us-contribution-limits). */
export function getUsContributionLimits(
  query: UsContributionLimitsQuery,
  signal?: AbortSignal,
): Promise<UsContributionLimitResult[]> {
  return apiRequest<UsContributionLimitResult[]>(withQuery('/calculators/us-contribution-limits', { ...query }), {
    signal,
  });
}

/** A US required minimum distribution (GET /api/calculators/us-rmd). */
export function getUsRequiredMinimumDistribution(query: UsRmdQuery, signal?: AbortSignal): Promise<UsRmd> {
  return apiRequest<UsRmd>(withQuery('/calculators/us-rmd', { ...query }), { signal });
}

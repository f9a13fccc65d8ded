import { assertWholeNumber, type FigureTable, lookup } from './lookup.js';

/** The TFSA started in 2009; there is no room before. */
export const TFSA_FIRST_YEAR = 2009;
/** Room accrues from the calendar year in which a person turns 18. */
export const TFSA_ELIGIBILITY_AGE = 18;

/**
 * TFSA dollar limit by year: foundations §9 for 2009-2024, CRA for 2025 and 2026 (both $7,000).
 * Later years use the latest known value; years before 2009 are zero.
 */
export const TFSA_ANNUAL_LIMITS: FigureTable = {
  2009: 5000,
  2010: 5000,
  2011: 5000,
  2012: 5000,
  2013: 5500,
  2014: 5500,
  2015: 10000,
  2016: 5500,
  2017: 5500,
  2018: 5500,
  2019: 6000,
  2020: 6000,
  2021: 6000,
  2022: 6000,
  2023: 6500,
  2024: 7000,
  2025: 7000,
  2026: 7000,
};

export function tfsaAnnualLimit(year: number): number {
  assertWholeNumber(year, 'Year');
  return lookup(TFSA_ANNUAL_LIMITS, year, 0, '');
}

/**
 * Total TFSA room accrued by the end of `asOfYear` for someone born in `birthYear`: the sum of the
 * annual limits from the later of 2009 and the year they turn 18, through `asOfYear`.
 *
 * Residency assumption: the person was resident in Canada (with a valid SIN) in every one of those
 * years. Room is not accrued for a year of non-residence, so for newcomers and emigrants this
 * overstates the room. Contributions and withdrawals are not considered here.
 */
export function tfsaCumulativeRoom(birthYear: number, asOfYear: number): number {
  assertWholeNumber(birthYear, 'Birth year');
  assertWholeNumber(asOfYear, 'Year');
  const firstYear = Math.max(TFSA_FIRST_YEAR, birthYear + TFSA_ELIGIBILITY_AGE);
  let room = 0;
  for (let year = firstYear; year <= asOfYear; year += 1) room += tfsaAnnualLimit(year);
  return room;
}

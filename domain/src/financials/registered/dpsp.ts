import { assertWholeNumber, type FigureTable, lookup } from './lookup.js';

export const DPSP_FIRST_TABLED_YEAR = 1990;
const SPEC_DPSP_1990 = 5750;
const SPEC_DPSP_STEP = 500;
const SPEC_DPSP_2025 = 22750;

/**
 * DPSP limits as foundations §9 states them: 5,750 in 1990 rising by 500 a year to 22,750 in
 * 2025. The two anchors are one step apart from the rule (5,750 + 35 x 500 = 23,250), so the
 * series rises by 500 from 1990 and holds at 22,750 once reached (2024 and 2025). These are not
 * CRA's figures; see CRA_DPSP_LIMITS.
 */
export const SPEC_DPSP_LIMITS: FigureTable = Object.fromEntries(
  Array.from({ length: 2025 - 1990 + 1 }, (_, index) => [
    1990 + index,
    Math.min(SPEC_DPSP_1990 + SPEC_DPSP_STEP * index, SPEC_DPSP_2025),
  ]),
);

/**
 * CRA's DPSP limit (half the money purchase limit of the year) from CRA's "MP, DB, RRSP, DPSP,
 * ALDA, TFSA limits, YMPE and the YAMPE" table; 2025 and 2026 are half of the published MP limits
 * of $33,810 and $35,390.
 */
export const CRA_DPSP_LIMITS: FigureTable = {
  1990: 5750,
  1991: 6250,
  1992: 6250,
  1993: 6750,
  1994: 7250,
  1995: 7750,
  1996: 6750,
  1997: 6750,
  1998: 6750,
  1999: 6750,
  2000: 6750,
  2001: 6750,
  2002: 6750,
  2003: 7750,
  2004: 8250,
  2005: 9000,
  2006: 9500,
  2007: 10000,
  2008: 10500,
  2009: 11000,
  2010: 11225,
  2011: 11485,
  2012: 11910,
  2013: 12135,
  2014: 12465,
  2015: 12685,
  2016: 13005,
  2017: 13115,
  2018: 13250,
  2019: 13615,
  2020: 13915,
  2021: 14605,
  2022: 15390,
  2023: 15780,
  2024: 16245,
  2025: 16905,
  2026: 17695,
};

export type DpspLimitSource = 'spec' | 'cra';

/**
 * The DPSP limit of a year from the spec's series (the default) or CRA's table. Later years use the
 * latest known value; years before 1990 are refused.
 */
export function dpspLimit(year: number, source: DpspLimitSource = 'spec'): number {
  assertWholeNumber(year, 'Year');
  const table = source === 'cra' ? CRA_DPSP_LIMITS : SPEC_DPSP_LIMITS;
  return lookup(table, year, undefined, `DPSP limits are tabled from ${DPSP_FIRST_TABLED_YEAR}`);
}

import type { Decimal } from 'decimal.js';
import { Dec, roundHalfUp } from '../../shared/money/decimal.js';
import { assertWholeNumber, type FigureTable, lookup } from './lookup.js';

/** RRSP room is 18% of the previous year's earned income, up to the year's dollar limit. */
export const RRSP_EARNED_INCOME_PERCENT = 18;
export const RRSP_FIRST_TABLED_YEAR = 1990;

/**
 * RRSP dollar limit by year, 1990-2026, from CRA's "MP, DB, RRSP, DPSP, ALDA, TFSA limits, YMPE
 * and the YAMPE" table. Every anchor of foundations §9 matches CRA except 1990: CRA shows "old
 * limits" (the pre-1991 rules; the 18%-of-earned-income system starts in 1991) and the spec says
 * 0, so 1990 is 0 here. Later years use the latest known value.
 */
export const RRSP_DOLLAR_LIMITS: FigureTable = {
  1990: 0,
  1991: 11500,
  1992: 12500,
  1993: 12500,
  1994: 13500,
  1995: 14500,
  1996: 13500,
  1997: 13500,
  1998: 13500,
  1999: 13500,
  2000: 13500,
  2001: 13500,
  2002: 13500,
  2003: 14500,
  2004: 15500,
  2005: 16500,
  2006: 18000,
  2007: 19000,
  2008: 20000,
  2009: 21000,
  2010: 22000,
  2011: 22450,
  2012: 22970,
  2013: 23820,
  2014: 24270,
  2015: 24930,
  2016: 25370,
  2017: 26010,
  2018: 26230,
  2019: 26500,
  2020: 27230,
  2021: 27830,
  2022: 29210,
  2023: 30780,
  2024: 31560,
  2025: 32490,
  2026: 33810,
};

export function rrspDollarLimit(year: number): number {
  assertWholeNumber(year, 'Year');
  return lookup(RRSP_DOLLAR_LIMITS, year, undefined, `RRSP dollar limits are tabled from ${RRSP_FIRST_TABLED_YEAR}`);
}

/**
 * New RRSP room for `year`: 18% of the previous year's earned income, capped by the year's dollar
 * limit, less the previous year's pension adjustment; never negative, rounded to cents. Unused
 * room carried forward is not included.
 */
export function rrspRoomFromEarnedIncome(
  previousYearEarnedIncome: Decimal.Value,
  year: number,
  pensionAdjustment: Decimal.Value = 0,
): Decimal {
  const fromIncome = Dec.max(0, new Dec(previousYearEarnedIncome).times(RRSP_EARNED_INCOME_PERCENT).div(100));
  const capped = Dec.min(fromIncome, rrspDollarLimit(year)).minus(pensionAdjustment);
  return roundHalfUp(Dec.max(0, capped), 2);
}

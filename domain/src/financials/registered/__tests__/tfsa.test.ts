import { describe, expect, it } from 'vitest';
import { TFSA_ANNUAL_LIMITS, tfsaAnnualLimit, tfsaCumulativeRoom } from '../index.js';

describe('TFSA annual limit', () => {
  it('matches foundations §9 and CRA year by year', () => {
    const expected: Record<number, number> = {
      2008: 0,
      2009: 5000,
      2012: 5000,
      2013: 5500,
      2014: 5500,
      2015: 10000,
      2016: 5500,
      2018: 5500,
      2019: 6000,
      2022: 6000,
      2023: 6500,
      2024: 7000,
      2025: 7000,
      2026: 7000,
    };
    for (const [year, limit] of Object.entries(expected)) expect(tfsaAnnualLimit(Number(year))).toBe(limit);
  });

  it('is zero before 2009 and the latest known value after the table', () => {
    expect(tfsaAnnualLimit(1990)).toBe(0);
    expect(tfsaAnnualLimit(2027)).toBe(7000);
    expect(tfsaAnnualLimit(2040)).toBe(7000);
  });

  it('sums to the published cumulative limits', () => {
    const sum = (to: number) =>
      Object.entries(TFSA_ANNUAL_LIMITS)
        .filter(([year]) => Number(year) <= to)
        .reduce((total, [, limit]) => total + limit, 0);
    expect(sum(2023)).toBe(88000);
    expect(sum(2024)).toBe(95000);
    expect(sum(2026)).toBe(109000);
  });

  it('refuses a fractional year', () => {
    expect(() => tfsaAnnualLimit(2024.5)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: 'Year must be a whole number, got 2024.5' }),
    );
  });
});

describe('TFSA cumulative room by birth year', () => {
  it('gives everyone 18 or older in 2009 the full room', () => {
    expect(tfsaCumulativeRoom(1991, 2024)).toBe(95000);
    expect(tfsaCumulativeRoom(1950, 2026)).toBe(109000);
    expect(tfsaCumulativeRoom(1991, 2009)).toBe(5000);
  });

  it('starts in the year the person turns 18', () => {
    // born 1995: turns 18 in 2013 -> 2013..2024
    expect(tfsaCumulativeRoom(1995, 2024)).toBe(95000 - 4 * 5000);
    // born 2006: turns 18 in 2024
    expect(tfsaCumulativeRoom(2006, 2024)).toBe(7000);
    expect(tfsaCumulativeRoom(2006, 2023)).toBe(0);
    // born 2007: turns 18 in 2025
    expect(tfsaCumulativeRoom(2007, 2026)).toBe(14000);
  });

  it('is zero before eligibility and before 2009', () => {
    expect(tfsaCumulativeRoom(1980, 2008)).toBe(0);
    expect(tfsaCumulativeRoom(2010, 2026)).toBe(0);
  });

  it('property: room never decreases year over year and grows by that year’s limit once eligible', () => {
    for (let birthYear = 1940; birthYear <= 2012; birthYear += 1) {
      for (let year = 2008; year <= 2030; year += 1) {
        const growth = tfsaCumulativeRoom(birthYear, year) - tfsaCumulativeRoom(birthYear, year - 1);
        const eligible = year >= 2009 && year >= birthYear + 18;
        expect(growth).toBe(eligible ? tfsaAnnualLimit(year) : 0);
      }
    }
  });
});

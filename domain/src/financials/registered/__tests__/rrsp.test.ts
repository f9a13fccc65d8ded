import { describe, expect, it } from 'vitest';
import { RRSP_DOLLAR_LIMITS, RRSP_EARNED_INCOME_PERCENT, rrspDollarLimit, rrspRoomFromEarnedIncome } from '../index.js';

describe('RRSP dollar limit', () => {
  it('has every year from 1990 to 2026 with the CRA figures (1990 per the spec)', () => {
    expect(RRSP_DOLLAR_LIMITS).toEqual({
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
    });
  });

  it('keeps the anchors of foundations §9', () => {
    expect(rrspDollarLimit(1990)).toBe(0);
    expect(rrspDollarLimit(1991)).toBe(11500);
    for (let year = 1997; year <= 2002; year += 1) expect(rrspDollarLimit(year)).toBe(13500);
    expect(rrspDollarLimit(2008)).toBe(20000);
    expect(rrspDollarLimit(2015)).toBe(24930);
    expect(rrspDollarLimit(2022)).toBe(29210);
    expect(rrspDollarLimit(2024)).toBe(31560);
    expect(rrspDollarLimit(2025)).toBe(32490);
  });

  it('uses the latest known value after 2026 and refuses years before 1990', () => {
    expect(rrspDollarLimit(2030)).toBe(33810);
    expect(() => rrspDollarLimit(1989)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: 'RRSP dollar limits are tabled from 1990' }),
    );
  });
});

describe('RRSP room from earned income', () => {
  it('is 18% of earned income below the cap', () => {
    expect(RRSP_EARNED_INCOME_PERCENT).toBe(18);
    expect(rrspRoomFromEarnedIncome(100000, 2025).toFixed(2)).toBe('18000.00');
    expect(rrspRoomFromEarnedIncome('55555.55', 2024).toFixed(2)).toBe('10000.00');
    expect(rrspRoomFromEarnedIncome('1234.57', 2024).toFixed(2)).toBe('222.22');
  });

  it('is capped by the year’s dollar limit', () => {
    expect(rrspRoomFromEarnedIncome(200000, 2024).toFixed(2)).toBe('31560.00');
    expect(rrspRoomFromEarnedIncome(180500, 2025).toFixed(2)).toBe('32490.00');
    expect(rrspRoomFromEarnedIncome(180499, 2025).toFixed(2)).toBe('32489.82');
    expect(rrspRoomFromEarnedIncome(1000000, 1990).toFixed(2)).toBe('0.00');
  });

  it('subtracts a pension adjustment and never goes negative', () => {
    expect(rrspRoomFromEarnedIncome(100000, 2025, 5000).toFixed(2)).toBe('13000.00');
    expect(rrspRoomFromEarnedIncome(10000, 2025, 5000).toFixed(2)).toBe('0.00');
    expect(rrspRoomFromEarnedIncome(-20000, 2025).toFixed(2)).toBe('0.00');
  });

  it('property: room is between 0 and the limit and 18% of income when under it', () => {
    for (let year = 1991; year <= 2026; year += 1) {
      for (let income = 0; income <= 250000; income += 12345) {
        const room = rrspRoomFromEarnedIncome(income, year);
        expect(room.gte(0) && room.lte(rrspDollarLimit(year))).toBe(true);
        if (income * 0.18 < rrspDollarLimit(year)) expect(room.toFixed(2)).toBe(((income * 18) / 100).toFixed(2));
      }
    }
  });
});

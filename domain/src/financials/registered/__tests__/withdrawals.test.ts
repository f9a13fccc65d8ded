import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  LIF_MAXIMUM_RATES,
  lifMaximumRate,
  RRIF_MINIMUM_RATES,
  rrifMinimumFactor,
  rrifMinimumRate,
  rrifMinimumWithdrawal,
} from '../index.js';

describe('RRIF and PRIF minimum withdrawal rates (2024 table)', () => {
  it('covers ages 20 to 95 and keeps the spec anchors', () => {
    expect(Object.keys(RRIF_MINIMUM_RATES).map(Number)).toEqual(Array.from({ length: 76 }, (_, i) => 20 + i));
    expect(rrifMinimumRate(20)).toBe(1.43);
    expect(rrifMinimumRate(65)).toBe(4);
    expect(rrifMinimumRate(70)).toBe(5);
    expect(rrifMinimumRate(95)).toBe(20);
  });

  it('uses 1 / (90 - age) under 71, rounded half up to two decimals', () => {
    for (let age = 20; age <= 70; age += 1) {
      expect(rrifMinimumRate(age)).toBe(
        new Decimal(100)
          .div(90 - age)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          .toNumber(),
      );
    }
    expect(rrifMinimumRate(58)).toBe(3.13); // 3.125
    expect(rrifMinimumRate(60)).toBe(3.33);
    expect(rrifMinimumRate(69)).toBe(4.76);
  });

  it('uses the CRA prescribed factors from 71', () => {
    expect([71, 72, 75, 80, 85, 89, 90, 93, 94, 95].map(rrifMinimumRate)).toEqual([
      5.28, 5.4, 5.82, 6.82, 8.51, 10.99, 11.92, 16.34, 18.79, 20,
    ]);
    expect(Array.from({ length: 25 }, (_, i) => rrifMinimumRate(71 + i)).map((rate) => rate.toFixed(2))).toEqual([
      '5.28',
      '5.40',
      '5.53',
      '5.67',
      '5.82',
      '5.98',
      '6.17',
      '6.36',
      '6.58',
      '6.82',
      '7.08',
      '7.38',
      '7.71',
      '8.08',
      '8.51',
      '8.99',
      '9.55',
      '10.21',
      '10.99',
      '11.92',
      '13.06',
      '14.49',
      '16.34',
      '18.79',
      '20.00',
    ]);
  });

  it('stays at 20% past 95 and refuses ages under 20', () => {
    expect(rrifMinimumRate(101)).toBe(20);
    expect(() => rrifMinimumRate(19)).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'RRIF and PRIF minimum withdrawals start at age 20',
      }),
    );
  });

  it('computes the minimum amount with the exact factor', () => {
    expect(rrifMinimumFactor(58).toFixed()).toBe('0.03125');
    expect(rrifMinimumWithdrawal(100000, 58).toFixed(2)).toBe('3125.00');
    expect(rrifMinimumWithdrawal(100000, 71).toFixed(2)).toBe('5280.00');
    expect(rrifMinimumWithdrawal('250000.55', 65).toFixed(2)).toBe('10000.02');
    expect(rrifMinimumWithdrawal(100000, 60).toFixed(2)).toBe('3333.33');
  });

  it('property: the rate rises with age', () => {
    for (let age = 21; age <= 95; age += 1) expect(rrifMinimumRate(age)).toBeGreaterThan(rrifMinimumRate(age - 1));
  });
});

describe('LIF and LRIF maximum rates (2023 federal table)', () => {
  it('covers ages 50 to 89 and keeps the spec anchors', () => {
    expect(Object.keys(LIF_MAXIMUM_RATES).map(Number)).toEqual(Array.from({ length: 40 }, (_, i) => 50 + i));
    expect(lifMaximumRate(70)).toBe(6.61);
    expect(lifMaximumRate(89)).toBe(100);
    expect(lifMaximumRate(95)).toBe(100);
  });

  it('matches the PBSR formula with OSFI’s 2023 rates (3.02% for 15 years, then 6%)', () => {
    const annuityDueFactor = (age: number) => {
      let presentValue = new Decimal(0);
      let discount = new Decimal(1);
      for (let year = 0; year < 90 - age; year += 1) {
        presentValue = presentValue.plus(discount);
        discount = discount.div(year < 15 ? '1.0302' : '1.06');
      }
      return new Decimal(100).div(presentValue);
    };
    // OSFI publishes 4.3237% at 20 and 4.5046% at 39 for 2023: the formula reproduces them.
    expect(annuityDueFactor(20).toFixed(4)).toBe('4.3237');
    expect(annuityDueFactor(39).toFixed(4)).toBe('4.5046');
    for (let age = 50; age <= 89; age += 1) {
      expect(LIF_MAXIMUM_RATES[age]).toBe(annuityDueFactor(age).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());
    }
  });

  it('refuses ages under 50', () => {
    expect(() => lifMaximumRate(49)).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'LIF and LRIF maximum rates are tabled from age 50',
      }),
    );
  });

  it('property: the maximum always exceeds the RRIF minimum for the same age', () => {
    for (let age = 50; age <= 89; age += 1) expect(lifMaximumRate(age)).toBeGreaterThan(rrifMinimumRate(age));
  });
});

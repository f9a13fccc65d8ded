import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requiredMinimumDistribution, rmdStartingAge, uniformLifetimeDivisor } from '../index.js';

describe('Uniform Lifetime Table (Treas. Reg. 1.401(a)(9)-9(c))', () => {
  it.each([
    [72, '27.4'],
    [73, '26.5'],
    [75, '24.6'],
    [80, '20.2'],
    [85, '16'],
    [90, '12.2'],
    [95, '8.9'],
    [100, '6.4'],
    [110, '3.5'],
    [120, '2'],
    [125, '2'],
  ])('age %i -> %s', (age, divisor) => {
    expect(uniformLifetimeDivisor(age).toString()).toBe(divisor);
  });

  it('starts at 72', () => {
    expect(() => uniformLifetimeDivisor(71)).toThrow('The Uniform Lifetime Table starts at age 72');
  });

  it('shrinks with age, so the share withdrawn grows', () => {
    for (let age = 72; age < 120; age += 1) {
      expect(uniformLifetimeDivisor(age + 1).lt(uniformLifetimeDivisor(age))).toBe(true);
    }
  });
});

describe('RMD starting age (SECURE Act, SECURE 2.0 §107)', () => {
  it.each([
    [1948, 70.5],
    [1949, 72],
    [1950, 72],
    [1951, 73],
    [1959, 73],
    [1960, 75],
    [1975, 75],
  ])('born %i -> %s', (birthYear, age) => {
    expect(rmdStartingAge(birthYear)).toBe(age);
  });
});

describe('requiredMinimumDistribution', () => {
  it('divides the prior year-end balance by the divisor: $500,000 at 75 is $20,325.20', () => {
    const rmd = requiredMinimumDistribution(500_000, 75, 1950, 'TRADITIONAL_IRA');
    expect(rmd.required).toBe(true);
    expect(rmd.divisor?.toString()).toBe('24.6');
    expect(rmd.amount.toFixed(2)).toBe('20325.20');
    expect(rmd.year).toBe(2025);
  });

  it('starts at 73 for someone born in 1955 and at 75 for someone born in 1960', () => {
    expect(requiredMinimumDistribution(100_000, 72, 1955, 'ACCOUNT_401K').required).toBe(false);
    // 100,000 / 26.5 = 3,773.584… -> 3,773.58
    expect(requiredMinimumDistribution(100_000, 73, 1955, 'ACCOUNT_401K').amount.toFixed(2)).toBe('3773.58');
    expect(requiredMinimumDistribution(100_000, 74, 1960, 'SEP_IRA').required).toBe(false);
    // 100,000 / 24.6 = 4,065.04
    expect(requiredMinimumDistribution(100_000, 75, 1960, 'SEP_IRA').amount.toFixed(2)).toBe('4065.04');
  });

  it('has no owner RMD for a Roth IRA, nor for a Roth 401(k)/403(b) from 2024', () => {
    expect(requiredMinimumDistribution(100_000, 80, 1945, 'ROTH_IRA').amount.toString()).toBe('0');
    // Born 1950, 73 in 2023: the Roth 401(k) still had an RMD; at 74 in 2024 it no longer does.
    expect(requiredMinimumDistribution(100_000, 73, 1950, 'ROTH_401K').amount.toFixed(2)).toBe('3773.58');
    const in2024 = requiredMinimumDistribution(100_000, 74, 1950, 'ROTH_403B');
    expect(in2024.required).toBe(false);
    expect(in2024.reason).toBe('Roth 401(k) and Roth 403(b) accounts have no required distributions from 2024');
    expect(requiredMinimumDistribution(100_000, 80, 1945, 'HSA').required).toBe(false);
  });

  it('refuses years before the current table, negative balances and non-US accounts', () => {
    expect(() => requiredMinimumDistribution(100_000, 72, 1949, 'TRADITIONAL_IRA')).toThrow('2022 and later');
    expect(() => requiredMinimumDistribution(-1, 80, 1950, 'TRADITIONAL_IRA')).toThrow('cannot be negative');
    expect(() => requiredMinimumDistribution(100_000, 80, 1950, 'RRIF')).toThrow('RRIF is not a US account type');
  });

  it('is never more than the balance and never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1930, max: 1990 }),
        fc.integer({ min: 0, max: 130 }),
        (balance, birthYear, age) => {
          fc.pre(birthYear + age >= 2022);
          const rmd = requiredMinimumDistribution(balance, age, birthYear, 'TRADITIONAL_IRA');
          expect(rmd.amount.gte(0)).toBe(true);
          expect(rmd.amount.lte(balance)).toBe(true);
          expect(rmd.required).toBe(age >= rmdStartingAge(birthYear));
        },
      ),
    );
  });
});

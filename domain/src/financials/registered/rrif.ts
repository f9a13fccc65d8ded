import type { Decimal } from 'decimal.js';
import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import { Dec, roundHalfUp } from '../../shared/money/decimal.js';
import { assertWholeNumber, type FigureTable } from './lookup.js';

export const RRIF_MIN_TABLE_AGE = 20;
export const RRIF_MAX_TABLE_AGE = 95;
/** From this age the prescribed factors apply instead of 1 / (90 - age). */
export const RRIF_PRESCRIBED_FROM_AGE = 71;

/**
 * CRA prescribed factors ("All other RRIFs", in percent) for ages 71 to 95 and older, as in force
 * since 2015 and used for 2024 (CRA, "Chart - Prescribed factors").
 */
const PRESCRIBED_PERCENT: FigureTable = {
  71: 5.28,
  72: 5.4,
  73: 5.53,
  74: 5.67,
  75: 5.82,
  76: 5.98,
  77: 6.17,
  78: 6.36,
  79: 6.58,
  80: 6.82,
  81: 7.08,
  82: 7.38,
  83: 7.71,
  84: 8.08,
  85: 8.51,
  86: 8.99,
  87: 9.55,
  88: 10.21,
  89: 10.99,
  90: 11.92,
  91: 13.06,
  92: 14.49,
  93: 16.34,
  94: 18.79,
  95: 20,
};

function assertRrifAge(age: number): void {
  assertWholeNumber(age, 'Age');
  if (age < RRIF_MIN_TABLE_AGE) {
    throw new DomainError(
      ErrorCode.VALIDATION_ERROR,
      `RRIF and PRIF minimum withdrawals start at age ${RRIF_MIN_TABLE_AGE}`,
    );
  }
}

/** The exact minimum factor: 1 / (90 - age) up to 70, the prescribed factor from 71 (95+ is 20%). */
export function rrifMinimumFactor(age: number): Decimal {
  assertRrifAge(age);
  if (age < RRIF_PRESCRIBED_FROM_AGE) return new Dec(1).div(90 - age);
  return new Dec(PRESCRIBED_PERCENT[Math.min(age, RRIF_MAX_TABLE_AGE)]!).div(100);
}

/**
 * RRIF and PRIF minimum withdrawal rates in percent by age, 20 to 95 (the 2024 table): under 71,
 * 1 / (90 - age) rounded to two decimals (4.00 at 65, 5.00 at 70); from 71 the prescribed factors
 * (5.28 at 71 ... 20.00 at 95).
 */
export const RRIF_MINIMUM_RATES: FigureTable = Object.fromEntries(
  Array.from({ length: RRIF_MAX_TABLE_AGE - RRIF_MIN_TABLE_AGE + 1 }, (_, index) => {
    const age = RRIF_MIN_TABLE_AGE + index;
    return [age, roundHalfUp(rrifMinimumFactor(age).times(100), 2).toNumber()];
  }),
);

/** The minimum rate in percent for an age; ages past 95 stay at 20%. */
export function rrifMinimumRate(age: number): number {
  assertRrifAge(age);
  return RRIF_MINIMUM_RATES[Math.min(age, RRIF_MAX_TABLE_AGE)]!;
}

/**
 * The year's minimum withdrawal: the balance at 1 January times the exact factor (not the rounded
 * display rate), rounded to cents. Age is the holder's (or spouse's, if elected) age at 1 January.
 */
export function rrifMinimumWithdrawal(balanceAtStartOfYear: Decimal.Value, age: number): Decimal {
  return roundHalfUp(new Dec(balanceAtStartOfYear).times(rrifMinimumFactor(age)), 2);
}

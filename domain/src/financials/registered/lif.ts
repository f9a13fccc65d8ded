import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import { assertWholeNumber, type FigureTable } from './lookup.js';

export const LIF_MAX_TABLE_MIN_AGE = 50;
export const LIF_MAX_TABLE_MAX_AGE = 89;

/**
 * LIF and LRIF maximum annual withdrawal in percent of the 1 January balance, by age on 31 December
 * of the previous year: the 2023 federal table (Pension Benefits Standards Regulations, 1985,
 * s. 20.1, as published by OSFI for 2023). OSFI derives it from the November 2022 long-term
 * Government of Canada bond yield of 3.02% for the first 15 years and 6% after, to the end of the
 * year the holder turns 90: the rate is 1 / (present value of 1 a year, paid at the start of each
 * year, over those years). OSFI publishes four decimals; this table keeps two (6.61 at 70, 100 at
 * 89) as foundations §9 does.
 */
export const LIF_MAXIMUM_RATES: FigureTable = {
  50: 4.77,
  51: 4.81,
  52: 4.85,
  53: 4.89,
  54: 4.94,
  55: 4.98,
  56: 5.04,
  57: 5.1,
  58: 5.16,
  59: 5.23,
  60: 5.3,
  61: 5.38,
  62: 5.47,
  63: 5.57,
  64: 5.67,
  65: 5.79,
  66: 5.92,
  67: 6.06,
  68: 6.22,
  69: 6.4,
  70: 6.61,
  71: 6.83,
  72: 7.1,
  73: 7.39,
  74: 7.74,
  75: 8.14,
  76: 8.6,
  77: 9.14,
  78: 9.76,
  79: 10.5,
  80: 11.39,
  81: 12.48,
  82: 13.84,
  83: 15.59,
  84: 17.93,
  85: 21.21,
  86: 26.13,
  87: 34.33,
  88: 50.74,
  89: 100,
};

/** The maximum rate in percent for an age; 89 and older may take everything (100%). */
export function lifMaximumRate(age: number): number {
  assertWholeNumber(age, 'Age');
  if (age < LIF_MAX_TABLE_MIN_AGE) {
    throw new DomainError(
      ErrorCode.VALIDATION_ERROR,
      `LIF and LRIF maximum rates are tabled from age ${LIF_MAX_TABLE_MIN_AGE}`,
    );
  }
  return LIF_MAXIMUM_RATES[Math.min(age, LIF_MAX_TABLE_MAX_AGE)]!;
}

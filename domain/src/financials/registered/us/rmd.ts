import type { Decimal } from 'decimal.js';
import { DomainError, ErrorCode } from '../../../shared/errors/domain-error.js';
import { Dec, roundHalfUp } from '../../../shared/money/decimal.js';
import type { InvestmentAccountType } from '../../records/enums.js';
import { assertWholeNumber, type FigureTable } from '../lookup.js';
import { assertUsAccountType } from './account-types.js';

/**
 * Uniform Lifetime Table, Treas. Reg. §1.401(a)(9)-9(c), in force for distribution years from 2022
 * (T.D. 9930): the distribution period (divisor) by the owner's age in the distribution year. Ages
 * past 120 use 2.0. It is the table for every owner except one whose sole beneficiary is a spouse
 * more than ten years younger (the Joint and Last Survivor Table, not modelled here).
 */
export const UNIFORM_LIFETIME_TABLE: FigureTable = {
  72: 27.4,
  73: 26.5,
  74: 25.5,
  75: 24.6,
  76: 23.7,
  77: 22.9,
  78: 22.0,
  79: 21.1,
  80: 20.2,
  81: 19.4,
  82: 18.5,
  83: 17.7,
  84: 16.8,
  85: 16.0,
  86: 15.2,
  87: 14.4,
  88: 13.7,
  89: 12.9,
  90: 12.2,
  91: 11.5,
  92: 10.8,
  93: 10.1,
  94: 9.5,
  95: 8.9,
  96: 8.4,
  97: 7.8,
  98: 7.3,
  99: 6.8,
  100: 6.4,
  101: 6.0,
  102: 5.6,
  103: 5.2,
  104: 4.9,
  105: 4.6,
  106: 4.3,
  107: 4.1,
  108: 3.9,
  109: 3.7,
  110: 3.5,
  111: 3.4,
  112: 3.3,
  113: 3.1,
  114: 3.0,
  115: 2.9,
  116: 2.8,
  117: 2.7,
  118: 2.5,
  119: 2.3,
  120: 2.0,
};
export const UNIFORM_LIFETIME_TABLE_MIN_AGE = 72;
export const UNIFORM_LIFETIME_TABLE_MAX_AGE = 120;
/** The table above applies to distribution years from 2022; earlier years used the 2002 table. */
export const UNIFORM_LIFETIME_TABLE_FIRST_YEAR = 2022;

/** Roth 401(k) and Roth 403(b) accounts have no lifetime RMDs from 2024 (SECURE 2.0 §325). */
export const ROTH_EMPLOYER_PLAN_RMD_END_YEAR = 2024;

/** Accounts that carry owner RMDs (IRC §401(a)(9), applied to IRAs by §408(a)(6) and to 403(b)/457(b)). */
export const US_RMD_ACCOUNT_TYPES: readonly InvestmentAccountType[] = [
  'TRADITIONAL_IRA',
  'SEP_IRA',
  'SIMPLE_IRA',
  'ACCOUNT_401K',
  'ACCOUNT_403B',
  'ACCOUNT_457B',
];

/**
 * The age at which RMDs begin, by birth year:
 * - born before 1949: 70½ (the rule before the SECURE Act of 2019);
 * - born 1949 or 1950: 72 (SECURE Act §114). Owners born January-June 1949 had already reached 70½
 *   in 2019 and kept that start, but by 2022, the first year the table here covers, every owner born
 *   in 1949 is at least 72 and required to take RMDs, so the birth year alone answers every case;
 * - born 1951 to 1959: 73, and born 1960 or later: 75 (SECURE 2.0 §107; the Act's overlap for 1959
 *   is read as 73, as in the IRS's 2024 proposed regulations).
 */
export function rmdStartingAge(birthYear: number): number {
  assertWholeNumber(birthYear, 'Birth year');
  if (birthYear < 1949) return 70.5;
  if (birthYear <= 1950) return 72;
  if (birthYear <= 1959) return 73;
  return 75;
}

/** The Uniform Lifetime Table divisor for an age of 72 or more (ages past 120 use 2.0). */
export function uniformLifetimeDivisor(age: number): Decimal {
  assertWholeNumber(age, 'Age');
  if (age < UNIFORM_LIFETIME_TABLE_MIN_AGE) {
    throw new DomainError(
      ErrorCode.VALIDATION_ERROR,
      `The Uniform Lifetime Table starts at age ${UNIFORM_LIFETIME_TABLE_MIN_AGE}`,
    );
  }
  return new Dec(UNIFORM_LIFETIME_TABLE[Math.min(age, UNIFORM_LIFETIME_TABLE_MAX_AGE)]!);
}

export interface UsRequiredMinimumDistribution {
  /** The distribution year: the year in which the owner reaches `age`. */
  readonly year: number;
  readonly startingAge: number;
  /** False when the account has no owner RMD, or the owner is below the starting age. */
  readonly required: boolean;
  /** The divisor used, when an RMD is required. */
  readonly divisor: Decimal | null;
  /** In dollars, rounded to cents; zero when not required. */
  readonly amount: Decimal;
  /** Why there is or is not an RMD, in words for an advisor. */
  readonly reason: string;
}

/**
 * An owner's required minimum distribution for a year: the balance at 31 December of the prior year
 * divided by the Uniform Lifetime Table divisor for the age the owner reaches in the distribution
 * year (Treas. Reg. §1.401(a)(9)-5), rounded to cents. The distribution year is `birthYear + age`.
 *
 * Not modelled: the first RMD's deferral to 1 April of the next year, the still-working exception for
 * employer plans (§401(a)(9)(C)), a spouse beneficiary more than ten years younger, and inherited
 * accounts.
 */
export function requiredMinimumDistribution(
  priorYearEndBalance: Decimal.Value,
  age: number,
  birthYear: number,
  accountType: InvestmentAccountType,
): UsRequiredMinimumDistribution {
  assertWholeNumber(age, 'Age');
  assertWholeNumber(birthYear, 'Birth year');
  assertUsAccountType(accountType);
  const balance = new Dec(priorYearEndBalance);
  if (balance.isNegative()) throw new DomainError(ErrorCode.VALIDATION_ERROR, 'The balance cannot be negative');
  if (age < 0) throw new DomainError(ErrorCode.VALIDATION_ERROR, 'Age cannot be negative');
  const year = birthYear + age;
  if (year < UNIFORM_LIFETIME_TABLE_FIRST_YEAR) {
    throw new DomainError(
      ErrorCode.VALIDATION_ERROR,
      `RMDs are computed for ${UNIFORM_LIFETIME_TABLE_FIRST_YEAR} and later (the current Uniform Lifetime Table)`,
    );
  }
  const startingAge = rmdStartingAge(birthYear);
  const none = (reason: string): UsRequiredMinimumDistribution => ({
    year,
    startingAge,
    required: false,
    divisor: null,
    amount: new Dec(0),
    reason,
  });

  if (accountType === 'ROTH_IRA') return none('A Roth IRA has no required distributions during the owner’s life');
  const rothEmployerPlan = accountType === 'ROTH_401K' || accountType === 'ROTH_403B';
  if (rothEmployerPlan && year >= ROTH_EMPLOYER_PLAN_RMD_END_YEAR) {
    return none(
      `Roth 401(k) and Roth 403(b) accounts have no required distributions from ${ROTH_EMPLOYER_PLAN_RMD_END_YEAR}`,
    );
  }
  if (!rothEmployerPlan && !US_RMD_ACCOUNT_TYPES.includes(accountType)) {
    return none('This account has no required minimum distributions');
  }
  if (age < startingAge)
    return none(`Required distributions start at age ${startingAge} for those born in ${birthYear}`);

  const divisor = uniformLifetimeDivisor(age);
  return {
    year,
    startingAge,
    required: true,
    divisor,
    amount: roundHalfUp(balance.div(divisor), 2),
    reason: `Balance divided by the Uniform Lifetime Table divisor ${divisor.toFixed(1)} at age ${age}`,
  };
}

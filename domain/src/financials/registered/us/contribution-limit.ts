import type { Decimal } from 'decimal.js';
import { DomainError, ErrorCode } from '../../../shared/errors/domain-error.js';
import { formatMoney } from '../../../shared/format/number.js';
import { Dec, roundHalfUp } from '../../../shared/money/decimal.js';
import type { UsFilingStatus } from '../../../planning/plans/enums.js';
import { INVESTMENT_ACCOUNT_TYPE_LABELS, type InvestmentAccountType } from '../../records/enums.js';
import { assertWholeNumber, type FigureTable, lookup } from '../lookup.js';
import { assertUsAccountType } from './account-types.js';
import {
  type PhaseOutRange,
  US_ANNUAL_ADDITIONS_LIMITS,
  US_CATCH_UP_50_LIMITS,
  US_CATCH_UP_60_TO_63_FIRST_YEAR,
  US_CATCH_UP_60_TO_63_LIMITS,
  US_CATCH_UP_60_TO_63_MAX_AGE,
  US_CATCH_UP_60_TO_63_MIN_AGE,
  US_CATCH_UP_AGE,
  US_COMPENSATION_LIMITS,
  US_ELECTIVE_DEFERRAL_LIMITS,
  US_ESA_LIMIT,
  US_ESA_PHASE_OUT_JOINT,
  US_ESA_PHASE_OUT_SINGLE,
  US_HSA_CATCH_UP,
  US_HSA_CATCH_UP_AGE,
  US_HSA_FAMILY_LIMITS,
  US_HSA_SELF_ONLY_LIMITS,
  US_IRA_CATCH_UP_LIMITS,
  US_IRA_LIMITS,
  US_LIMITS_FIRST_YEAR,
  US_ROTH_PHASE_OUT_JOINT,
  US_ROTH_PHASE_OUT_SEPARATE,
  US_ROTH_PHASE_OUT_SINGLE,
  US_SEP_COMPENSATION_PERCENT,
  US_SIMPLE_CATCH_UP_50_LIMITS,
  US_SIMPLE_CATCH_UP_60_TO_63_LIMITS,
  US_SIMPLE_LIMITS,
} from './limits.js';

export const HsaCoverage = ['SELF_ONLY', 'FAMILY'] as const;
export type HsaCoverage = (typeof HsaCoverage)[number];
export const HSA_COVERAGE_LABELS: Readonly<Record<HsaCoverage, string>> = {
  SELF_ONLY: 'Self-only coverage',
  FAMILY: 'Family coverage',
};

export interface UsContributionLimitInput {
  readonly accountType: InvestmentAccountType;
  /** The tax year. 2023 and later; years after the last published year use its figures. */
  readonly year: number;
  /** The age reached by 31 December of `year` (catch-ups test the age at year end). */
  readonly age: number;
  /** Compensation for the year: caps IRA contributions, and is the base of a SEP contribution. */
  readonly compensation?: Decimal.Value;
  /** With `modifiedAgi`, applies the Roth IRA (or Coverdell ESA) income phase-out. */
  readonly filingStatus?: UsFilingStatus;
  readonly modifiedAgi?: Decimal.Value;
  /** Required for an HSA. */
  readonly hsaCoverage?: HsaCoverage;
}

/** One line of the explanation: a limit, a catch-up (positive) or a reduction (negative). */
export interface UsLimitPart {
  readonly label: string;
  readonly amount: Decimal;
}

export interface UsContributionLimit {
  readonly accountType: InvestmentAccountType;
  readonly year: number;
  readonly age: number;
  /** The most that may go in for the year; null where federal law sets no annual limit (529, UGMA, UTMA). */
  readonly limit: Decimal | null;
  /** The parts, which sum to `limit` when there is one. */
  readonly parts: readonly UsLimitPart[];
  /** Assumptions and rules not applied, in words for an advisor. */
  readonly notes: readonly string[];
}

function figure(table: FigureTable, year: number): Decimal {
  return new Dec(lookup(table, year, undefined, `US contribution limits are known from ${US_LIMITS_FIRST_YEAR}`));
}

/** Every US table starts in the same year; an earlier year is refused rather than guessed. */
function assertKnownYear(year: number): void {
  assertWholeNumber(year, 'Year');
  figure(US_IRA_LIMITS, year);
}

function phaseOutRange(table: Readonly<Record<number, PhaseOutRange>>, year: number): PhaseOutRange {
  const from = lookup(
    Object.fromEntries(Object.entries(table).map(([key, range]) => [key, range.from])),
    year,
    undefined,
    `US contribution limits are known from ${US_LIMITS_FIRST_YEAR}`,
  );
  const to = lookup(
    Object.fromEntries(Object.entries(table).map(([key, range]) => [key, range.to])),
    year,
    undefined,
    '',
  );
  return { from, to };
}

/** The Roth IRA phase-out range for a filing status and year (IRC §408A(c)(3)). */
export function rothIraPhaseOutRange(filingStatus: UsFilingStatus, year: number): PhaseOutRange {
  assertKnownYear(year);
  switch (filingStatus) {
    case 'MARRIED_FILING_JOINTLY':
      return phaseOutRange(US_ROTH_PHASE_OUT_JOINT, year);
    case 'MARRIED_FILING_SEPARATELY':
      return US_ROTH_PHASE_OUT_SEPARATE;
    case 'SINGLE':
    case 'HEAD_OF_HOUSEHOLD':
      return phaseOutRange(US_ROTH_PHASE_OUT_SINGLE, year);
  }
}

/** A Roth contribution that is not fully phased out is at least $200 (IRC §408A(c)(3)(B), flush). */
export const ROTH_REDUCED_MINIMUM = 200;

/**
 * The Roth IRA limit after the income phase-out (IRS Publication 590-A, worksheet 2-2): the full limit
 * (including any catch-up, or the compensation if less) times (end of range − MAGI) / (width of range), rounded up to the next $10,
 * and $200 if that is less than $200 but more than zero. Full below the range, zero at or above its end.
 */
export function rothIraReducedLimit(
  fullLimit: Decimal.Value,
  modifiedAgi: Decimal.Value,
  filingStatus: UsFilingStatus,
  year: number,
): Decimal {
  const full = new Dec(fullLimit);
  const magi = new Dec(modifiedAgi);
  const range = rothIraPhaseOutRange(filingStatus, year);
  if (magi.lte(range.from)) return full;
  if (magi.gte(range.to)) return new Dec(0);
  const reduced = full
    .times(new Dec(range.to).minus(magi))
    .div(range.to - range.from)
    .div(10)
    .ceil()
    .times(10);
  return Dec.min(full, Dec.max(reduced, ROTH_REDUCED_MINIMUM));
}

function esaReducedLimit(modifiedAgi: Decimal.Value, filingStatus: UsFilingStatus): Decimal {
  const range = filingStatus === 'MARRIED_FILING_JOINTLY' ? US_ESA_PHASE_OUT_JOINT : US_ESA_PHASE_OUT_SINGLE;
  const magi = new Dec(modifiedAgi);
  if (magi.lte(range.from)) return new Dec(US_ESA_LIMIT);
  if (magi.gte(range.to)) return new Dec(0);
  return roundHalfUp(new Dec(US_ESA_LIMIT).times(new Dec(range.to).minus(magi)).div(range.to - range.from), 2);
}

/** No Coverdell contributions once the beneficiary is 18 (IRC §530(b)(1)(A)(ii)), save special needs. */
export const US_ESA_MAX_BENEFICIARY_AGE = 18;

function isAge60To63(year: number, age: number): boolean {
  return (
    year >= US_CATCH_UP_60_TO_63_FIRST_YEAR &&
    age >= US_CATCH_UP_60_TO_63_MIN_AGE &&
    age <= US_CATCH_UP_60_TO_63_MAX_AGE
  );
}

function nonNegative(value: Decimal.Value | undefined, what: string): Decimal | undefined {
  if (value === undefined) return undefined;
  const amount = new Dec(value);
  if (amount.isNegative() || !amount.isFinite()) {
    throw new DomainError(ErrorCode.VALIDATION_ERROR, `${what} cannot be negative`);
  }
  return amount;
}

/**
 * A US account's contribution limit for a year and age, with the parts that make it up, e.g.
 * "2026 401(k) limit $24,500 + age-50 catch-up $8,000 = $32,500". Limits are per person (the 401(k),
 * 403(b) and SIMPLE deferral limits are shared across all of a person's plans, the IRA limit across
 * traditional and Roth IRAs); the caller accounts for what has gone into sibling accounts.
 */
export function usAnnualContributionLimit(input: UsContributionLimitInput): UsContributionLimit {
  const { accountType, year, age } = input;
  assertWholeNumber(age, 'Age');
  if (age < 0) throw new DomainError(ErrorCode.VALIDATION_ERROR, 'Age cannot be negative');
  assertUsAccountType(accountType);
  const compensation = nonNegative(input.compensation, 'Compensation');
  const modifiedAgi = nonNegative(input.modifiedAgi, 'Modified AGI');
  const label = INVESTMENT_ACCOUNT_TYPE_LABELS[accountType];
  const parts: UsLimitPart[] = [];
  const notes: string[] = [];
  const result = (limit: Decimal | null): UsContributionLimit => ({ accountType, year, age, limit, parts, notes });
  const total = (): Decimal => parts.reduce((sum, part) => sum.plus(part.amount), new Dec(0));
  assertKnownYear(year);

  switch (accountType) {
    case 'ACCOUNT_401K':
    case 'ACCOUNT_403B':
    case 'ACCOUNT_457B':
    case 'ROTH_401K':
    case 'ROTH_403B': {
      parts.push({ label: `${year} ${label} limit`, amount: figure(US_ELECTIVE_DEFERRAL_LIMITS, year) });
      if (isAge60To63(year, age)) {
        parts.push({ label: 'age 60-63 catch-up', amount: figure(US_CATCH_UP_60_TO_63_LIMITS, year) });
      } else if (age >= US_CATCH_UP_AGE) {
        parts.push({ label: 'age-50 catch-up', amount: figure(US_CATCH_UP_50_LIMITS, year) });
      }
      if (accountType === 'ACCOUNT_457B') {
        notes.push(
          'Assumes a governmental 457(b): a non-governmental plan has no age-50 catch-up; the special catch-up in the three years before normal retirement age is not applied',
        );
      } else {
        notes.push('Employee deferrals only; employer contributions fall under the separate annual additions limit');
      }
      if (year >= 2026 && age >= US_CATCH_UP_AGE) {
        notes.push(
          // SECURE 2.0 §603, applying from 2026; the wage threshold for 2026 is $150,000 of 2025 FICA wages (Notice 2025-67).
          'From 2026, the catch-up must be Roth for anyone whose FICA wages for the prior year exceeded $150,000 (indexed)',
        );
      }
      return result(total());
    }
    case 'SIMPLE_IRA': {
      parts.push({ label: `${year} ${label} limit`, amount: figure(US_SIMPLE_LIMITS, year) });
      if (isAge60To63(year, age)) {
        parts.push({ label: 'age 60-63 catch-up', amount: figure(US_SIMPLE_CATCH_UP_60_TO_63_LIMITS, year) });
      } else if (age >= US_CATCH_UP_AGE) {
        parts.push({ label: 'age-50 catch-up', amount: figure(US_SIMPLE_CATCH_UP_50_LIMITS, year) });
      }
      notes.push('The general SIMPLE limits; the higher limits for employers of 25 or fewer employees are not applied');
      return result(total());
    }
    case 'TRADITIONAL_IRA':
    case 'ROTH_IRA': {
      parts.push({ label: `${year} IRA limit`, amount: figure(US_IRA_LIMITS, year) });
      if (age >= US_CATCH_UP_AGE)
        parts.push({ label: 'age-50 catch-up', amount: figure(US_IRA_CATCH_UP_LIMITS, year) });
      notes.push('One limit for all of a person’s traditional and Roth IRAs together');
      // The compensation cap comes first: the Roth phase-out reduces the lesser of the limit and
      // compensation (Publication 590-A, worksheet 2-2, lines 6-7).
      if (compensation !== undefined && compensation.lt(total())) {
        parts.push({ label: 'limited to compensation', amount: compensation.minus(total()) });
      }
      if (accountType === 'ROTH_IRA') {
        if (input.filingStatus !== undefined && modifiedAgi !== undefined) {
          const base = total();
          const reduced = rothIraReducedLimit(base, modifiedAgi, input.filingStatus, year);
          if (reduced.lt(base)) {
            parts.push({
              label: `income phase-out (modified AGI ${formatMoney(modifiedAgi)})`,
              amount: reduced.minus(base),
            });
          }
        } else {
          notes.push('Before the income phase-out: give a filing status and modified AGI to apply it');
        }
      }
      return result(total());
    }
    case 'SEP_IRA': {
      const dollarLimit = figure(US_ANNUAL_ADDITIONS_LIMITS, year);
      if (compensation === undefined) {
        parts.push({ label: `${year} SEP IRA dollar limit`, amount: dollarLimit });
        notes.push(`At most ${US_SEP_COMPENSATION_PERCENT}% of compensation: give the compensation to apply it`);
      } else {
        const countedCompensation = Dec.min(compensation, figure(US_COMPENSATION_LIMITS, year));
        const percentOfCompensation = roundHalfUp(countedCompensation.times(US_SEP_COMPENSATION_PERCENT).div(100), 2);
        if (percentOfCompensation.lt(dollarLimit)) {
          parts.push({ label: `${US_SEP_COMPENSATION_PERCENT}% of compensation`, amount: percentOfCompensation });
        } else {
          parts.push({ label: `${year} SEP IRA dollar limit`, amount: dollarLimit });
        }
      }
      notes.push(
        'Employer contribution; for a self-employed owner, compensation is net earnings after half of self-employment tax and the contribution itself (about 20% of net profit)',
      );
      return result(total());
    }
    case 'HSA': {
      if (input.hsaCoverage === undefined) {
        throw new DomainError(
          ErrorCode.VALIDATION_ERROR,
          'HSA coverage (self-only or family) is required for an HSA limit',
        );
      }
      const family = input.hsaCoverage === 'FAMILY';
      parts.push({
        label: `${year} HSA ${family ? 'family' : 'self-only'} limit`,
        amount: figure(family ? US_HSA_FAMILY_LIMITS : US_HSA_SELF_ONLY_LIMITS, year),
      });
      if (age >= US_HSA_CATCH_UP_AGE) parts.push({ label: 'age-55 catch-up', amount: new Dec(US_HSA_CATCH_UP) });
      notes.push(
        'No contributions from the month Medicare coverage starts; the limit is prorated for partial-year HDHP coverage',
      );
      return result(total());
    }
    case 'ESA': {
      parts.push({ label: 'Coverdell ESA limit per beneficiary', amount: new Dec(US_ESA_LIMIT) });
      if (input.filingStatus !== undefined && modifiedAgi !== undefined) {
        const reduced = esaReducedLimit(modifiedAgi, input.filingStatus);
        if (reduced.lt(US_ESA_LIMIT)) {
          parts.push({
            label: `income phase-out (modified AGI ${formatMoney(modifiedAgi)})`,
            amount: reduced.minus(US_ESA_LIMIT),
          });
        }
      }
      if (age >= US_ESA_MAX_BENEFICIARY_AGE) {
        parts.push({ label: `beneficiary ${US_ESA_MAX_BENEFICIARY_AGE} or older`, amount: total().negated() });
        notes.push('Assumes the beneficiary is not a special-needs beneficiary');
      }
      return result(total());
    }
    case 'ACCOUNT_529':
    case 'UGMA':
    case 'UTMA':
      notes.push(
        'No federal annual contribution limit; gifts above the annual gift tax exclusion use the donor’s lifetime exemption',
      );
      return result(null);
  }
}

/** "2026 401(k) limit $24,500 + age-50 catch-up $8,000 = $32,500". */
export function describeUsContributionLimit(result: UsContributionLimit): string {
  if (result.limit === null) return `${INVESTMENT_ACCOUNT_TYPE_LABELS[result.accountType]}: no federal annual limit`;
  const terms = result.parts.map((part, index) => {
    const amount = `${part.label} ${formatMoney(part.amount.abs())}`;
    if (index === 0) return amount;
    return part.amount.isNegative() ? `− ${amount}` : `+ ${amount}`;
  });
  return result.parts.length > 1 ? `${terms.join(' ')} = ${formatMoney(result.limit)}` : terms.join('');
}

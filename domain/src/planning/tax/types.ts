import type { CountryCode, TaxProvince } from '../../shared/regions/regions.js';
import type { UsFilingStatus } from '../plans/enums.js';
import type { Arith } from '../shared/arith.js';
import type { Explanation } from '../shared/explanation.js';

/**
 * One person's income of one year, by how it is taxed, in the plan's currency (CAD for a Canadian,
 * USD for a US person: the projection converts before it asks). All amounts are before tax and
 * before inclusion rates; the tax rules apply gross-ups and inclusions.
 */
export interface TaxableIncome<N> {
  /** Salary, wages, self-employment (earned income). */
  employment: N;
  /** Pension income eligible for the pension credit and for splitting: DB pension, annuity; at 65+ also RRIF/LIF withdrawals. */
  eligiblePension: N;
  /** CPP/QPP benefits. */
  cppQpp: N;
  /** OAS benefits (subject to the clawback). */
  oas: N;
  /** US Social Security benefits (up to 85% taxable). */
  socialSecurity: N;
  /** Other ordinary income: RRSP/IRA/401(k) withdrawals, RRIF before 65, rental, interest, other. */
  otherOrdinary: N;
  /** Eligible Canadian dividends (actual amount; the rules gross them up) or US qualified dividends. */
  eligibleDividends: N;
  /** Realised capital gains (before the inclusion rate / preferential US rates). */
  capitalGains: N;
}

export interface Taxpayer<N> {
  personId: string;
  age: number;
  country: CountryCode;
  /** For a Canadian; never FEDERAL. */
  province: TaxProvince | null;
  usFilingStatus: UsFilingStatus | null;
  income: TaxableIncome<N>;
}

export interface HouseholdTaxInput<N> {
  year: number;
  /** One or two people. A married US couple filing jointly is taxed on their combined income. */
  taxpayers: Taxpayer<N>[];
  /** A Canadian couple may split eligible pension income; the rules choose the split with the lowest total tax. */
  pensionIncomeSplitting: boolean;
  /** Build explanations (the ledger does; the Monte Carlo does not). */
  explain: boolean;
}

export interface PersonTax<N> {
  personId: string;
  taxableIncome: N;
  federal: N;
  /** Zero for a US person (state tax not modelled). */
  provincial: N;
  /** OAS recovery tax; zero for a US person. */
  oasClawback: N;
  /** federal + provincial + oasClawback. */
  total: N;
  /** Eligible pension income moved to (+) or from (-) this person by splitting. */
  pensionSplitAmount: N;
  explanations: {
    federal?: Explanation;
    provincial?: Explanation;
    oasClawback?: Explanation;
    taxableIncome?: Explanation;
  };
}

/** The household's income tax of one year, per person. Implemented in tax/income-tax.ts. */
export type HouseholdIncomeTax = <N>(arith: Arith<N>, input: HouseholdTaxInput<N>) => PersonTax<N>[];

import type { CurrencyCode } from '../../shared/money/currency.js';
import type { InvestmentAccountType } from '../../financials/records/enums.js';
import type { Figure } from '../shared/explanation.js';
import type { FxRateTable } from '../../shared/money/fx.js';

/**
 * The projection of a plan (the response of GET /plans/{planId}/sim): year by year from the plan's
 * start until the last person is 100, after tax, every figure in `currency`.
 *
 * Conservation, each year, to the cent:
 *   sum(accounts.opening) + incomes + saleProceeds + borrowed - expenses - debtPayments - purchases - taxes
 *     + sum(growth + dividends - fees) + shortfall = sum(accounts.closing)
 * i.e. every dollar in or out of the household lands in or leaves an account; a shortfall is what
 * the accounts could not cover.
 */
export interface Projection {
  planId: string;
  currency: CurrencyCode;
  startYear: number;
  endYear: number;
  years: ProjectionYear[];
  milestones: MilestoneResult[];
  /** The first year with a shortfall, or null when the plan never runs short. */
  firstShortfallYear: number | null;
}

export interface ProjectionYear {
  year: number;
  /** Each plan person's age at the end of the year; a person past 100 is absent. */
  ages: Record<string, number>;
  people: PersonYear[];
  /** The household's totals of the year. */
  incomes: Figure;
  expenses: Figure;
  debtPayments: Figure;
  purchases: Figure;
  saleProceeds: Figure;
  /** New borrowing (a financed purchase's loan). */
  borrowed: Figure;
  contributions: Figure;
  withdrawals: Figure;
  taxes: Figure;
  /** Income left after tax, expenses and debt payments, put into the accounts. */
  surplus: Figure;
  /** What the accounts could not cover (0 when covered). */
  shortfall: Figure;
  accounts: AccountYear[];
  assets: AssetYear[];
  liabilities: LiabilityYear[];
  netWorth: Figure;
}

export interface PersonYear {
  personId: string;
  age: number;
  retired: boolean;
  /** Each income of the person (their share of a shared one), including pensions and benefits. */
  incomes: FlowLine[];
  /** Withdrawals taxed as the person's income, by account. */
  withdrawals: FlowLine[];
  taxes: TaxLines;
}

export interface FlowLine {
  /** The plan part's id (income, expense, account, asset). */
  sourceId: string;
  label: string;
  amount: Figure;
}

export interface TaxLines {
  federal: Figure;
  /** Provincial (CA); zero for a US person (state tax is not modelled). */
  provincial: Figure;
  /** The OAS recovery tax (clawback), CA. */
  oasClawback: Figure;
  total: Figure;
  /** Taxable income, after pension splitting and inclusion rates. */
  taxableIncome: Figure;
}

export interface AccountYear {
  accountId: string;
  /** The type the account has this year (after a conversion at 71 it is the RRIF or LIF). */
  accountType: InvestmentAccountType;
  opening: Figure;
  contributions: Figure;
  growth: Figure;
  dividends: Figure;
  fees: Figure;
  withdrawals: Figure;
  closing: Figure;
  /** The rule-set withdrawal bounds of the year: a RRIF/PRIF minimum, a LIF/LRIF maximum, a US RMD. */
  minimumWithdrawal: Figure | null;
  maximumWithdrawal: Figure | null;
  /** Set in the year the account converts (RRSP to RRIF, LIRA to LIF at 71). */
  convertedFrom: InvestmentAccountType | null;
}

export interface AssetYear {
  assetId: string;
  value: Figure;
  /** Set in the year of a sale: the gain, the excluded part and the taxable part. */
  sale: { proceeds: Figure; gain: Figure; excluded: Figure; taxableGain: Figure } | null;
}

export interface LiabilityYear {
  liabilityId: string;
  opening: Figure;
  interest: Figure;
  payments: Figure;
  closing: Figure;
}

export interface MilestoneResult {
  milestoneId: string;
  /** The first year every condition holds, or null: never within the plan. */
  year: number | null;
}

/** The Monte Carlo run (1,000 seeded paths over the market return classes). */
export interface MonteCarloResult {
  paths: number;
  seed: number;
  /** Share of paths that never run short, 0 to 1. */
  successProbability: number;
  years: { year: number; p10: number; p50: number; p90: number }[];
}

/** What a projection run is asked for. */
export interface ProjectionOptions {
  /** The currency every figure is shown in; plan amounts in other currencies convert through `fxRates`. */
  currency: CurrencyCode;
  /** Today's rates (FxConverter's table); null only when every amount is already in `currency`. */
  fxRates: FxRateTable | null;
  /** What-if changes that are not saved: a person's retirement age (the dashboard's slider). */
  overrides?: { retirementAges?: Readonly<Record<string, number>> };
  /** Build each figure's explanation (default true). */
  explain?: boolean;
}

/** The Monte Carlo's options beyond the projection's: how many paths, and the seed that makes a run reproducible. */
export interface MonteCarloOptions extends ProjectionOptions {
  paths: number;
  seed: number;
}

/**
 * The engine's two entry points, implemented in projection/project.ts and projection/monte-carlo.ts:
 *   projectPlan(plan: PlanDocument, options: ProjectionOptions): Projection
 *   runMonteCarlo(plan: PlanDocument, options: MonteCarloOptions): MonteCarloResult
 */
export const DEFAULT_MONTE_CARLO_PATHS = 1000;
export const DEFAULT_MONTE_CARLO_SEED = 20260101;

import {
  enumLabel,
  type MonteCarloResult,
  type PlanDocument,
  type Projection,
  type ProjectionYear,
} from '@meridian/domain';

/*
 * What the page reads off a projection: the key figures an advisor compares plans by, and the
 * series the charts draw. Charts need numbers; every figure in a table stays the API's string.
 */

/** The year the last of the plan's people turns 90 (the youngest one's 90th birthday year). */
export function lastPersonNinetyYear(plan: PlanDocument): number | null {
  const years = plan.people.map((person) => Number(person.birthDate.slice(0, 4)) + 90).filter(Number.isFinite);
  return years.length > 0 ? Math.max(...years) : null;
}

export interface KeyFigures {
  /** 0 to 100, one decimal. */
  successPercent: string;
  successfulPaths: number;
  paths: number;
  firstShortfallYear: number | null;
  ninetyYear: number | null;
  /** The net worth that year, as the API's decimal string; null when the projection does not reach it. */
  netWorthAtNinety: string | null;
}

export function keyFigures(plan: PlanDocument, projection: Projection, monteCarlo: MonteCarloResult): KeyFigures {
  const ninetyYear = lastPersonNinetyYear(plan);
  const atNinety = projection.years.find((year) => year.year === ninetyYear);
  return {
    successPercent: (monteCarlo.successProbability * 100).toFixed(1),
    successfulPaths: Math.round(monteCarlo.successProbability * monteCarlo.paths),
    paths: monteCarlo.paths,
    firstShortfallYear: projection.firstShortfallYear,
    ninetyYear,
    netWorthAtNinety: atNinety?.netWorth.amount ?? null,
  };
}

const sum = (amounts: readonly string[]) => amounts.reduce((total, amount) => total + Number(amount), 0);

/** Per year, what the accounts hold by account type (their labels) and the other assets; the series in a stable order. */
export function holdingsByType(projection: Projection): { rows: Record<string, number | string>[]; series: string[] } {
  const series: string[] = [];
  const rows = projection.years.map((year) => {
    const row: Record<string, number | string> = { year: String(year.year) };
    for (const account of year.accounts) {
      const label = enumLabel('InvestmentAccountType', account.accountType);
      if (!series.includes(label)) series.push(label);
      row[label] = Number(row[label] ?? 0) + Number(account.closing.amount);
    }
    const assets = sum(year.assets.map((asset) => asset.value.amount));
    if (assets !== 0) {
      if (!series.includes(OTHER_ASSETS)) series.push(OTHER_ASSETS);
      row[OTHER_ASSETS] = assets;
    }
    const debts = sum(year.liabilities.map((liability) => liability.closing.amount));
    if (debts !== 0) {
      if (!series.includes(DEBTS)) series.push(DEBTS);
      row[DEBTS] = -debts;
    }
    return row;
  });
  // Every row names every series, so the stacked areas do not break where an account has closed.
  for (const row of rows) for (const name of series) row[name] ??= 0;
  return { rows, series };
}

export const OTHER_ASSETS = 'Property and other assets';
export const DEBTS = 'Debts owed';

export const MONEY_IN = 'Money in';
export const MONEY_OUT = 'Money out';

/** A year's money in (incomes, sales, borrowing) and out (expenses, debt payments, purchases, taxes). */
export function cashFlowRow(year: ProjectionYear): Record<string, number | string> {
  return {
    year: String(year.year),
    [MONEY_IN]: sum([year.incomes.amount, year.saleProceeds.amount, year.borrowed.amount]),
    [MONEY_OUT]: sum([year.expenses.amount, year.debtPayments.amount, year.purchases.amount, year.taxes.amount]),
  };
}

export const TAX_SERIES = ['Federal', 'Provincial', 'OAS recovery'] as const;

/** A year's taxes of every person, by kind. */
export function taxRow(year: ProjectionYear): Record<string, number | string> {
  return {
    year: String(year.year),
    Federal: sum(year.people.map((person) => person.taxes.federal.amount)),
    Provincial: sum(year.people.map((person) => person.taxes.provincial.amount)),
    'OAS recovery': sum(year.people.map((person) => person.taxes.oasClawback.amount)),
  };
}

import {
  enumLabel,
  InvestmentAccountType,
  PLAN_CASH_ACCOUNT_ID,
  PLAN_CASH_ACCOUNT_NAME,
  type Explanation,
  type Figure,
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
  /** 0 to 100, one decimal; null while the market paths are still being simulated. */
  successPercent: string | null;
  successfulPaths: number | null;
  paths: number | null;
  firstShortfallYear: number | null;
  ninetyYear: number | null;
  /** The net worth that year, as the API's decimal string; null when the projection does not reach it. */
  netWorthAtNinety: string | null;
}

export function keyFigures(
  plan: PlanDocument,
  projection: Projection,
  monteCarlo: MonteCarloResult | null,
): KeyFigures {
  const ninetyYear = lastPersonNinetyYear(plan);
  const atNinety = projection.years.find((year) => year.year === ninetyYear);
  return {
    successPercent: monteCarlo ? (monteCarlo.successProbability * 100).toFixed(1) : null,
    successfulPaths: monteCarlo ? Math.round(monteCarlo.successProbability * monteCarlo.paths) : null,
    paths: monteCarlo?.paths ?? null,
    firstShortfallYear: projection.firstShortfallYear,
    ninetyYear,
    netWorthAtNinety: atNinety?.netWorth.amount ?? null,
  };
}

const sum = (amounts: readonly string[]) => amounts.reduce((total, amount) => total + Number(amount), 0);

/** Per year, what the accounts hold by account type (their labels) and property less debts; the series in a stable order. */
export function holdingsByType(projection: Projection): { rows: Record<string, number | string>[]; series: string[] } {
  const series: string[] = [];
  const rows = projection.years.map((year) => {
    const row: Record<string, number | string> = { year: String(year.year) };
    for (const account of year.accounts) {
      const label = enumLabel('InvestmentAccountType', account.accountType);
      if (!series.includes(label)) series.push(label);
      row[label] = Number(row[label] ?? 0) + Number(account.closing.amount);
    }
    // Property less what is owed: the stack's top is then the year's net worth.
    const equity =
      sum(year.assets.map((asset) => asset.value.amount)) -
      sum(year.liabilities.map((liability) => liability.closing.amount));
    if (equity !== 0) {
      if (!series.includes(PROPERTY_LESS_DEBTS)) series.push(PROPERTY_LESS_DEBTS);
      row[PROPERTY_LESS_DEBTS] = equity;
    }
    return row;
  });
  // Every row names every series, so the stacked areas do not break where an account has closed.
  for (const row of rows) for (const name of series) row[name] ??= 0;
  // The account types in the catalogue's order (an RRIF just under the RRSP it converts from, so the
  // layers above stay level in the year of the conversion), property last.
  const rank = (name: string) => {
    const index = InvestmentAccountType.findIndex((type) => enumLabel('InvestmentAccountType', type) === name);
    return index === -1 ? InvestmentAccountType.length : index;
  };
  series.sort((a, b) => rank(a) - rank(b));
  return { rows, series };
}

export const PROPERTY_LESS_DEBTS = 'Property and other assets, less debts';

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

/** One explained figure behind a year-table cell: what it is, its amount and why. */
export interface ExplainedPart {
  label: string;
  amount: string;
  explanation: Explanation;
}

export const YEAR_COLUMNS = ['Incomes', 'Expenses', 'Taxes', 'Withdrawals', 'Net worth', 'Shortfall'] as const;
export type YearColumn = (typeof YEAR_COLUMNS)[number];

export function yearTotal(year: ProjectionYear, column: YearColumn): Figure {
  const totals: Record<YearColumn, Figure> = {
    Incomes: year.incomes,
    Expenses: year.expenses,
    Taxes: year.taxes,
    Withdrawals: year.withdrawals,
    'Net worth': year.netWorth,
    Shortfall: year.shortfall,
  };
  return totals[column];
}

/**
 * The explanations behind a year's total: the total's own, then its parts' (each person's income
 * lines and tax lines, each account's withdrawals and its minimum or maximum of the year).
 */
export function explainedParts(plan: PlanDocument, year: ProjectionYear, column: YearColumn): ExplainedPart[] {
  const name = (personId: string) => plan.people.find((person) => person.personId === personId)?.name ?? 'A person';
  const accountName = (accountId: string) =>
    accountId === PLAN_CASH_ACCOUNT_ID
      ? PLAN_CASH_ACCOUNT_NAME
      : (plan.accounts.find((account) => account.id === accountId)?.name ?? 'An account');
  const candidates: { label: string; figure: Figure | null }[] = [{ label: column, figure: yearTotal(year, column) }];
  if (column === 'Incomes') {
    for (const person of year.people) {
      for (const line of person.incomes)
        candidates.push({ label: `${name(person.personId)}: ${line.label}`, figure: line.amount });
    }
  }
  if (column === 'Taxes') {
    for (const person of year.people) {
      const who = name(person.personId);
      candidates.push(
        { label: `${who}: taxable income`, figure: person.taxes.taxableIncome },
        { label: `${who}: federal tax`, figure: person.taxes.federal },
        { label: `${who}: provincial tax`, figure: person.taxes.provincial },
        { label: `${who}: OAS recovery tax`, figure: person.taxes.oasClawback },
      );
    }
  }
  if (column === 'Withdrawals') {
    for (const account of year.accounts) {
      const called = accountName(account.accountId);
      candidates.push(
        { label: `${called}: withdrawals`, figure: account.withdrawals },
        { label: `${called}: minimum withdrawal`, figure: account.minimumWithdrawal },
        { label: `${called}: maximum withdrawal`, figure: account.maximumWithdrawal },
      );
    }
  }
  return candidates.flatMap(({ label, figure }) =>
    figure?.explanation ? [{ label, amount: figure.amount, explanation: figure.explanation }] : [],
  );
}

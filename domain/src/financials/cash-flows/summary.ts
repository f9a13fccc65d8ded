import type { CashFlowType, FlowDirection, Necessity, TransactionCategoryNature } from './enums.js';
import type { CurrencyCode } from '../../shared/money/currency.js';
import { Money } from '../../shared/money/money.js';
import type { NormalisedFlow } from './frequency.js';

/** The direction money moves for a source of each type: income in, everything else out. */
export function directionOfSourceType(type: CashFlowType): FlowDirection {
  return type === 'INCOME' ? 'INFLOW' : 'OUTFLOW';
}

/** Need or want from a transaction category's nature; income and other categories are neither. */
export function necessityOfCategoryNature(nature: TransactionCategoryNature): Necessity | null {
  if (nature === 'ESSENTIAL') return 'NEED';
  if (nature === 'NON_ESSENTIAL') return 'WANT';
  return null;
}

/** One line of a household's cash flow, already converted to the summary's currency. */
export interface CashFlowLine {
  direction: FlowDirection;
  /** For outflows: NEED or WANT when known (an expense's necessity, a category's nature). */
  necessity: Necessity | null;
  /** What the line is spent on or earned from: a transaction category or a source subtype. */
  category: { key: string; label: string } | null;
  flow: NormalisedFlow;
}

export interface PeriodTotals {
  monthly: Money;
  annual: Money;
}

export interface CategoryTotals extends PeriodTotals {
  key: string;
  label: string;
  direction: FlowDirection;
}

export interface CashFlowSummary {
  currency: CurrencyCode;
  inflow: PeriodTotals;
  outflow: PeriodTotals;
  /** Inflow minus outflow. */
  net: PeriodTotals;
  /** Recurring outflows by necessity; `unclassified` has neither (debt service, contributions, uncategorised). */
  needs: PeriodTotals;
  wants: PeriodTotals;
  unclassified: PeriodTotals;
  /** Recurring totals by category, largest monthly amount first. */
  byCategory: CategoryTotals[];
  /** Single payments, outside the run rate. */
  oneTime: { inflow: Money; outflow: Money };
  /** VARIED and OTHER lines, which have no period and so are not in any total above. */
  irregularCount: number;
}

const UNCATEGORISED = { key: 'UNCATEGORISED', label: 'Uncategorised' } as const;

function zeroTotals(currency: CurrencyCode): PeriodTotals {
  return { monthly: Money.zero(currency), annual: Money.zero(currency) };
}

function addTo(totals: PeriodTotals, monthly: Money, annual: Money): PeriodTotals {
  return { monthly: totals.monthly.add(monthly), annual: totals.annual.add(annual) };
}

/**
 * Sums a household's cash flow lines into monthly and annual run rates, needs against wants, and
 * totals by category. Every line must already be in `currency` (a conversion rounds to 4
 * decimals; totals add exactly those converted figures).
 */
export function summariseCashFlows(lines: readonly CashFlowLine[], currency: CurrencyCode): CashFlowSummary {
  let inflow = zeroTotals(currency);
  let outflow = zeroTotals(currency);
  let needs = zeroTotals(currency);
  let wants = zeroTotals(currency);
  let unclassified = zeroTotals(currency);
  let oneTimeIn = Money.zero(currency);
  let oneTimeOut = Money.zero(currency);
  let irregularCount = 0;
  const categories = new Map<string, CategoryTotals>();

  for (const line of lines) {
    const { flow } = line;
    if (flow.kind === 'ONE_TIME') {
      if (line.direction === 'INFLOW') oneTimeIn = oneTimeIn.add(flow.amount);
      else oneTimeOut = oneTimeOut.add(flow.amount);
      continue;
    }
    if (flow.kind === 'IRREGULAR') {
      irregularCount += 1;
      continue;
    }
    const { monthly, annual } = flow;
    if (line.direction === 'INFLOW') {
      inflow = addTo(inflow, monthly, annual);
    } else {
      outflow = addTo(outflow, monthly, annual);
      if (line.necessity === 'NEED') needs = addTo(needs, monthly, annual);
      else if (line.necessity === 'WANT') wants = addTo(wants, monthly, annual);
      else unclassified = addTo(unclassified, monthly, annual);
    }
    const category = line.category ?? UNCATEGORISED;
    const key = `${line.direction}:${category.key}`;
    const current = categories.get(key) ?? { ...category, direction: line.direction, ...zeroTotals(currency) };
    categories.set(key, { ...current, ...addTo(current, monthly, annual) });
  }

  return {
    currency,
    inflow,
    outflow,
    net: { monthly: inflow.monthly.subtract(outflow.monthly), annual: inflow.annual.subtract(outflow.annual) },
    needs,
    wants,
    unclassified,
    byCategory: [...categories.values()].sort(
      (a, b) => b.monthly.compare(a.monthly) || a.label.localeCompare(b.label, 'en'),
    ),
    oneTime: { inflow: oneTimeIn, outflow: oneTimeOut },
    irregularCount,
  };
}

const periodJson = (totals: PeriodTotals) => ({ monthly: totals.monthly.toJSON(), annual: totals.annual.toJSON() });

/** The summary as the API sends it: every amount `{value, currency}` with a decimal string. */
export function cashFlowSummaryToJson(summary: CashFlowSummary) {
  return {
    currency: summary.currency,
    inflow: periodJson(summary.inflow),
    outflow: periodJson(summary.outflow),
    net: periodJson(summary.net),
    needs: periodJson(summary.needs),
    wants: periodJson(summary.wants),
    unclassified: periodJson(summary.unclassified),
    byCategory: summary.byCategory.map((entry) => ({
      key: entry.key,
      label: entry.label,
      direction: entry.direction,
      ...periodJson(entry),
    })),
    oneTime: { inflow: summary.oneTime.inflow.toJSON(), outflow: summary.oneTime.outflow.toJSON() },
    irregularCount: summary.irregularCount,
  };
}

import type { Decimal } from 'decimal.js';
import { OCCURRENCES_PER_YEAR } from '../../financials/cash-flows/frequency.js';
import { PAYMENT_FREQUENCY_LABELS } from '../../financials/records/enums.js';
import { calculatePension } from '../../financials/pension/pension.js';
import { primaryResidenceExcludedGain } from '../../financials/registered/account-rules.js';
import { Dec } from '../../shared/money/decimal.js';
import type { FlowChange, FrequencyAmount, PlanAsset, PlanIncome, PlanLiability } from '../plans/document.js';
import type { PlanIncomeKind } from '../plans/enums.js';
import type { Arith } from '../shared/arith.js';
import type { Explanation } from '../shared/explanation.js';
import { dollars, explanation, percent } from './format.js';
import type { PlanContext, PlanPersonContext } from './plan-context.js';

/**
 * The flows of a plan that do not depend on market returns, year by year: incomes, expenses,
 * purchases, sales, asset values and the liabilities' amortisation. They are worked out once per
 * run (the Monte Carlo shares them across its paths); every amount is rounded to cents.
 */
export interface IncomeLine<N> {
  sourceId: string;
  label: string;
  kind: PlanIncomeKind;
  personId: string;
  amount: N;
  taxExempt: boolean;
  explanation?: Explanation;
}

export interface ExpenseLine<N> {
  sourceId: string;
  label: string;
  amount: N;
  fundingAccountId: string | null;
  explanation?: Explanation;
}

export interface PurchaseLine<N> {
  assetId: string;
  price: N;
  borrowed: N;
  fundingAccountId: string | null;
}

export interface SaleLine<N> {
  assetId: string;
  proceeds: N;
  gain: N;
  excluded: N;
  taxableGain: N;
  /** The taxable gain by owner, shared equally. */
  gainsByOwner: { personId: string; amount: N }[];
  proceedsAccountId: string | null;
  explanation?: Explanation;
}

export interface LiabilityLine<N> {
  liabilityId: string;
  opening: N;
  interest: N;
  payments: N;
  closing: N;
  /** Borrowed this year (the year the liability starts after the plan's start). */
  borrowed: N;
  interestExplanation?: Explanation;
}

export interface AssetLine<N> {
  assetId: string;
  value: N;
  sale: SaleLine<N> | null;
}

export interface YearSchedule<N> {
  year: number;
  incomes: IncomeLine<N>[];
  expenses: ExpenseLine<N>[];
  purchases: PurchaseLine<N>[];
  sales: SaleLine<N>[];
  liabilities: LiabilityLine<N>[];
  assets: AssetLine<N>[];
  /** Employment and self-employment income by person (RRSP room of the next year, US compensation). */
  earned: Map<string, N>;
  /** Planned contributions by account, before the year's room caps them. */
  plannedContributions: Map<string, N>;
}

function annualAmount(frequencyAmount: FrequencyAmount, amount: Decimal): Decimal {
  const frequency = frequencyAmount.frequency;
  // ONE_TIME is paid once; VARIED and OTHER have no period, so they count once a year.
  const occurrences = Object.hasOwn(OCCURRENCES_PER_YEAR, frequency)
    ? OCCURRENCES_PER_YEAR[frequency as keyof typeof OCCURRENCES_PER_YEAR]
    : 1;
  return amount.times(occurrences);
}

function changePercent(context: PlanContext, change: FlowChange): Decimal {
  switch (change.type) {
    case 'INFLATION':
      return new Dec(context.plan.settings.inflationPercent);
    case 'FIXED_RATE':
      return new Dec(change.ratePercent ?? 0);
    default:
      return new Dec(0);
  }
}

function describeChange(context: PlanContext, change: FlowChange, fromYear: number): string {
  if (change.type === 'NONE') return 'stays the same';
  const rate = changePercent(context, change).toString();
  return change.type === 'INFLATION'
    ? `grows with inflation (${percent(rate)} a year) from ${fromYear}`
    : `grows ${percent(rate)} a year from ${fromYear}`;
}

/** Splits an amount equally to the cent; the last share takes the rounding remainder. */
function splitEqually<N>(arith: Arith<N>, total: N, count: number): N[] {
  if (count <= 1) return [total];
  const share = arith.round(arith.div(total, arith.of(count)), 2);
  const shares = Array.from({ length: count - 1 }, () => share);
  shares.push(arith.sub(total, arith.mul(share, arith.of(count - 1))));
  return shares;
}

/** The yearly amounts of a flow over [start, end), in the projection's currency, grown from `growthFrom`. */
function flowAmounts(
  context: PlanContext,
  base: Decimal,
  frequencyAmount: FrequencyAmount,
  change: FlowChange,
  start: number,
  end: number,
  growthFrom: number,
): Map<number, Decimal> {
  const amounts = new Map<number, Decimal>();
  const first = Math.max(start, context.startYear);
  const last = Math.min(end - 1, context.endYear);
  if (first > last) return amounts;
  const yearly = frequencyAmount.frequency === 'ONE_TIME' ? base : annualAmount(frequencyAmount, base);
  const factor = changePercent(context, change).div(100).plus(1);
  for (let year = first; year <= last; year += 1) {
    if (frequencyAmount.frequency === 'ONE_TIME' && year !== first) break;
    const grown = yearly.times(factor.pow(Math.max(0, year - growthFrom)));
    amounts.set(year, grown.toDecimalPlaces(2, Dec.ROUND_HALF_UP));
  }
  return amounts;
}

function activePeople(context: PlanContext, ids: readonly string[], year: number): PlanPersonContext[] {
  const named = ids.length === 0 ? context.people : ids.map((id) => context.person(id)).filter((p) => p !== undefined);
  return named.filter((person) => context.isActive(person, year));
}

function incomeBase(context: PlanContext, income: PlanIncome): { base: Decimal; note: string; growthFrom: number } {
  if (income.definedBenefit) {
    const pension = calculatePension(income.definedBenefit);
    const base = context.convert(pension.annualPayout, income.frequencyAmount.amount.currency, context.currency);
    return {
      // The formula's payout is a yearly amount at the start of the time frame.
      base,
      note: `defined-benefit formula: ${pension.yearsOfService.toString()} years of service, accrued ${pension.accruedAnnualBenefit.toFixed(2)} a year, early-retirement reduction ${percent(pension.earlyRetirementPenaltyPercent.toString())}`,
      growthFrom: Math.max(context.startYear, context.yearOf(income.timeFrame.start, 'start')),
    };
  }
  return { base: context.money(income.frequencyAmount.amount), note: '', growthFrom: context.startYear };
}

export function buildSchedule<N>(arith: Arith<N>, context: PlanContext, explain: boolean): YearSchedule<N>[] {
  const { plan } = context;
  const years: YearSchedule<N>[] = [];
  for (let year = context.startYear; year <= context.endYear; year += 1) {
    years.push({
      year,
      incomes: [],
      expenses: [],
      purchases: [],
      sales: [],
      liabilities: [],
      assets: [],
      earned: new Map(),
      plannedContributions: new Map(),
    });
  }
  const at = (year: number) => years[year - context.startYear];
  const toN = (value: Decimal) => arith.of(value);

  for (const income of plan.incomes) {
    const start = context.yearOf(income.timeFrame.start, 'start');
    const end = context.yearOf(income.timeFrame.end, 'end');
    const { base, note, growthFrom } = incomeBase(context, income);
    const frequencyAmount = income.definedBenefit
      ? { ...income.frequencyAmount, frequency: 'ANNUALLY' as const }
      : income.frequencyAmount;
    for (const [year, total] of flowAmounts(context, base, frequencyAmount, income.change, start, end, growthFrom)) {
      const earners = activePeople(context, income.earners, year);
      if (earners.length === 0) continue;
      const shares = splitEqually(arith, toN(total), earners.length);
      earners.forEach((person, index) => {
        const amount = shares[index]!;
        const line: IncomeLine<N> = {
          sourceId: income.id,
          label: income.name,
          kind: income.kind,
          personId: person.personId,
          amount,
          taxExempt: income.taxExempt,
        };
        if (explain) {
          const frame = `${start} to ${end === context.endYear + 1 ? 'the end of the plan' : `${end - 1}`}`;
          line.explanation = explanation(
            'Plan income',
            `${income.name}: ${dollars(arith, toN(total))} in ${year} (paid ${frame}; ${describeChange(context, income.change, growthFrom)}${note ? `; ${note}` : ''})${earners.length > 1 ? `, shared equally by ${earners.length}` : ''}`,
            { 'Time frame': frame, Frequency: PAYMENT_FREQUENCY_LABELS[income.frequencyAmount.frequency] },
          );
        }
        const schedule = at(year)!;
        schedule.incomes.push(line);
        if (income.kind === 'EMPLOYMENT' || income.kind === 'SELF_EMPLOYMENT') {
          schedule.earned.set(person.personId, arith.add(schedule.earned.get(person.personId) ?? arith.zero, amount));
        }
      });
    }
  }

  for (const expense of plan.expenses) {
    const start = context.yearOf(expense.timeFrame.start, 'start');
    const end = context.yearOf(expense.timeFrame.end, 'end');
    const amounts = flowAmounts(
      context,
      context.money(expense.frequencyAmount.amount),
      expense.frequencyAmount,
      expense.change,
      start,
      end,
      context.startYear,
    );
    for (const [year, amount] of amounts) {
      // A spender's expense stops when every spender has left the plan.
      if (expense.spenders.length > 0 && activePeople(context, expense.spenders, year).length === 0) continue;
      at(year)!.expenses.push({
        sourceId: expense.id,
        label: expense.name,
        amount: toN(amount),
        fundingAccountId: expense.fundingSource.kind === 'ACCOUNT' ? expense.fundingSource.accountId : null,
        ...(explain && {
          explanation: explanation(
            'Plan expense',
            `${expense.name}: ${dollars(arith, toN(amount))} in ${year} (${describeChange(context, expense.change, context.startYear)})`,
          ),
        }),
      });
    }
  }

  for (const account of plan.accounts) {
    const contribution = account.contribution;
    if (!account.paymentsActive || !contribution) continue;
    const start = context.yearOf(contribution.timeFrame.start, 'start');
    const end = context.yearOf(contribution.timeFrame.end, 'end');
    const amounts = flowAmounts(
      context,
      context.money(contribution.frequencyAmount.amount),
      contribution.frequencyAmount,
      { type: 'NONE', ratePercent: null },
      start,
      end,
      context.startYear,
    );
    for (const [year, amount] of amounts) at(year)!.plannedContributions.set(account.id, toN(amount));
  }

  const saleYears = new Map<string, number>();
  for (const asset of plan.assets) {
    scheduleAsset(arith, context, asset, years, explain);
    if (asset.sale) saleYears.set(asset.id, asset.sale.year);
  }
  const financedBy = new Map<string, PlanAsset>();
  for (const asset of plan.assets) {
    if (asset.purchase?.paymentType === 'FINANCED' && asset.purchase.liabilityId)
      financedBy.set(asset.purchase.liabilityId, asset);
  }
  for (const liability of plan.liabilities) {
    scheduleLiability(
      arith,
      context,
      liability,
      financedBy.get(liability.id),
      liability.assetId ? saleYears.get(liability.assetId) : undefined,
      years,
      explain,
    );
  }
  return years;
}

function scheduleAsset<N>(
  arith: Arith<N>,
  context: PlanContext,
  asset: PlanAsset,
  years: YearSchedule<N>[],
  explain: boolean,
): void {
  const purchaseYear = asset.purchase ? asset.purchase.year : null;
  const owned = (year: number) =>
    (asset.currentValue !== null || (purchaseYear !== null && year >= purchaseYear)) &&
    (purchaseYear === null || year >= purchaseYear) &&
    (asset.sale === null || year <= asset.sale.year);
  const baseYear = purchaseYear !== null && purchaseYear >= context.startYear ? purchaseYear : context.startYear;
  const baseValue =
    purchaseYear !== null && purchaseYear >= context.startYear
      ? context.money(asset.purchase!.price)
      : asset.currentValue
        ? context.money(asset.currentValue)
        : new Dec(0);
  const factor = changePercent(context, asset.valueChange).div(100).plus(1);
  const costBasis = asset.costBasis ? context.money(asset.costBasis) : baseValue;
  const rental = asset.rentalIncome;

  for (const schedule of years) {
    const { year } = schedule;
    if (!owned(year)) continue;
    const value = baseValue.times(factor.pow(year - baseYear)).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    let sale: SaleLine<N> | null = null;

    if (asset.purchase && year === purchaseYear) {
      const price = toCents(arith, context.money(asset.purchase.price));
      const liability =
        asset.purchase.paymentType === 'FINANCED' && asset.purchase.liabilityId
          ? context.plan.liabilities.find((candidate) => candidate.id === asset.purchase!.liabilityId)
          : undefined;
      const borrowed = liability
        ? arith.min(price, toCents(arith, context.money(liability.currentBalance)))
        : arith.zero;
      schedule.purchases.push({
        assetId: asset.id,
        price,
        borrowed,
        fundingAccountId: asset.purchase.fundingAccountId,
      });
    }

    if (asset.sale && year === asset.sale.year) {
      const proceeds = arith.of(value);
      const gain = arith.round(arith.sub(proceeds, arith.of(costBasis)), 2);
      const owners = activePeople(context, asset.owners, year);
      const country = owners[0]?.country;
      let excluded = arith.zero;
      if (asset.isPrimaryResidence && (country === 'CA' || country === 'US') && arith.isPositive(gain)) {
        // The exclusion is in the owner's country's currency (the US cap is 250,000 USD).
        const home = country === 'US' ? 'USD' : 'CAD';
        const gainAtHome = context.convert(arith.toString(gain), context.currency, home);
        const excludedAtHome = primaryResidenceExcludedGain(country, gainAtHome);
        const excludedHere = excludedAtHome.eq(gainAtHome)
          ? new Dec(arith.toString(gain))
          : context.convert(excludedAtHome, home, context.currency);
        excluded = arith.min(gain, toCents(arith, excludedHere));
      }
      const taxableGain = arith.max(arith.zero, arith.sub(gain, excluded));
      const shares = splitEqually(arith, taxableGain, Math.max(1, owners.length));
      sale = {
        assetId: asset.id,
        proceeds,
        gain,
        excluded,
        taxableGain,
        gainsByOwner: owners.map((person, index) => ({ personId: person.personId, amount: shares[index]! })),
        proceedsAccountId: asset.sale.proceedsAccountId,
        ...(explain && {
          explanation: explanation(
            'Sale of an asset',
            `${asset.name} sold in ${year} for ${dollars(arith, proceeds)}: gain ${dollars(arith, gain)} over the cost basis ${dollars(arith, arith.of(costBasis))}${asset.isPrimaryResidence ? `, ${dollars(arith, excluded)} excluded as a principal residence` : ''}; ${dollars(arith, taxableGain)} taxed as a capital gain`,
          ),
        }),
      };
      schedule.sales.push(sale);
    }
    // After a sale the asset is gone: its value that year is the proceeds, now in cash.
    schedule.assets.push({ assetId: asset.id, value: sale ? arith.zero : arith.of(value), sale });

    if (rental && (asset.sale === null || year < asset.sale.year)) {
      const amounts = flowAmounts(
        context,
        context.money(rental.frequencyAmount.amount),
        rental.frequencyAmount,
        rental.change,
        year,
        year + 1,
        context.startYear,
      );
      const total = amounts.get(year);
      const owners = activePeople(context, asset.owners, year);
      if (total && owners.length > 0) {
        const shares = splitEqually(arith, arith.of(total), owners.length);
        owners.forEach((person, index) =>
          schedule.incomes.push({
            sourceId: asset.id,
            label: `${asset.name} rent`,
            kind: 'RENTAL',
            personId: person.personId,
            amount: shares[index]!,
            taxExempt: false,
            ...(explain && {
              explanation: explanation(
                'Rental income',
                `${asset.name}: ${dollars(arith, arith.of(total))} of rent in ${year} (${describeChange(context, rental.change, context.startYear)})${owners.length > 1 ? `, shared equally by ${owners.length}` : ''}`,
              ),
            }),
          }),
        );
      }
    }
  }
}

function toCents<N>(arith: Arith<N>, value: Decimal): N {
  return arith.round(arith.of(value), 2);
}

function yearOfDate(date: string | null): number | null {
  return date ? Number(date.slice(0, 4)) : null;
}

/**
 * A liability's years: interest on the opening balance (SIMPLE: rate x balance; COMPOUND: compounded
 * at its frequency over the year), then the year's payments, never more than what is owed. It
 * starts at the plan's start, at its effective date, or with the purchase it finances; a sale of
 * the asset it is secured by repays what is left.
 */
function scheduleLiability<N>(
  arith: Arith<N>,
  context: PlanContext,
  liability: PlanLiability,
  financedAsset: PlanAsset | undefined,
  assetSaleYear: number | undefined,
  years: YearSchedule<N>[],
  explain: boolean,
): void {
  const startYear = financedAsset?.purchase?.year ?? yearOfDate(liability.effectiveDate) ?? context.startYear;
  const borrowedAtStart = startYear > context.startYear || financedAsset !== undefined;
  const paymentStart = yearOfDate(liability.payment.start) ?? startYear;
  const rate = new Dec(liability.interest.ratePercent).div(100);
  const { frequency, type } = liability.interest.compounding;
  const periods = Object.hasOwn(OCCURRENCES_PER_YEAR, frequency)
    ? OCCURRENCES_PER_YEAR[frequency as keyof typeof OCCURRENCES_PER_YEAR]
    : 1;
  // The year's growth factor of a compounding balance is fixed: work it out once, in decimals.
  const yearlyRate = type === 'COMPOUND' ? rate.div(periods).plus(1).pow(periods).minus(1) : rate;
  const yearlyRateN = arith.of(yearlyRate);
  const payment = toCents(
    arith,
    annualAmount(liability.payment.frequencyAmount, context.money(liability.payment.frequencyAmount.amount)),
  );
  let balance = toCents(arith, context.money(liability.currentBalance));
  const loan = balance;

  for (const schedule of years) {
    const { year } = schedule;
    if (year < startYear || arith.isZero(balance)) {
      if (year >= startYear) schedule.liabilities.push(zeroLine(arith, liability.id));
      continue;
    }
    const borrowed = borrowedAtStart && year === Math.max(startYear, context.startYear) ? loan : arith.zero;
    // The purchase it finances counts the loan in the purchase's own line.
    const opening = balance;
    const interest = arith.round(arith.mul(opening, yearlyRateN), 2);
    const owed = arith.add(opening, interest);
    const sold = assetSaleYear !== undefined && year >= assetSaleYear;
    const due = sold ? owed : year >= paymentStart ? arith.min(payment, owed) : arith.zero;
    balance = arith.sub(owed, due);
    schedule.liabilities.push({
      liabilityId: liability.id,
      opening,
      interest,
      payments: due,
      closing: balance,
      borrowed: financedAsset ? arith.zero : borrowed,
      ...(explain && {
        interestExplanation: explanation(
          'Liability interest',
          type === 'COMPOUND'
            ? `${percent(liability.interest.ratePercent)} compounded ${frequency.toLowerCase().replace('_', '-')} (${periods} times a year) on ${dollars(arith, opening)} = ${dollars(arith, interest)}`
            : `${percent(liability.interest.ratePercent)} simple interest on ${dollars(arith, opening)} = ${dollars(arith, interest)}`,
          { Balance: dollars(arith, opening), Rate: percent(liability.interest.ratePercent) },
        ),
      }),
    });
  }
}

function zeroLine<N>(arith: Arith<N>, liabilityId: string): LiabilityLine<N> {
  return {
    liabilityId,
    opening: arith.zero,
    interest: arith.zero,
    payments: arith.zero,
    closing: arith.zero,
    borrowed: arith.zero,
  };
}

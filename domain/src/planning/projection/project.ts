import type { Decimal } from 'decimal.js';
import { Dec } from '../../shared/money/decimal.js';
import type { MilestoneCondition, PlanDocument } from '../plans/document.js';
import { DecimalArith } from '../shared/arith.js';
import type { Explanation, Figure } from '../shared/explanation.js';
import { householdIncomeTax } from '../tax/income-tax.js';
import type { HouseholdIncomeTax, PersonTax } from '../tax/types.js';
import { type EngineAccountYear, type EngineYear, prepareEngine, runEngine } from './engine.js';
import { explanation } from './format.js';
import { MARKET_RETURN_ASSUMPTIONS } from './market-returns.js';
import { PlanContext } from './plan-context.js';
import { buildSchedule, type YearSchedule } from './schedule.js';
import type {
  AccountYear,
  MilestoneResult,
  PersonYear,
  Projection,
  ProjectionOptions,
  ProjectionYear,
  TaxLines,
} from './types.js';

function figure(value: Decimal, why?: Explanation): Figure {
  const amount = value.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
  return why ? { amount, explanation: why } : { amount };
}

/**
 * The plan's projection, year by year from its start until the last person is 100, after tax, every
 * figure to the cent in `options.currency`; market classes grow at their mean return. `tax` is the
 * household income tax rules (the domain's by default; tests may pass a stand-in).
 */
export function projectPlan(
  plan: PlanDocument,
  options: ProjectionOptions,
  tax: HouseholdIncomeTax = householdIncomeTax,
): Projection {
  const explain = options.explain ?? true;
  const context = new PlanContext(plan, options);
  const schedule = buildSchedule(DecimalArith, context, explain);
  const setup = prepareEngine(DecimalArith, context, schedule, tax, explain);
  const means = Object.fromEntries(
    Object.entries(MARKET_RETURN_ASSUMPTIONS).map(([marketClass, assumption]) => [
      marketClass,
      new Dec(assumption.meanPercent).div(100),
    ]),
  ) as Record<string, Decimal>;
  const run = runEngine(setup, (marketClass) => means[marketClass]!, true);
  const years = run.years.map((year, index) => projectionYear(year, schedule[index]!, explain));
  const firstShortfall = years.find((year) => new Dec(year.shortfall.amount).gt(0));
  return {
    planId: plan.id,
    currency: options.currency,
    startYear: context.startYear,
    endYear: context.endYear,
    years,
    milestones: plan.milestones.map((milestone) =>
      milestoneResult(milestone.id, milestone.conditions, run.years, schedule, context),
    ),
    firstShortfallYear: firstShortfall ? firstShortfall.year : null,
  };
}

function notes(texts: string[], rule: string, explain: boolean): Explanation | undefined {
  if (!explain || texts.length === 0) return undefined;
  return explanation(rule, texts.join('; '));
}

function accountYear(account: EngineAccountYear<Decimal>, explain: boolean): AccountYear {
  return {
    accountId: account.accountId,
    accountType: account.accountType,
    opening: figure(account.opening),
    contributions: figure(
      account.contributions,
      notes(account.notes.contributions, "Contributions within the year's room", explain),
    ),
    growth: figure(account.growth),
    dividends: figure(account.dividends),
    fees: figure(account.fees),
    withdrawals: figure(account.withdrawals, notes(account.notes.withdrawals, 'Withdrawals', explain)),
    closing: figure(account.closing),
    minimumWithdrawal: account.minimum ? figure(account.minimum, account.notes.minimum) : null,
    maximumWithdrawal: account.maximum ? figure(account.maximum, account.notes.maximum) : null,
    convertedFrom: account.convertedFrom,
  };
}

function taxLines(tax: PersonTax<Decimal> | null): TaxLines {
  const zero = new Dec(0);
  return {
    federal: figure(tax?.federal ?? zero, tax?.explanations.federal),
    provincial: figure(tax?.provincial ?? zero, tax?.explanations.provincial),
    oasClawback: figure(tax?.oasClawback ?? zero, tax?.explanations.oasClawback),
    total: figure(tax?.total ?? zero),
    taxableIncome: figure(tax?.taxableIncome ?? zero, tax?.explanations.taxableIncome),
  };
}

function projectionYear(year: EngineYear<Decimal>, schedule: YearSchedule<Decimal>, explain: boolean): ProjectionYear {
  const people: PersonYear[] = year.people.map((person) => ({
    personId: person.personId,
    age: person.age,
    retired: person.retired,
    incomes: person.incomes.map((line) => ({
      sourceId: line.sourceId,
      label: line.label,
      amount: figure(line.amount, line.explanation),
    })),
    withdrawals: person.withdrawals.map((line) => ({
      sourceId: line.accountId,
      label: line.label,
      amount: figure(line.amount),
    })),
    taxes: taxLines(person.tax),
  }));
  return {
    year: year.year,
    ages: year.ages,
    people,
    incomes: figure(year.incomes),
    expenses: figure(year.expenses),
    debtPayments: figure(year.debtPayments),
    purchases: figure(year.purchases),
    saleProceeds: figure(year.saleProceeds),
    borrowed: figure(year.borrowed),
    contributions: figure(year.contributions),
    withdrawals: figure(year.withdrawals),
    taxes: figure(year.taxes),
    surplus: figure(year.surplus),
    shortfall: figure(
      year.shortfall,
      explain && year.shortfall.gt(0)
        ? explanation(
            'Shortfall',
            `The accounts that may be drawn on could not cover ${year.shortfall.toFixed(2)} of the year's need`,
          )
        : undefined,
    ),
    accounts: year.accounts.map((account) => accountYear(account, explain)),
    assets: schedule.assets.map((asset) => ({
      assetId: asset.assetId,
      value: figure(asset.value),
      sale: asset.sale
        ? {
            proceeds: figure(asset.sale.proceeds),
            gain: figure(asset.sale.gain, asset.sale.explanation),
            excluded: figure(asset.sale.excluded),
            taxableGain: figure(asset.sale.taxableGain),
          }
        : null,
    })),
    liabilities: schedule.liabilities.map((liability) => ({
      liabilityId: liability.liabilityId,
      opening: figure(liability.opening),
      interest: figure(liability.interest, liability.interestExplanation),
      payments: figure(liability.payments),
      closing: figure(liability.closing),
    })),
    netWorth: figure(year.netWorth),
  };
}

function milestoneResult(
  milestoneId: string,
  conditions: MilestoneCondition[],
  years: EngineYear<Decimal>[],
  schedule: YearSchedule<Decimal>[],
  context: PlanContext,
): MilestoneResult {
  const holds = (condition: MilestoneCondition, year: EngineYear<Decimal>, index: number): boolean => {
    switch (condition.kind) {
      case 'YEAR_REACHED':
        return year.year >= condition.year;
      case 'AGE_REACHED': {
        const person = context.person(condition.personId);
        return person !== undefined && context.ageInYear(person, year.year) >= condition.age;
      }
      case 'RETIRED': {
        const person = context.person(condition.personId);
        return person !== undefined && year.year >= person.retirementYear;
      }
      case 'NET_WORTH_AT_LEAST':
        return year.netWorth.gte(context.money(condition.amount));
      case 'ACCOUNT_BALANCE_AT_LEAST': {
        const account = year.accounts.find((candidate) => candidate.accountId === condition.accountId);
        return account !== undefined && account.closing.gte(context.money(condition.amount));
      }
      case 'DEBT_FREE':
        // Nothing owed at the end of the year.
        return schedule[index]!.liabilities.every((line) => line.closing.isZero());
      default:
        return false;
    }
  };
  const found = years.find((year, index) => conditions.every((condition) => holds(condition, year, index)));
  return { milestoneId, year: found ? found.year : null };
}

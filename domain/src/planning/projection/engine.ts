import { taxStatusOf } from '../../financials/accounts/investment-accounts.js';
import {
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  type InvestmentAccountType,
  type TaxStatus,
} from '../../financials/records/enums.js';
import { conversionTargetAt71 } from '../../financials/registered/account-rules.js';
import { FHSA_LIFETIME_LIMIT, fhsaAnnualRoom } from '../../financials/registered/fhsa.js';
import { LIF_MAX_TABLE_MIN_AGE, lifMaximumRate } from '../../financials/registered/lif.js';
import { RESP_MAX_CONTRIBUTION_PER_BENEFICIARY, respBasicGrant } from '../../financials/registered/resp.js';
import { RRIF_MIN_TABLE_AGE, rrifMinimumFactor } from '../../financials/registered/rrif.js';
import {
  RRSP_EARNED_INCOME_PERCENT,
  rrspDollarLimit,
  rrspRoomFromEarnedIncome,
} from '../../financials/registered/rrsp.js';
import { tfsaAnnualLimit, tfsaCumulativeRoom } from '../../financials/registered/tfsa.js';
import { isUsAccountType } from '../../financials/registered/us/account-types.js';
import { usAnnualContributionLimit } from '../../financials/registered/us/contribution-limit.js';
import { requiredMinimumDistribution } from '../../financials/registered/us/rmd.js';
import type { PlanAccount } from '../plans/document.js';
import type { MarketReturnClass } from '../plans/enums.js';
import type { Arith } from '../shared/arith.js';
import type { Explanation } from '../shared/explanation.js';
import type { HouseholdIncomeTax, PersonTax, TaxableIncome } from '../tax/types.js';
import { dollars, explanation, percent } from './format.js';
import type { PlanContext, PlanPersonContext } from './plan-context.js';
import type { IncomeLine, YearSchedule } from './schedule.js';

/** The account the engine adds when a plan has no CASH account: what no account can take lands here. */
export const PLAN_CASH_ACCOUNT_ID = 'plan-cash';
export const PLAN_CASH_ACCOUNT_NAME = 'Unallocated cash';

/** Income funds with a minimum withdrawal (Income Tax Regulations s. 7308; LIF and LRIF follow the RRIF minimum). */
const MINIMUM_FUNDS: ReadonlySet<InvestmentAccountType> = new Set(['RRIF', 'PRIF', 'LIF', 'LRIF']);
const MAXIMUM_FUNDS: ReadonlySet<InvestmentAccountType> = new Set(['LIF', 'LRIF']);
/** Locked-in savings: nothing may be taken out before they become a LIF. */
const LOCKED_IN: ReadonlySet<InvestmentAccountType> = new Set(['LIRA', 'LRSP', 'RLSP']);
/** Accounts that take no new money: income funds and locked-in plans (they are only transferred into). */
const CLOSED_TO_CONTRIBUTIONS: ReadonlySet<InvestmentAccountType> = new Set([
  'RRIF',
  'PRIF',
  'LIF',
  'LRIF',
  'LIRA',
  'LRSP',
  'RLSP',
]);
/** Contributions that use RRSP room. */
const RRSP_ROOM_TYPES: ReadonlySet<InvestmentAccountType> = new Set(['RRSP', 'SPP', 'VRSP']);
/** Withdrawals that are eligible pension income at 65 and over (and annuities). */
const PENSION_FUNDS: ReadonlySet<InvestmentAccountType> = new Set(['RRIF', 'PRIF', 'LIF', 'LRIF']);
/** Deductible contributions: a planned contribution lowers the owner's taxable income. */
const DEDUCTIBLE: ReadonlySet<InvestmentAccountType> = new Set([
  'RRSP',
  'SPP',
  'VRSP',
  'FHSA',
  'TRADITIONAL_IRA',
  'ACCOUNT_401K',
  'ACCOUNT_403B',
  'ACCOUNT_457B',
  'SEP_IRA',
  'SIMPLE_IRA',
  'HSA',
]);
/** US accounts that share one person's yearly limit. */
function usLimitGroup(type: InvestmentAccountType): string {
  if (type === 'TRADITIONAL_IRA' || type === 'ROTH_IRA') return 'IRA';
  if (type === 'ACCOUNT_401K' || type === 'ACCOUNT_403B' || type === 'ROTH_401K' || type === 'ROTH_403B') {
    return 'ELECTIVE_DEFERRAL';
  }
  return type;
}

export interface EngineAccountYear<N> {
  accountId: string;
  accountType: InvestmentAccountType;
  opening: N;
  contributions: N;
  growth: N;
  dividends: N;
  fees: N;
  withdrawals: N;
  closing: N;
  minimum: N | null;
  maximum: N | null;
  convertedFrom: InvestmentAccountType | null;
  notes: { minimum?: Explanation; maximum?: Explanation; contributions: string[]; withdrawals: string[] };
}

export interface EnginePersonYear<N> {
  personId: string;
  age: number;
  retired: boolean;
  incomes: IncomeLine<N>[];
  /** Withdrawals taxed as the person's income, by account. */
  withdrawals: { accountId: string; label: string; amount: N }[];
  tax: PersonTax<N> | null;
}

export interface EngineYear<N> {
  year: number;
  ages: Record<string, number>;
  people: EnginePersonYear<N>[];
  incomes: N;
  expenses: N;
  debtPayments: N;
  purchases: N;
  saleProceeds: N;
  borrowed: N;
  contributions: N;
  withdrawals: N;
  taxes: N;
  surplus: N;
  shortfall: N;
  accounts: EngineAccountYear<N>[];
  netWorth: N;
  /** The grant lines of the year (RESP), part of `incomes`. */
  grants: IncomeLine<N>[];
}

export interface EngineResult<N> {
  /** Every year in full when recording, else empty. */
  years: EngineYear<N>[];
  netWorth: N[];
  shortfall: N[];
}

/** What varies between runs: the growth of each market class in each year (a fraction, e.g. 0.05). */
export type MarketReturns<N> = (marketClass: MarketReturnClass, yearIndex: number) => N;

interface AccountSetup<N> {
  plan: PlanAccount;
  id: string;
  name: string;
  initialType: InvestmentAccountType;
  owner: PlanPersonContext | undefined;
  owners: PlanPersonContext[];
  opening: N;
  costBasis: N;
  dividendRate: N;
  feeRate: N;
  fixedRate: N | null;
  marketClass: MarketReturnClass | null;
  exemptAmount: N | null;
  acceptsSurplus: boolean;
  priority: number;
  withdrawalAllowed: boolean;
  withdrawalOrder: number;
  earliestAge: number | null;
  /** Lifetime contributions before the plan (FHSA, RESP caps); the cost basis stands in for it. */
  contributedBefore: N;
}

interface AccountState<N> {
  setup: AccountSetup<N>;
  type: InvestmentAccountType;
  balance: N;
  basis: N;
  /** The year the account became an income fund; a fund at the plan's start counts as earlier. */
  fundSince: number;
  contributedLifetime: N;
  respGrantLifetime: N;
  // The year's figures.
  opening: N;
  contributions: N;
  growth: N;
  dividends: N;
  fees: N;
  withdrawals: N;
  minimum: N | null;
  maximum: N | null;
  convertedFrom: InvestmentAccountType | null;
  /** The share of a taxable account's withdrawal that is gain, fixed at its first withdrawal of the year. */
  gainRatio: N | null;
  realisedGain: N;
  /** Who is taxed on the account's income this year. */
  taxOwnerIds: string[];
  /** Withdrawn this year to cover the need, and in how many passes (for the explanation). */
  coverWithdrawn: N;
  coverPasses: number;
  notes: EngineAccountYear<N>['notes'];
}

interface PersonState<N> {
  person: PlanPersonContext;
  rrspRoom: N;
  tfsaRoom: N;
  fhsaContributed: N;
  /** This year's: room at the start (for the explanations), US limit use by group, deductions. */
  rrspRoomAtStart: N;
  rrspNewRoom: N;
  tfsaNewRoom: N;
  tfsaRestored: N;
  tfsaRoomAtStart: N;
  fhsaThisYear: N;
  usUsed: Map<string, N>;
  deductions: N;
  tfsaWithdrawn: N;
}

/** The parts of a run fixed by the plan, worked out once (the Monte Carlo reuses them on every path). */
export interface EngineSetup<N> {
  arith: Arith<N>;
  context: PlanContext;
  schedule: YearSchedule<N>[];
  tax: HouseholdIncomeTax;
  explain: boolean;
  accounts: AccountSetup<N>[];
  cadToPlan: () => N;
  planToCad: () => N;
  usdToPlan: () => N;
  planToUsd: () => N;
  toTax: Map<string, N>;
  fromTax: Map<string, N>;
  /** New RRSP room by year index and person (18% of the previous year's earned income, up to the limit). */
  rrspNewRoom: Map<string, N>[];
  rrspInitialRoom: Map<string, N>;
  tfsaInitialRoom: Map<string, N>;
  tfsaAnnualLimit: N[];
  /** Caches of rules whose answer depends only on the plan (shared by paths). */
  usLimitCache: Map<string, { limit: N | null; text: string }>;
  rrifFactorCache: Map<number, N>;
  lifRateCache: Map<number, N>;
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export function prepareEngine<N>(
  arith: Arith<N>,
  context: PlanContext,
  schedule: YearSchedule<N>[],
  tax: HouseholdIncomeTax,
  explain: boolean,
): EngineSetup<N> {
  const { plan, currency } = context;
  const rateN = (from: 'CAD' | 'USD', to: 'CAD' | 'USD' | typeof currency) =>
    lazy(() => arith.of(context.rate(from, to)));
  const cadToPlan = rateN('CAD', currency);
  const usdToPlan = rateN('USD', currency);
  const planToCad = lazy(() => arith.of(context.rate(currency, 'CAD')));
  const planToUsd = lazy(() => arith.of(context.rate(currency, 'USD')));
  const toTax = new Map<string, N>();
  const fromTax = new Map<string, N>();
  for (const person of context.people) {
    toTax.set(person.personId, arith.of(context.rate(currency, person.taxCurrency)));
    fromTax.set(person.personId, arith.of(context.rate(person.taxCurrency, currency)));
  }

  const accounts: AccountSetup<N>[] = plan.accounts.map((account) => {
    const owners = account.owners.map((id) => context.person(id)).filter((person) => person !== undefined);
    const opening = arith.round(arith.of(context.money(account.marketValue)), 2);
    const costBasis = account.costBasis ? arith.round(arith.of(context.money(account.costBasis)), 2) : opening;
    return {
      plan: account,
      id: account.id,
      name: account.name,
      initialType: account.accountType,
      owner: owners[0],
      owners,
      opening,
      costBasis,
      dividendRate: arith.div(arith.of(account.dividendPercent), arith.of(100)),
      feeRate: arith.div(arith.of(account.feesPercent), arith.of(100)),
      fixedRate:
        account.growth.type === 'FIXED_RATE'
          ? arith.div(arith.of(account.growth.ratePercent ?? 0), arith.of(100))
          : null,
      marketClass: account.growth.type === 'MARKET_RETURN_PROFILE' ? account.growth.marketClass : null,
      exemptAmount: account.annualTaxExemptAmount
        ? arith.round(arith.of(context.money(account.annualTaxExemptAmount)), 2)
        : null,
      acceptsSurplus: account.liquidityRule.acceptsSurplus,
      priority: account.liquidityRule.priority,
      withdrawalAllowed: account.withdrawalRule.allowed,
      withdrawalOrder: account.withdrawalRule.order,
      earliestAge: account.withdrawalRule.earliestAge,
      contributedBefore: costBasis,
    };
  });
  if (!plan.accounts.some((account) => account.accountType === 'CASH')) {
    const firstOrder = Math.min(0, ...plan.accounts.map((account) => account.withdrawalRule.order)) - 1;
    accounts.push({
      plan: {
        id: PLAN_CASH_ACCOUNT_ID,
        financialRecordId: null,
        name: PLAN_CASH_ACCOUNT_NAME,
        accountType: 'CASH',
        jurisdiction: context.people[0]?.country ?? 'CA',
        owners: context.people.map((person) => person.personId),
        marketValue: { value: '0', currency },
        costBasis: null,
        dividendPercent: '0',
        feesPercent: '0',
        growth: { type: 'NONE', ratePercent: null, marketClass: null },
        liquidityRule: { acceptsSurplus: false, priority: Number.MAX_SAFE_INTEGER },
        withdrawalRule: { allowed: true, order: firstOrder, earliestAge: null },
        paymentsActive: false,
        contribution: null,
        annualTaxExemptAmount: null,
      },
      id: PLAN_CASH_ACCOUNT_ID,
      name: PLAN_CASH_ACCOUNT_NAME,
      initialType: 'CASH',
      owner: context.people[0],
      owners: context.people,
      opening: arith.zero,
      costBasis: arith.zero,
      dividendRate: arith.zero,
      feeRate: arith.zero,
      fixedRate: null,
      marketClass: null,
      exemptAmount: null,
      acceptsSurplus: false,
      priority: Number.MAX_SAFE_INTEGER,
      withdrawalAllowed: true,
      withdrawalOrder: firstOrder,
      earliestAge: null,
      contributedBefore: arith.zero,
    });
  }

  // RRSP and TFSA room depend on earned income and the calendar only: the same on every path.
  const hasCanadian = context.people.some((person) => person.country === 'CA');
  const rrspNewRoom: Map<string, N>[] = schedule.map(() => new Map());
  const rrspInitialRoom = new Map<string, N>();
  const tfsaInitialRoom = new Map<string, N>();
  const tfsaLimits: N[] = [];
  if (hasCanadian) {
    const cadRoom = (cad: { toString(): string }) => arith.round(arith.mul(arith.of(cad.toString()), cadToPlan()), 2);
    const earnedCad = (index: number, personId: string) =>
      arith.toString(arith.mul(schedule[index]?.earned.get(personId) ?? arith.zero, planToCad()));
    for (const person of context.people) {
      const planPerson = plan.people.find((candidate) => candidate.personId === person.personId)!;
      // Without a known carried room, the first year's room is worked out from that year's earnings.
      rrspInitialRoom.set(
        person.personId,
        planPerson.rrspRoom
          ? arith.round(arith.of(context.money(planPerson.rrspRoom)), 2)
          : cadRoom(rrspRoomFromEarnedIncome(earnedCad(0, person.personId), context.startYear)),
      );
      tfsaInitialRoom.set(
        person.personId,
        planPerson.tfsaRoom
          ? arith.round(arith.of(context.money(planPerson.tfsaRoom)), 2)
          : cadRoom(tfsaCumulativeRoom(person.birthYear, context.startYear)),
      );
      for (let index = 1; index < schedule.length; index += 1) {
        rrspNewRoom[index]!.set(
          person.personId,
          cadRoom(rrspRoomFromEarnedIncome(earnedCad(index - 1, person.personId), schedule[index]!.year)),
        );
      }
    }
    for (const year of schedule) tfsaLimits.push(cadRoom(tfsaAnnualLimit(year.year)));
  }

  return {
    arith,
    context,
    schedule,
    tax,
    explain,
    accounts,
    cadToPlan,
    planToCad,
    usdToPlan,
    planToUsd,
    toTax,
    fromTax,
    rrspNewRoom,
    rrspInitialRoom,
    tfsaInitialRoom,
    tfsaAnnualLimit: tfsaLimits,
    usLimitCache: new Map(),
    rrifFactorCache: new Map(),
    lifRateCache: new Map(),
  };
}

const NO_NOTES: EngineAccountYear<never>['notes'] = Object.freeze({ contributions: [], withdrawals: [] }) as never;

const EMPTY_INCOME = <N>(arith: Arith<N>): TaxableIncome<N> => ({
  employment: arith.zero,
  eligiblePension: arith.zero,
  cppQpp: arith.zero,
  oas: arith.zero,
  socialSecurity: arith.zero,
  otherOrdinary: arith.zero,
  eligibleDividends: arith.zero,
  capitalGains: arith.zero,
});

/**
 * Runs the plan year by year. Written once over Arith: the ledger runs it on decimals (every
 * figure to the cent, the money conserved each year), the Monte Carlo on floats with drawn returns.
 */
export function runEngine<N>(setup: EngineSetup<N>, returns: MarketReturns<N>, record: boolean): EngineResult<N> {
  const { arith: A, context, schedule, explain } = setup;
  const cent = A.of('0.01');
  const hundred = A.of(100);
  const one = A.of(1);
  const minusOne = A.of(-1);
  const highestMarginalRate = A.of('0.9');
  const decimalMode = A.kind === 'decimal';
  const maxPasses = decimalMode ? 40 : 12;

  const accounts: AccountState<N>[] = setup.accounts.map((account) => ({
    setup: account,
    type: account.initialType,
    balance: account.opening,
    basis: account.costBasis,
    fundSince: Number.NEGATIVE_INFINITY,
    contributedLifetime: account.contributedBefore,
    respGrantLifetime: A.zero,
    opening: A.zero,
    contributions: A.zero,
    growth: A.zero,
    dividends: A.zero,
    fees: A.zero,
    withdrawals: A.zero,
    minimum: null,
    maximum: null,
    convertedFrom: null,
    gainRatio: null,
    realisedGain: A.zero,
    taxOwnerIds: [],
    coverWithdrawn: A.zero,
    coverPasses: 0,
    notes: { contributions: [], withdrawals: [] },
  }));
  const byId = new Map(accounts.map((account) => [account.setup.id, account]));
  const planCash = byId.get(PLAN_CASH_ACCOUNT_ID) ?? accounts.find((account) => account.setup.initialType === 'CASH')!;
  const withdrawalOrder = [...accounts]
    .filter((account) => account.setup.withdrawalAllowed)
    .sort((a, b) => a.setup.withdrawalOrder - b.setup.withdrawalOrder);
  const surplusOrder = [...accounts]
    .filter((account) => account.setup.acceptsSurplus && account !== planCash)
    .sort((a, b) => a.setup.priority - b.setup.priority);

  const people: PersonState<N>[] = context.people.map((person) => ({
    person,
    rrspRoom: setup.rrspInitialRoom.get(person.personId) ?? A.zero,
    tfsaRoom: setup.tfsaInitialRoom.get(person.personId) ?? A.zero,
    fhsaContributed: A.zero,
    rrspRoomAtStart: A.zero,
    rrspNewRoom: A.zero,
    tfsaNewRoom: A.zero,
    tfsaRestored: A.zero,
    tfsaRoomAtStart: A.zero,
    fhsaThisYear: A.zero,
    usUsed: new Map(),
    deductions: A.zero,
    tfsaWithdrawn: A.zero,
  }));
  const personState = new Map(people.map((state) => [state.person.personId, state]));
  for (const account of accounts) {
    if (account.setup.initialType === 'FHSA' && account.setup.owner) {
      const state = personState.get(account.setup.owner.personId)!;
      state.fhsaContributed = A.add(state.fhsaContributed, account.setup.contributedBefore);
    }
  }

  const result: EngineResult<N> = { years: [], netWorth: [], shortfall: [] };
  let active: PersonState<N>[] = [];
  let activeIds = new Set<string>();

  schedule.forEach((yearSchedule, yearIndex) => {
    const { year } = yearSchedule;
    // People only ever leave the plan, so the set of people in it changes when its size does.
    const stillActive: PersonState<N>[] = [];
    for (const state of people) if (context.isActive(state.person, year)) stillActive.push(state);
    const peopleChanged = stillActive.length !== active.length || yearIndex === 0;
    if (peopleChanged) {
      active = stillActive;
      activeIds = new Set(active.map((state) => state.person.personId));
    }

    // Room of the year: last year's unused room, this year's new room, TFSA withdrawals restored.
    for (const state of people) {
      if (yearIndex > 0) {
        state.rrspNewRoom = setup.rrspNewRoom[yearIndex]?.get(state.person.personId) ?? A.zero;
        state.rrspRoom = A.add(state.rrspRoom, state.rrspNewRoom);
        state.tfsaNewRoom = setup.tfsaAnnualLimit[yearIndex] ?? A.zero;
        state.tfsaRestored = state.tfsaWithdrawn;
        state.tfsaRoom = A.add(A.add(state.tfsaRoom, state.tfsaNewRoom), state.tfsaRestored);
      } else {
        state.rrspNewRoom = A.zero;
        state.tfsaNewRoom = A.zero;
        state.tfsaRestored = A.zero;
      }
      state.rrspRoomAtStart = state.rrspRoom;
      state.tfsaRoomAtStart = state.tfsaRoom;
      state.tfsaWithdrawn = A.zero;
      state.fhsaThisYear = A.zero;
      state.usUsed.clear();
      state.deductions = A.zero;
    }

    // Opening, conversion at 71, the year's bounds, then growth, dividends and fees on the opening balance.
    for (const account of accounts) {
      const owner = account.setup.owner;
      account.opening = account.balance;
      account.contributions = A.zero;
      account.withdrawals = A.zero;
      account.convertedFrom = null;
      account.gainRatio = null;
      account.realisedGain = A.zero;
      account.minimum = null;
      account.maximum = null;
      // Notes are written only when explaining; otherwise every account shares one empty set.
      account.notes = explain ? { contributions: [], withdrawals: [] } : NO_NOTES;
      account.coverWithdrawn = A.zero;
      account.coverPasses = 0;
      if (peopleChanged) account.taxOwnerIds = taxOwners(account, active, activeIds);
      const target = conversionTargetAt71(account.type);
      if (target && owner && context.ageInYear(owner, year) >= 71) {
        account.convertedFrom = account.type;
        account.type = target;
        account.fundSince = year;
      }
      if (owner) setBounds(setup, account, owner, year);

      const rate =
        account.setup.fixedRate ??
        (account.setup.marketClass ? A.max(minusOne, returns(account.setup.marketClass, yearIndex)) : A.zero);
      account.growth = A.round(A.mul(account.opening, rate), 2);
      account.dividends = A.round(A.mul(account.opening, account.setup.dividendRate), 2);
      account.fees = A.round(A.mul(account.opening, account.setup.feeRate), 2);
      const beforeFees = A.add(A.add(account.opening, account.growth), account.dividends);
      if (A.gt(account.fees, beforeFees)) account.fees = A.max(A.zero, beforeFees);
      account.balance = A.sub(beforeFees, account.fees);
      if (taxStatus(account) === 'TAXABLE') account.basis = A.add(account.basis, account.dividends);
    }

    let pool = A.zero;
    let incomes = A.zero;
    for (const line of yearSchedule.incomes) incomes = A.add(incomes, line.amount);
    let expenses = A.zero;
    for (const line of yearSchedule.expenses) expenses = A.add(expenses, line.amount);
    let purchases = A.zero;
    let borrowed = A.zero;
    for (const line of yearSchedule.purchases) {
      purchases = A.add(purchases, line.price);
      borrowed = A.add(borrowed, line.borrowed);
    }
    let debtPayments = A.zero;
    for (const line of yearSchedule.liabilities) {
      debtPayments = A.add(debtPayments, line.payments);
      borrowed = A.add(borrowed, line.borrowed);
    }
    let saleProceeds = A.zero;
    for (const sale of yearSchedule.sales) saleProceeds = A.add(saleProceeds, sale.proceeds);
    pool = A.sub(
      A.add(A.add(A.add(pool, incomes), saleProceeds), borrowed),
      A.add(A.add(expenses, purchases), debtPayments),
    );

    // A sale's proceeds go straight to the account named for them when it takes any amount.
    for (const sale of yearSchedule.sales) {
      const target = sale.proceedsAccountId ? byId.get(sale.proceedsAccountId) : undefined;
      if (target && roomOf(setup, target, personState, year).room === null) {
        contribute(A, target, sale.proceeds);
        pool = A.sub(pool, sale.proceeds);
        if (explain) target.notes.contributions.push(`${dollars(A, sale.proceeds)} of sale proceeds`);
      }
    }

    // Forced minimums (RRIF, PRIF, LIF, LRIF, US RMD) first: they are income whatever the need.
    for (const account of accounts) {
      if (account.minimum && A.isPositive(account.minimum)) {
        const taken = withdraw(A, account, account.minimum);
        pool = A.add(pool, taken);
        if (explain) account.notes.withdrawals.push(`${dollars(A, taken)} required minimum`);
      }
    }

    // Expenses and purchases paid from one account come out of it first.
    const earmarks: { accountId: string; amount: N; label: string }[] = [];
    for (const line of yearSchedule.expenses) {
      if (line.fundingAccountId)
        earmarks.push({ accountId: line.fundingAccountId, amount: line.amount, label: line.label });
    }
    for (const line of yearSchedule.purchases) {
      if (line.fundingAccountId) {
        earmarks.push({
          accountId: line.fundingAccountId,
          amount: A.sub(line.price, line.borrowed),
          label: 'purchase',
        });
      }
    }
    for (const earmark of earmarks) {
      const account = byId.get(earmark.accountId);
      if (!account) continue;
      const taken = withdraw(A, account, A.min(earmark.amount, withdrawable(A, account)));
      pool = A.add(pool, taken);
      if (explain && A.isPositive(taken)) {
        account.notes.withdrawals.push(`${dollars(A, taken)} for ${earmark.label} (funded from this account)`);
      }
    }

    // Planned contributions, each capped by the year's room; deductible ones lower the owner's income.
    const grants: IncomeLine<N>[] = [];
    for (const [accountId, planned] of yearSchedule.plannedContributions) {
      const account = byId.get(accountId);
      const owner = account?.setup.owner;
      if (!account || !owner || !activeIds.has(owner.personId)) continue;
      const made = contributeWithinRoom(setup, account, planned, personState, year, 'planned', grants);
      pool = A.sub(pool, made);
      if (DEDUCTIBLE.has(account.type)) {
        const state = personState.get(owner.personId)!;
        state.deductions = A.add(state.deductions, made);
      }
    }

    // Tax, then withdrawals by the withdrawal order, grossed up for the tax they cause.
    const fixed = fixedIncome(accounts, active, yearSchedule);
    const yearTax = () => householdTax(setup, accounts, active, fixed, year);
    let taxResult = yearTax();
    let net = A.sub(pool, taxResult.total);
    let marginal = A.zero;
    for (let pass = 0; pass < maxPasses && A.isNegative(net); pass += 1) {
      const need = A.sub(A.zero, net);
      // The secant estimate of the marginal rate turns the need into the gross withdrawal.
      let request = A.round(A.div(need, A.sub(one, marginal)), 2);
      if (A.lt(request, need)) request = need;
      if (decimalMode && pass > 0) request = A.add(request, cent);
      const taken = withdrawInOrder(setup, withdrawalOrder, request, year, pass);
      if (!A.isPositive(taken)) break;
      const nextTax = yearTax();
      const taxChange = A.sub(nextTax.total, taxResult.total);
      marginal = A.min(highestMarginalRate, A.max(A.zero, A.div(taxChange, taken)));
      net = A.sub(A.add(net, taken), taxChange);
      pool = A.add(pool, taken);
      taxResult = nextTax;
    }

    let shortfall = A.zero;
    let surplus = A.zero;
    if (A.isNegative(net)) {
      shortfall = A.sub(A.zero, net);
    } else if (A.isPositive(net)) {
      surplus = net;
      let left = net;
      for (const account of surplusOrder) {
        if (!A.isPositive(left)) break;
        const owner = account.setup.owner;
        if (owner && !activeIds.has(owner.personId)) continue;
        const made = contributeWithinRoom(setup, account, left, personState, year, 'surplus', grants);
        left = A.sub(left, made);
      }
      if (A.isPositive(left)) {
        contribute(A, planCash, left);
        if (explain) planCash.notes.contributions.push(`${dollars(A, left)} of surplus no account could take`);
      }
    }

    if (explain) for (const account of accounts) explainCover(account);

    // TFSA withdrawals come back as room next year.
    for (const account of accounts) {
      if (account.type === 'TFSA' && account.setup.owner && A.isPositive(account.withdrawals)) {
        const state = personState.get(account.setup.owner.personId)!;
        state.tfsaWithdrawn = A.add(state.tfsaWithdrawn, account.withdrawals);
      }
    }

    let netWorth = A.zero;
    for (const account of accounts) netWorth = A.add(netWorth, account.balance);
    for (const asset of yearSchedule.assets) netWorth = A.add(netWorth, asset.value);
    for (const liability of yearSchedule.liabilities) netWorth = A.sub(netWorth, liability.closing);
    result.netWorth.push(netWorth);
    result.shortfall.push(shortfall);
    if (!record) return;

    let grantTotal = A.zero;
    for (const grant of grants) grantTotal = A.add(grantTotal, grant.amount);
    let contributions = A.zero;
    let withdrawals = A.zero;
    for (const account of accounts) {
      contributions = A.add(contributions, account.contributions);
      withdrawals = A.add(withdrawals, account.withdrawals);
    }
    const ages: Record<string, number> = {};
    for (const state of active) ages[state.person.personId] = context.ageInYear(state.person, year);
    result.years.push({
      year,
      ages,
      people: active.map((state) => personYear(setup, state, accounts, yearSchedule, grants, taxResult.byPerson, year)),
      incomes: A.add(incomes, grantTotal),
      expenses,
      debtPayments,
      purchases,
      saleProceeds,
      borrowed,
      contributions,
      withdrawals,
      taxes: taxResult.total,
      surplus,
      shortfall,
      accounts: accounts.map((account) => ({
        accountId: account.setup.id,
        accountType: account.type,
        opening: account.opening,
        contributions: account.contributions,
        growth: account.growth,
        dividends: account.dividends,
        fees: account.fees,
        withdrawals: account.withdrawals,
        closing: account.balance,
        minimum: account.minimum,
        maximum: account.maximum,
        convertedFrom: account.convertedFrom,
        notes: account.notes,
      })),
      netWorth,
      grants,
    });
  });
  return result;

  function withdrawInOrder(
    engine: EngineSetup<N>,
    order: AccountState<N>[],
    request: N,
    year: number,
    pass: number,
  ): N {
    let left = request;
    let total = A.zero;
    for (const account of order) {
      if (!A.isPositive(left)) break;
      const owner = account.setup.owner;
      if (account.setup.earliestAge !== null && owner && context.ageInYear(owner, year) < account.setup.earliestAge) {
        continue;
      }
      const available = withdrawable(A, account);
      if (!A.isPositive(available)) continue;
      const taken = withdraw(A, account, A.min(left, available));
      left = A.sub(left, taken);
      total = A.add(total, taken);
      if (engine.explain) {
        // One line per account for the year's need, whatever the number of gross-up passes.
        account.coverWithdrawn = A.add(account.coverWithdrawn, taken);
        account.coverPasses = Math.max(account.coverPasses, pass + 1);
      }
    }
    return total;
  }

  function explainCover(account: AccountState<N>): void {
    if (!A.isPositive(account.coverWithdrawn)) return;
    const earliest = account.setup.earliestAge === null ? '' : `, allowed from age ${account.setup.earliestAge}`;
    const grossUp =
      account.coverPasses > 1
        ? `, grossed up for the tax it causes (${account.coverPasses} passes)`
        : ', no further tax to cover';
    account.notes.withdrawals.push(
      `${dollars(A, account.coverWithdrawn)} to cover what income did not (expenses, debt payments, planned contributions and tax): withdrawal order ${account.setup.withdrawalOrder}${earliest}${grossUp}`,
    );
  }

  function contributeWithinRoom(
    engine: EngineSetup<N>,
    account: AccountState<N>,
    wanted: N,
    states: Map<string, PersonState<N>>,
    year: number,
    why: 'planned' | 'surplus',
    grants: IncomeLine<N>[],
  ): N {
    const { room, describe } = roomOf(engine, account, states, year);
    const made = room === null ? wanted : A.max(A.zero, A.min(wanted, room));
    if (A.isPositive(made)) {
      contribute(A, account, made);
      useRoom(engine, account, made, states);
      grantIfResp(engine, account, made, grants, year);
    }
    if (engine.explain && (A.isPositive(made) || why === 'planned')) {
      const roomText = describe ? `${describe()}; ` : '';
      account.notes.contributions.push(
        `${roomText}${dollars(A, wanted)} ${why === 'planned' ? 'planned' : 'of surplus offered'}, ${dollars(A, made)} contributed`,
      );
    }
    return made;
  }

  function grantIfResp(
    engine: EngineSetup<N>,
    account: AccountState<N>,
    made: N,
    grants: IncomeLine<N>[],
    year: number,
  ) {
    if (account.type !== 'RESP' || !account.setup.owner) return;
    const toCad = engine.planToCad();
    const grantCad = respBasicGrant(
      A.toString(A.mul(made, toCad)),
      A.toString(A.mul(account.respGrantLifetime, toCad)),
    );
    if (grantCad.isZero()) return;
    const grant = A.round(A.mul(A.of(grantCad.toString()), engine.cadToPlan()), 2);
    account.respGrantLifetime = A.add(account.respGrantLifetime, grant);
    contribute(A, account, grant);
    grants.push({
      sourceId: account.setup.id,
      label: 'Canada Education Savings Grant',
      kind: 'OTHER',
      personId: account.setup.owner.personId,
      amount: grant,
      taxExempt: true,
      ...(engine.explain && {
        explanation: explanation(
          'Canada Education Savings Grant (20%, up to $500 a year and $7,200 in a lifetime)',
          `20% of ${dollars(A, made)} contributed in ${year} = ${dollars(A, grant)}, paid into ${account.setup.name}`,
        ),
      }),
    });
    if (engine.explain) account.notes.contributions.push(`${dollars(A, grant)} education savings grant`);
  }

  function useRoom(engine: EngineSetup<N>, account: AccountState<N>, made: N, states: Map<string, PersonState<N>>) {
    const owner = account.setup.owner;
    const state = owner ? states.get(owner.personId) : undefined;
    if (!state) return;
    if (RRSP_ROOM_TYPES.has(account.type)) state.rrspRoom = A.sub(state.rrspRoom, made);
    else if (account.type === 'TFSA') state.tfsaRoom = A.sub(state.tfsaRoom, made);
    else if (account.type === 'FHSA') {
      state.fhsaContributed = A.add(state.fhsaContributed, made);
      state.fhsaThisYear = A.add(state.fhsaThisYear, made);
    } else if (isUsAccountType(account.type)) {
      const group = usLimitGroup(account.type);
      state.usUsed.set(group, A.add(state.usUsed.get(group) ?? A.zero, made));
    }
    account.contributedLifetime = A.add(account.contributedLifetime, made);
    void engine;
  }

  function roomOf(
    engine: EngineSetup<N>,
    account: AccountState<N>,
    states: Map<string, PersonState<N>>,
    year: number,
  ): { room: N | null; describe?: (() => string) | undefined } {
    // The words are made only when explaining: a closure per contribution costs the Monte Carlo.
    const type = account.type;
    if (CLOSED_TO_CONTRIBUTIONS.has(type)) {
      return {
        room: A.zero,
        describe: engine.explain
          ? () => `${INVESTMENT_ACCOUNT_TYPE_LABELS[type]} takes no new contributions`
          : undefined,
      };
    }
    const owner = account.setup.owner;
    const state = owner ? states.get(owner.personId) : undefined;
    if (!owner || !state) return { room: null };
    if (RRSP_ROOM_TYPES.has(type)) {
      return {
        room: state.rrspRoom,
        describe: engine.explain
          ? () =>
              `RRSP room ${year}: ${dollars(A, state.rrspNewRoom)} new (${RRSP_EARNED_INCOME_PERCENT}% of ${year - 1} earned income, up to the ${rrspDollarLimit(year).toLocaleString('en-US')} dollar limit) + ${dollars(A, A.sub(state.rrspRoomAtStart, state.rrspNewRoom))} carried = ${dollars(A, state.rrspRoomAtStart)}; ${dollars(A, state.rrspRoom)} left`
          : undefined,
      };
    }
    if (type === 'TFSA') {
      return {
        room: state.tfsaRoom,
        describe: engine.explain
          ? () => {
              const carried = A.sub(A.sub(state.tfsaRoomAtStart, state.tfsaNewRoom), state.tfsaRestored);
              return `TFSA room ${year}: ${dollars(A, state.tfsaNewRoom)} annual limit + ${dollars(A, carried)} carried${A.isPositive(state.tfsaRestored) ? ` + ${dollars(A, state.tfsaRestored)} withdrawn last year` : ''} = ${dollars(A, state.tfsaRoomAtStart)}`;
            }
          : undefined,
      };
    }
    if (type === 'FHSA') {
      const toCad = engine.planToCad();
      const annualCad = fhsaAnnualRoom(
        year,
        A.toNumber(A.mul(A.sub(state.fhsaContributed, state.fhsaThisYear), toCad)),
      );
      const annual = A.round(A.mul(A.of(annualCad), engine.cadToPlan()), 2);
      return {
        room: A.max(A.zero, A.sub(annual, state.fhsaThisYear)),
        describe: engine.explain
          ? () =>
              `FHSA room ${year}: ${dollars(A, annual)} (8,000 a year, ${FHSA_LIFETIME_LIMIT.toLocaleString('en-US')} in a lifetime)`
          : undefined,
      };
    }
    if (type === 'RESP') {
      const cap = A.round(A.mul(A.of(RESP_MAX_CONTRIBUTION_PER_BENEFICIARY), engine.cadToPlan()), 2);
      return {
        room: A.max(A.zero, A.sub(cap, account.contributedLifetime)),
        describe: engine.explain ? () => `RESP lifetime contribution limit ${dollars(A, cap)}` : undefined,
      };
    }
    if (isUsAccountType(type)) {
      const limit = usLimit(engine, type, owner, year);
      if (limit.limit === null) return { room: null };
      const used = state.usUsed.get(usLimitGroup(type)) ?? A.zero;
      return {
        room: A.max(A.zero, A.sub(limit.limit, used)),
        describe: engine.explain ? () => `${limit.text}; ${dollars(A, used)} already used` : undefined,
      };
    }
    return { room: null };
  }

  function usLimit(engine: EngineSetup<N>, type: InvestmentAccountType, owner: PlanPersonContext, year: number) {
    const key = `${owner.personId}|${type}|${year}`;
    let cached = engine.usLimitCache.get(key);
    if (!cached) {
      const earned = engine.schedule[year - engine.context.startYear]?.earned.get(owner.personId) ?? A.zero;
      const compensation = A.toString(A.round(A.mul(earned, engine.planToUsd()), 2));
      const answer = usAnnualContributionLimit({
        accountType: type,
        year,
        age: engine.context.ageInYear(owner, year),
        compensation,
        hsaCoverage: 'SELF_ONLY',
      });
      const limit = answer.limit === null ? null : A.round(A.mul(A.of(answer.limit.toString()), engine.usdToPlan()), 2);
      cached = {
        limit,
        text: `${INVESTMENT_ACCOUNT_TYPE_LABELS[type]} limit ${year}: ${answer.parts.map((part) => `${part.label} ${dollars(A, A.of(part.amount.toFixed(2)))}`).join(' + ')}${limit === null ? '' : ` = ${dollars(A, limit)}`}`,
      };
      engine.usLimitCache.set(key, cached);
    }
    return cached;
  }

  function setBounds(engine: EngineSetup<N>, account: AccountState<N>, owner: PlanPersonContext, year: number) {
    const type = account.type;
    const ageAtStart = context.ageAtStartOfYear(owner, year);
    const openedEarlier = account.fundSince < year;
    if (MINIMUM_FUNDS.has(type) && openedEarlier && ageAtStart >= RRIF_MIN_TABLE_AGE) {
      let factor = engine.rrifFactorCache.get(ageAtStart);
      if (factor === undefined) {
        factor = A.of(rrifMinimumFactor(ageAtStart));
        engine.rrifFactorCache.set(ageAtStart, factor);
      }
      account.minimum = A.round(A.mul(account.opening, factor), 2);
      if (engine.explain) {
        account.notes.minimum = explanation(
          'RRIF minimum withdrawal (Income Tax Regulations s. 7308)',
          `minimum ${percent(A.toNumber(A.round(A.mul(factor, hundred), 2)))} of ${dollars(A, account.opening)} at age ${ageAtStart} = ${dollars(A, account.minimum)}`,
          { Balance: dollars(A, account.opening), Age: String(ageAtStart) },
        );
      }
    }
    if (MAXIMUM_FUNDS.has(type)) {
      if (!openedEarlier || ageAtStart < LIF_MAX_TABLE_MIN_AGE) {
        account.maximum = A.zero;
      } else {
        let rate = engine.lifRateCache.get(ageAtStart);
        if (rate === undefined) {
          rate = A.of(lifMaximumRate(ageAtStart));
          engine.lifRateCache.set(ageAtStart, rate);
        }
        account.maximum = A.round(A.div(A.mul(account.opening, rate), hundred), 2);
        if (engine.explain) {
          account.notes.maximum = explanation(
            'LIF maximum withdrawal (Pension Benefits Standards Regulations, 1985, s. 20.1)',
            `maximum ${percent(A.toNumber(rate))} of ${dollars(A, account.opening)} at age ${ageAtStart} = ${dollars(A, account.maximum)}`,
            { Balance: dollars(A, account.opening), Age: String(ageAtStart) },
          );
        }
      }
    }
    if (LOCKED_IN.has(type)) account.maximum = A.zero;
    if (isUsAccountType(type) && year >= 2022 && A.isPositive(account.opening)) {
      const age = context.ageInYear(owner, year);
      const rmd = requiredMinimumDistribution(A.toString(account.opening), age, owner.birthYear, type);
      if (rmd.required) {
        account.minimum = A.round(A.of(rmd.amount.toString()), 2);
        if (engine.explain) {
          account.notes.minimum = explanation(
            'US required minimum distribution (IRC s. 401(a)(9), Uniform Lifetime Table)',
            `RMD ${dollars(A, account.opening)} / ${rmd.divisor?.toString() ?? ''} at age ${age} = ${dollars(A, account.minimum)}`,
            { Balance: dollars(A, account.opening), Age: String(age) },
          );
        }
      }
    }
    if (account.minimum) account.minimum = A.min(account.minimum, account.opening);
    if (account.minimum && account.maximum && A.lt(account.maximum, account.minimum)) account.maximum = account.minimum;
  }

  /**
   * The year's taxable income that withdrawals do not change (incomes, sale gains, taxable
   * accounts' dividends, deductions), by person, worked out once before the gross-up passes.
   */
  function fixedIncome(
    all: AccountState<N>[],
    activePeople: PersonState<N>[],
    yearSchedule: YearSchedule<N>,
  ): Map<string, TaxableIncome<N>> {
    const incomeOf = new Map<string, TaxableIncome<N>>();
    for (const state of activePeople) incomeOf.set(state.person.personId, EMPTY_INCOME(A));
    for (const line of yearSchedule.incomes) {
      const income = line.taxExempt ? undefined : incomeOf.get(line.personId);
      if (!income) continue;
      let field = incomeField(line.kind);
      // An annuity is eligible pension income from 65; a DB pension at any age.
      if (line.kind === 'ANNUITY' && context.ageInYear(context.person(line.personId)!, yearSchedule.year) < 65) {
        field = 'otherOrdinary';
      }
      income[field] = A.add(income[field], line.amount);
    }
    for (const sale of yearSchedule.sales) {
      for (const share of sale.gainsByOwner) {
        const income = incomeOf.get(share.personId);
        if (income) income.capitalGains = A.add(income.capitalGains, share.amount);
      }
    }
    for (const account of all) {
      const owners = account.taxOwnerIds;
      if (owners.length === 0 || !A.isPositive(account.dividends) || taxStatus(account) !== 'TAXABLE') continue;
      const share = A.div(account.dividends, A.of(owners.length));
      for (const owner of owners) {
        const income = incomeOf.get(owner);
        if (income) income.eligibleDividends = A.add(income.eligibleDividends, share);
      }
    }
    return incomeOf;
  }

  function householdTax(
    engine: EngineSetup<N>,
    all: AccountState<N>[],
    activePeople: PersonState<N>[],
    fixed: Map<string, TaxableIncome<N>>,
    year: number,
  ): { total: N; byPerson: Map<string, PersonTax<N>> } {
    const byPerson = new Map<string, PersonTax<N>>();
    if (activePeople.length === 0) return { total: A.zero, byPerson };
    const incomeOf = new Map<string, TaxableIncome<N>>();
    for (const [personId, income] of fixed) incomeOf.set(personId, { ...income });
    for (const account of all) {
      if (!A.isPositive(account.withdrawals)) continue;
      const owners = account.taxOwnerIds;
      if (owners.length === 0) continue;
      const status = taxStatus(account);
      const taxed = account.setup.exemptAmount
        ? A.max(A.zero, A.sub(account.withdrawals, account.setup.exemptAmount))
        : account.withdrawals;
      if (!A.isPositive(taxed)) continue;
      if (status === 'TAX_DEFERRED' && account.type !== 'RESP') {
        const share = A.div(taxed, A.of(owners.length));
        for (const owner of owners) {
          const income = incomeOf.get(owner);
          if (!income) continue;
          const age = context.ageInYear(context.person(owner)!, year);
          if (PENSION_FUNDS.has(account.type) && age >= 65)
            income.eligiblePension = A.add(income.eligiblePension, share);
          else income.otherOrdinary = A.add(income.otherOrdinary, share);
        }
      } else if (status === 'TAXABLE') {
        const gain = A.div(A.mul(taxed, account.gainRatio ?? A.zero), A.of(owners.length));
        for (const owner of owners) {
          const income = incomeOf.get(owner);
          if (income) income.capitalGains = A.add(income.capitalGains, gain);
        }
      }
    }
    // Deductible contributions lower earned income first, then other ordinary income.
    for (const state of activePeople) {
      const income = incomeOf.get(state.person.personId)!;
      let deduction = state.deductions;
      if (!A.isPositive(deduction)) continue;
      const fromEmployment = A.min(deduction, income.employment);
      income.employment = A.sub(income.employment, fromEmployment);
      deduction = A.sub(deduction, fromEmployment);
      income.otherOrdinary = A.max(A.zero, A.sub(income.otherOrdinary, deduction));
    }

    const taxpayers = activePeople.map((state) => {
      const rate = engine.toTax.get(state.person.personId)!;
      const income = incomeOf.get(state.person.personId)!;
      const converted: TaxableIncome<N> = {
        employment: inTaxCurrency(A, income.employment, rate),
        eligiblePension: inTaxCurrency(A, income.eligiblePension, rate),
        cppQpp: inTaxCurrency(A, income.cppQpp, rate),
        oas: inTaxCurrency(A, income.oas, rate),
        socialSecurity: inTaxCurrency(A, income.socialSecurity, rate),
        otherOrdinary: inTaxCurrency(A, income.otherOrdinary, rate),
        eligibleDividends: inTaxCurrency(A, income.eligibleDividends, rate),
        capitalGains: inTaxCurrency(A, income.capitalGains, rate),
      };
      return {
        personId: state.person.personId,
        age: context.ageInYear(state.person, year),
        country: state.person.country,
        province: state.person.province,
        usFilingStatus: state.person.usFilingStatus,
        income: converted,
      };
    });
    const taxes = engine.tax(A, {
      year,
      taxpayers,
      pensionIncomeSplitting: engine.context.plan.settings.pensionIncomeSplitting,
      explain: engine.explain,
    });
    let total = A.zero;
    for (const personTax of taxes) {
      const back = engine.fromTax.get(personTax.personId) ?? one;
      const federal = inPlanCurrency(A, personTax.federal, back);
      const provincial = inPlanCurrency(A, personTax.provincial, back);
      const oasClawback = inPlanCurrency(A, personTax.oasClawback, back);
      const inPlan: PersonTax<N> = {
        ...personTax,
        taxableIncome: inPlanCurrency(A, personTax.taxableIncome, back),
        federal,
        provincial,
        oasClawback,
        total: A.add(A.add(federal, provincial), oasClawback),
        pensionSplitAmount: inPlanCurrency(A, personTax.pensionSplitAmount, back),
      };
      byPerson.set(personTax.personId, inPlan);
      total = A.add(total, inPlan.total);
    }
    return { total, byPerson };
  }

  function personYear(
    engine: EngineSetup<N>,
    state: PersonState<N>,
    all: AccountState<N>[],
    yearSchedule: YearSchedule<N>,
    grants: IncomeLine<N>[],
    taxes: Map<string, PersonTax<N>>,
    year: number,
  ): EnginePersonYear<N> {
    const personId = state.person.personId;
    const withdrawals: EnginePersonYear<N>['withdrawals'] = [];
    for (const account of all) {
      if (!A.isPositive(account.withdrawals) || taxStatus(account) !== 'TAX_DEFERRED' || account.type === 'RESP')
        continue;
      const owners = account.taxOwnerIds;
      if (!owners.includes(personId)) continue;
      withdrawals.push({
        accountId: account.setup.id,
        label: account.setup.name,
        amount: A.round(A.div(account.withdrawals, A.of(owners.length)), 2),
      });
    }
    void engine;
    return {
      personId,
      age: context.ageInYear(state.person, year),
      retired: year >= state.person.retirementYear,
      incomes: [...yearSchedule.incomes, ...grants].filter((line) => line.personId === personId),
      withdrawals,
      tax: taxes.get(personId) ?? null,
    };
  }
}

/** An income in the tax's currency, to the cent (zero stays as it is). */
function inTaxCurrency<N>(A: Arith<N>, value: N, rate: N): N {
  return A.isZero(value) ? value : A.round(A.mul(value, rate), 2);
}

/** A tax figure back in the plan's currency, to the cent. */
function inPlanCurrency<N>(A: Arith<N>, value: N, rate: N): N {
  return A.round(A.mul(value, rate), 2);
}

function incomeField(kind: IncomeLine<unknown>['kind']): keyof TaxableIncome<unknown> {
  switch (kind) {
    case 'EMPLOYMENT':
    case 'SELF_EMPLOYMENT':
      return 'employment';
    case 'CPP':
    case 'QPP':
      return 'cppQpp';
    case 'OAS':
      return 'oas';
    case 'SOCIAL_SECURITY':
      return 'socialSecurity';
    case 'DEFINED_BENEFIT_PENSION':
    case 'ANNUITY':
      return 'eligiblePension';
    default:
      return 'otherOrdinary';
  }
}

const TAX_STATUS = new Map<InvestmentAccountType, TaxStatus>();

/** The account type's tax status, looked up once per type (the engine asks on every flow). */
function statusOf(type: InvestmentAccountType): TaxStatus {
  let status = TAX_STATUS.get(type);
  if (status === undefined) {
    status = taxStatusOf(type);
    TAX_STATUS.set(type, status);
  }
  return status;
}

function taxStatus<N>(account: AccountState<N>): TaxStatus {
  return statusOf(account.type);
}

/** Who is taxed on an account's income: its owners still in the plan, else the household's first person still in it. */
function taxOwners<N>(account: AccountState<N>, activePeople: PersonState<N>[], activeIds: Set<string>): string[] {
  const owners = account.setup.owners.map((owner) => owner.personId).filter((id) => activeIds.has(id));
  if (owners.length > 0) return owners;
  return activePeople[0] ? [activePeople[0].person.personId] : [];
}

function contribute<N>(A: Arith<N>, account: AccountState<N>, amount: N): void {
  account.contributions = A.add(account.contributions, amount);
  account.balance = A.add(account.balance, amount);
  if (statusOf(account.type) === 'TAXABLE') account.basis = A.add(account.basis, amount);
}

/** What may still come out this year: the balance, within a LIF's maximum and never from a locked-in plan. */
function withdrawable<N>(A: Arith<N>, account: AccountState<N>): N {
  let available = account.balance;
  if (account.maximum) available = A.min(available, A.sub(account.maximum, account.withdrawals));
  return A.max(A.zero, available);
}

function withdraw<N>(A: Arith<N>, account: AccountState<N>, requested: N): N {
  const amount = A.round(A.max(A.zero, A.min(requested, account.balance)), 2);
  if (!A.isPositive(amount)) return A.zero;
  if (statusOf(account.type) === 'TAXABLE') {
    if (account.gainRatio === null) {
      account.gainRatio = A.isPositive(account.balance)
        ? A.max(A.zero, A.sub(A.of(1), A.div(account.basis, account.balance)))
        : A.zero;
    }
    // The cost basis leaves with the withdrawal's capital share.
    const capital = A.mul(amount, A.sub(A.of(1), account.gainRatio));
    account.basis = A.max(A.zero, A.sub(account.basis, capital));
    account.realisedGain = A.add(account.realisedGain, A.mul(amount, account.gainRatio));
  }
  account.withdrawals = A.add(account.withdrawals, amount);
  account.balance = A.sub(account.balance, amount);
  return amount;
}

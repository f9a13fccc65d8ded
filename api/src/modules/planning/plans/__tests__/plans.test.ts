import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, MoneyMessage, newId, type PlanDocument, type PlanList } from '@meridian/domain';
import { signedInUser, startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';
import { apiAs, setFxRate } from '#test/support/financial-factories.js';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { seedPlanHousehold, type PlanHousehold } from './plan-world.js';

let world: TwoFirms;
let counter: ChangeCounter;
let north: ReturnType<typeof apiAs>;
let south: ReturnType<typeof apiAs>;
let home: PlanHousehold;
let southHome: PlanHousehold;
let plan: PlanDocument;
let southPlan: PlanDocument;

const cad = (value: number) => ({ value, currency: 'CAD' });
const THIS_YEAR = new Date().getUTCFullYear();

beforeAll(async () => {
  world = await startWithTwoFirms();
  const [northFirm, southFirm] = world.firms;
  north = apiAs(world.api.baseUrl, northFirm.token);
  south = apiAs(world.api.baseUrl, southFirm.token);
  home = await seedPlanHousehold(world.prisma, northFirm);
  southHome = await seedPlanHousehold(world.prisma, southFirm);
  counter = await installChangeCounter(world.api.databaseUrl);
  const created = await north<PlanDocument>('POST', '/api/plans', {
    householdId: home.householdId,
    name: 'Retirement',
    publish: true,
  });
  expect(created.status).toBe(201);
  plan = created.body;
  southPlan = (
    await south<PlanDocument>('POST', '/api/plans', { householdId: southHome.householdId, name: 'South plan' })
  ).body;
  return async () => {
    await counter?.close();
    await world?.close();
  };
});
afterAll(() => undefined);

/** Runs `call` and says which tables it changed (the trigger-kept counter). */
async function changesOf<T>(call: () => Promise<T>): Promise<{ result: T; tables: string[] }> {
  const before = await counter.read();
  const result = await call();
  return { result, tables: Object.keys(changedTables(before, await counter.read())) };
}

describe('POST /plans', () => {
  it("copies the household's people, accounts, assets, debts, cash flows and pension", async () => {
    expect(plan).toMatchObject({
      householdId: home.householdId,
      name: 'Retirement',
      published: true,
      settings: { startYear: THIS_YEAR, currency: 'CAD', inflationPercent: '2.1', pensionIncomeSplitting: true },
    });
    // Léa has no birth date: a plan covers the persons whose ages it can tell.
    expect(plan.people).toEqual([
      expect.objectContaining({
        personId: home.claire,
        birthDate: '1968-04-12',
        retirementAge: 65,
        country: 'CA',
        province: 'QUEBEC',
        usFilingStatus: null,
      }),
      expect.objectContaining({
        personId: home.marc,
        birthDate: '1966-09-30',
        retirementAge: 65,
        country: 'CA',
        province: 'QUEBEC',
      }),
    ]);
    const tfsa = plan.accounts.find((account) => account.financialRecordId === home.records.tfsa)!;
    expect(tfsa).toMatchObject({
      accountType: 'TFSA',
      owners: [home.claire],
      marketValue: { value: '85000', currency: 'CAD' },
      contribution: { frequencyAmount: { amount: { value: '500', currency: 'CAD' }, frequency: 'MONTHLY' } },
    });
    const chequing = plan.accounts.find((account) => account.financialRecordId === home.records.chequing)!;
    expect(chequing).toMatchObject({
      accountType: 'CASH',
      owners: [home.claire, home.marc],
      marketValue: { value: '12000', currency: 'CAD' },
      growth: { type: 'FIXED_RATE', ratePercent: '0.5' },
    });
    const house = plan.assets.find((asset) => asset.financialRecordId === home.records.home)!;
    expect(house).toMatchObject({
      kind: 'REAL_ESTATE',
      isPrimaryResidence: true,
      currentValue: { value: '750000', currency: 'CAD' },
      costBasis: { value: '420000', currency: 'CAD' },
    });
    expect(plan.liabilities.find((liability) => liability.financialRecordId === home.records.mortgage)).toMatchObject({
      type: 'SECURED_LOAN',
      assetId: house.id,
      currentBalance: { value: '310000', currency: 'CAD' },
      interest: { ratePercent: '4.29', compounding: { frequency: 'SEMI_ANNUALLY', type: 'COMPOUND' } },
      payment: { frequencyAmount: { amount: { value: '1850', currency: 'CAD' }, frequency: 'MONTHLY' } },
    });
    expect(plan.liabilities.find((liability) => liability.financialRecordId === home.records.card)).toMatchObject({
      type: 'CREDIT_CARD',
      currentBalance: { value: '2400', currency: 'CAD' },
      interest: { ratePercent: '19.99' },
    });
    expect(plan.incomes.find((income) => income.name === 'Salary')).toMatchObject({
      kind: 'EMPLOYMENT',
      earners: [home.claire],
      frequencyAmount: { amount: { value: '8500', currency: 'CAD' }, frequency: 'MONTHLY' },
      timeFrame: { start: { kind: 'PLAN_START' }, end: { kind: 'RETIREMENT', personId: home.claire } },
    });
    expect(plan.incomes.find((income) => income.name === 'CPP')).toMatchObject({
      kind: 'CPP',
      earners: [home.marc],
      timeFrame: { start: { kind: 'AGE', personId: home.marc, age: 65 } },
    });
    expect(plan.incomes.find((income) => income.kind === 'DEFINED_BENEFIT_PENSION')).toMatchObject({
      name: 'Hydro pension',
      earners: [home.marc],
      definedBenefit: {
        benefitFormulaType: 'FINAL_AVERAGE_EARNINGS',
        serviceStartDate: '1995-06-01',
        finalAverageSalary: 98000,
        accrualRatePercent: 1.5,
      },
    });
    expect(plan.expenses).toEqual([
      expect.objectContaining({
        name: 'Groceries',
        category: 'LIFESTYLE',
        spenders: [home.claire],
        fundingSource: { kind: 'ACCOUNT', accountId: chequing.id },
        frequencyAmount: { amount: { value: '300', currency: 'CAD' }, frequency: 'WEEKLY' },
      }),
    ]);
  });

  it("changes none of the household's records, and answers the same plan on GET", async () => {
    const { result, tables } = await changesOf(() =>
      north<PlanDocument>('POST', '/api/plans', { householdId: home.householdId, name: 'Second look' }),
    );
    expect(result.status).toBe(201);
    expect(tables.filter((table) => !table.startsWith('plan') && table !== 'audit_logs')).toEqual([]);
    const read = await north<PlanDocument>('GET', `/api/plans?planId=${result.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(result.body);
  });

  it("refuses another firm's household, and a household without a person with a birth date, changing nothing", async () => {
    const { result, tables } = await changesOf(() =>
      north('POST', '/api/plans', { householdId: southHome.householdId, name: 'Not ours' }),
    );
    expect(result.status).toBe(404);
    expect(tables).toEqual([]);
    const empty = newId(EntityType.household);
    await world.prisma.household.create({
      data: { id: empty, organizationId: world.firms[0].organizationId, teamId: world.firms[0].teamId, name: 'Empty' },
    });
    const refused = await north('POST', '/api/plans', { householdId: empty, name: 'Nobody' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT' });
    const bad = await north('POST', '/api/plans', { householdId: home.householdId, name: '  ', publish: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      details: expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'publish', message: 'Publish must be true or false' },
      ]),
    });
  });
});

describe('GET /plans and PATCH /plans/list', () => {
  it("reads a plan only within the caller's reach", async () => {
    expect((await south('GET', `/api/plans?planId=${plan.id}`)).status).toBe(404);
    const otherTeam = await signedInUser(world, { ...world.firms[0], teamId: (await otherTeamOf()).teamId }, 'ADVISOR');
    expect((await apiAs(world.api.baseUrl, otherTeam.token)('GET', `/api/plans?planId=${plan.id}`)).status).toBe(404);
  });

  it("lists a household's plans, the last changed first", async () => {
    const list = await north<PlanList>('PATCH', `/api/plans/list?householdId=${home.householdId}`);
    expect(list.status).toBe(200);
    expect(list.body.plans.map((summary) => summary.name)).toContain('Retirement');
    expect(list.body.plans[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      published: expect.any(Boolean),
      updatedAt: expect.any(String),
    });
    expect((await south('PATCH', `/api/plans/list?householdId=${home.householdId}`)).status).toBe(404);
  });
});

/** A second team of the north firm, with a user of its own. */
async function otherTeamOf(): Promise<{ organizationId: string; teamId: string }> {
  const teamId = newId(EntityType.team);
  await world.prisma.team.create({
    data: { id: teamId, organizationId: world.firms[0].organizationId, name: 'Desk B' },
  });
  return { organizationId: world.firms[0].organizationId, teamId };
}

describe('the parts of a plan', () => {
  const at = (path: string) => `/api/plans/${plan.id}/${path}`;

  it('adds, edits and removes an account', async () => {
    const added = await north<PlanDocument>('PATCH', at('accounts/add'), {
      name: 'Marc RRSP',
      accountType: 'RRSP',
      owners: [home.marc],
      marketValue: cad(140000.5),
      growth: { type: 'FIXED_RATE', ratePercent: 5 },
    });
    expect(added.status).toBe(200);
    const rrsp = added.body.accounts.find((account) => account.name === 'Marc RRSP')!;
    expect(rrsp).toMatchObject({
      financialRecordId: null,
      accountType: 'RRSP',
      jurisdiction: 'CA',
      owners: [home.marc],
      marketValue: { value: '140000.5', currency: 'CAD' },
      growth: { type: 'FIXED_RATE', ratePercent: '5', marketClass: null },
      dividendPercent: '0',
    });
    const edited = await north<PlanDocument>('PATCH', at('accounts/edit'), {
      accountId: rrsp.id,
      feesPercent: 1.25,
      owners: [home.marc, home.claire],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.accounts.find((account) => account.id === rrsp.id)).toMatchObject({
      name: 'Marc RRSP',
      feesPercent: '1.25',
      owners: [home.claire, home.marc],
    });
    const removed = await north<PlanDocument>('PATCH', at('accounts/remove'), { accountId: rrsp.id });
    expect(removed.status).toBe(200);
    expect(removed.body.accounts.map((account) => account.id)).not.toContain(rrsp.id);
  });

  it('adds, edits and removes an asset and the liability that finances it', async () => {
    const asset = await north<PlanDocument>('PATCH', at('assets/add'), {
      name: 'Cottage',
      kind: 'REAL_ESTATE',
      owners: [home.claire],
      purchase: { year: THIS_YEAR + 3, price: cad(400000), paymentType: 'OUTRIGHT' },
    });
    expect(asset.status).toBe(200);
    const cottage = asset.body.assets.find((candidate) => candidate.name === 'Cottage')!;
    expect(cottage).toMatchObject({
      currentValue: null,
      purchase: { year: THIS_YEAR + 3, paymentType: 'OUTRIGHT', liabilityId: null },
    });
    const liability = await north<PlanDocument>('PATCH', at('liabilities/add'), {
      name: 'Cottage loan',
      type: 'SECURED_LOAN',
      currentBalance: cad(300000),
      effectiveDate: `${THIS_YEAR + 3}-06-01`,
      interest: { ratePercent: 5.1 },
      payment: { frequencyAmount: { amount: cad(1900), frequency: 'MONTHLY' } },
      assetId: cottage.id,
    });
    expect(liability.status).toBe(200);
    const loan = liability.body.liabilities.find((candidate) => candidate.name === 'Cottage loan')!;
    expect(loan).toMatchObject({
      assetId: cottage.id,
      effectiveDate: `${THIS_YEAR + 3}-06-01`,
      interest: { ratePercent: '5.1' },
    });
    const financed = await north<PlanDocument>('PATCH', at('assets/edit'), {
      assetId: cottage.id,
      purchase: { year: THIS_YEAR + 3, price: cad(400000), paymentType: 'FINANCED', liabilityId: loan.id },
    });
    expect(financed.status).toBe(200);
    // Named by each other: neither goes while the other names it.
    const { result, tables } = await changesOf(() =>
      north('PATCH', at('liabilities/remove'), { liabilityId: loan.id }),
    );
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      message: "The liability is used by the asset 'Cottage': change or remove that first",
    });
    expect(tables).toEqual([]);
    expect((await north('PATCH', at('assets/remove'), { assetId: cottage.id })).status).toBe(409);
    await north('PATCH', at('liabilities/edit'), { liabilityId: loan.id, assetId: null });
    expect((await north('PATCH', at('assets/remove'), { assetId: cottage.id })).status).toBe(200);
    const gone = await north<PlanDocument>('PATCH', at('liabilities/remove'), { liabilityId: loan.id });
    expect(gone.status).toBe(200);
    expect(gone.body.liabilities.map((candidate) => candidate.id)).not.toContain(loan.id);
  });

  it('adds, edits and removes incomes and expenses', async () => {
    const income = await north<PlanDocument>('PATCH', at('flows/income/add'), {
      name: 'Consulting',
      kind: 'SELF_EMPLOYMENT',
      frequencyAmount: { amount: cad(20000), frequency: 'ANNUALLY' },
      earners: [home.marc],
      timeFrame: {
        start: { kind: 'RETIREMENT', personId: home.marc },
        end: { kind: 'AGE', personId: home.marc, age: 70 },
      },
    });
    expect(income.status).toBe(200);
    const consulting = income.body.incomes.find((candidate) => candidate.name === 'Consulting')!;
    expect(consulting).toMatchObject({
      change: { type: 'INFLATION', ratePercent: null },
      taxExempt: false,
      definedBenefit: null,
    });
    const edited = await north<PlanDocument>('PATCH', at(`flows/income/${consulting.id}/edit`), {
      change: { type: 'FIXED_RATE', ratePercent: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.incomes.find((candidate) => candidate.id === consulting.id)).toMatchObject({
      name: 'Consulting',
      change: { type: 'FIXED_RATE', ratePercent: '1' },
    });
    const expense = await north<PlanDocument>('PATCH', at('flows/expenses/add'), {
      name: 'Travel',
      category: 'LIFESTYLE',
      frequencyAmount: { amount: cad(8000), frequency: 'ANNUALLY' },
    });
    expect(expense.status).toBe(200);
    const travel = expense.body.expenses.find((candidate) => candidate.name === 'Travel')!;
    expect(travel).toMatchObject({ spenders: [], fundingSource: { kind: 'PLAN_CASH' } });
    const tfsa = plan.accounts.find((account) => account.financialRecordId === home.records.tfsa)!;
    const funded = await north<PlanDocument>('PATCH', at(`flows/expenses/${travel.id}/edit`), {
      fundingSource: { kind: 'ACCOUNT', accountId: tfsa.id },
    });
    expect(funded.body.expenses.find((candidate) => candidate.id === travel.id)?.fundingSource).toEqual({
      kind: 'ACCOUNT',
      accountId: tfsa.id,
    });
    // The TFSA funds the travel: it stays until the expense no longer names it.
    expect((await north('PATCH', at('accounts/remove'), { accountId: tfsa.id })).status).toBe(409);
    for (const flowId of [consulting.id, travel.id]) {
      const removed = await north<PlanDocument>('PATCH', at(`flows/${flowId}/remove`));
      expect(removed.status).toBe(200);
    }
    const after = (await north<PlanDocument>('GET', `/api/plans?planId=${plan.id}`)).body;
    expect([...after.incomes, ...after.expenses].map((flow) => flow.id)).not.toContain(travel.id);
  });

  it('adds, edits and removes a milestone', async () => {
    const added = await north<PlanDocument>('PATCH', at('milestones/add'), {
      name: 'Mortgage-free at 60',
      conditions: [{ kind: 'DEBT_FREE' }, { kind: 'AGE_REACHED', personId: home.claire, age: 60 }],
      display: { colorHex: '#1a7f37', icon: 'home' },
    });
    expect(added.status).toBe(200);
    const milestone = added.body.milestones.find((candidate) => candidate.name === 'Mortgage-free at 60')!;
    expect(milestone.display).toEqual({ colorHex: '#1a7f37', icon: 'home' });
    const edited = await north<PlanDocument>('PATCH', at(`milestones/${milestone.id}/edit`), { name: 'Debt-free' });
    expect(edited.body.milestones.find((candidate) => candidate.id === milestone.id)).toMatchObject({
      name: 'Debt-free',
      conditions: [{ kind: 'DEBT_FREE' }, { kind: 'AGE_REACHED', personId: home.claire, age: 60 }],
    });
    const removed = await north<PlanDocument>('PATCH', at(`milestones/${milestone.id}/remove`));
    expect(removed.body.milestones.map((candidate) => candidate.id)).not.toContain(milestone.id);
  });

  it("edits the plan's settings and a person's planning facts", async () => {
    const settings = await north<PlanDocument>('PATCH', at('settings/edit'), {
      inflationPercent: 2.5,
      publish: false,
      startYear: THIS_YEAR + 1,
    });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      published: false,
      settings: { inflationPercent: '2.5', startYear: THIS_YEAR + 1 },
    });
    const person = await north<PlanDocument>('PATCH', at('people/edit'), {
      personId: home.marc,
      retirementAge: 62,
      tfsaRoom: cad(15000),
    });
    expect(person.status).toBe(200);
    expect(person.body.people.find((candidate) => candidate.personId === home.marc)).toMatchObject({
      retirementAge: 62,
      tfsaRoom: { value: '15000', currency: 'CAD' },
    });
    const us = await north('PATCH', at('people/edit'), { personId: home.marc, country: 'US' });
    expect(us.status).toBe(400);
    expect(us.body).toMatchObject({
      details: [{ path: 'usFilingStatus', message: 'A person in the United States needs their filing status' }],
    });
    const moved = await north<PlanDocument>('PATCH', at('people/edit'), {
      personId: home.marc,
      country: 'US',
      usFilingStatus: 'MARRIED_FILING_JOINTLY',
    });
    expect(moved.body.people.find((candidate) => candidate.personId === home.marc)).toMatchObject({
      country: 'US',
      province: null,
    });
    await north('PATCH', at('people/edit'), { personId: home.marc, country: 'CA', province: 'QUEBEC' });
    await north('PATCH', at('settings/edit'), { startYear: THIS_YEAR });
  });
});

describe('refusals change nothing', () => {
  const at = (path: string) => `/api/plans/${plan.id}/${path}`;

  it("refuses another plan's account as an expense's funding source", async () => {
    const southAccount = southPlan.accounts[0]!;
    const { result, tables } = await changesOf(() =>
      north('PATCH', at('flows/expenses/add'), {
        name: 'Elsewhere',
        category: 'OTHER',
        frequencyAmount: { amount: cad(100), frequency: 'MONTHLY' },
        fundingSource: { kind: 'ACCOUNT', accountId: southAccount.id },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      details: [{ path: 'fundingSource.accountId', message: "The account is not one of this plan's accounts" }],
    });
    expect(tables).toEqual([]);
  });

  it("refuses a person who is not the plan's, another firm's plan and another plan's part", async () => {
    const cases: [string, string, unknown, number][] = [
      ['PATCH', at('accounts/add'), { name: 'X', accountType: 'TFSA', owners: [home.child], marketValue: cad(1) }, 400],
      [
        'PATCH',
        at('accounts/add'),
        { name: 'X', accountType: 'TFSA', owners: [southHome.claire], marketValue: cad(1) },
        400,
      ],
      [
        'PATCH',
        `/api/plans/${southPlan.id}/accounts/add`,
        { name: 'X', accountType: 'TFSA', owners: [southHome.claire], marketValue: cad(1) },
        404,
      ],
      ['PATCH', at('accounts/edit'), { accountId: southPlan.accounts[0]!.id, name: 'Mine now' }, 404],
      ['PATCH', at('assets/remove'), { assetId: southPlan.assets[0]!.id }, 404],
      ['PATCH', at(`flows/${southPlan.expenses[0]!.id}/remove`), undefined, 404],
      ['PATCH', at('people/edit'), { personId: southHome.marc, retirementAge: 60 }, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const { result, tables } = await changesOf(() => north(method, path, body));
      expect(result.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(tables).toEqual([]);
    }
  });

  it('refuses a bad body with field messages', async () => {
    const { result, tables } = await changesOf(() =>
      north('PATCH', at('liabilities/add'), {
        name: 'Loan',
        type: 'PAYDAY',
        currentBalance: { value: -5, currency: 'CAD' },
        interest: { ratePercent: 250 },
        payment: { frequencyAmount: { amount: cad(10), frequency: 'HOURLY' } },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      details: expect.arrayContaining([
        { path: 'type', message: 'Please select a valid debt type' },
        { path: 'currentBalance.value', message: 'Current balance must not be negative' },
        { path: 'interest.ratePercent', message: 'Interest rate must be a number between 0 and 100' },
        { path: 'payment.frequencyAmount.frequency', message: 'Please select a valid frequency' },
      ]),
    });
    expect(tables).toEqual([]);
  });
});

describe('GET /plans/{planId}/sim', () => {
  interface Simulation {
    projection: {
      startYear: number;
      endYear: number;
      currency: string;
      years: { year: number; ages: Record<string, number>; people: { personId: string; retired: boolean }[] }[];
    };
    monteCarlo: { paths: number; seed: number; successProbability: number; years: unknown[] };
  }
  let simPlan: PlanDocument;

  beforeAll(async () => {
    simPlan = (await north<PlanDocument>('POST', '/api/plans', { householdId: home.householdId, name: 'Projection' }))
      .body;
  });

  it('runs the plan to the last person’s 100th year, with the Monte Carlo run', async () => {
    const sim = await north<Simulation>('GET', `/api/plans/${simPlan.id}/sim?currency=CAD`);
    expect(sim.status).toBe(200);
    // Claire, the younger, was born in 1968.
    expect(sim.body.projection).toMatchObject({ startYear: THIS_YEAR, endYear: 2068, currency: 'CAD' });
    expect(sim.body.projection.years.map((year) => year.year)).toEqual(
      Array.from({ length: 2068 - THIS_YEAR + 1 }, (_, index) => THIS_YEAR + index),
    );
    expect(sim.body.monteCarlo).toMatchObject({ paths: 1000, seed: 20260101 });
    expect(sim.body.monteCarlo.years).toHaveLength(sim.body.projection.years.length);
  });

  it('answers a what-if retirement age without saving it', async () => {
    const retiredIn = (simulation: Simulation, year: number) =>
      simulation.projection.years
        .find((candidate) => candidate.year === year)!
        .people.find((person) => person.personId === home.claire)!.retired;
    // Claire turns 60 in 2028 and 65 in 2033: retiring at 60, she is retired in 2030; at 65, not yet.
    const base = await north<Simulation>('GET', `/api/plans/${simPlan.id}/sim`);
    const early = await north<Simulation>(
      'GET',
      `/api/plans/${simPlan.id}/sim?personId=${home.claire}&retirementAge=60`,
    );
    expect(early.status).toBe(200);
    expect(retiredIn(base.body, 2030)).toBe(false);
    expect(retiredIn(early.body, 2030)).toBe(true);
    // The dashboard's what-if asks for the projection alone first: the same years, no market paths.
    const quick = await north<Simulation>(
      'GET',
      `/api/plans/${simPlan.id}/sim?personId=${home.claire}&retirementAge=60&monteCarlo=false`,
    );
    expect(quick.status).toBe(200);
    expect(quick.body.monteCarlo).toBeNull();
    expect(quick.body.projection).toEqual(early.body.projection);
    expect((await north('GET', `/api/plans/${simPlan.id}/sim?monteCarlo=maybe`)).status).toBe(400);
    const saved = (await north<PlanDocument>('GET', `/api/plans?planId=${simPlan.id}`)).body;
    expect(saved.people.find((person) => person.personId === home.claire)?.retirementAge).toBe(65);
    const stranger = await north('GET', `/api/plans/${simPlan.id}/sim?personId=${home.child}&retirementAge=60`);
    expect(stranger.status).toBe(400);
    const alone = await north('GET', `/api/plans/${simPlan.id}/sim?retirementAge=60`);
    expect(alone.status).toBe(400);
  });

  it('runs the market paths again when the plan changes, and answers the same run while it does not', async () => {
    const path = `/api/plans/${simPlan.id}/sim?currency=CAD`;
    const first = await north<Simulation>('GET', path);
    const again = await north<Simulation>('GET', path);
    expect(again.body.monteCarlo).toEqual(first.body.monteCarlo);
    // 9% inflation makes every year dearer: the paths are run again, not served from before.
    await north('PATCH', `/api/plans/${simPlan.id}/settings/edit`, { inflationPercent: 9 });
    const changed = await north<Simulation>('GET', path);
    expect(changed.body.monteCarlo).not.toEqual(first.body.monteCarlo);
    await north('PATCH', `/api/plans/${simPlan.id}/settings/edit`, { inflationPercent: 2.1 });
    expect((await north<Simulation>('GET', path)).body.monteCarlo).toEqual(first.body.monteCarlo);
  });

  it('answers 409 with the converter’s message while a rate the plan needs is missing', async () => {
    await north('PATCH', `/api/plans/${simPlan.id}/accounts/add`, {
      name: 'US brokerage',
      accountType: 'OTHER',
      jurisdiction: 'US',
      owners: [home.marc],
      marketValue: { value: 50000, currency: 'USD' },
    });
    const missing = await north('GET', `/api/plans/${simPlan.id}/sim?currency=CAD`);
    expect(missing.status).toBe(409);
    // The firm has no rate at all yet: the converter's own sentence.
    expect(missing.body).toMatchObject({ code: 'CONFLICT', message: MoneyMessage.ratesNotSet });
    await setFxRate(world.prisma, world.firms[0].organizationId, {
      date: '2026-01-02',
      base: 'USD',
      quote: 'CAD',
      rate: '1.37',
    });
    expect((await north('GET', `/api/plans/${simPlan.id}/sim?currency=CAD`)).status).toBe(200);
    expect((await south('GET', `/api/plans/${simPlan.id}/sim`)).status).toBe(404);
  });
});

describe('what a plan leaves behind', () => {
  it('audits each change with the plan it belongs to', async () => {
    const created = await world.prisma.auditLog.findMany({ where: { entityId: plan.id, action: 'CREATE' } });
    expect(created).toHaveLength(1);
    const parts = await world.prisma.auditLog.findMany({ where: { entityType: EntityType.planMilestone } });
    expect(parts.map((entry) => entry.action).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
    expect(parts.map((entry) => ((entry.after ?? entry.before) as { planId: string }).planId)).toEqual(
      parts.map(() => plan.id),
    );
  });

  it('goes with its household: a deleted household’s plans are not found, and a removed one’s are removed', async () => {
    const gone = await seedPlanHousehold(world.prisma, world.firms[0]);
    const doomed = (await north<PlanDocument>('POST', '/api/plans', { householdId: gone.householdId, name: 'Doomed' }))
      .body;
    await world.prisma.household.update({ where: { id: gone.householdId }, data: { deletedAt: new Date() } });
    expect((await north('GET', `/api/plans?planId=${doomed.id}`)).status).toBe(404);
    expect((await north('PATCH', `/api/plans/${doomed.id}/settings/edit`, { name: 'Still here?' })).status).toBe(404);
    // Removed for good (as an organization's deletion does), the household takes its plans along.
    await world.prisma.$transaction([
      world.prisma.cashFlowSource.deleteMany({ where: { householdId: gone.householdId } }),
      world.prisma.financialRecord.deleteMany({ where: { householdId: gone.householdId } }),
      world.prisma.family.deleteMany({ where: { householdId: gone.householdId } }),
    ]);
    await world.prisma.person.deleteMany({ where: { householdId: gone.householdId } });
    await world.prisma.household.delete({ where: { id: gone.householdId } });
    expect(await world.prisma.plan.count({ where: { id: doomed.id } })).toBe(0);
    expect(await world.prisma.planAccount.count({ where: { planId: doomed.id } })).toBe(0);
  });
});

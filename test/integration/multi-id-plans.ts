import { EntityType, newId } from '@meridian/domain';
import type { PrismaClient } from '@meridian/api';

/**
 * The plan calls' case builders for multi-id-scope.test.ts: every id a plan call takes (the plan,
 * its parts in the path or the body, the people and parts a body names) from the caller's team,
 * team B, the other firm, or nowhere. A plan of a place is written straight to the database: a
 * household of the place with one person, and a plan of it with that person, an account, an
 * asset, a liability, an income, an expense and a milestone, none naming another.
 */
type Place = 'own' | 'team' | 'firm' | 'missing';
type At = (slot: string) => Place;
interface Request {
  path: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
type CaseBuilder = (at: At) => Promise<Request>;

export interface PlanScopeHelpers {
  prisma: PrismaClient;
  organizationOf(place: Place): { organizationId: string };
  household(place: Place): Promise<string>;
  person(place: Place, householdId?: string): Promise<string>;
}

interface PlanIds {
  planId: string;
  personId: string;
  accountId: string;
  assetId: string;
  liabilityId: string;
  incomeId: string;
  expenseId: string;
  milestoneId: string;
}
type PartKey = Exclude<keyof PlanIds, 'planId'>;

const cad = (value: number) => ({ value, currency: 'CAD' });
const yearly = { amount: cad(1000), frequency: 'ANNUALLY' };

export function planScopeBuilders(helpers: PlanScopeHelpers): Record<string, CaseBuilder> {
  async function planOf(place: Place): Promise<PlanIds> {
    if (place === 'missing') {
      return {
        planId: newId(EntityType.plan),
        personId: newId(EntityType.person),
        accountId: newId(EntityType.planAccount),
        assetId: newId(EntityType.planAsset),
        liabilityId: newId(EntityType.planLiability),
        incomeId: newId(EntityType.planFlow),
        expenseId: newId(EntityType.planFlow),
        milestoneId: newId(EntityType.planMilestone),
      };
    }
    // Read when a case is built: the test's client exists by then.
    const prisma = helpers.prisma;
    const org = { organizationId: helpers.organizationOf(place).organizationId };
    const householdId = await helpers.household(place);
    const personId = await helpers.person(place, householdId);
    const ids: PlanIds = {
      planId: newId(EntityType.plan),
      personId,
      accountId: newId(EntityType.planAccount),
      assetId: newId(EntityType.planAsset),
      liabilityId: newId(EntityType.planLiability),
      incomeId: newId(EntityType.planFlow),
      expenseId: newId(EntityType.planFlow),
      milestoneId: newId(EntityType.planMilestone),
    };
    const planId = ids.planId;
    const level = { type: 'NONE', ratePercent: null };
    const wholePlan = { start: { kind: 'PLAN_START' }, end: { kind: 'PLAN_END' } };
    await prisma.plan.create({
      data: {
        ...org,
        id: planId,
        householdId,
        name: 'Scope plan',
        startYear: 2026,
        currency: 'CAD',
        inflationPercent: '2.1',
      },
    });
    await prisma.planPerson.create({
      data: {
        ...org,
        planId,
        personId,
        position: 0,
        name: 'Scope person',
        birthDate: new Date('1970-05-05'),
        retirementAge: 65,
        country: 'CA',
        province: 'ONTARIO',
      },
    });
    await prisma.planAccount.create({
      data: {
        ...org,
        id: ids.accountId,
        planId,
        name: 'TFSA',
        accountType: 'TFSA',
        jurisdiction: 'CA',
        marketValue: '1000',
        marketValueCurrency: 'CAD',
        growth: { type: 'FIXED_RATE', ratePercent: '4', marketClass: null },
        liquidityRule: { acceptsSurplus: true, priority: 1 },
        withdrawalRule: { allowed: true, order: 1, earliestAge: null },
      },
    });
    await prisma.planAccountOwner.create({ data: { ...org, planAccountId: ids.accountId, personId } });
    await prisma.planAsset.create({
      data: {
        ...org,
        id: ids.assetId,
        planId,
        name: 'Car',
        kind: 'VEHICLE',
        currentValue: '20000',
        currentValueCurrency: 'CAD',
        valueChange: level,
      },
    });
    await prisma.planLiability.create({
      data: {
        ...org,
        id: ids.liabilityId,
        planId,
        name: 'Loan',
        type: 'UNSECURED_LOAN',
        currentBalance: '5000',
        currentBalanceCurrency: 'CAD',
        interestRatePercent: '6',
        compoundingFrequency: 'MONTHLY',
        compoundingType: 'COMPOUND',
        paymentAmount: '200',
        paymentAmountCurrency: 'CAD',
        paymentFrequency: 'MONTHLY',
      },
    });
    for (const [id, kind, subType] of [
      [ids.incomeId, 'INCOME', 'EMPLOYMENT'],
      [ids.expenseId, 'EXPENSE', 'LIFESTYLE'],
    ] as const) {
      await prisma.planFlow.create({
        data: {
          ...org,
          id,
          planId,
          kind,
          name: subType,
          subType,
          timeFrame: wholePlan,
          amount: '1000',
          amountCurrency: 'CAD',
          frequency: 'MONTHLY',
          change: level,
          fundingSource: kind === 'EXPENSE' ? { kind: 'PLAN_CASH' } : undefined,
        },
      });
      await prisma.planFlowPerson.create({ data: { ...org, planFlowId: id, personId } });
    }
    await prisma.planMilestone.create({
      data: { ...org, id: ids.milestoneId, planId, name: 'Debt-free', conditions: [{ kind: 'DEBT_FREE' }] },
    });
    return ids;
  }

  /**
   * A request on the caller's plan (or the path's plan of another place), whose body or query ids
   * come, slot by slot, from the caller's plan or from a plan of the slot's place.
   */
  function onPlan(
    make: (
      pick: (slot: string, part: PartKey) => Promise<string>,
      at: At,
    ) => Promise<Omit<Request, 'path'> & { path?: Record<string, string> }>,
  ): CaseBuilder {
    return async (at) => {
      const own = await planOf('own');
      const pick = async (slot: string, part: PartKey) =>
        at(slot) === 'own' ? own[part] : (await planOf(at(slot)))[part];
      const planId = at('path.planId') === 'own' ? own.planId : (await planOf(at('path.planId'))).planId;
      const request = await make(pick, at);
      return { ...request, path: { planId, ...request.path } };
    };
  }

  const timeFrame = async (pick: (slot: string, part: PartKey) => Promise<string>, prefix: string) => ({
    start: { kind: 'AGE', personId: await pick(`${prefix}.start.personId`, 'personId'), age: 50 },
    end: { kind: 'RETIREMENT', personId: await pick(`${prefix}.end.personId`, 'personId') },
  });
  const accountBody = async (pick: (slot: string, part: PartKey) => Promise<string>) => ({
    name: 'RRSP',
    accountType: 'RRSP',
    owners: [await pick('body.owners[]', 'personId')],
    marketValue: cad(5000),
    contribution: { frequencyAmount: yearly, timeFrame: await timeFrame(pick, 'body.contribution.timeFrame') },
  });
  const assetBody = async (pick: (slot: string, part: PartKey) => Promise<string>) => ({
    name: 'Cottage',
    kind: 'REAL_ESTATE',
    owners: [await pick('body.owners[]', 'personId')],
    currentValue: cad(300000),
    purchase: {
      year: 2031,
      price: cad(300000),
      paymentType: 'FINANCED',
      fundingAccountId: await pick('body.purchase.fundingAccountId', 'accountId'),
      liabilityId: await pick('body.purchase.liabilityId', 'liabilityId'),
    },
    sale: { year: 2045, proceedsAccountId: await pick('body.sale.proceedsAccountId', 'accountId') },
  });
  const liabilityBody = async (pick: (slot: string, part: PartKey) => Promise<string>) => ({
    name: 'Cottage loan',
    type: 'SECURED_LOAN',
    currentBalance: cad(200000),
    interest: { ratePercent: 5 },
    payment: { frequencyAmount: { amount: cad(1200), frequency: 'MONTHLY' } },
    assetId: await pick('body.assetId', 'assetId'),
  });
  const incomeBody = async (pick: (slot: string, part: PartKey) => Promise<string>) => ({
    name: 'Consulting',
    kind: 'SELF_EMPLOYMENT',
    frequencyAmount: yearly,
    earners: [await pick('body.earners[]', 'personId')],
    timeFrame: await timeFrame(pick, 'body.timeFrame'),
  });
  const expenseBody = async (pick: (slot: string, part: PartKey) => Promise<string>) => ({
    name: 'Travel',
    category: 'LIFESTYLE',
    frequencyAmount: yearly,
    spenders: [await pick('body.spenders[]', 'personId')],
    fundingSource: { kind: 'ACCOUNT', accountId: await pick('body.fundingSource.accountId', 'accountId') },
    timeFrame: await timeFrame(pick, 'body.timeFrame'),
  });
  const milestoneBody = async (pick: (slot: string, part: PartKey) => Promise<string>) => ({
    name: 'Comfortable',
    conditions: [
      { kind: 'AGE_REACHED', personId: await pick('body.conditions[].personId', 'personId'), age: 60 },
      {
        kind: 'ACCOUNT_BALANCE_AT_LEAST',
        accountId: await pick('body.conditions[].accountId', 'accountId'),
        amount: cad(1),
      },
    ],
  });
  const base = '/api/plans/{planId}';

  return {
    [`GET ${base}/sim`]: onPlan(async (pick) => ({
      query: { personId: await pick('query.personId', 'personId'), retirementAge: '60' },
    })),
    [`PATCH ${base}/people/edit`]: onPlan(async (pick) => ({
      body: { personId: await pick('body.personId', 'personId'), retirementAge: 62 },
    })),
    [`PATCH ${base}/accounts/add`]: onPlan(async (pick) => ({ body: await accountBody(pick) })),
    [`PATCH ${base}/accounts/edit`]: onPlan(async (pick) => ({
      body: { accountId: await pick('body.accountId', 'accountId'), ...(await accountBody(pick)) },
    })),
    [`PATCH ${base}/accounts/remove`]: onPlan(async (pick) => ({
      body: { accountId: await pick('body.accountId', 'accountId') },
    })),
    [`PATCH ${base}/assets/add`]: onPlan(async (pick) => ({ body: await assetBody(pick) })),
    [`PATCH ${base}/assets/edit`]: onPlan(async (pick) => ({
      body: { assetId: await pick('body.assetId', 'assetId'), ...(await assetBody(pick)) },
    })),
    [`PATCH ${base}/assets/remove`]: onPlan(async (pick) => ({
      body: { assetId: await pick('body.assetId', 'assetId') },
    })),
    [`PATCH ${base}/liabilities/add`]: onPlan(async (pick) => ({ body: await liabilityBody(pick) })),
    [`PATCH ${base}/liabilities/edit`]: onPlan(async (pick) => ({
      body: { liabilityId: await pick('body.liabilityId', 'liabilityId'), ...(await liabilityBody(pick)) },
    })),
    [`PATCH ${base}/liabilities/remove`]: onPlan(async (pick) => ({
      body: { liabilityId: await pick('body.liabilityId', 'liabilityId') },
    })),
    [`PATCH ${base}/flows/income/add`]: onPlan(async (pick) => ({ body: await incomeBody(pick) })),
    [`PATCH ${base}/flows/expenses/add`]: onPlan(async (pick) => ({ body: await expenseBody(pick) })),
    // An income's earners are walked on an income; the rest on an expense.
    [`PATCH ${base}/flows/{kind}/{flowId}/edit`]: onPlan(async (pick, at) => {
      const income = at('body.earners[]') !== 'own';
      return {
        path: {
          kind: income ? 'income' : 'expenses',
          flowId: await pick('path.flowId', income ? 'incomeId' : 'expenseId'),
        },
        body: income ? await incomeBody(pick) : await expenseBody(pick),
      };
    }),
    [`PATCH ${base}/flows/{flowId}/remove`]: onPlan(async (pick) => ({
      path: { flowId: await pick('path.flowId', 'incomeId') },
    })),
    [`PATCH ${base}/milestones/add`]: onPlan(async (pick) => ({ body: await milestoneBody(pick) })),
    [`PATCH ${base}/milestones/{id}/edit`]: onPlan(async (pick) => ({
      path: { id: await pick('path.id', 'milestoneId') },
      body: await milestoneBody(pick),
    })),
    [`PATCH ${base}/milestones/{id}/remove`]: onPlan(async (pick) => ({
      path: { id: await pick('path.id', 'milestoneId') },
    })),
  };
}

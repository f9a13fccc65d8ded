import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { CashFlowSourceResponse, CashFlowView, RecurringStreamResponse } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  createHousehold,
  createRecord,
  setFxRate,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let home: FinancialHousehold;
let token: string;
let as: ReturnType<typeof apiAs>;
let south: { householdId: string; sourceId: string };

const flow = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pay',
  status: 'ACTIVE',
  amount: { value: 2000, currency: 'CAD' },
  frequency: { common: 'MONTHLY' },
  ...overrides,
});

function expectDetails(response: { status: number; body: unknown }, details: { path: string; message: string }[]) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect((response.body as { details: unknown }).details).toEqual(details);
}

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  home = await createFinancialHousehold(prisma, north);
  token = await login(api.baseUrl, north.email, north.password);
  as = apiAs(api.baseUrl, token);
  const southOrg = await createOrganization(prisma, { name: 'South Wealth' });
  const southHousehold = await createHousehold(prisma, southOrg);
  const southToken = await login(api.baseUrl, southOrg.email, southOrg.password);
  const southSource = await apiAs(api.baseUrl, southToken)<CashFlowSourceResponse>('POST', '/api/income-flows', {
    householdId: southHousehold,
    name: 'South salary',
  });
  south = { householdId: southHousehold, sourceId: southSource.body.id };
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('POST /api/cash-flow-sources', () => {
  it('creates a source with its flows normalised, payers, payees and linked records, and audits it', async () => {
    const house = await createRecord(api.baseUrl, token, {
      householdId: home.householdId,
      type: 'REAL_ESTATE_PROPERTY',
      propertyKind: 'RESIDENTIAL',
    });
    const chequing = await createRecord(api.baseUrl, token, {
      householdId: home.householdId,
      type: 'BANK_ACCOUNT',
      bankAccountType: 'CHECKING',
    });
    const response = await as<CashFlowSourceResponse>('POST', '/api/cash-flow-sources', {
      householdId: home.householdId,
      type: 'INCOME',
      subtype: 'RENTAL',
      name: 'Duplex rent',
      assetId: house.id,
      destinationAccountId: chequing.id,
      payers: [home.corporationId],
      payees: [home.personIds[0], home.personIds[1]],
      flows: [
        flow({ name: 'Upstairs', amount: { value: 1450, currency: 'CAD' } }),
        flow({ name: 'Parking', amount: { value: 600, currency: 'CAD' }, frequency: { common: 'QUARTERLY' } }),
        flow({ name: 'Deposit', amount: { value: 1000, currency: 'CAD' }, frequency: { common: 'ONE_TIME' } }),
        flow({ name: 'Repairs refund', frequency: { common: 'VARIED' }, status: 'INACTIVE' }),
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: 'INCOME',
      direction: 'INFLOW',
      subtype: 'RENTAL',
      necessity: null,
      assetId: house.id,
      destinationAccountId: chequing.id,
      payers: [{ id: home.corporationId, kind: 'Corporation', name: 'Tremblay Holdings Inc.' }],
      payees: [
        { kind: 'Person', name: expect.any(String) },
        { kind: 'Person', name: expect.any(String) },
      ],
      flows: [
        {
          name: 'Upstairs',
          status: 'ACTIVE',
          amount: { value: '1450', currency: 'CAD' },
          frequency: { common: 'MONTHLY' },
          normalisation: 'RECURRING',
          monthly: { value: '1450', currency: 'CAD' },
          annual: { value: '17400', currency: 'CAD' },
        },
        { name: 'Parking', monthly: { value: '200' }, annual: { value: '2400' } },
        { name: 'Deposit', normalisation: 'ONE_TIME', monthly: null, annual: null },
        { name: 'Repairs refund', status: 'INACTIVE', normalisation: 'IRREGULAR', monthly: null, annual: null },
      ],
    });
    expect(response.body.id).toMatch(/^cash_flow_source-/);
    const audit = await as<{ items: { action: string }[] }>('GET', `/api/audit-logs?entityId=${response.body.id}`);
    expect(audit.body.items.map((entry) => entry.action)).toEqual(['CREATE']);
    expect((await as('GET', `/api/cash-flow-sources/${response.body.id}`)).body).toEqual(response.body);
  });

  it('answers each message of foundations §5', async () => {
    expectDetails(await as('POST', '/api/cash-flow-sources', {}), [
      { path: 'householdId', message: 'Household is required' },
      { path: 'type', message: 'Type is required' },
      { path: 'name', message: 'Name is required' },
    ]);
    expectDetails(
      await as('POST', '/api/cash-flow-sources', { householdId: home.householdId, type: 'EXPENSE', name: 'Rent' }),
      [
        { path: 'necessity', message: 'Necessity is required for expenses' },
        { path: 'subtype', message: 'Subtype is required for expenses and incomes' },
      ],
    );
    expectDetails(
      await as('POST', '/api/cash-flow-sources', { householdId: home.householdId, type: 'INCOME', name: 'Salary' }),
      [{ path: 'subtype', message: 'Subtype is required for expenses and incomes' }],
    );
    expectDetails(
      await as('POST', '/api/cash-flow-sources', {
        householdId: home.householdId,
        type: 'EXPENSE',
        subtype: 'LIFESTYLE',
        name: 'Gym',
        necessity: 'MAYBE',
      }),
      [{ path: 'necessity', message: 'Necessity must be either Need or Want' }],
    );
    expectDetails(
      await as('POST', '/api/cash-flow-sources', {
        householdId: home.householdId,
        type: 'CONTRIBUTION',
        name: 'RRSP top-up',
        flows: [
          {},
          { name: 'x', status: 'PAUSED', amount: { value: 5, currency: 'CAD' }, frequency: { common: 'MONTHLY' } },
        ],
      }),
      [
        { path: 'flows.0.name', message: 'Cash Flow name is required' },
        { path: 'flows.0.status', message: 'Flow status must be either Active or Inactive' },
        { path: 'flows.0.amount.value', message: 'Amount value is required' },
        { path: 'flows.0.amount.currency', message: 'Currency is required' },
        { path: 'flows.0.frequency', message: 'Frequency is required' },
        { path: 'flows.1.status', message: 'Flow status must be either Active or Inactive' },
      ],
    );
  });

  it('refuses links outside the household, and answers 404 for another organization’s household', async () => {
    const loan = await createRecord(api.baseUrl, token, { householdId: home.householdId, type: 'LOAN' });
    expectDetails(
      await as('POST', '/api/cash-flow-sources', {
        householdId: home.householdId,
        type: 'DEBT',
        name: 'Loan payments',
        assetId: loan.id,
        liabilityId: 'loan_account-AAAAAAAAAAAAAAAAAAAAA',
        sourceAccountId: 'bank_account-AAAAAAAAAAAAAAAAAAAAA',
        payers: ['person-AAAAAAAAAAAAAAAAAAAAA', 'household-AAAAAAAAAAAAAAAAAAAAA'],
        streams: ['recurring_stream-AAAAAAAAAAAAAAAAAAAAA'],
        transactions: ['transaction-AAAAAAAAAAAAAAAAAAAAA'],
      }),
      [
        { path: 'assetId', message: 'Asset must be an asset record of the household' },
        { path: 'liabilityId', message: 'Liability must be a liability record of the household' },
        { path: 'sourceAccountId', message: 'The account must be a record of the household' },
        { path: 'payers.0', message: 'Must be a person, corporation, trust or foundation of the household' },
        { path: 'payers.1', message: 'Must be a person, corporation, trust or foundation of the household' },
        { path: 'streams.0', message: 'Must be a recurring stream of the household' },
        { path: 'transactions.0', message: 'Must be a transaction of the household' },
      ],
    );
    for (const householdId of [south.householdId, 'household-AAAAAAAAAAAAAAAAAAAAA']) {
      const response = await as('POST', '/api/cash-flow-sources', { householdId, type: 'DEBT', name: 'x' });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND', message: 'Household not found' });
    }
  });
});

describe('PATCH /api/cash-flow-sources/{id}', () => {
  it('changes the name, necessity and flows (a list given replaces the stored one), keeping type and subtype', async () => {
    const created = await as<CashFlowSourceResponse>('POST', '/api/cash-flow-sources', {
      householdId: home.householdId,
      type: 'EXPENSE',
      subtype: 'LIFESTYLE',
      necessity: 'WANT',
      name: 'Streaming',
      flows: [flow({ name: 'Netflix', amount: { value: 20, currency: 'CAD' } })],
    });
    const id = created.body.id;
    const updated = await as<CashFlowSourceResponse>('PATCH', `/api/cash-flow-sources/${id}`, {
      name: 'Subscriptions',
      necessity: 'NEED',
      type: 'INCOME',
      subtype: 'SALARY',
      householdId: south.householdId,
      flows: [flow({ name: 'Internet', amount: { value: 90, currency: 'CAD' } })],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Subscriptions',
      necessity: 'NEED',
      type: 'EXPENSE',
      subtype: 'LIFESTYLE',
      householdId: home.householdId,
      flows: [{ name: 'Internet', amount: { value: '90' } }],
    });
    const kept = await as<CashFlowSourceResponse>('PATCH', `/api/cash-flow-sources/${id}`, { name: 'Bills' });
    expect(kept.body.flows.map((item) => item.name)).toEqual(['Internet']);
    const audit = await as<{ items: { action: string; before: { name: string }; after: { name: string } }[] }>(
      'GET',
      `/api/audit-logs?entityId=${id}`,
    );
    expect(audit.body.items.map((entry) => [entry.action, entry.after.name])).toEqual([
      ['UPDATE', 'Bills'],
      ['UPDATE', 'Subscriptions'],
      ['CREATE', 'Streaming'],
    ]);
  });

  it('keeps the spec’s rules: an expense keeps its necessity, a name is required, flows follow the item rules', async () => {
    const expense = await as<CashFlowSourceResponse>('POST', '/api/expense-flows', {
      householdId: home.householdId,
      name: 'Groceries',
    });
    const path = `/api/cash-flow-sources/${expense.body.id}`;
    // Blank counts as not given (domain schema), so an expense keeps its necessity.
    const kept = await as<CashFlowSourceResponse>('PATCH', path, { necessity: null });
    expect(kept.body.necessity).toBe('NEED');
    expectDetails(await as('PATCH', path, { necessity: 'SOMETIMES' }), [
      { path: 'necessity', message: 'Necessity must be either Need or Want' },
    ]);
    expectDetails(await as('PATCH', path, { name: ' ', flows: [flow({ frequency: {} })] }), [
      { path: 'name', message: 'Name is required' },
      { path: 'flows.0.frequency.common', message: 'Frequency is required' },
    ]);
  });

  it("answers 404 for another organization's source, exactly as for a missing one", async () => {
    for (const method of ['GET', 'PATCH']) {
      const foreign = await as(
        method,
        `/api/cash-flow-sources/${south.sourceId}`,
        method === 'GET' ? undefined : { name: 'x' },
      );
      const missing = await as(
        method,
        '/api/cash-flow-sources/cash_flow_source-AAAAAAAAAAAAAAAAAAAAA',
        method === 'GET' ? undefined : { name: 'x' },
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ message: 'Cash flow source not found' });
      expect({ ...foreign.body, requestId: 0 }).toEqual({ ...missing.body, requestId: 0 });
    }
    expectDetails(await as('GET', '/api/cash-flow-sources/nope'), [
      { path: 'cashFlowSourceId', message: 'Invalid cash flow source id' },
    ]);
  });
});

describe('DELETE /api/cash-flow-sources/{id}/soft-delete', () => {
  it('takes an income out of the view and its monthly figures, lets its streams count again, and audits it', async () => {
    const family = await createFinancialHousehold(prisma, north, 'Deleting household');
    const stream = await as<RecurringStreamResponse>('POST', '/api/streams', {
      householdId: family.householdId,
      name: 'Employer deposit',
      direction: 'INFLOW',
      frequency: 'MONTHLY',
      averageAmount: { value: 500, currency: 'CAD' },
    });
    await as('PATCH', `/api/streams/${stream.body.id}/confirm`);
    const salary = await as<CashFlowSourceResponse>('POST', '/api/cash-flow-sources', {
      householdId: family.householdId,
      type: 'INCOME',
      subtype: 'SALARY',
      name: 'Salary',
      streams: [stream.body.id],
      flows: [flow({ amount: { value: 4000, currency: 'CAD' } })],
    });
    const view = () => as<CashFlowView>('GET', `/api/cash-flow-view/${family.householdId}?currency=CAD`);
    // The stream is explained by the salary, so only the salary's flow counts.
    expect((await view()).body.summary.inflow.monthly.value).toBe('4000');

    const deleted = await as('DELETE', `/api/cash-flow-sources/${salary.body.id}/soft-delete`);
    expect(deleted.status).toBe(204);
    const after = await view();
    expect(after.body.sources.map((source) => source.name)).not.toContain('Salary');
    expect(after.body.summary.inflow.monthly.value).toBe('500');
    expect(after.body.streams.find((item) => item.id === stream.body.id)?.cashFlowSourceId).toBeNull();
    expect((await as('GET', `/api/cash-flow-sources/${salary.body.id}`)).status).toBe(404);
    expect((await as('PATCH', `/api/cash-flow-sources/${salary.body.id}`, { name: 'Back' })).status).toBe(404);
    expect((await as('DELETE', `/api/cash-flow-sources/${salary.body.id}/soft-delete`)).status).toBe(404);
    // Soft: the row stays, marked deleted.
    const row = await prisma.cashFlowSource.findUnique({ where: { id: salary.body.id } });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const audit = await as<{ items: { action: string; before: { name: string } | null }[] }>(
      'GET',
      `/api/audit-logs?entityId=${salary.body.id}`,
    );
    expect(audit.body.items.map((entry) => entry.action)).toEqual(['SOFT_DELETE', 'CREATE']);
    expect(audit.body.items[0]?.before?.name).toBe('Salary');
  });

  it("answers 404 for another organization's source and changes nothing; a bad id is a 400", async () => {
    const foreign = await as('DELETE', `/api/cash-flow-sources/${south.sourceId}/soft-delete`);
    const missing = await as('DELETE', '/api/cash-flow-sources/cash_flow_source-AAAAAAAAAAAAAAAAAAAAA/soft-delete');
    expect(foreign.status).toBe(404);
    expect({ ...(foreign.body as object), requestId: 0 }).toEqual({ ...(missing.body as object), requestId: 0 });
    const row = await prisma.cashFlowSource.findUnique({ where: { id: south.sourceId } });
    expect(row?.deletedAt).toBeNull();
    expectDetails(await as('DELETE', '/api/cash-flow-sources/nope/soft-delete'), [
      { path: 'cashFlowSourceId', message: 'Invalid cash flow source id' },
    ]);
  });
});

describe('POST /api/income-flows and /api/expense-flows (Add Income, Add Expense)', () => {
  it('makes a source from a household and a name, with defaults, and optional flows', async () => {
    const income = await as<CashFlowSourceResponse>('POST', '/api/income-flows', {
      householdId: home.householdId,
      name: 'Salary',
      flows: [flow({ amount: { value: 3000, currency: 'CAD' }, frequency: { common: 'SEMI_MONTHLY' } })],
    });
    expect(income.status).toBe(201);
    expect(income.body).toMatchObject({
      type: 'INCOME',
      subtype: 'CUSTOM',
      name: 'Salary',
      flows: [{ monthly: { value: '6000' }, annual: { value: '72000' } }],
    });
    const expense = await as<CashFlowSourceResponse>('POST', '/api/expense-flows', {
      householdId: home.householdId,
      name: 'Dining out',
      necessity: 'WANT',
      subtype: 'LIFESTYLE',
    });
    expect(expense.body).toMatchObject({ type: 'EXPENSE', subtype: 'LIFESTYLE', necessity: 'WANT', flows: [] });
    const plain = await as<CashFlowSourceResponse>('POST', '/api/expense-flows', {
      householdId: home.householdId,
      name: 'Rent',
    });
    expect(plain.body).toMatchObject({ subtype: 'OTHER', necessity: 'NEED' });
  });

  it('answers the spec’s messages and 404 for another organization’s household', async () => {
    for (const path of ['/api/income-flows', '/api/expense-flows']) {
      expectDetails(await as('POST', path, { name: '' }), [
        { path: 'householdId', message: 'Household is required' },
        { path: 'name', message: 'Name is required' },
      ]);
      const foreign = await as('POST', path, { householdId: south.householdId, name: 'x' });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ message: 'Household not found' });
    }
    expectDetails(
      await as('POST', '/api/expense-flows', { householdId: home.householdId, name: 'x', necessity: 'NO' }),
      [{ path: 'necessity', message: 'Necessity must be either Need or Want' }],
    );
  });
});

describe('GET /api/cash-flow-view/{householdId}', () => {
  it('gives monthly in and out, needs against wants, and totals by category, in the requested currency', async () => {
    const family = await createFinancialHousehold(prisma, north, 'Cash flow household');
    await setFxRate(prisma, north.organizationId, { date: '2024-01-01', base: 'USD', quote: 'CAD', rate: '1.25' });
    const post = (path: string, body: Record<string, unknown>) =>
      as<CashFlowSourceResponse>('POST', path, { householdId: family.householdId, ...body });
    await post('/api/income-flows', {
      name: 'Salary',
      subtype: 'SALARY',
      flows: [
        flow({ amount: { value: 2400, currency: 'USD' }, frequency: { common: 'BI_WEEKLY' } }),
        flow({ name: 'Signing bonus', amount: { value: 5000, currency: 'CAD' }, frequency: { common: 'ONE_TIME' } }),
      ],
    });
    await post('/api/expense-flows', {
      name: 'Rent',
      subtype: 'HOUSING',
      flows: [flow({ amount: { value: 2000, currency: 'CAD' } })],
    });
    await post('/api/expense-flows', {
      name: 'Travel',
      subtype: 'LIFESTYLE',
      necessity: 'WANT',
      flows: [
        flow({ amount: { value: 6000, currency: 'CAD' }, frequency: { common: 'ANNUALLY' } }),
        flow({ name: 'Old trips', amount: { value: 900, currency: 'CAD' }, status: 'INACTIVE' }),
        flow({ name: 'Whenever', amount: { value: 70, currency: 'CAD' }, frequency: { common: 'OTHER' } }),
      ],
    });
    await post('/api/cash-flow-sources', {
      type: 'CONTRIBUTION',
      name: 'TFSA',
      flows: [flow({ amount: { value: 100, currency: 'USD' }, frequency: { common: 'WEEKLY' } })],
    });

    const response = await as<CashFlowView>('GET', `/api/cash-flow-view/${family.householdId}?currency=CAD`);
    expect(response.status).toBe(200);
    // Salary 2400 USD x 1.25 = 3000 CAD, x 26 / 12 = 6500 a month; contribution 125 CAD x 52 / 12.
    expect(response.body.summary).toMatchObject({
      currency: 'CAD',
      inflow: { monthly: { value: '6500', currency: 'CAD' }, annual: { value: '78000' } },
      outflow: { monthly: { value: '3041.66666667' }, annual: { value: '36500' } },
      net: { monthly: { value: '3458.33333333' } },
      needs: { monthly: { value: '2000' } },
      wants: { monthly: { value: '500' } },
      unclassified: { monthly: { value: '541.66666667' } },
      oneTime: { inflow: { value: '5000' }, outflow: { value: '0' } },
      irregularCount: 1,
    });
    expect(
      response.body.summary.byCategory.map((entry) => [entry.direction, entry.label, entry.monthly.value]),
    ).toEqual([
      ['INFLOW', 'Salary', '6500'],
      ['OUTFLOW', 'Housing', '2000'],
      ['OUTFLOW', 'Contribution', '541.66666667'],
      ['OUTFLOW', 'Lifestyle', '500'],
    ]);
    expect(response.body.sources.map((source) => source.name)).toEqual(['Salary', 'Rent', 'Travel', 'TFSA']);
    expect(response.body.ratesUsed.map((rate) => rate.rate)).toEqual(['1.25']);

    const usd = await as<CashFlowView>('GET', `/api/cash-flow-view/${family.householdId}?currency=USD`);
    expect(usd.body.summary.inflow.monthly).toEqual({ value: '5200', currency: 'USD' });
    const gbp = await as('GET', `/api/cash-flow-view/${family.householdId}?currency=GBP`);
    expect(gbp.status).toBe(400);
    expect(gbp.body).toMatchObject({ message: 'No rate found for target currency GBP' });
  });

  it("answers 404 for another organization's household and validates its input", async () => {
    const foreign = await as('GET', `/api/cash-flow-view/${south.householdId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: 'Household not found' });
    expectDetails(await as('GET', `/api/cash-flow-view/${home.householdId}?currency=cad`), [
      { path: 'currency', message: 'Currency is not valid' },
    ]);
  });
});

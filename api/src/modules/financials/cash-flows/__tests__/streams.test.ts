import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { CashFlowView, RecurringStreamResponse } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  createHousehold,
  createRecord,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let home: FinancialHousehold;
let token: string;
let as: ReturnType<typeof apiAs>;
let southStream: string;
let southHouseholdId: string;

const MISSING = 'recurring_stream-AAAAAAAAAAAAAAAAAAAAA';

function newStream(body: Record<string, unknown> = {}) {
  return as<RecurringStreamResponse>('POST', '/api/streams', {
    householdId: home.householdId,
    name: 'Grocery store',
    direction: 'OUTFLOW',
    frequency: 'WEEKLY',
    averageAmount: { value: 150, currency: 'CAD' },
    ...body,
  });
}

function expectDetails(response: { status: number; body: unknown }, details: { path: string; message: string }[]) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect((response.body as { details: unknown }).details).toEqual(details);
}

async function auditActions(id: string) {
  const audit = await as<{ items: { action: string }[] }>('GET', `/api/audit-logs?entityId=${id}`);
  return audit.body.items.map((entry) => entry.action);
}

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  home = await createFinancialHousehold(prisma, north);
  token = await login(api.baseUrl, north.email, north.password);
  as = apiAs(api.baseUrl, token);
  const south = await createOrganization(prisma, { name: 'South Wealth' });
  const southHousehold = await createHousehold(prisma, south);
  southHouseholdId = southHousehold;
  const southToken = await login(api.baseUrl, south.email, south.password);
  const created = await apiAs(api.baseUrl, southToken)<RecurringStreamResponse>('POST', '/api/streams', {
    householdId: southHousehold,
    name: 'South stream',
    direction: 'INFLOW',
  });
  southStream = created.body.id;
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('recurring streams', () => {
  it('creates a stream by hand, on an account of the household, with a category', async () => {
    const card = await createRecord(api.baseUrl, token, { householdId: home.householdId, type: 'CREDIT_CARD' });
    const response = await newStream({
      financialRecordId: card.id,
      category: 'FOOD_AND_DRINK_GROCERIES',
      merchantName: 'IGA',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      householdId: home.householdId,
      name: 'Grocery store',
      direction: 'OUTFLOW',
      frequency: 'WEEKLY',
      merchantName: 'IGA',
      averageAmount: { value: '150', currency: 'CAD' },
      financialRecordId: card.id,
      category: {
        id: 'FOOD_AND_DRINK_GROCERIES',
        primary: 'FOOD_AND_DRINK',
        primaryLabel: 'Food and drink',
        label: 'Groceries',
        group: 'EXPENSE',
        nature: 'ESSENTIAL',
      },
      confirmedAt: null,
      normalisation: 'RECURRING',
      monthly: { value: '650', currency: 'CAD' },
      annual: { value: '7800', currency: 'CAD' },
    });
    expect(response.body.id).toMatch(/^recurring_stream-/);
    expect(await auditActions(response.body.id)).toEqual(['CREATE']);
  });

  it('validates a new stream and answers 404 for another organization’s household', async () => {
    expectDetails(await as('POST', '/api/streams', { direction: 'SIDEWAYS', frequency: 'HOURLY', category: 'NOPE' }), [
      { path: 'householdId', message: 'Household is required' },
      { path: 'name', message: 'Name is required' },
      { path: 'direction', message: 'Direction must be either Inflow or Outflow' },
      { path: 'frequency', message: 'Frequency must be one of the payment frequencies' },
      { path: 'category', message: 'Category must be one of the transaction categories' },
    ]);
    const other = await createHousehold(prisma, north, 'Other');
    const foreignAccount = await createRecord(api.baseUrl, token, { householdId: other, type: 'LOAN' });
    expectDetails(await newStream({ financialRecordId: foreignAccount.id }), [
      { path: 'financialRecordId', message: 'The account must be a record of the household' },
    ]);
    for (const householdId of [southHouseholdId, 'household-AAAAAAAAAAAAAAAAAAAAA']) {
      const response = await newStream({ householdId });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: 'Household not found' });
    }
  });

  it('confirms a stream once, and a confirmed stream counts in the cash-flow view', async () => {
    const family = await createFinancialHousehold(prisma, north, 'Stream household');
    const stream = await newStream({
      householdId: family.householdId,
      category: 'ENTERTAINMENT_TV_AND_MOVIES',
      frequency: 'MONTHLY',
      averageAmount: { value: 25, currency: 'CAD' },
    });
    const before = await as<CashFlowView>('GET', `/api/cash-flow-view/${family.householdId}`);
    expect(before.body.summary.outflow.monthly.value).toBe('0');
    const confirmed = await as<RecurringStreamResponse>('PATCH', `/api/streams/${stream.body.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.confirmedAt).toEqual(expect.any(String));
    const again = await as<RecurringStreamResponse>('PATCH', `/api/streams/${stream.body.id}/confirm`);
    expect(again.body.confirmedAt).toBe(confirmed.body.confirmedAt);
    const after = await as<CashFlowView>('GET', `/api/cash-flow-view/${family.householdId}`);
    expect(after.body.summary).toMatchObject({
      outflow: { monthly: { value: '25' } },
      wants: { monthly: { value: '25' } },
      byCategory: [{ key: 'ENTERTAINMENT', label: 'Entertainment', direction: 'OUTFLOW' }],
    });
    expect(after.body.streams.map((item) => item.id)).toEqual([stream.body.id]);
    expect(await auditActions(stream.body.id)).toEqual(['UPDATE', 'UPDATE', 'CREATE']);
  });

  it('renames a stream (Rename Stream)', async () => {
    const stream = await newStream();
    const renamed = await as<RecurringStreamResponse>('PATCH', `/api/streams/${stream.body.id}/rename`, {
      name: ' Costco ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Costco');
    expectDetails(await as('PATCH', `/api/streams/${stream.body.id}/rename`, { name: '' }), [
      { path: 'name', message: 'Name is required' },
    ]);
  });

  it('categorizes a stream with the transaction categories', async () => {
    const stream = await newStream();
    const response = await as<RecurringStreamResponse>('PATCH', `/api/streams/${stream.body.id}/categorize`, {
      category: 'TRAVEL_FLIGHTS',
    });
    expect(response.body.category).toMatchObject({ id: 'TRAVEL_FLIGHTS', nature: 'NON_ESSENTIAL', label: 'Flights' });
    expectDetails(await as('PATCH', `/api/streams/${stream.body.id}/categorize`, {}), [
      { path: 'category', message: 'Category is required' },
    ]);
    expectDetails(await as('PATCH', `/api/streams/${stream.body.id}/categorize`, { category: 'TRAVEL' }), [
      { path: 'category', message: 'Category must be one of the transaction categories' },
    ]);
    // The organization's category rows are made once, from the domain's catalogue.
    await as('PATCH', `/api/streams/${stream.body.id}/categorize`, { category: 'TRAVEL_FLIGHTS' });
    expect(
      await prisma.transactionCategory.count({
        where: { organizationId: north.organizationId, detailedCategory: 'TRAVEL_FLIGHTS' },
      }),
    ).toBe(1);
  });

  it('soft-deletes a stream (Delete Stream)', async () => {
    const stream = await newStream();
    const deleted = await as('DELETE', `/api/streams/${stream.body.id}/soft-delete`);
    expect(deleted.status).toBe(204);
    const again = await as('PATCH', `/api/streams/${stream.body.id}/rename`, { name: 'x' });
    expect(again.status).toBe(404);
    expect(await auditActions(stream.body.id)).toEqual(['SOFT_DELETE', 'CREATE']);
    const row = await prisma.recurringStream.findUniqueOrThrow({ where: { id: stream.body.id } });
    expect(row.deletedAt).not.toBeNull();
  });

  it("answers 404 on every stream route for another organization's stream, exactly as for a missing one", async () => {
    const routes: [string, string, unknown][] = [
      ['PATCH', 'confirm', undefined],
      ['PATCH', 'rename', { name: 'x' }],
      ['PATCH', 'categorize', { category: 'TRAVEL_FLIGHTS' }],
      ['DELETE', 'soft-delete', undefined],
    ];
    for (const [method, action, body] of routes) {
      const foreign = await as(method, `/api/streams/${southStream}/${action}`, body);
      const missing = await as(method, `/api/streams/${MISSING}/${action}`, body);
      expect({ action, status: foreign.status, message: foreign.body.message }).toEqual({
        action,
        status: 404,
        message: 'Recurring stream not found',
      });
      expect({ ...foreign.body, requestId: 0 }).toEqual({ ...missing.body, requestId: 0 });
    }
    expectDetails(await as('PATCH', '/api/streams/stream-1/confirm'), [
      { path: 'recurringStreamSourceId', message: 'Invalid recurring stream id' },
    ]);
    const untouched = await prisma.recurringStream.findUniqueOrThrow({ where: { id: southStream } });
    expect(untouched).toMatchObject({ name: 'South stream', confirmedAt: null, deletedAt: null, categoryId: null });
  });
});

// What an advisor changes by hand through the API survives every later sync: a renamed or
// re-categorized stream, a confirmed stream linked to a cash-flow source, a renamed account; the
// provider's other fields keep updating.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient, type SyncPageWriter } from '@meridian/api';
import { startSyncContext, type SyncContext } from '#test/support/sync-context.js';
import type { CashFlowSourceResponse, RecurringStreamResponse } from '@meridian/domain';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold, type FinancialHousehold } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';
import { checking, createPlaidConnection, finishRun, page, startRun, stream } from './pages.js';
import type { SyncRunRef } from '../sync-page-writer.js';

let api: TestApi;
let prisma: PrismaClient;
let writer: SyncPageWriter;
let sync: SyncContext;
let home: FinancialHousehold;
let as: ReturnType<typeof apiAs>;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  sync = await startSyncContext(api.databaseUrl);
  writer = sync.writer;
  const north = await createOrganization(prisma, { name: 'North Wealth' });
  home = await createFinancialHousehold(prisma, north);
  as = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
});

afterAll(async () => {
  await sync.close();
  await prisma.$disconnect();
  await api.close();
});

async function ok<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

describe('advisor edits and later syncs', () => {
  it('keeps the advisor’s stream name, category, confirmation and cash-flow source, and the account’s nickname', async () => {
    const connectionId = await createPlaidConnection(prisma, home.organizationId, home.householdId);
    let run: SyncRunRef = await startRun(prisma, home.organizationId, connectionId);
    const provider = {
      account: checking('acc-1'),
      netflix: stream('stream-netflix', 'acc-1'),
      gym: stream('stream-gym', 'acc-1', {
        name: 'GOODLIFE',
        averageAmount: { value: '45.00', currency: 'CAD' },
        category: {
          code: 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
          providerCode: 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
          group: 'EXPENSE',
          nature: 'NON_ESSENTIAL',
        },
      }),
    };
    await writer.writePage(run, page({ records: [provider.account, provider.netflix, provider.gym] }));
    const record = await prisma.financialRecord.findFirstOrThrow({ where: { connectionId } });
    const streams = await prisma.recurringStream.findMany({ where: { financialRecordId: record.id } });
    const netflixId = streams.find((row) => row.name === 'NETFLIX')!.id;
    const gymId = streams.find((row) => row.name === 'GOODLIFE')!.id;

    // The advisor's changes, through the routes.
    await ok(as<RecurringStreamResponse>('PATCH', `/api/streams/${netflixId}/rename`, { name: 'Family streaming' }));
    await ok(
      as<RecurringStreamResponse>('PATCH', `/api/streams/${netflixId}/categorize`, {
        category: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
      }),
    );
    const confirmed = await ok(as<RecurringStreamResponse>('PATCH', `/api/streams/${gymId}/confirm`));
    const source = await ok(
      as<CashFlowSourceResponse>('POST', '/api/cash-flow-sources', {
        householdId: home.householdId,
        type: 'EXPENSE',
        subtype: 'OTHER',
        necessity: 'WANT',
        name: 'Gym membership',
        streams: [gymId],
      }),
      201,
    );
    await ok(as('PATCH', `/api/financial-records/${record.id}/rename`, { nickname: 'Joint chequing' }));

    // The provider changes every one of those fields, and others.
    run = await finishRun(prisma, run).then(() => startRun(prisma, home.organizationId, connectionId));
    const result = await writer.writePage(
      run,
      page({
        records: [
          checking('acc-1', {
            name: 'Chequing (bank’s new name)',
            balances: { current: { value: '2000.01', currency: 'CAD' }, available: null, limit: null },
          }),
          stream('stream-netflix', 'acc-1', {
            name: 'NETFLIX.COM',
            merchantName: 'Netflix Inc.',
            averageAmount: { value: '18.99', currency: 'CAD' },
            category: {
              code: 'FOOD_AND_DRINK_RESTAURANT',
              providerCode: 'FOOD_AND_DRINK_RESTAURANT',
              group: 'EXPENSE',
              nature: 'NON_ESSENTIAL',
            },
          }),
          { ...provider.gym, name: 'GOODLIFE FITNESS', lastDate: '2026-11-01' },
        ],
        complete: ['financial-account', 'recurring-stream'],
      }),
    );

    expect(result.counts).toEqual({ created: 0, updated: 3, unchanged: 0, deleted: 0, failed: 0 });
    const netflix = await prisma.recurringStream.findUniqueOrThrow({
      where: { id: netflixId },
      include: { category: true },
    });
    // The advisor's name and category stay; the provider's amount and merchant are taken.
    expect(netflix).toMatchObject({ name: 'Family streaming', merchantName: 'Netflix Inc.' });
    expect(netflix.category?.detailedCategory).toBe('GENERAL_SERVICES_OTHER_GENERAL_SERVICES');
    expect(netflix.averageAmount?.toFixed()).toBe('18.99');
    expect([...netflix.editedFields].sort()).toEqual(['category', 'name']);

    // The stream nobody renamed takes the provider's new name; its confirmation and source stay.
    const gym = await prisma.recurringStream.findUniqueOrThrow({ where: { id: gymId } });
    expect(gym).toMatchObject({ name: 'GOODLIFE FITNESS', cashFlowSourceId: source.id, isActive: true });
    expect(gym.confirmedAt?.toISOString()).toBe(confirmed.confirmedAt);
    expect(gym.lastDate?.toISOString().slice(0, 10)).toBe('2026-11-01');

    const account = await prisma.financialRecord.findUniqueOrThrow({
      where: { id: record.id },
      include: { bankAccount: true },
    });
    expect(account).toMatchObject({ nickname: 'Joint chequing', name: 'Chequing (bank’s new name)' });
    expect(account.bankAccount?.balance?.toFixed()).toBe('2000.01');

    // And through the API, as the advisor sees it.
    const view = await ok(as<{ streams: RecurringStreamResponse[] }>('GET', `/api/cash-flow-view/${home.householdId}`));
    const shown = Object.fromEntries(view.streams.map((row) => [row.id, row]));
    expect(shown[netflixId]).toMatchObject({ name: 'Family streaming', merchantName: 'Netflix Inc.' });
    expect(shown[gymId]).toMatchObject({ name: 'GOODLIFE FITNESS', cashFlowSourceId: source.id });
    const after = await ok(as<CashFlowSourceResponse>('GET', `/api/cash-flow-sources/${source.id}`));
    expect(after.streams).toEqual([gymId]);
  });
});

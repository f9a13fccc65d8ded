import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { AuditLogPage, SyncRunDetail } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold } from '#test/support/financial-factories.js';
import { startSyncContext, type SyncContext } from '#test/support/sync-context.js';
import {
  checking,
  createPlaidConnection,
  creditCard,
  finishRun,
  page,
  startRun,
  stream,
  transaction,
} from './pages.js';

// A bank's run, written by the sync's own page writer: its detail lists what it created, updated
// and removed, as many as its counts say, each named.

let api: TestApi;
let prisma: PrismaClient;
let sync: SyncContext;
let north: CreatedOrganization;
let as: ReturnType<typeof apiAs>;
let connectionId: string;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  sync = await startSyncContext(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  const home = await createFinancialHousehold(prisma, north, 'Okafor household');
  connectionId = await createPlaidConnection(prisma, north.organizationId, home.householdId);
  as = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
});
afterAll(async () => {
  await sync?.close();
  await prisma?.$disconnect();
  await api?.close();
});

async function changesOf(runId: string) {
  const [detail, changes] = await Promise.all([
    as<SyncRunDetail>('GET', `/api/sync-runs/${runId}`),
    as<AuditLogPage>('GET', `/api/sync-runs/${runId}/changes?limit=100`),
  ]);
  expect(detail.status).toBe(200);
  expect(changes.status).toBe(200);
  return { counts: detail.body.counts, changes: changes.body };
}

describe("a Plaid run's changes", () => {
  it('lists every record the run created, then what the next run updated and removed, agreeing with the counts', async () => {
    const first = await startRun(prisma, north.organizationId, connectionId);
    await sync.writer.writePage(
      first,
      page({
        records: [
          checking('chq-1'),
          creditCard('card-1'),
          transaction('t-1', 'chq-1'),
          transaction('t-2', 'chq-1', { description: 'CAFE 7' }),
          stream('s-1', 'chq-1'),
        ],
      }),
    );
    await finishRun(prisma, first);

    const created = await changesOf(first.syncRunId);
    expect(created.counts).toMatchObject({ created: 5, updated: 0, deleted: 0 });
    expect(created.changes.total).toBe(created.counts.created + created.counts.updated + created.counts.deleted);
    expect(created.changes.items.every((item) => item.action === 'CREATE')).toBe(true);
    expect(created.changes.items.map((item) => item.entity.name).sort()).toEqual(
      ['CAFE 7', 'Everyday chequing', 'GROCER 42', 'NETFLIX', creditCard('card-1').name].sort(),
    );
    expect(created.changes.items.map((item) => item.actor.name)).toContain('Sync of Plaid');

    const second = await startRun(prisma, north.organizationId, connectionId);
    await sync.writer.writePage(
      second,
      page({
        records: [
          checking('chq-1', { name: 'Everyday chequing (joint)' }),
          creditCard('card-1'),
          transaction('t-1', 'chq-1', { amount: { value: '13.00', currency: 'CAD' } }),
        ],
        removed: [{ kind: 'transaction', sourceId: 't-2' }],
      }),
    );
    await finishRun(prisma, second);

    const next = await changesOf(second.syncRunId);
    expect(next.counts).toMatchObject({ created: 0, updated: 2, unchanged: 1, deleted: 1 });
    expect(next.changes.total).toBe(3);
    const byName = Object.fromEntries(next.changes.items.map((item) => [item.entity.name, item.action]));
    expect(byName).toMatchObject({ 'Everyday chequing (joint)': 'UPDATE', 'GROCER 42': 'UPDATE', 'CAFE 7': 'DELETE' });
  });
});

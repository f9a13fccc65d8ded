import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type {
  ListPage,
  QueueHealth,
  SyncRecordErrorView,
  SyncRunAction,
  SyncRunDaily,
  SyncRunDetail,
  SyncRunView,
} from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createHousehold } from '#test/support/financial-factories.js';
import { seedPlaidConnection, seedRun, type SeededConnection } from '#test/support/hub-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let as: ReturnType<typeof apiAs>;
let household: string;
let bank: SeededConnection;
let southRun: string;

const DAY = 86_400_000;
const today = new Date(Math.floor(Date.now() / DAY) * DAY);
const daysAgo = (days: number, hours = 10) => new Date(today.getTime() - days * DAY + hours * 3_600_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const runs: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  household = await createHousehold(prisma, north);
  as = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const organizationId = north.organizationId;
  bank = await seedPlaidConnection(prisma, api.environment.config, { organizationId, householdId: household });
  const other = await seedPlaidConnection(prisma, api.environment.config, {
    organizationId,
    householdId: household,
    displayName: 'Tartan Bank',
  });
  runs.old = await seedRun(prisma, {
    organizationId,
    connectionId: bank.id,
    status: 'SUCCEEDED',
    queuedAt: daysAgo(3),
  });
  runs.failed = await seedRun(prisma, {
    organizationId,
    connectionId: bank.id,
    status: 'FAILED',
    trigger: 'WEBHOOK',
    queuedAt: daysAgo(1),
    errors: 60,
  });
  runs.partial = await seedRun(prisma, {
    organizationId,
    connectionId: other.id,
    status: 'PARTIAL',
    queuedAt: daysAgo(1, 12),
    errors: 2,
  });
  runs.succeeded = await seedRun(prisma, {
    organizationId,
    connectionId: other.id,
    status: 'SUCCEEDED',
    queuedAt: daysAgo(0, 1),
  });

  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  const southHousehold = await createHousehold(prisma, south);
  const southBank = await seedPlaidConnection(prisma, api.environment.config, {
    organizationId: south.organizationId,
    householdId: southHousehold,
  });
  southRun = await seedRun(prisma, {
    organizationId: south.organizationId,
    connectionId: southBank.id,
    status: 'FAILED',
    queuedAt: daysAgo(0, 2),
  });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('listing runs', () => {
  it('lists the organization’s runs newest first, with filters', async () => {
    const all = await as<ListPage<SyncRunView>>('GET', '/api/sync-runs');
    expect(all.status).toBe(200);
    expect(all.body.items.map((run) => run.id)).toEqual([runs.succeeded, runs.partial, runs.failed, runs.old]);
    expect(all.body.total).toBe(4);
    expect(all.body.items[0]).toMatchObject({ connection: { service: 'PLAID', displayName: 'Tartan Bank' } });

    const filtered = async (query: string) =>
      (await as<ListPage<SyncRunView>>('GET', `/api/sync-runs?${query}`)).body.items.map((run) => run.id);
    expect(await filtered(`connectionId=${bank.id}`)).toEqual([runs.failed, runs.old]);
    expect(await filtered('status=FAILED')).toEqual([runs.failed]);
    expect(await filtered('trigger=WEBHOOK')).toEqual([runs.failed]);
    expect(await filtered('service=NYLAS')).toEqual([]);
    expect(await filtered(`from=${isoDay(daysAgo(1))}&to=${isoDay(daysAgo(1))}`)).toEqual([runs.partial, runs.failed]);
    expect(await filtered('limit=1&page=2')).toEqual([runs.partial]);
  });

  it('validates its filters', async () => {
    const response = await as('GET', '/api/sync-runs?status=DONE&trigger=CRON&from=yesterday&connectionId=x');
    expect(response.status).toBe(400);
    expect((response.body as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { path: 'status', message: 'Invalid sync run status' },
        { path: 'trigger', message: 'Invalid sync trigger' },
        { path: 'from', message: 'Invalid date' },
        { path: 'connectionId', message: 'Invalid connection id' },
      ]),
    );
  });

  it('counts runs per UTC day by status, every day of the window present', async () => {
    const response = await as<SyncRunDaily>('GET', '/api/sync-runs/daily?days=5');
    expect(response.status).toBe(200);
    expect(response.body.map((day) => day.date)).toEqual([4, 3, 2, 1, 0].map((days) => isoDay(daysAgo(days))));
    const zero = { QUEUED: 0, RUNNING: 0, SUCCEEDED: 0, PARTIAL: 0, FAILED: 0, CANCELLED: 0 };
    expect(response.body.map((day) => day.counts)).toEqual([
      zero,
      { ...zero, SUCCEEDED: 1 },
      zero,
      { ...zero, FAILED: 1, PARTIAL: 1 },
      { ...zero, SUCCEEDED: 1 },
    ]);
    const bad = await as('GET', '/api/sync-runs/daily?days=91');
    expect(bad.body).toMatchObject({ details: [{ path: 'days', message: 'days must be at most 90' }] });
  });
});

describe('a run’s detail', () => {
  it('shows the run with its first 50 record errors and their count; the rest page', async () => {
    const detail = await as<SyncRunDetail>('GET', `/api/sync-runs/${runs.failed}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: runs.failed,
      status: 'FAILED',
      trigger: 'WEBHOOK',
      counts: { failed: 60 },
      error: { code: 'INTERNAL_SERVER_ERROR', message: 'Plaid failed' },
      recordErrorCount: 60,
    });
    expect(detail.body.recordErrors).toHaveLength(50);
    expect(detail.body.recordErrors[0]).toMatchObject({ outsideId: 'txn-000', reason: 'unsupported currency BTC' });

    const page = await as<ListPage<SyncRecordErrorView>>(
      'GET',
      `/api/sync-runs/${runs.failed}/record-errors?page=2&limit=50`,
    );
    expect(page.body.total).toBe(60);
    expect(page.body.items.map((error) => error.outsideId)).toEqual(
      Array.from({ length: 10 }, (_, index) => `txn-${String(50 + index).padStart(3, '0')}`),
    );
  });

  it('answers 404 for another organization’s run on every route', async () => {
    for (const [method, path] of [
      ['GET', `/api/sync-runs/${southRun}`],
      ['GET', `/api/sync-runs/${southRun}/record-errors`],
      ['POST', `/api/sync-runs/${southRun}/retry`],
      ['POST', `/api/sync-runs/${southRun}/cancel`],
    ] as const) {
      const response = await as(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const list = await as<ListPage<SyncRunView>>('GET', '/api/sync-runs?limit=100');
    expect(list.body.items.map((run) => run.id)).not.toContain(southRun);
    expect(await prisma.syncRun.findUnique({ where: { id: southRun } })).toMatchObject({ status: 'FAILED' });
    const badId = await as('GET', '/api/sync-runs/connection-AAAAAAAAAAAAAAAAAAAAA');
    expect(badId.body).toMatchObject({ details: [{ path: 'syncRunId', message: 'Invalid sync run id' }] });
  });
});

describe('retry and cancel', () => {
  it('retries a failed run as a new MANUAL run; a succeeded run is a 409', async () => {
    const retried = await as<SyncRunAction>('POST', `/api/sync-runs/${runs.failed}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.run).toMatchObject({ connectionId: bank.id, status: 'QUEUED', trigger: 'MANUAL' });
    expect(retried.body.run.id).not.toBe(runs.failed);
    expect(await prisma.syncRun.findUnique({ where: { id: runs.failed } })).toMatchObject({ status: 'FAILED' });

    const refused = await as('POST', `/api/sync-runs/${runs.old}/retry`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Only a failed, partial or cancelled run can be retried; this run is SUCCEEDED',
    });

    // The new run is active: cancel it, then it cannot be cancelled twice.
    const cancelled = await as<SyncRunAction>('POST', `/api/sync-runs/${retried.body.run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.run).toMatchObject({ id: retried.body.run.id, status: 'CANCELLED' });
    const again = await as('POST', `/api/sync-runs/${retried.body.run.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'Only a queued or running run can be cancelled; this run is CANCELLED',
    });
  });
});

describe('queue health', () => {
  it('answers the depth of every queue, the sync queue among them', async () => {
    const response = await as<QueueHealth[]>('GET', '/api/queues/health');
    expect(response.status).toBe(200);
    expect(response.body.map((queue) => queue.name)).toContain('sync');
    expect(response.body.find((queue) => queue.name === 'sync')).toMatchObject({ paused: false });
    expect((await apiAs(api.baseUrl, '')('GET', '/api/queues/health')).status).toBe(401);
  });
});

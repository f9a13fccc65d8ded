/**
 * Sync orchestration end to end: SyncRunLauncher -> BullMQ -> the worker's sync.run job ->
 * PlaidConnector -> prism (Plaid's OpenAPI description, --errors) -> the fake Plaid, with each of
 * the fake's fault modes. The worker runs in this process against this file's database and Redis.
 */
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, SyncRunLauncher, SyncScheduler, type PrismaClient } from '@meridian/api';
import { encodePlaidCursor } from '@meridian/connectors';
import { DomainError, EntityType, jobIdFor, newId } from '@meridian/domain';
import type { RunningWorker } from '@meridian/workers';
import { createTestEnvironment, startTestWorker, type TestEnvironment } from '../support/app.js';
import {
  createPlaidConnection,
  plaidItemSeed,
  startPlaidWorld,
  syncedRecords,
  type PlaidWorld,
} from '../support/plaid-world.js';
import { waitFor } from '../support/wait.js';

let world: PlaidWorld;
let environment: TestEnvironment;
let worker: RunningWorker;
let prisma: PrismaClient;
let queue: Queue;
let events: QueueEvents;
let launcher: SyncRunLauncher;

const PLAID_TIMEOUT_MS = 1500;

beforeAll(async () => {
  world = await startPlaidWorld();
  environment = await createTestEnvironment({
    ...world.settings,
    PLAID_TIMEOUT_MS: String(PLAID_TIMEOUT_MS),
    SYNC_MAX_ATTEMPTS: '3',
  });
  prisma = createPrismaClient(environment.databaseUrl);
  worker = await startTestWorker(environment);
  launcher = worker.context.get(SyncRunLauncher);
  const connection = { url: environment.config.REDIS_URL };
  queue = new Queue('sync', { connection, prefix: environment.config.QUEUE_PREFIX });
  events = new QueueEvents('sync', { connection, prefix: environment.config.QUEUE_PREFIX });
  await events.waitUntilReady();
});
afterAll(async () => {
  await events?.close();
  await queue?.close();
  await worker?.close();
  await prisma?.$disconnect();
  await environment?.dispose();
  await world?.stop();
});

const TERMINAL = ['SUCCEEDED', 'PARTIAL', 'FAILED', 'CANCELLED'];

async function finishedRun(syncRunId: string, timeoutMs = 45_000) {
  return waitFor(
    `sync run ${syncRunId} to finish`,
    async () => {
      const run = await prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } });
      return TERMINAL.includes(run.status) ? run : undefined;
    },
    timeoutMs,
  );
}

/** The run's BullMQ job once it has settled (completed or failed for good). */
async function settledJob(organizationId: string, syncRunId: string) {
  const id = jobIdFor('sync.run', { organizationId, syncRunId });
  return waitFor(`job ${id} to settle`, async () => {
    const state = await queue.getJobState(id);
    return state === 'completed' || state === 'failed' ? queue.getJob(id) : undefined;
  });
}

function requestsFor(itemId: string, path: string) {
  return world.fake.requests.filter((request) => request.itemId === itemId && request.path === path);
}

async function newConnection(key: string, transactions: number, seed = {}) {
  const item = world.fake.createItem(plaidItemSeed(key, transactions, seed));
  return createPlaidConnection(prisma, environment.config, item);
}

describe('a full sync through prism', () => {
  it('writes accounts, transactions and streams, then a second run finds everything unchanged', async () => {
    const { organization, connectionId, item } = await newConnection('full', 30);
    const org = organization.organizationId;

    const first = await launcher.requestRun(org, connectionId, 'INITIAL');
    expect(first.created).toBe(true);
    const run = await finishedRun(first.syncRunId);
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      trigger: 'INITIAL',
      attempt: 1,
      createdCount: 2 + 30 + 2,
      updatedCount: 0,
      deletedCount: 0,
      failedCount: 0,
      cursorBefore: null,
      errorCode: null,
    });
    expect(run.startedAt).not.toBeNull();
    expect(run.finishedAt!.getTime()).toBeGreaterThanOrEqual(run.startedAt!.getTime());
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(connection).toMatchObject({ status: 'SUCCESS', lastError: null, needsReauthSince: null });
    expect(connection.lastSyncedAt).not.toBeNull();
    expect(connection.syncCursor).toBe(run.cursorAfter);

    const records = await syncedRecords(prisma, org);
    expect(records.accounts).toHaveLength(2);
    expect(records.streams).toHaveLength(2);
    expect(records.transactions).toHaveLength(30);
    expect(records.transactionRows).toBe(30);
    // Amounts are exact decimals: 12.34 + 5 * 1.01 is 17.39, not 17.389999...
    const fifth = item.transaction('full-tx-00005')!;
    const stored = records.transactions.find((row) => String(row.sourceId).includes('full-tx-00005'));
    expect(stored?.amount).toMatch(/^17\.39(0*)$/);
    expect(fifth.amount).toBeCloseTo(17.39, 10);

    // The job reported its progress: accounts, one page of transactions, recurring streams.
    const job = await settledJob(org, first.syncRunId);
    expect(job?.progress).toEqual({ pages: 3, records: 34 });

    const second = await launcher.requestRun(org, connectionId, 'MANUAL');
    expect(second).toEqual({ syncRunId: expect.not.stringMatching(first.syncRunId), created: true });
    const again = await finishedRun(second.syncRunId);
    expect(again).toMatchObject({
      status: 'SUCCEEDED',
      cursorBefore: run.cursorAfter,
      createdCount: 0,
      updatedCount: 0,
      deletedCount: 0,
      failedCount: 0,
      unchangedCount: 4, // the two accounts and two streams; no transaction changed since the cursor
    });
    expect((await syncedRecords(prisma, org)).transactionRows).toBe(30);
  });
});

describe('retries', () => {
  it('waits for Retry-After after a 429, then succeeds', async () => {
    const { organization, connectionId, item } = await newConnection('rate', 5);
    const org = organization.organizationId;
    world.fake.injectFault(
      { mode: 'rate-limit', retryAfterSeconds: 5 },
      { endpoint: '/transactions/sync', itemId: item.itemId },
    );
    const delays: { delayUntil: number; at: number }[] = [];
    const { syncRunId } = await launcher.requestRun(org, connectionId, 'MANUAL');
    const jobId = jobIdFor('sync.run', { organizationId: org, syncRunId });
    const onDelayed = ({ jobId: delayed, delay }: { jobId: string; delay: number }, id: string) => {
      // The event's stream id starts with Redis's clock when the job was moved to delayed.
      if (delayed === jobId) delays.push({ delayUntil: Number(delay), at: Number(id.split('-')[0]) });
    };
    events.on('delayed', onDelayed);
    try {
      const retrying = await waitFor('the run to report its retry', async () => {
        const row = await prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } });
        return row.errorCode === 'TRANSACTIONS_SYNC_LIMIT' ? row : undefined;
      });
      expect(retrying.status).toBe('RUNNING');
      expect(retrying.errorMessage).toMatch(/retrying at \d{4}-\d\d-\d\dT/);

      const run = await finishedRun(syncRunId);
      expect(run).toMatchObject({ status: 'SUCCEEDED', attempt: 2, createdCount: 2 + 5 + 2, errorCode: null });
    } finally {
      events.off('delayed', onDelayed);
    }
    // BullMQ held the job for the 5 s the header asked for (the exponential backoff would be 2 s).
    expect(delays).toHaveLength(1);
    expect(delays[0]!.delayUntil - delays[0]!.at).toBeGreaterThanOrEqual(4_900);
    const job = await settledJob(org, syncRunId);
    expect(job?.attemptsMade).toBe(2);
    expect(job!.processedOn!).toBeGreaterThanOrEqual(delays[0]!.delayUntil);
    expect(requestsFor(item.itemId, '/transactions/sync')).toHaveLength(2);
    // The retry resumed from the saved cursor: the accounts page was not fetched again.
    expect(requestsFor(item.itemId, '/accounts/get')).toHaveLength(1);
  });

  it('retries after a 500', async () => {
    const { organization, connectionId, item } = await newConnection('five-hundred', 5);
    world.fake.injectFault({ mode: 'server-error' }, { endpoint: '/transactions/recurring/get', itemId: item.itemId });
    const { syncRunId } = await launcher.requestRun(organization.organizationId, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'SUCCEEDED', attempt: 2, createdCount: 2 + 5 + 2 });
    expect(requestsFor(item.itemId, '/transactions/recurring/get')).toHaveLength(2);
    expect((await syncedRecords(prisma, organization.organizationId)).transactionRows).toBe(5);
  });

  it('retries a call that times out', async () => {
    const { organization, connectionId, item } = await newConnection('slow', 3);
    world.fake.injectFault(
      { mode: 'slow', delayMs: PLAID_TIMEOUT_MS * 4 },
      { endpoint: '/accounts/get', itemId: item.itemId },
    );
    const { syncRunId } = await launcher.requestRun(organization.organizationId, connectionId, 'MANUAL');
    const retrying = await waitFor('the timeout to be reported', async () => {
      const row = await prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } });
      return row.errorCode ? row : undefined;
    });
    expect(retrying.errorCode).toBe('TIMEOUT');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'SUCCEEDED', attempt: 2, createdCount: 2 + 3 + 2 });
  });

  it('fails the run after the last attempt', async () => {
    const { organization, connectionId, item } = await newConnection('down', 3);
    world.fake.injectFault({ mode: 'server-error' }, { endpoint: '/accounts/get', itemId: item.itemId, times: 3 });
    const { syncRunId } = await launcher.requestRun(organization.organizationId, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'FAILED', attempt: 3, errorCode: 'INTERNAL_SERVER_ERROR' });
    expect(run.finishedAt).not.toBeNull();
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(connection.status).toBe('FAILED');
    expect(connection.lastError).toMatch(/^INTERNAL_SERVER_ERROR: /);
    expect(connection.needsReauthSince).toBeNull();
    expect(requestsFor(item.itemId, '/accounts/get')).toHaveLength(3);
  });
});

describe('failures that are not retried', () => {
  it('ITEM_LOGIN_REQUIRED marks the connection for re-authentication, once', async () => {
    const { organization, connectionId, item } = await newConnection('login', 3);
    const org = organization.organizationId;
    world.fake.injectFault({ mode: 'item-login-required' }, { endpoint: '/accounts/get', itemId: item.itemId });
    const { syncRunId } = await launcher.requestRun(org, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'FAILED', attempt: 1, errorCode: 'ITEM_LOGIN_REQUIRED' });
    const job = await settledJob(org, syncRunId);
    expect(job?.attemptsMade).toBe(1);
    expect(job?.finishedOn).toBeDefined();
    expect(requestsFor(item.itemId, '/accounts/get')).toHaveLength(1);
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(connection.status).toBe('FAILED');
    expect(connection.needsReauthSince).not.toBeNull();
    expect(connection.lastError).toMatch(/^ITEM_LOGIN_REQUIRED: /);

    // Until the user links again, no run is queued by hand, by webhook or by schedule.
    for (const trigger of ['MANUAL', 'WEBHOOK', 'SCHEDULE'] as const) {
      await expect(launcher.requestRun(org, connectionId, trigger)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/re-authenticated/),
      });
    }
    const scheduled = await queue.add('sync.schedule', { organizationId: org, connectionId });
    await scheduled.waitUntilFinished(events, 15_000);
    expect(await prisma.syncRun.count({ where: { connectionId } })).toBe(1);
  });

  it('a permanent error fails the run without retrying', async () => {
    const { organization, connectionId, item } = await newConnection('permanent', 3);
    const org = organization.organizationId;
    // A transactions cursor Plaid never gave out: 400 INVALID_FIELD, the same answer however often asked.
    await prisma.connection.update({
      where: { id: connectionId },
      data: { syncCursor: encodePlaidCursor({ v: 1, phase: 'transactions', start: 'bogus', next: 'bogus' }) },
    });
    const { syncRunId } = await launcher.requestRun(org, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'FAILED', attempt: 1, errorCode: 'INVALID_FIELD' });
    const job = await settledJob(org, syncRunId);
    expect(job?.attemptsMade).toBe(1);
    expect(requestsFor(item.itemId, '/transactions/sync')).toHaveLength(1);
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(connection).toMatchObject({ status: 'FAILED', needsReauthSince: null });
  });

  it('credentials that do not open fail the run without calling the provider', async () => {
    const { organization, connectionId, item } = await newConnection('sealed', 1);
    await prisma.connection.update({ where: { id: connectionId }, data: { credentialsKeyId: 'retired-key' } });
    const { syncRunId } = await launcher.requestRun(organization.organizationId, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'FAILED', attempt: 1, errorCode: 'CREDENTIALS_KEY_MISSING' });
    expect(world.fake.requests.filter((request) => request.itemId === item.itemId)).toHaveLength(0);
  });
});

describe('what a page brings', () => {
  it('a malformed record makes the run PARTIAL with a per-record error', async () => {
    const { organization, connectionId, item } = await newConnection('malformed', 4);
    world.fake.injectFault(
      { mode: 'malformed-record', variant: 'unsupported-currency' },
      { endpoint: '/transactions/sync', itemId: item.itemId },
    );
    const { syncRunId } = await launcher.requestRun(organization.organizationId, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'PARTIAL', failedCount: 1, createdCount: 2 + 3 + 2 });
    const errors = await prisma.syncRecordError.findMany({ where: { syncRunId } });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.outsideId).toBe('malformed-tx-00000');
    expect(errors[0]!.reason).toMatch(/currenc/i);
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(connection.status).toBe('SUCCESS');
  });

  it('long pagination: every page is written', async () => {
    const { organization, connectionId } = await newConnection('long', 60, { maxPageSize: 7 });
    const org = organization.organizationId;
    const { syncRunId } = await launcher.requestRun(org, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run).toMatchObject({ status: 'SUCCEEDED', createdCount: 2 + 60 + 2 });
    const job = await settledJob(org, syncRunId);
    // accounts + ceil(60 / 7) transaction pages + streams
    expect(job?.progress).toEqual({ pages: 1 + 9 + 1, records: 64 });
    const records = await syncedRecords(prisma, org);
    expect(records.transactionRows).toBe(60);
    expect(records.transactionLinks).toBe(60);
  });

  it('a mutation during pagination restarts the pagination and completes', async () => {
    const { organization, connectionId, item } = await newConnection('mutation', 40, { maxPageSize: 10 });
    const org = organization.organizationId;
    world.fake.injectFault(
      { mode: 'mutation-during-pagination' },
      { endpoint: '/transactions/sync', itemId: item.itemId },
    );
    const { syncRunId } = await launcher.requestRun(org, connectionId, 'MANUAL');
    const run = await finishedRun(syncRunId);
    expect(run.status).toBe('SUCCEEDED');
    expect(run.attempt).toBe(1);
    // 4 pages of 10, plus the refused call and the pages fetched again from the first cursor.
    expect(requestsFor(item.itemId, '/transactions/sync').length).toBeGreaterThan(4);
    const records = await syncedRecords(prisma, org);
    expect(records.transactionRows).toBe(40);
    expect(records.transactionLinks).toBe(40);
    expect(run.createdCount + run.unchangedCount + run.updatedCount).toBeGreaterThanOrEqual(2 + 40 + 2);
    expect(run.createdCount).toBe(2 + 40 + 2);
  });
});

describe('one run per connection, cancel', () => {
  it('requesting a run twice at once gives the same run', async () => {
    const { organization, connectionId, item } = await newConnection('twice', 3);
    const org = organization.organizationId;
    // Slow enough that the run is still active while the requests race.
    world.fake.injectFault({ mode: 'slow', delayMs: 1000 }, { endpoint: '/accounts/get', itemId: item.itemId });
    const [a, b, c] = await Promise.all([
      launcher.requestRun(org, connectionId, 'MANUAL'),
      launcher.requestRun(org, connectionId, 'WEBHOOK'),
      launcher.requestRun(org, connectionId, 'SCHEDULE'),
    ]);
    expect(new Set([a.syncRunId, b.syncRunId, c.syncRunId]).size).toBe(1);
    expect([a, b, c].filter((result) => result.created)).toHaveLength(1);
    expect(await prisma.syncRun.count({ where: { connectionId } })).toBe(1);
    await finishedRun(a.syncRunId);
  });

  it('cancelling a running run stops it at the next page', async () => {
    const { organization, connectionId, item } = await newConnection('cancel', 200, { maxPageSize: 5 });
    const org = organization.organizationId;
    world.fake.injectFault(
      { mode: 'slow', delayMs: 200 },
      { endpoint: '/transactions/sync', itemId: item.itemId, times: 1000 },
    );
    const { syncRunId } = await launcher.requestRun(org, connectionId, 'MANUAL');
    const jobId = jobIdFor('sync.run', { organizationId: org, syncRunId });
    await waitFor('a few pages to be written', async () => {
      const job = await queue.getJob(jobId);
      return ((job?.progress as { pages?: number } | undefined)?.pages ?? 0) >= 3;
    });
    expect(await launcher.cancelRun(org, syncRunId)).toBe(true);
    const job = await settledJob(org, syncRunId);
    expect(job?.finishedOn).toBeDefined();
    expect(job?.failedReason).toBeFalsy();
    const run = await prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } });
    expect(run).toMatchObject({ status: 'CANCELLED', errorCode: 'CANCELLED' });
    expect(run.finishedAt).not.toBeNull();
    const written = (await syncedRecords(prisma, org)).transactionRows;
    expect(written).toBeLessThan(200);
    // Nothing more is fetched nor written after the job ended.
    const calls = requestsFor(item.itemId, '/transactions/sync').length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requestsFor(item.itemId, '/transactions/sync')).toHaveLength(calls);
    expect((await syncedRecords(prisma, org)).transactionRows).toBe(written);
    // Cancelling a finished run says so.
    expect(await launcher.cancelRun(org, syncRunId)).toBe(false);
    // The connection is free for the next run.
    world.fake.clearFaults();
    const next = await launcher.requestRun(org, connectionId, 'MANUAL');
    expect(next.created).toBe(true);
    expect((await finishedRun(next.syncRunId)).status).toBe('SUCCEEDED');
    expect((await syncedRecords(prisma, org)).transactionRows).toBe(200);
  });
  it('cancelling a run that waits for its retry removes the delayed job', async () => {
    const { organization, connectionId, item } = await newConnection('cancel-delayed', 3);
    const org = organization.organizationId;
    world.fake.injectFault(
      { mode: 'rate-limit', retryAfterSeconds: 600 },
      { endpoint: '/accounts/get', itemId: item.itemId },
    );
    const { syncRunId } = await launcher.requestRun(org, connectionId, 'MANUAL');
    const jobId = jobIdFor('sync.run', { organizationId: org, syncRunId });
    await waitFor('the job to wait for its retry', async () => (await queue.getJobState(jobId)) === 'delayed');
    expect(await launcher.cancelRun(org, syncRunId)).toBe(true);
    expect(await queue.getJobState(jobId)).toBe('unknown');
    const run = await prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } });
    expect(run).toMatchObject({ status: 'CANCELLED', errorCode: 'CANCELLED' });
    expect(run.finishedAt!.getTime()).toBeGreaterThanOrEqual(run.startedAt!.getTime());
  });
});

describe('launcher rules', () => {
  it("another organization's connection and run are not found", async () => {
    const mine = await newConnection('tenancy-a', 1);
    const theirs = await newConnection('tenancy-b', 1);
    await expect(
      launcher.requestRun(mine.organization.organizationId, theirs.connectionId, 'MANUAL'),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { syncRunId } = await launcher.requestRun(theirs.organization.organizationId, theirs.connectionId, 'MANUAL');
    expect(await launcher.cancelRun(mine.organization.organizationId, syncRunId)).toBe(false);
    expect((await finishedRun(syncRunId)).status).toBe('SUCCEEDED');
  });

  it('refuses a service without a connector', async () => {
    const { organization, connectionId } = await newConnection('nylas', 0);
    await prisma.connection.update({ where: { id: connectionId }, data: { service: 'NYLAS' } });
    const error = await launcher
      .requestRun(organization.organizationId, connectionId, 'MANUAL')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/NYLAS/) });
  });
});

describe('schedules and sweeps', () => {
  it('a connection schedule is created, moved and removed; when it fires it queues a SCHEDULE run', async () => {
    const scheduler = worker.context.get(SyncScheduler);
    const { organization, connectionId } = await newConnection('scheduled', 2);
    const org = organization.organizationId;
    const before = Date.now();
    await scheduler.scheduleConnection(org, connectionId, 60);
    const next = await scheduler.nextRunAt(connectionId);
    expect(next).not.toBeNull();
    // BullMQ fires an `every` schedule once at once, then every interval.
    expect(next!.getTime()).toBeGreaterThanOrEqual(before);
    await scheduler.scheduleConnection(org, connectionId, 120);
    const schedulers = (await queue.getJobSchedulers()).filter((s) => s.key === `sync.schedule-${connectionId}`);
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ every: 120 * 60_000, name: 'sync.schedule' });
    await scheduler.scheduleConnection(org, connectionId, null);
    expect(await scheduler.nextRunAt(connectionId)).toBeNull();

    // What the scheduler emits, handled now instead of in an hour.
    await queue.add('sync.schedule', { organizationId: org, connectionId });
    const run = await waitFor('the scheduled run', () => prisma.syncRun.findFirst({ where: { connectionId } }));
    expect(run.trigger).toBe('SCHEDULE');
    expect((await finishedRun(run.id)).status).toBe('SUCCEEDED');
  });

  it('the sweep enqueues a QUEUED run whose job was lost, and fails a RUNNING run whose job is gone', async () => {
    const lost = await newConnection('lost', 2);
    const dead = await newConnection('dead', 2);
    const lostRunId = newId(EntityType.syncRun);
    const deadRunId = newId(EntityType.syncRun);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    // Rows as a launcher leaves them when Redis was down, and as a worker that vanished leaves them.
    await prisma.syncRun.create({
      data: {
        id: lostRunId,
        organizationId: lost.organization.organizationId,
        connectionId: lost.connectionId,
        trigger: 'MANUAL',
        queuedAt: longAgo,
      },
    });
    await prisma.syncRun.create({
      data: {
        id: deadRunId,
        organizationId: dead.organization.organizationId,
        connectionId: dead.connectionId,
        trigger: 'MANUAL',
        status: 'RUNNING',
        queuedAt: longAgo,
        startedAt: longAgo,
      },
    });
    // An import's run has no sync job: its import jobs drive it, so the sweep must leave it alone.
    const fileConnectionId = newId(EntityType.connection);
    const importRunId = newId(EntityType.syncRun);
    const importOrganization = lost.organization.organizationId;
    await prisma.connection.create({
      data: { id: fileConnectionId, organizationId: importOrganization, source: 'MANUAL_LOAD', displayName: 'file' },
    });
    await prisma.syncRun.create({
      data: {
        id: importRunId,
        organizationId: importOrganization,
        connectionId: fileConnectionId,
        driver: 'IMPORT',
        trigger: 'MANUAL',
        status: 'RUNNING',
        queuedAt: longAgo,
        startedAt: longAgo,
      },
    });
    const sweep = await queue.add('sync.sweep-queued', {});
    expect((await finishedRun(lostRunId)).status).toBe('SUCCEEDED');
    const failed = await finishedRun(deadRunId);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'WORKER_LOST' });
    // Completed, or already removed by the queue's retention.
    await waitFor('the sweep job to finish', async () =>
      ['completed', 'unknown'].includes(await queue.getJobState(sweep.id!)),
    );
    const importRun = await prisma.syncRun.findUniqueOrThrow({ where: { id: importRunId } });
    expect(importRun).toMatchObject({ status: 'RUNNING', errorCode: null });
    // The dead run's connection can sync again.
    const next = await launcher.requestRun(dead.organization.organizationId, dead.connectionId, 'MANUAL');
    expect(next.created).toBe(true);
    expect((await finishedRun(next.syncRunId)).status).toBe('SUCCEEDED');
  });
});

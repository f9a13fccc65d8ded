/**
 * The exactly-once proof of issue #7: the worker, a real child process, is killed with SIGKILL in
 * the middle of a long sync; a new worker process takes the stalled job over and resumes from the
 * last committed cursor. The records it ends with equal those of an uninterrupted sync of an
 * identical item into another organization, with no duplicate. Plaid is the fake behind prism.
 */
import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, SyncRunLauncher, type PrismaClient } from '@meridian/api';
import { jobIdFor } from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '../support/app.js';
import {
  createPlaidConnection,
  plaidItemSeed,
  startPlaidWorld,
  startSyncServices,
  syncedRecords,
  type PlaidWorld,
} from '../support/plaid-world.js';
import { waitFor } from '../support/wait.js';
import { WorkerProcesses } from '../support/worker-process.js';

const TRANSACTIONS = 1000;
const PAGE_SIZE = 25;
/** Short, so the killed worker's job is taken over soon after the new worker starts. */
const LOCK_DURATION_MS = 2000;

let world: PlaidWorld;
let environment: TestEnvironment;
let prisma: PrismaClient;
let services: INestApplicationContext;
let queue: Queue;
let settings: Record<string, string>;
const workers = new WorkerProcesses(() => settings);

beforeAll(async () => {
  world = await startPlaidWorld();
  const overrides = {
    ...world.settings,
    CREDENTIALS_KEYS: `crash:${randomBytes(32).toString('base64')}`,
    SYNC_LOCK_DURATION_MS: String(LOCK_DURATION_MS),
    LOG_LEVEL: 'warn',
  };
  environment = await createTestEnvironment(overrides);
  settings = {
    ...overrides,
    NODE_ENV: 'test',
    DATABASE_URL: environment.databaseUrl,
    REDIS_URL: environment.config.REDIS_URL,
    QUEUE_PREFIX: environment.config.QUEUE_PREFIX,
    MAIL_FILE_DIR: environment.mailDir,
  };
  prisma = createPrismaClient(environment.databaseUrl);
  services = await startSyncServices(environment.config);
  queue = new Queue('sync', {
    connection: { url: environment.config.REDIS_URL },
    prefix: environment.config.QUEUE_PREFIX,
  });
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  await queue?.close();
  await services?.close();
  await prisma?.$disconnect();
  await environment?.dispose();
  await world?.stop();
});

async function runStatus(syncRunId: string) {
  return prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } });
}

describe('a worker killed in the middle of a sync', () => {
  it('resumes in a new worker process and ends with the records of an uninterrupted run, no duplicate', async () => {
    const launcher = services.get(SyncRunLauncher);
    const seed = plaidItemSeed('crash', TRANSACTIONS, { maxPageSize: PAGE_SIZE });
    const reference = await createPlaidConnection(prisma, environment.config, world.fake.createItem(seed));
    const crashed = await createPlaidConnection(prisma, environment.config, world.fake.createItem(seed));

    const first = workers.start('worker-1');

    // The uninterrupted run, by the same worker process.
    const uninterrupted = await launcher.requestRun(
      reference.organization.organizationId,
      reference.connectionId,
      'INITIAL',
    );
    const done = await waitFor(
      'the uninterrupted run to succeed',
      async () => {
        const run = await runStatus(uninterrupted.syncRunId);
        if (run.status === 'FAILED')
          throw new Error(`reference run failed: ${run.errorMessage}\n${workers.output.join('\n')}`);
        return run.status === 'SUCCEEDED' ? run : undefined;
      },
      120_000,
    );
    expect(done.createdCount).toBe(2 + TRANSACTIONS + 2);

    // Slow the provider down for the other item so the kill lands mid-sync on any machine.
    world.fake.injectFault(
      { mode: 'slow', delayMs: 50 },
      { endpoint: '/transactions/sync', itemId: crashed.item.itemId, times: 10_000 },
    );
    const interrupted = await launcher.requestRun(crashed.organization.organizationId, crashed.connectionId, 'INITIAL');
    const org = crashed.organization.organizationId;
    const progressed = await waitFor(
      'a few pages to be committed',
      async () => {
        const run = await runStatus(interrupted.syncRunId);
        // Accounts page (2) plus at least 4 transaction pages.
        return run.createdCount >= 2 + 4 * PAGE_SIZE ? run : undefined;
      },
      60_000,
    );
    await workers.killNow(first);
    expect(progressed.status).toBe('RUNNING');

    const atKill = await runStatus(interrupted.syncRunId);
    const writtenAtKill = (await syncedRecords(prisma, org)).transactionRows;
    expect(atKill.status).toBe('RUNNING');
    expect(writtenAtKill).toBeGreaterThanOrEqual(4 * PAGE_SIZE);
    expect(writtenAtKill).toBeLessThan(TRANSACTIONS);
    // The committed cursor and the committed rows agree: whole pages only.
    expect(writtenAtKill % PAGE_SIZE).toBe(0);
    const job = await queue.getJob(jobIdFor('sync.run', { organizationId: org, syncRunId: interrupted.syncRunId }));
    expect(await job?.getState()).toBe('active'); // still held by the dead worker's lock

    workers.start('worker-2');
    const resumed = await waitFor(
      'the interrupted run to succeed in the new worker',
      async () => {
        const run = await runStatus(interrupted.syncRunId);
        if (run.status === 'FAILED')
          throw new Error(`resumed run failed: ${run.errorMessage}\n${workers.output.join('\n')}`);
        return run.status === 'SUCCEEDED' ? run : undefined;
      },
      180_000,
    );

    // Resumed, not restarted: the accounts page was fetched once, before the kill.
    expect(
      world.fake.requests.filter(
        (request) => request.itemId === crashed.item.itemId && request.path === '/accounts/get',
      ),
    ).toHaveLength(1);
    // Every record counted once: what a page committed before the kill was not counted again.
    expect(resumed).toMatchObject({
      createdCount: done.createdCount,
      updatedCount: 0,
      deletedCount: 0,
      failedCount: 0,
      cursorAfter: expect.any(String),
    });

    const expected = await syncedRecords(prisma, reference.organization.organizationId);
    const actual = await syncedRecords(prisma, org);
    expect(actual.transactionRows).toBe(TRANSACTIONS);
    expect(actual.transactionLinks).toBe(TRANSACTIONS);
    expect(expected.transactionRows).toBe(TRANSACTIONS);
    expect(actual.accounts).toEqual(expected.accounts);
    expect(actual.streams).toEqual(expected.streams);
    expect(actual.transactions).toEqual(expected.transactions);
  }, 420_000);
});

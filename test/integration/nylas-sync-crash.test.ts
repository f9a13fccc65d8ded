/**
 * A Nylas calendar sync survives its worker: the worker, a real child process, is killed with
 * SIGKILL in the middle of a first sync of a long calendar; a new worker process takes the stalled
 * job over and resumes from the last committed cursor (the same window, the next page token). The
 * meetings it ends with equal those of an uninterrupted sync of an identical calendar in another
 * organization: none lost, none twice.
 */
import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, CredentialVault, SyncRunLauncher, type AppConfig, type PrismaClient } from '@meridian/api';
import { FakeNylasServer } from '@meridian/connectors/testing';
import { EntityType, newId } from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '../support/app.js';
import { createContact } from '../support/crm-factories.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { startSyncServices } from '../support/plaid-world.js';
import { waitFor } from '../support/wait.js';
import { WorkerProcesses } from '../support/worker-process.js';

const EVENTS = 600;
/** The fake answers at most this many events a page, whatever the connector asks. */
const PAGE_SIZE = 20;
const LOCK_DURATION_MS = 2000;
/** Both calendars' first event (so their meetings compare equal). */
const FIRST_EVENT = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 20 * 86_400_000);

let fake: FakeNylasServer;
let environment: TestEnvironment;
let prisma: PrismaClient;
let services: INestApplicationContext;
let settings: Record<string, string>;
const workers = new WorkerProcesses(() => settings);

beforeAll(async () => {
  fake = await FakeNylasServer.start({ pageSize: PAGE_SIZE });
  const overrides = {
    NYLAS_API_KEY: fake.apiKey,
    NYLAS_CLIENT_ID: fake.clientId,
    NYLAS_API_URI: fake.url,
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
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  await services?.close();
  await prisma?.$disconnect();
  await environment?.dispose();
  await fake?.close();
});

/** An organization whose advisor's calendar holds `EVENTS` events, connected (its grant sealed), never synced. */
async function calendarConnection(config: AppConfig) {
  const organization: CreatedOrganization = await createOrganization(prisma);
  await createContact(prisma, organization, { emails: ['client@example.com'] });
  const grant = fake.createGrant({ email: organization.email });
  fake.state.seedEvents(grant.id, grant.email, {
    count: EVENTS,
    start: FIRST_EVENT,
    everyMinutes: 45,
    participants: [
      { email: 'client@example.com', status: 'yes' },
      { email: 'guest@elsewhere.example', status: 'noreply' },
    ],
  });
  const connectionId = newId(EntityType.connection);
  const sealed = new CredentialVault(config).seal(connectionId, { grantId: grant.id });
  await prisma.connection.create({
    data: {
      id: connectionId,
      organizationId: organization.organizationId,
      service: 'NYLAS',
      status: 'CREATED',
      ownerTeamId: organization.teamId,
      displayName: organization.email,
      externalAccountId: `grant:${grant.id}`,
      credentialsCiphertext: sealed.ciphertext,
      credentialsKeyId: sealed.keyId,
    },
  });
  return { organization, connectionId, grantId: grant.id };
}

/** The meetings of an organization as an identical calendar elsewhere would give them, and the count of rows beside links. */
async function syncedMeetings(organizationId: string) {
  const meetings = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT m.title, m.start_time AS "startTime", m.duration_minutes AS "durationMinutes", m.type::text AS type,
           m.cancelled_at IS NULL AS live,
           (SELECT string_agg(p.role::text || ':' || CASE WHEN p.role = 'TEAM_MEMBER' THEN 'owner' ELSE p.email END, ','
                              ORDER BY p.role, p.email)
              FROM meeting_participants p WHERE p.meeting_id = m.id) AS participants
      FROM meetings m WHERE m.organization_id = ${organizationId}
     ORDER BY m.start_time, m.title`;
  const [counts] = await prisma.$queryRaw<{ rows: bigint; links: bigint }[]>`
    SELECT (SELECT count(*) FROM meetings WHERE organization_id = ${organizationId}) AS rows,
           (SELECT count(DISTINCT l.source_id) FROM external_links l
              JOIN meetings m ON m.organization_id = l.organization_id AND m.id = l.entity_id
             WHERE l.organization_id = ${organizationId}) AS links`;
  return { meetings, rows: Number(counts?.rows ?? 0), links: Number(counts?.links ?? 0) };
}

const runOf = (syncRunId: string) => prisma.syncRun.findUniqueOrThrow({ where: { id: syncRunId } });

async function succeeded(syncRunId: string, what: string, timeoutMs: number) {
  try {
    return await waitFor(
      what,
      async () => {
        const run = await runOf(syncRunId);
        if (run.status === 'FAILED') throw new Error(`failed: ${run.errorMessage}`);
        return run.status === 'SUCCEEDED' ? run : undefined;
      },
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}\n${workers.output.join('\n')}`);
  }
}

describe('a worker killed in the middle of a calendar sync', () => {
  it('resumes in a new worker process and ends with the meetings of an uninterrupted run, none twice', async () => {
    const launcher = services.get(SyncRunLauncher);
    const reference = await calendarConnection(environment.config);
    const crashed = await calendarConnection(environment.config);
    const first = workers.start('worker-1');

    const uninterrupted = await launcher.requestRun(
      reference.organization.organizationId,
      reference.connectionId,
      'INITIAL',
    );
    const done = await succeeded(uninterrupted.syncRunId, 'the uninterrupted run', 120_000);
    expect(done.createdCount).toBe(EVENTS);

    // A slow provider, so the kill lands mid-sync on any machine.
    fake.setDelay('events/list', 60);
    const interrupted = await launcher.requestRun(crashed.organization.organizationId, crashed.connectionId, 'INITIAL');
    await waitFor(
      'a few pages to be committed',
      async () => (await runOf(interrupted.syncRunId)).createdCount >= 4 * PAGE_SIZE,
      60_000,
    );
    await workers.killNow(first);

    const atKill = await runOf(interrupted.syncRunId);
    const writtenAtKill = (await syncedMeetings(crashed.organization.organizationId)).rows;
    expect(atKill.status).toBe('RUNNING');
    expect(writtenAtKill).toBeGreaterThanOrEqual(4 * PAGE_SIZE);
    expect(writtenAtKill).toBeLessThan(EVENTS);
    // Whole pages only: the committed cursor and the committed rows agree.
    expect(writtenAtKill % PAGE_SIZE).toBe(0);
    expect(atKill.createdCount).toBe(writtenAtKill);

    workers.start('worker-2');
    const resumed = await succeeded(interrupted.syncRunId, 'the interrupted run to succeed in the new worker', 180_000);

    // Resumed, not restarted: the calendars were listed once, before the kill.
    expect(
      fake.requests.filter((request) => request.grantId === crashed.grantId && request.operation === 'calendars/list'),
    ).toHaveLength(1);
    expect(resumed).toMatchObject({ createdCount: EVENTS, updatedCount: 0, deletedCount: 0, failedCount: 0 });

    const expected = await syncedMeetings(reference.organization.organizationId);
    const actual = await syncedMeetings(crashed.organization.organizationId);
    expect(expected.rows).toBe(EVENTS);
    expect(actual.rows).toBe(EVENTS);
    expect(actual.links).toBe(EVENTS);
    expect(actual.meetings).toEqual(expected.meetings);
    expect(actual.meetings[0]).toMatchObject({
      type: 'SYNC',
      live: true,
      participants: 'CONTACT:client@example.com,TEAM_MEMBER:owner,EXTERNAL:guest@elsewhere.example',
    });
  }, 420_000);
});

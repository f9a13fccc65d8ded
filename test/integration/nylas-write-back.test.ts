/**
 * Meetings written back to the advisor's Nylas calendar, end to end: a team with a connected
 * calendar (the fake Nylas, through the HTTP connect flow), the API and a worker in this process.
 * A booking confirmed on the public page becomes an event of the calendar with the client as a
 * participant; an edit here moves it; an event moved in the calendar moves the meeting here after
 * its webhook, and that change is not pushed back (no loop); an edit made on both sides at about
 * the same time ends with the newer one on both sides, and nothing more is written; a cancel here
 * deletes the event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, QueueService, SyncRunLauncher, type PrismaClient } from '@meridian/api';
import { QueueName } from '@meridian/domain';
import { FakeNylasServer } from '@meridian/connectors/testing';
import type { RunningWorker } from '@meridian/workers';
import { createTestEnvironment, startTestApi, startTestWorker, type TestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { call, login } from '../support/http.js';
import { waitFor } from '../support/wait.js';

const REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
const WEBHOOK_SECRET = 'nylas-write-back-webhook-secret';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WRITES = new Set(['events/create', 'events/update', 'events/delete']);

let fake: FakeNylasServer;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;
let north: CreatedOrganization;
let token: string;
let grantId: string;
let connectionId: string;
let meetingId: string;

beforeAll(async () => {
  fake = await FakeNylasServer.start();
  const environment = await createTestEnvironment({
    NYLAS_API_KEY: fake.apiKey,
    NYLAS_CLIENT_ID: fake.clientId,
    NYLAS_API_URI: fake.url,
    NYLAS_REDIRECT_URI: REDIRECT_URI,
    NYLAS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LOG_LEVEL: 'warn',
  });
  api = await startTestApi({ seedDemo: false, environment });
  worker = await startTestWorker(environment);
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADVISOR' });
  token = await login(api.baseUrl, north.email, north.password);
}, 120_000);
afterAll(async () => {
  fake?.setWebhookEndpoint(null);
  await worker?.close();
  await prisma?.$disconnect();
  await api?.close();
  await api?.environment.dispose();
  await fake?.close();
});

const TERMINAL = ['SUCCEEDED', 'PARTIAL', 'FAILED', 'CANCELLED'];

/** Waits until the connection has no active run; its runs, newest first. */
async function settledRuns() {
  return waitFor(
    'the calendar sync to settle',
    async () => {
      const runs = await prisma.syncRun.findMany({
        where: { connectionId, driver: 'SYNC' },
        orderBy: { queuedAt: 'desc' },
      });
      return runs.length > 0 && runs.every((run) => TERMINAL.includes(run.status)) ? runs : undefined;
    },
    60_000,
  );
}

/** Waits until no calendar push is waiting, running or waiting to be retried. */
async function pushesDrained(): Promise<void> {
  const queue = worker.context.get(QueueService).queue(QueueName.practice);
  await waitFor(
    'the calendar pushes to finish',
    async () => {
      const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
      return jobs.every((job) => job.name !== 'meetings.push-to-calendar');
    },
    60_000,
  );
}

/** The event writes the fake received so far. */
const writes = () => fake.requests.filter((request) => request.operation !== null && WRITES.has(request.operation));

const meeting = () =>
  prisma.meeting.findUniqueOrThrow({
    where: { id: meetingId },
    include: { participants: { orderBy: { email: 'asc' } } },
  });
const event = async () => fake.state.event(grantId, (await meeting()).eventId!);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The provider's times are whole seconds: two edits more than a second apart are ordered. */
const nextSecond = () => sleep(1_500);

async function runSyncNow(): Promise<void> {
  const before = (await settledRuns()).length;
  await worker.context.get(SyncRunLauncher).requestRun(north.organizationId, connectionId, 'MANUAL');
  await waitFor('the sync run', async () => (await settledRuns()).length > before, 60_000);
}

describe('meetings written to the advisor’s calendar', () => {
  it('a booking confirmed on the public page becomes an event, the client a participant', async () => {
    const grant = fake.createGrant({ email: north.email, timezone: 'America/Toronto' });
    grantId = grant.id;
    const auth = await call<{ url: string }>(api.baseUrl, 'GET', `/api/nylas/google?email=${north.email}`, { token });
    const state = new URL(auth.body.url).searchParams.get('state')!;
    const code = fake.authorize({ email: north.email, provider: 'google', redirectUri: REDIRECT_URI });
    const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: north.userId } });
    const connected = await call<{ connection: { id: string } }>(api.baseUrl, 'POST', '/api/nylas', {
      token,
      body: { code, owner: member.id, creator: north.userId, state },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    connectionId = connected.body.connection.id;
    await settledRuns();
    fake.setWebhookEndpoint({ url: `${api.baseUrl}/api/webhooks/nylas`, secret: WEBHOOK_SECRET });

    const template = await call<{ id: string }>(api.baseUrl, 'POST', '/api/meetings/template', {
      token,
      body: {
        teamId: north.teamId,
        title: 'Discovery call',
        message: 'A first talk about your plans',
        duration: 30,
        availableDaysInFuture: 30,
        openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' }],
        minimumNotice: 0,
        minimumCancellationNotice: 60,
        timeZone: 'America/Toronto',
      },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const from = new Date(Date.now() + 3 * DAY);
    from.setUTCMinutes(0, 0, 0);
    const slots = await call<{ slots: { start: string }[] }>(
      api.baseUrl,
      'GET',
      `/api/meetings/booking/${template.body.id}/slots?from=${from.toISOString()}&until=${new Date(from.getTime() + DAY).toISOString()}`,
    );
    const start = slots.body.slots[0]!.start;
    const requested = await call<{ bookingId: string }>(api.baseUrl, 'POST', '/api/meetings/request', {
      body: { configId: template.body.id, start, name: 'Robin Client', email: 'robin@example.com' },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    // Requested only: nothing in the calendar yet.
    const confirmed = await call(api.baseUrl, 'PATCH', '/api/meetings/confirm', {
      body: { bookingId: requested.body.bookingId, configId: template.body.id, isReschedule: false },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    meetingId = (await prisma.meeting.findFirstOrThrow({ where: { bookingId: requested.body.bookingId } })).id;

    await waitFor('the event in the calendar', async () => (await meeting()).eventId !== null, 30_000);
    await pushesDrained();
    const written = await event();
    expect(written).toMatchObject({ title: (await meeting()).title, status: 'confirmed' });
    expect(written.title).toContain('Robin Client');
    expect(written.metadata).toEqual({ meridian: meetingId });
    expect(written.startsAt * 1000).toBe(Date.parse(start));
    expect(written.endsAt - written.startsAt).toBe(30 * 60);
    expect(written.participants.map((participant) => participant.email)).toContain('robin@example.com');
    expect(written.participants.map((participant) => participant.email)).not.toContain(north.email);
    expect((await meeting()).connectionId).toBe(connectionId);
    expect(writes().map((request) => request.operation)).toEqual(['events/create']);

    // The next sync reads the event as what Meridian wrote: unchanged, not a second meeting.
    await runSyncNow();
    const [run] = await settledRuns();
    expect(run).toMatchObject({ status: 'SUCCEEDED', createdCount: 0, updatedCount: 0, unchangedCount: 1 });
    expect(await prisma.meeting.count({ where: { organizationId: north.organizationId } })).toBe(1);
    expect(writes()).toHaveLength(1);
  }, 120_000);

  it('an edit here moves the event there', async () => {
    const moved = new Date((await meeting()).startTime.getTime() + DAY);
    const edited = await call(api.baseUrl, 'PATCH', `/api/meeting/${meetingId}`, {
      token,
      body: { startTime: moved.toISOString(), title: 'Discovery call (moved)' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await waitFor('the event moved', async () => (await event()).startsAt * 1000 === moved.getTime(), 30_000);
    await pushesDrained();
    expect((await event()).title).toBe('Discovery call (moved)');
    expect(writes().map((request) => request.operation)).toEqual(['events/create', 'events/update']);
  }, 60_000);

  it('an event moved in the calendar moves the meeting here after its webhook, and is not pushed back', async () => {
    await nextSecond();
    const before = writes().length;
    const runs = (await settledRuns()).length;
    const moved = new Date((await meeting()).startTime.getTime() + 2 * HOUR);
    fake.changeEventAsProvider(grantId, (await meeting()).eventId!, {
      start: moved,
      end: new Date(moved.getTime() + 30 * 60_000),
    });
    await fake.webhooksSettled();
    await waitFor('the webhook’s sync', async () => (await settledRuns()).length > runs, 60_000);
    expect((await meeting()).startTime).toEqual(moved);
    // The sync's change queued no push: nothing written to the calendar since.
    await pushesDrained();
    const queue = worker.context.get(QueueService).queue(QueueName.practice);
    const current = await meeting();
    expect(await queue.getJob(`meetings.push-to-calendar-${meetingId}-${current.updatedAt.getTime()}`)).toBeUndefined();
    expect(writes()).toHaveLength(before);
  }, 90_000);

  it('edited on both sides at about the same time: the newer one ends on both sides, and it stops', async () => {
    // The calendar first, then Meridian a moment later: Meridian's is the newer.
    await nextSecond();
    const eventId = (await meeting()).eventId!;
    const runs = (await settledRuns()).length;
    fake.changeEventAsProvider(grantId, eventId, { title: 'Calendar title' });
    await nextSecond();
    const ours = await call(api.baseUrl, 'PATCH', `/api/meeting/${meetingId}`, { token, body: { title: 'Our title' } });
    expect(ours.status).toBe(200);
    await fake.webhooksSettled();
    await waitFor('the webhook’s sync', async () => (await settledRuns()).length > runs, 60_000);
    await pushesDrained();
    expect((await meeting()).title).toBe('Our title');
    expect((await event()).title).toBe('Our title');

    // Meridian first, then the calendar a moment later: the calendar's is the newer.
    await nextSecond();
    const runsAgain = (await settledRuns()).length;
    const here = await call(api.baseUrl, 'PATCH', `/api/meeting/${meetingId}`, {
      token,
      body: { title: 'Ours again' },
    });
    expect(here.status).toBe(200);
    await nextSecond();
    fake.changeEventAsProvider(grantId, eventId, { title: 'Calendar again' });
    await fake.webhooksSettled();
    await waitFor('the webhook’s sync', async () => (await settledRuns()).length > runsAgain, 60_000);
    await pushesDrained();
    await settledRuns();
    expect((await meeting()).title).toBe('Calendar again');
    expect((await event()).title).toBe('Calendar again');

    // Settled: a further sync changes nothing and writes nothing to the calendar.
    const settledWrites = writes().length;
    const settledAt = (await meeting()).updatedAt;
    await runSyncNow();
    await pushesDrained();
    const [run] = await settledRuns();
    expect(run).toMatchObject({ status: 'SUCCEEDED', updatedCount: 0, createdCount: 0 });
    expect((await meeting()).updatedAt).toEqual(settledAt);
    expect(writes()).toHaveLength(settledWrites);
    expect(await prisma.meeting.count({ where: { organizationId: north.organizationId } })).toBe(1);
  }, 120_000);

  it('a meeting cancelled here has its event deleted', async () => {
    const cancelled = await call(api.baseUrl, 'PATCH', `/api/meetings/${meetingId}/cancel`, { token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await waitFor('the event deleted', async () => (await event()).status === 'cancelled', 30_000);
    await pushesDrained();
    expect(writes().at(-1)?.operation).toBe('events/delete');
  }, 60_000);
  it('a meeting scheduled here becomes an event; a push refused for an expired login marks the connection for a new login', async () => {
    const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: north.userId } });
    const start = new Date(Date.now() + 5 * DAY);
    start.setUTCMinutes(0, 0, 0);
    const made = await call<{ id: string }>(api.baseUrl, 'POST', '/api/meetings', {
      token,
      body: {
        teamId: north.teamId,
        organizer: member.id,
        title: 'Planning session',
        message: 'Next year’s plan',
        type: 'PHONE',
        startTime: start.toISOString(),
        duration: 45,
        timeZone: 'America/Toronto',
        participants: [{ email: 'gil@outside.test', name: 'Gil Guest', role: 'EXTERNAL' }],
        agendaItems: [{ type: 'FREEFORM', value: 'Goals' }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    meetingId = made.body.id;
    await waitFor('the event in the calendar', async () => (await meeting()).eventId !== null, 30_000);
    await pushesDrained();
    expect(await event()).toMatchObject({ title: 'Planning session', description: 'Next year’s plan' });
    expect((await event()).participants.map((participant) => participant.email)).toEqual(['gil@outside.test']);

    // The login expires without Nylas saying so yet: the next push finds out and marks the connection.
    fake.state.setGrantStatus(grantId, 'invalid');
    const edited = await call(api.baseUrl, 'PATCH', `/api/meeting/${meetingId}`, { token, body: { title: 'Renamed' } });
    expect(edited.status).toBe(200);
    const connection = await waitFor(
      'the connection marked for a new login',
      async () => {
        const row = await prisma.connection.findUniqueOrThrow({ where: { id: connectionId } });
        return row.needsReauthSince === null ? undefined : row;
      },
      30_000,
    );
    expect(connection.status).toBe('FAILED');
    await pushesDrained();
    expect((await event()).title).toBe('Planning session');
  }, 60_000);
});

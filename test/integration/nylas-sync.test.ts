/**
 * The Nylas calendar sync end to end: a calendar connected over HTTP (POST /api/nylas) queues its
 * first run; the worker's sync job (in this process) reads the fake Nylas through the official SDK
 * and writes meetings through the hub's sync core, with their links and participants matched to
 * the firm's contacts and team members by e-mail. Changes at the provider come back as signed
 * webhooks, which queue a run that moves a meeting, cancels the meeting of a deleted event, and
 * keeps a change made in Meridian when it is the newer one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, SyncScheduler, type PrismaClient } from '@meridian/api';
import { FakeNylasServer } from '@meridian/connectors/testing';
import type { RunningWorker } from '@meridian/workers';
import { createTestEnvironment, startTestApi, startTestWorker, type TestApi } from '../support/app.js';
import { createContact, createHousehold, createMeeting } from '../support/crm-factories.js';
import { addUser, createOrganization, type CreatedOrganization } from '../support/factories.js';
import { call, login } from '../support/http.js';
import { waitFor } from '../support/wait.js';

const REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
const WEBHOOK_SECRET = 'nylas-sync-webhook-secret';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let fake: FakeNylasServer;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;
let north: CreatedOrganization;
let colleague: { email: string };
let householdId: string;
let contactId: string;
let connectionId: string;
const events: Record<string, string> = {};

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
  colleague = await addUser(prisma, north, 'ADVISOR');
  householdId = await createHousehold(prisma, north, { name: 'Rivera household' });
  ({ contactId } = await createContact(prisma, north, {
    firstName: 'Dana',
    lastName: 'Rivera',
    householdId,
    emails: ['dana.work@example.com', 'Dana@Example.com'],
  }));
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

/** Waits until the connection has no active run and returns its runs, newest first. */
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

const meetingOf = (eventId: string) =>
  prisma.meeting.findFirstOrThrow({
    where: { organizationId: north.organizationId, eventId },
    include: { participants: { orderBy: { email: 'asc' } } },
  });

describe('a connected calendar', () => {
  it('is synced at once: its events become meetings, participants matched by e-mail', async () => {
    const grant = fake.createGrant({ email: north.email, timezone: 'America/Toronto' });
    const now = Date.now();
    const add = (key: string, offset: number, extra: Record<string, unknown> = {}) => {
      const start = new Date(Math.floor((now + offset) / 60_000) * 60_000);
      events[key] = fake.state.addEvent(grant.id, grant.email, {
        title: key,
        start,
        end: new Date(start.getTime() + HOUR),
        ...extra,
      }).id;
    };
    add('Annual review', 2 * DAY, {
      location: 'Office',
      participants: [
        { email: 'dana@example.com', name: 'Dana R.', status: 'yes' },
        { email: colleague.email.toUpperCase(), status: 'yes' },
        { email: 'guest@elsewhere.example', name: 'A Guest', status: 'noreply' },
      ],
    });
    add('Lunch', 3 * DAY);
    add('To be deleted', 4 * DAY);
    add('Edited on both sides', 5 * DAY);
    add('Long ago', -90 * DAY);
    // A meeting Meridian made and wrote to the calendar (its id in the event's metadata).
    const ours = await createMeeting(prisma, north, { startTime: new Date(now + 6 * DAY) });
    add('Review', 6 * DAY, { metadata: { meridian: ours } });

    const token = await login(api.baseUrl, north.email, north.password);
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

    const run = (await settledRuns()).find((candidate) => candidate.trigger === 'INITIAL');
    expect(run).toMatchObject({ status: 'SUCCEEDED', createdCount: 4, updatedCount: 1, failedCount: 0 });
    // Besides its webhooks, the calendar is synced on a schedule.
    expect(await worker.context.get(SyncScheduler).nextRunAt(connectionId)).toBeInstanceOf(Date);

    const meetings = await prisma.meeting.findMany({ where: { organizationId: north.organizationId } });
    expect(meetings.map((meeting) => meeting.title).sort()).toEqual(
      ['Annual review', 'Edited on both sides', 'Lunch', 'Review', 'To be deleted'].sort(),
    );
    // Meridian's own meeting is linked to its event, not made twice; it keeps its type and message.
    expect(await meetingOf(events.Review!)).toMatchObject({
      id: ours,
      connectionId,
      type: 'PHONE',
      message: 'Annual review',
    });
    const review = await meetingOf(events['Annual review']!);
    expect(review).toMatchObject({
      teamId: north.teamId,
      organizerTeamMemberId: member.id,
      connectionId,
      type: 'SYNC',
      location: 'Office',
      durationMinutes: 60,
      timeZone: 'America/Toronto',
      householdId,
      cancelledAt: null,
    });
    const colleagueMember = await prisma.teamMember.findFirstOrThrow({ where: { user: { email: colleague.email } } });
    expect(
      review.participants.map((participant) => [
        participant.email,
        participant.role,
        participant.contactId,
        participant.teamMemberId,
      ]),
    ).toEqual(
      [
        [colleague.email, 'TEAM_MEMBER', null, colleagueMember.id],
        ['dana@example.com', 'CONTACT', contactId, null],
        ['guest@elsewhere.example', 'EXTERNAL', null, null],
        [north.email, 'TEAM_MEMBER', null, member.id],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const links = await prisma.externalLink.findMany({
      where: { organizationId: north.organizationId, service: 'NYLAS' },
    });
    expect(links).toHaveLength(5);
    expect(new Set(links.map((link) => link.entityId))).toEqual(new Set(meetings.map((meeting) => meeting.id)));
  });

  it('follows the provider’s changes from its webhooks: moved, deleted, and the newer side of a double edit', async () => {
    const grantId = fake.state.findGrant(north.email)!.id;
    fake.setWebhookEndpoint({ url: `${api.baseUrl}/api/webhooks/nylas`, secret: WEBHOOK_SECRET });

    // Edited at the provider first, then in Meridian: Meridian's is the newer one. (A second
    // apart at least: the provider's times are whole seconds.)
    await new Promise((resolve) => setTimeout(resolve, 1100));
    fake.state.changeEvent(grantId, events['Edited on both sides']!, { title: 'Provider title' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ours = await meetingOf(events['Edited on both sides']!);
    await prisma.meeting.update({ where: { id: ours.id }, data: { title: 'Our title' } });

    const moved = new Date(fake.state.event(grantId, events.Lunch!).startsAt * 1000 + DAY);
    fake.changeEventAsProvider(grantId, events.Lunch!, { start: moved, end: new Date(moved.getTime() + HOUR) });
    fake.deleteEventAsProvider(grantId, events['To be deleted']!);
    await fake.webhooksSettled();
    expect(fake.webhookDeliveries.map((delivery) => delivery.status)).toEqual([200, 200]);

    const run = (await settledRuns()).find((candidate) => candidate.trigger === 'WEBHOOK');
    // Moved: updated; deleted: cancelled; the others read again (the overlap) and unchanged.
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      createdCount: 0,
      updatedCount: 1,
      deletedCount: 1,
      unchangedCount: 3,
      failedCount: 0,
    });
    expect((await meetingOf(events.Lunch!)).startTime).toEqual(moved);
    const deleted = await meetingOf(events['To be deleted']!);
    expect(deleted.cancelledAt).not.toBeNull();
    expect((await meetingOf(events['Edited on both sides']!)).title).toBe('Our title');
    // Nothing made twice.
    expect(await prisma.meeting.count({ where: { organizationId: north.organizationId } })).toBe(5);

    // A later change at the provider is the newer one: it wins.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    fake.changeEventAsProvider(grantId, events['Edited on both sides']!, { title: 'Provider again' });
    await fake.webhooksSettled();
    await waitFor(
      'a second webhook run',
      async () => (await settledRuns()).filter((candidate) => candidate.trigger === 'WEBHOOK').length >= 2,
    );
    expect((await meetingOf(events['Edited on both sides']!)).title).toBe('Provider again');
    expect(await prisma.meeting.count({ where: { organizationId: north.organizationId } })).toBe(5);
  }, 120_000);
});

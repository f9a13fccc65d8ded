/**
 * A booking template of a team with a Nylas calendar becomes a Nylas Scheduler configuration, kept
 * in step by the worker's job against the fake Nylas (through the SDK): made on create and on
 * duplicate, updated on edit, deleted with the template, tried again after a server error; an
 * expired grant leaves the template as it is; a team with no calendar calls Nylas for nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNylasServer } from '@meridian/connectors/testing';
import type { RunningWorker } from '@meridian/workers';
import { startTestWorker } from '#test/support/app.js';
import { apiClient, type ApiCall } from '#test/support/crm-api.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';
import { waitFor } from '#test/support/wait.js';

const REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
const ADVISOR_EMAIL = 'ada@north.test';

let fake: FakeNylasServer;
let world: TwoFirms;
let worker: RunningWorker;
let asNorth: ApiCall;
let asSouth: ApiCall;
let grantId: string;
let connectionId: string;

const TEMPLATE = {
  title: 'Annual review',
  message: 'Bring your statements',
  duration: 45,
  availableDaysInFuture: 30,
  openingHours: [
    { days: [1, 2, 3, 4, 5], start: '09:00', end: '12:00' },
    { days: [2, 4], start: '13:30', end: '17:00' },
  ],
  beforeBuffer: 10,
  afterBuffer: 5,
  minimumNotice: 120,
  minimumCancellationNotice: 1440,
  timeZone: 'America/Vancouver',
};

/** The template's configuration id once the job has written it. */
function configIdOf(templateId: string): Promise<string> {
  return waitFor(`the configuration of ${templateId}`, async () => {
    const row = await world.prisma.meetingTemplate.findUnique({ where: { id: templateId } });
    return row?.configId ?? null;
  });
}

function stored(configId: string) {
  return fake.schedulerConfigurations.of(grantId).find((configuration) => configuration.id === configId);
}

beforeAll(async () => {
  fake = await FakeNylasServer.start();
  world = await startWithTwoFirms({
    environment: {
      NYLAS_API_KEY: fake.apiKey,
      NYLAS_CLIENT_ID: fake.clientId,
      NYLAS_API_URI: fake.url,
      NYLAS_REDIRECT_URI: REDIRECT_URI,
    },
  });
  worker = await startTestWorker(world.api.environment);
  const [north, south] = world.firms;
  asNorth = apiClient(world.api.baseUrl, north.token);
  asSouth = apiClient(world.api.baseUrl, south.token);

  // North's advisor connects their calendar (the hub's flow: hosted auth, then the code).
  const owner = await world.prisma.teamMember.findFirstOrThrow({ where: { userId: north.userId } });
  const started = await asNorth('GET', `/api/nylas/google?email=${encodeURIComponent(ADVISOR_EMAIL)}`);
  expect(started.status).toBe(200);
  const state = new URL(started.body.url as string).searchParams.get('state');
  const code = fake.authorize({ email: ADVISOR_EMAIL, provider: 'google', redirectUri: REDIRECT_URI });
  const connected = await asNorth('POST', '/api/nylas', { code, owner: owner.id, creator: north.userId, state });
  expect(connected.status, JSON.stringify(connected.body)).toBe(201);
  grantId = fake.state.grantByEmail(ADVISOR_EMAIL, 'google')!.id;
  connectionId = (connected.body.connection as { id: string }).id;
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await world?.close();
  await fake?.close();
});

describe('a template of a team with a Nylas calendar', () => {
  it('becomes a configuration with the template’s settings, its id kept on the template', async () => {
    const created = await asNorth('POST', '/api/meetings/template', { teamId: world.firms[0].teamId, ...TEMPLATE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const templateId = created.body.id as string;
    const configId = await configIdOf(templateId);

    expect(stored(configId)).toEqual({
      id: configId,
      participants: [
        {
          email: ADVISOR_EMAIL,
          is_organizer: true,
          timezone: 'America/Vancouver',
          availability: {
            calendar_ids: ['primary'],
            open_hours: [
              { days: [1, 2, 3, 4, 5], timezone: 'America/Vancouver', start: '9:00', end: '12:00', exdates: [] },
              { days: [2, 4], timezone: 'America/Vancouver', start: '13:30', end: '17:00', exdates: [] },
            ],
          },
          booking: { calendar_id: 'primary' },
        },
      ],
      availability: { duration_minutes: 45, availability_rules: { buffer: { before: 10, after: 5 } } },
      event_booking: { title: 'Annual review', description: 'Bring your statements', timezone: 'America/Vancouver' },
      scheduler: { available_days_in_future: 30, min_booking_notice: 120, min_cancellation_notice: 1440 },
    });
    const template = await asNorth('GET', `/api/meetings/templates/by-team/${world.firms[0].teamId}`);
    expect(template.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: templateId, configId, connectionId })]),
    );
    const status = await asNorth('GET', `/api/meetings/scheduling-status?configId=${configId}`);
    expect(status.body).toMatchObject({ templateId, state: 'READY', firmCalendar: false });
  });

  it('updates the configuration on an edit, and makes one of its own for a copy', async () => {
    const created = await asNorth('POST', '/api/meetings/template', { teamId: world.firms[0].teamId, ...TEMPLATE });
    const templateId = created.body.id as string;
    const configId = await configIdOf(templateId);

    const edited = await asNorth('PATCH', `/api/meetings/templates/${templateId}`, {
      title: 'Portfolio review',
      duration: 60,
      openingHours: [{ days: [3], start: '08:00', end: '16:00' }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await waitFor(
      'the edit at Nylas',
      async () =>
        stored(configId)?.availability !== undefined &&
        (stored(configId)!.availability as { duration_minutes: number }).duration_minutes === 60,
    );
    expect(stored(configId)).toMatchObject({
      event_booking: { title: 'Portfolio review' },
      participants: [
        { availability: { open_hours: [{ days: [3], start: '8:00', end: '16:00', timezone: 'America/Vancouver' }] } },
      ],
    });
    expect(fake.schedulerConfigurations.of(grantId).filter((item) => item.id === configId)).toHaveLength(1);

    const copy = await asNorth('POST', `/api/meetings/templates/${templateId}/duplicate`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const copyConfigId = await configIdOf(copy.body.id as string);
    expect(copyConfigId).not.toBe(configId);
    expect(stored(copyConfigId)).toMatchObject({ event_booking: { title: 'Portfolio review (copy)' } });
  });

  it('deletes the configuration with the template', async () => {
    const created = await asNorth('POST', '/api/meetings/template', { teamId: world.firms[0].teamId, ...TEMPLATE });
    const templateId = created.body.id as string;
    const configId = await configIdOf(templateId);

    const removed = await asNorth('DELETE', `/api/meetings/templates/${templateId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await waitFor('the configuration deleted', async () => stored(configId) === undefined);
  });

  it('tries again when Nylas answers a server error, and the template’s call never fails', async () => {
    fake.injectFault({ mode: 'server-error' }, { operation: 'configurations/create', times: 2 });
    const created = await asNorth('POST', '/api/meetings/template', { teamId: world.firms[0].teamId, ...TEMPLATE });
    expect(created.status).toBe(201);
    const configId = await configIdOf(created.body.id as string);
    expect(stored(configId)).toBeDefined();
    const failures = fake.requests.filter(
      (request) => request.operation === 'configurations/create' && request.status === 500,
    );
    expect(failures).toHaveLength(2);
  }, 30_000);
});

describe('a template of a team with no Nylas calendar', () => {
  it('calls Nylas for nothing and keeps no configuration', async () => {
    const before = fake.requests.length;
    const created = await asSouth('POST', '/api/meetings/template', { teamId: world.firms[1].teamId, ...TEMPLATE });
    expect(created.status).toBe(201);
    const templateId = created.body.id as string;
    expect((await asSouth('PATCH', `/api/meetings/templates/${templateId}`, { title: 'Intro call' })).status).toBe(200);
    expect((await asSouth('DELETE', `/api/meetings/templates/${templateId}`)).status).toBe(200);
    // The north firm's next change runs after any job these would have queued on the same queue.
    const marker = await asNorth('POST', '/api/meetings/template', { teamId: world.firms[0].teamId, ...TEMPLATE });
    await configIdOf(marker.body.id as string);
    const calls = fake.requests.slice(before).filter((request) => request.grantId !== grantId);
    expect(calls).toEqual([]);
    expect(fake.requests.slice(before).every((request) => request.operation === 'configurations/create')).toBe(true);
  });
});

describe('a calendar whose grant expired', () => {
  it('leaves the template and its configuration as they are, the edit itself answered', async () => {
    const created = await asNorth('POST', '/api/meetings/template', { teamId: world.firms[0].teamId, ...TEMPLATE });
    const templateId = created.body.id as string;
    const configId = await configIdOf(templateId);
    fake.expireGrant(grantId);

    const edited = await asNorth('PATCH', `/api/meetings/templates/${templateId}`, { title: 'Renamed' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Renamed', configId, connectionId });
    await waitFor('Nylas refusing the update', async () =>
      fake.requests.some((request) => request.operation === 'configurations/update' && request.status === 401),
    );
    expect(stored(configId)).toMatchObject({ event_booking: { title: 'Annual review' } });
    const row = await world.prisma.meetingTemplate.findUniqueOrThrow({ where: { id: templateId } });
    expect(row).toMatchObject({ title: 'Renamed', configId, connectionId });
  });
});

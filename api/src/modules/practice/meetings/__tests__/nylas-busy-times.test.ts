/**
 * A booking page whose team has a Nylas connection, against the fake Nylas: the provider's busy
 * times are taken out of the slots on top of the firm calendar's meetings, and a provider that
 * fails leaves the firm calendar's slots, never an error.
 */
import { BookingMessage } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNylasServer } from '@meridian/connectors/testing';
import { call } from '#test/support/http.js';
import { apiClient, type ApiCall, type Body } from '#test/support/crm-api.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
const ADVISOR_EMAIL = 'ada@north.test';

let fake: FakeNylasServer;
let world: TwoFirms;
let asAdmin: ApiCall;
let page: string;
let grantId: string;

let clients = 0;
function visitor(): ApiCall {
  clients += 1;
  const client = `192.0.2.${clients}`;
  return (method, path, body) =>
    call<Body>(world.api.baseUrl, method, path, { body, headers: { 'x-forwarded-for': client } });
}

async function startsOn(days: number): Promise<string[]> {
  const from = new Date(Date.now() + days * DAY_MS);
  from.setUTCMinutes(0, 0, 0);
  const until = new Date(from.getTime() + DAY_MS);
  const response = await visitor()(
    'GET',
    `/api/meetings/booking/${page}/slots?from=${from.toISOString()}&until=${until.toISOString()}`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.slots as { start: string }[]).map((slot) => slot.start);
}

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

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
  const [north] = world.firms;
  asAdmin = apiClient(world.api.baseUrl, north.token);
  const template = await asAdmin('POST', '/api/meetings/template', {
    teamId: north.teamId,
    title: 'Discovery call',
    message: 'A first talk',
    duration: 30,
    availableDaysInFuture: 30,
    openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' }],
    minimumNotice: 0,
    minimumCancellationNotice: 60,
    timeZone: 'America/Toronto',
  });
  expect(template.status).toBe(201);
  page = template.body.id as string;

  // The team's advisor connects their calendar (the hub's flow: hosted auth, then the code).
  const owner = await world.prisma.teamMember.findFirstOrThrow({ where: { userId: north.userId } });
  const started = await asAdmin('GET', `/api/nylas/google?email=${encodeURIComponent(ADVISOR_EMAIL)}`);
  expect(started.status).toBe(200);
  const state = new URL(started.body.url as string).searchParams.get('state');
  const code = fake.authorize({ email: ADVISOR_EMAIL, provider: 'google', redirectUri: REDIRECT_URI });
  const connected = await asAdmin('POST', '/api/nylas', { code, owner: owner.id, creator: north.userId, state });
  expect(connected.status, JSON.stringify(connected.body)).toBe(201);
  grantId = fake.state.grantByEmail(ADVISOR_EMAIL, 'google')!.id;
});
afterAll(async () => {
  await world?.close();
  await fake?.close();
});

describe('a booking page of a team with a Nylas calendar', () => {
  it('offers no slot the advisor’s calendar is busy at, besides the firm calendar’s meetings', async () => {
    const free = await startsOn(3);
    const [booked, , busyAt] = free;
    const requested = await visitor()('POST', '/api/meetings/request', {
      configId: page,
      start: booked,
      name: 'Robin Client',
      email: 'robin@example.com',
    });
    expect(requested.status).toBe(201);
    fake.state.addEvent(grantId, ADVISOR_EMAIL, {
      title: 'Dentist',
      start: new Date(busyAt!),
      end: plus(busyAt!, 30),
      busy: true,
    });

    const now = await startsOn(3);
    expect(now).not.toContain(booked);
    expect(now).not.toContain(busyAt);
    expect(now).toHaveLength(free.length - 2);

    const refused = await visitor()('POST', '/api/meetings/request', {
      configId: page,
      start: busyAt,
      name: 'Sam Client',
      email: 'sam@example.com',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BookingMessage.slotTaken);
  });

  it('counts a free (not busy) event of the calendar as free', async () => {
    const free = await startsOn(4);
    fake.state.addEvent(grantId, ADVISOR_EMAIL, {
      title: 'Reminder',
      start: new Date(free[0]!),
      end: plus(free[0]!, 30),
      busy: false,
    });
    expect(await startsOn(4)).toEqual(free);
  });

  it('falls back to the firm calendar alone when Nylas fails, answering the slots (no 5xx)', async () => {
    const free = await startsOn(5);
    const [booked, , busyAt] = free;
    expect(
      (
        await visitor()('POST', '/api/meetings/request', {
          configId: page,
          start: booked,
          name: 'Robin Client',
          email: 'robin5@example.com',
        })
      ).status,
    ).toBe(201);
    fake.state.addEvent(grantId, ADVISOR_EMAIL, { title: 'Gym', start: new Date(busyAt!), end: plus(busyAt!, 30) });
    expect(await startsOn(5)).not.toContain(busyAt);

    fake.injectFault({ mode: 'server-error' }, { operation: 'calendars/free-busy', times: 100 });
    try {
      const during = await startsOn(5);
      expect(during).not.toContain(booked);
      expect(during).toContain(busyAt);
    } finally {
      fake.clearFaults();
    }
  });
});

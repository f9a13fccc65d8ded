/**
 * Nylas under the hub, over HTTP against the fake Nylas: the hosted-auth URL (its state bound to
 * the caller), a code exchanged into one sealed connection of a team member (the grant id in no
 * answer and nowhere in the database in clear; the same account again updates it), every id in the
 * caller's reach, the calendars of a team's connections (Nylas down is 502, an expired grant a
 * sentence and a connection to re-authenticate), and `/api/webhooks/nylas` (the challenge echoed,
 * the signature checked on the raw body, each notification stored once as a WEBHOOK run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakeNylasServer } from '@meridian/connectors/testing';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { call, login, type JsonResponse } from '#test/support/http.js';

const REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
const WEBHOOK_SECRET = 'nylas-webhook-secret-for-tests';

interface ConnectionAnswer {
  connection: {
    id: string;
    email: string | null;
    provider: string | null;
    ownerTeamId: string;
    needsReauthSince: string | null;
  };
  created: boolean;
}
interface CalendarsAnswer {
  connections: {
    connectionId: string;
    email: string | null;
    problem: string | null;
    calendars: { id: string; name: string; isPrimary: boolean }[];
  }[];
}

let fake: FakeNylasServer;
let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northToken: string;
/** An advisor of North's second team, who must not reach the first team's members. */
let deskB: { teamId: string; userId: string; memberId: string; token: string };
let northMemberId: string;
let southMemberId: string;
/** Every answer of the API in this file, to look for the grant ids in. */
const answers: string[] = [];

async function as<T = Record<string, unknown>>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonResponse<T>> {
  const response = await call<T>(api.baseUrl, method, path, { token, body });
  answers.push(JSON.stringify(response.body));
  return response;
}

const memberOf = async (userId: string, teamId: string) =>
  (await prisma.teamMember.findFirstOrThrow({ where: { userId, teamId }, select: { id: true } })).id;

beforeAll(async () => {
  fake = await FakeNylasServer.start();
  const environment = await createTestEnvironment({
    NYLAS_API_KEY: fake.apiKey,
    NYLAS_CLIENT_ID: fake.clientId,
    NYLAS_API_URI: fake.url,
    NYLAS_REDIRECT_URI: REDIRECT_URI,
    NYLAS_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  api = await startTestApi({ seedDemo: false, environment });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADVISOR' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADVISOR' });
  northToken = await login(api.baseUrl, north.email, north.password);
  northMemberId = await memberOf(north.userId, north.teamId);
  southMemberId = await memberOf(south.userId, south.teamId);
  const teamB = newId(EntityType.team);
  await prisma.team.create({ data: { id: teamB, organizationId: north.organizationId, name: 'Desk B' } });
  const advisorB = await addUser(prisma, { organizationId: north.organizationId, teamId: teamB }, 'ADVISOR');
  deskB = {
    teamId: teamB,
    userId: advisorB.userId,
    memberId: await memberOf(advisorB.userId, teamB),
    token: await login(api.baseUrl, advisorB.email, advisorB.password),
  };
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
  await fake?.close();
});

/** The state of a hosted authentication started by `token`'s user. */
async function startAuth(token: string, email: string, provider = 'google'): Promise<string> {
  const response = await as<{ url: string }>(token, 'GET', `/api/nylas/${provider}?email=${encodeURIComponent(email)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new URL(response.body.url).searchParams.get('state')!;
}

/** The whole flow for North's advisor: the URL, the user at Nylas, the code back. */
async function connectNorth(email: string, owner = northMemberId) {
  const state = await startAuth(northToken, email);
  const code = fake.authorize({ email, provider: 'google', redirectUri: REDIRECT_URI });
  return as<ConnectionAnswer>(northToken, 'POST', '/api/nylas', { code, owner, creator: north.userId, state });
}

const grantOf = (email: string) => fake.state.grantByEmail(email, 'google')!.id;

describe('GET /api/nylas/{provider}', () => {
  it('answers Nylas’s hosted-auth URL for the provider, the e-mail pre-filled and a state', async () => {
    const response = await as<{ url: string }>(northToken, 'GET', '/api/nylas/microsoft?email=ada%40north.test');
    expect(response.status).toBe(200);
    const url = new URL(response.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/v3/connect/auth`);
    expect(url.searchParams.get('client_id')).toBe(fake.clientId);
    expect(url.searchParams.get('provider')).toBe('microsoft');
    expect(url.searchParams.get('login_hint')).toBe('ada@north.test');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses a provider Nylas does not offer and an address that is not one', async () => {
    expect((await as(northToken, 'GET', '/api/nylas/yahoo?email=ada%40north.test')).status).toBe(400);
    expect((await as(northToken, 'GET', '/api/nylas/google?email=not-an-address')).status).toBe(400);
  });
});

describe('POST /api/nylas', () => {
  it('exchanges the code for a grant, kept sealed on one connection of the owner’s team', async () => {
    const response = await connectNorth('ada@north.test');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.created).toBe(true);
    expect(response.body.connection).toMatchObject({
      email: 'ada@north.test',
      provider: 'google',
      ownerTeamId: north.teamId,
      needsReauthSince: null,
    });
    const grantId = grantOf('ada@north.test');
    const rows = await prisma.connection.findMany({
      where: { organizationId: north.organizationId, service: 'NYLAS' },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.externalAccountId).not.toContain(grantId);
    expect(rows[0]!.credentialsCiphertext).not.toBeNull();
    expect(Buffer.from(rows[0]!.credentialsCiphertext!).includes(grantId)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(grantId);
    const audit = await prisma.auditLog.findMany({ where: { entityId: rows[0]!.id } });
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(grantId);
  });

  it('updates the connection when the same account is connected again', async () => {
    const first = await prisma.connection.findFirstOrThrow({
      where: { organizationId: north.organizationId, service: 'NYLAS' },
    });
    const again = await connectNorth('ada@north.test');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ created: false, connection: { id: first.id } });
    expect(await prisma.connection.count({ where: { organizationId: north.organizationId, service: 'NYLAS' } })).toBe(
      1,
    );
  });

  it('answers another team’s or firm’s owner exactly as a missing one, and spends no code', async () => {
    const state = await startAuth(northToken, 'bo@north.test');
    const code = fake.authorize({ email: 'bo@north.test', provider: 'google', redirectUri: REDIRECT_URI });
    const attempt = (owner: string) =>
      as(northToken, 'POST', '/api/nylas', { code, owner, creator: north.userId, state });
    const missing = await attempt(newId(EntityType.teamMember));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Owner not found' });
    for (const owner of [deskB.memberId, southMemberId]) {
      const response = await attempt(owner);
      expect(response.status).toBe(404);
      expect({ ...response.body, requestId: undefined }).toEqual({ ...missing.body, requestId: undefined });
    }
    // The code was never sent to Nylas: it still connects.
    const connected = await attempt(northMemberId);
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
  });

  it('takes the code only from whom the state was issued to, as its creator', async () => {
    const state = await startAuth(deskB.token, 'cy@north.test');
    const code = fake.authorize({ email: 'cy@north.test', provider: 'google', redirectUri: REDIRECT_URI });
    const stolen = await as(northToken, 'POST', '/api/nylas', {
      code,
      owner: northMemberId,
      creator: north.userId,
      state,
    });
    expect(stolen.status).toBe(403);
    const otherCreator = await as(northToken, 'POST', '/api/nylas', {
      code,
      owner: northMemberId,
      creator: deskB.userId,
      state: await startAuth(northToken, 'cy@north.test'),
    });
    expect(otherCreator.status).toBe(404);
    expect(otherCreator.body).toMatchObject({ message: 'Creator not found' });
    expect(await prisma.connection.count({ where: { displayName: 'cy@north.test' } })).toBe(0);
  });

  it('answers Nylas’s refusal of a code as 422', async () => {
    const state = await startAuth(northToken, 'dee@north.test');
    const response = await as(northToken, 'POST', '/api/nylas', {
      code: 'code-never-issued',
      owner: northMemberId,
      creator: north.userId,
      state,
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'PROVIDER_REJECTED' });
  });
});

describe('GET /api/meetings/nylas-calendars/by-team/{teamId}', () => {
  const path = () => `/api/meetings/nylas-calendars/by-team/${north.teamId}`;

  it('lists the calendars of each of the team’s connections', async () => {
    const response = await as<CalendarsAnswer>(northToken, 'GET', path());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const ada = response.body.connections.find((connection) => connection.email === 'ada@north.test')!;
    expect(ada.problem).toBeNull();
    expect(ada.calendars.map((calendar) => calendar.id).sort()).toEqual(
      fake.state
        .calendars(grantOf('ada@north.test'))
        .map((calendar) => calendar.id)
        .sort(),
    );
    expect(ada.calendars.some((calendar) => calendar.isPrimary)).toBe(true);
  });

  it('answers another team’s id as a missing one', async () => {
    const own = await as(deskB.token, 'GET', path());
    const missing = await as(deskB.token, 'GET', `/api/meetings/nylas-calendars/by-team/${newId(EntityType.team)}`);
    expect(own.status).toBe(404);
    expect({ ...own.body, requestId: undefined }).toEqual({ ...missing.body, requestId: undefined });
  });

  it('answers 502 PROVIDER_UNAVAILABLE while Nylas fails', async () => {
    fake.injectFault({ mode: 'server-error' }, { operation: 'calendars/list', times: 10 });
    try {
      const response = await as(northToken, 'GET', path());
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    } finally {
      fake.clearFaults();
    }
  });

  it('marks a connection whose grant expired for re-authentication and says so', async () => {
    const grantId = grantOf('ada@north.test');
    fake.injectFault({ mode: 'grant-expired' }, { operation: 'calendars/list', grantId });
    const response = await as<CalendarsAnswer>(northToken, 'GET', path());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const ada = response.body.connections.find((connection) => connection.email === 'ada@north.test')!;
    expect(ada.calendars).toEqual([]);
    expect(ada.problem).toBe('The calendar connection of ada@north.test has expired: connect the calendar again');
    const row = await prisma.connection.findFirstOrThrow({ where: { id: ada.connectionId } });
    expect(row.needsReauthSince).not.toBeNull();
    // Connecting it again repairs it.
    expect((await connectNorth('ada@north.test')).body).toMatchObject({ connection: { needsReauthSince: null } });
    const after = await as<CalendarsAnswer>(northToken, 'GET', path());
    expect(after.body.connections.find((connection) => connection.email === 'ada@north.test')!.problem).toBeNull();
  });
});

describe('/api/webhooks/nylas', () => {
  const url = () => `${api.baseUrl}/api/webhooks/nylas`;
  const post = async (body: string, headers: Record<string, string>) => {
    const response = await call<{ outcome?: string; code?: string }>(api.baseUrl, 'POST', '/api/webhooks/nylas', {
      rawBody: body,
      headers,
    });
    answers.push(JSON.stringify(response.body));
    return response;
  };
  const adaConnection = () =>
    prisma.connection.findFirstOrThrow({
      where: { organizationId: north.organizationId, displayName: 'ada@north.test' },
    });

  it('echoes the challenge as plain text, as Nylas checks a destination', async () => {
    const response = await fetch(`${url()}?challenge=abc123XYZ`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('abc123XYZ');
    expect(await fake.checkWebhookEndpoint(url())).toBe(true);
  });

  it('stores a verified event notification once and queues one calendar sync run; a replay changes nothing', async () => {
    const connection = await adaConnection();
    // The connection's first run (queued by its connection, never run here: no worker) is done.
    await prisma.syncRun.updateMany({
      where: { connectionId: connection.id, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'SUCCEEDED', startedAt: new Date(), finishedAt: new Date() },
    });
    const delivery = fake.webhookDelivery(
      'event.updated',
      { id: 'event-1', grant_id: grantOf('ada@north.test'), calendar_id: 'ada@north.test', object: 'event' },
      { secret: WEBHOOK_SECRET },
    );
    const first = await post(delivery.body, delivery.headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ outcome: 'QUEUED' });
    const replay = await post(delivery.body, delivery.headers);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ outcome: 'DUPLICATE' });
    // Another change while that run waits: stored, and coalesced into the same run.
    const another = fake.webhookDelivery(
      'event.deleted',
      { id: 'event-9', grant_id: grantOf('ada@north.test'), calendar_id: 'ada@north.test', object: 'event' },
      { secret: WEBHOOK_SECRET },
    );
    expect((await post(another.body, another.headers)).body).toEqual({ outcome: 'QUEUED' });
    const events = await prisma.providerEvent.findMany({
      where: { connectionId: connection.id },
      orderBy: { receivedAt: 'asc' },
    });
    expect(events.map((event) => [event.externalEventId, event.type])).toEqual([
      [delivery.notificationId, 'event.updated'],
      [another.notificationId, 'event.deleted'],
    ]);
    const runs = await prisma.syncRun.findMany({ where: { connectionId: connection.id, trigger: 'WEBHOOK' } });
    expect(runs.map((run) => [run.driver, run.status])).toEqual([['SYNC', 'QUEUED']]);
  });

  it('records any other notification as a finished WEBHOOK run that leaves the connection’s login problem as it is', async () => {
    const connection = await adaConnection();
    const since = new Date('2026-11-01T00:00:00Z');
    await prisma.connection.update({ where: { id: connection.id }, data: { needsReauthSince: since } });
    await prisma.syncRun.updateMany({
      where: { connectionId: connection.id, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'CANCELLED', finishedAt: new Date() },
    });
    try {
      const delivery = fake.webhookDelivery(
        'event.created',
        { id: 'event-10', grant_id: grantOf('ada@north.test'), calendar_id: 'ada@north.test', object: 'event' },
        { secret: WEBHOOK_SECRET },
      );
      // A connection to re-authenticate runs no sync: the notification is stored, as a finished run.
      expect((await post(delivery.body, delivery.headers)).body).toEqual({ outcome: 'STORED' });
      const runs = await prisma.syncRun.findMany({
        where: { connectionId: connection.id, trigger: 'WEBHOOK', driver: 'IMPORT' },
      });
      expect(runs.map((run) => run.status)).toEqual(['SUCCEEDED']);
      expect((await adaConnection()).needsReauthSince).toEqual(since);
    } finally {
      await prisma.connection.update({ where: { id: connection.id }, data: { needsReauthSince: null } });
    }
  });

  it('refuses a tampered body, another secret and no signature with 401, storing nothing', async () => {
    const connection = await adaConnection();
    const before = await prisma.providerEvent.count({ where: { connectionId: connection.id } });
    const object = { id: 'event-2', grant_id: grantOf('ada@north.test'), object: 'event' };
    for (const variant of ['tampered', 'wrong-secret'] as const) {
      const delivery = fake.webhookDelivery('event.created', object, { secret: WEBHOOK_SECRET, variant });
      const response = await post(delivery.body, delivery.headers);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'WEBHOOK_UNVERIFIED' });
    }
    const unsigned = fake.webhookDelivery('event.created', object, { secret: WEBHOOK_SECRET });
    expect((await post(unsigned.body, { 'content-type': 'application/json' })).status).toBe(401);
    expect(await prisma.providerEvent.count({ where: { connectionId: connection.id } })).toBe(before);
  });

  it('answers 200 and stores nothing for a grant no connection holds', async () => {
    const delivery = fake.webhookDelivery(
      'event.created',
      { id: 'event-3', grant_id: 'grant-of-nobody', object: 'event' },
      { secret: WEBHOOK_SECRET },
    );
    const response = await post(delivery.body, delivery.headers);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ outcome: 'IGNORED' });
  });

  it('marks the connection for re-authentication on grant.expired, as Nylas sends it', async () => {
    const connection = await adaConnection();
    expect(connection.needsReauthSince).toBeNull();
    fake.setWebhookEndpoint({ url: url(), secret: WEBHOOK_SECRET });
    try {
      fake.expireGrant(grantOf('ada@north.test'));
      await fake.webhooksSettled();
    } finally {
      fake.setWebhookEndpoint(null);
    }
    expect(fake.webhookDeliveries.at(-1)).toMatchObject({ trigger: 'grant.expired', status: 200 });
    const after = await adaConnection();
    expect(after.needsReauthSince).not.toBeNull();
    expect(after.lastError).toMatch(/^grant\.expired/);
    expect(await prisma.providerEvent.count({ where: { connectionId: connection.id, type: 'grant.expired' } })).toBe(1);
  });
});

describe('the grants', () => {
  it('appear in no answer of the API', () => {
    const grants = ['ada@north.test', 'bo@north.test'].map(grantOf);
    for (const grantId of grants) expect(answers.join('\n')).not.toContain(grantId);
  });
});

/**
 * E-mail threads over HTTP, with the worker running their job against the fake Nylas (paging two
 * threads at a time): an update keeps the threads exchanged with the addresses, each linked to the
 * contacts of the firm whose e-mail it holds (not another firm's); run again it refreshes the same
 * rows, and an address that moved to another contact moves the links; a contact's threads come
 * newest first by page; a thread's messages are read on demand as text and stored nowhere; every id
 * is within the caller's reach; an expired grant stops the update and marks the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakeNylasServer } from '@meridian/connectors/testing';
import type { RunningWorker } from '@meridian/workers';
import { createTestEnvironment, startTestApi, startTestWorker, type TestApi } from '#test/support/app.js';
import { createContact } from '#test/support/crm-factories.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { call, login, type JsonResponse } from '#test/support/http.js';
import { waitFor } from '#test/support/wait.js';

const REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
const MAILBOX = 'ada@north.test';
const WEBHOOK_SECRET = 'comms-webhook-secret';
/** Past the first 100 characters (Nylas's snippet, which is kept): the body's part kept nowhere. */
const REPLY_OPENING = 'Yes, you can still contribute for last year until the deadline in March; here are the details.';
const SECRET_BODY = 'The account number is 0042-SECRET';

interface ThreadView {
  id: string;
  subject: string | null;
  snippet: string | null;
  participants: { email: string; name: string | null }[];
  lastMessageAt: string | null;
  unread: boolean;
  messageCount: number;
}
interface ThreadsPage {
  items: ThreadView[];
  page: number;
  limit: number;
  total: number;
}

let fake: FakeNylasServer;
let api: TestApi;
let worker: RunningWorker;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northToken: string;
let southToken: string;
let deskBToken: string;
let connectionId: string;
let grantId: string;
let ana: string;
let bob: string;
let southAna: string;

async function as<T = Record<string, unknown>>(token: string, method: string, path: string, body?: unknown) {
  return call<T>(api.baseUrl, method, path, { token, body }) as Promise<JsonResponse<T>>;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 15));
const me = { email: MAILBOX, name: 'Ada Advisor' };

beforeAll(async () => {
  fake = await FakeNylasServer.start({ pageSize: 2 });
  const environment = await createTestEnvironment({
    NYLAS_API_KEY: fake.apiKey,
    NYLAS_CLIENT_ID: fake.clientId,
    NYLAS_API_URI: fake.url,
    NYLAS_REDIRECT_URI: REDIRECT_URI,
    NYLAS_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  api = await startTestApi({ seedDemo: false, environment });
  worker = await startTestWorker(environment);
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADVISOR' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADVISOR' });
  northToken = await login(api.baseUrl, north.email, north.password);
  southToken = await login(api.baseUrl, south.email, south.password);
  const teamB = newId(EntityType.team);
  await prisma.team.create({ data: { id: teamB, organizationId: north.organizationId, name: 'Desk B' } });
  const advisorB = await addUser(prisma, { organizationId: north.organizationId, teamId: teamB }, 'ADVISOR');
  deskBToken = await login(api.baseUrl, advisorB.email, advisorB.password);

  ana = (await createContact(prisma, north, { firstName: 'Ana', lastName: 'Silva', emails: ['Ana@Client.test'] }))
    .contactId;
  bob = (await createContact(prisma, north, { firstName: 'Bob', lastName: 'Roy', emails: ['bob@client.test'] }))
    .contactId;
  southAna = (await createContact(prisma, south, { firstName: 'Ana', lastName: 'Other', emails: ['ana@client.test'] }))
    .contactId;

  // North's advisor connects the mailbox through Nylas's hosted authentication.
  const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: north.userId, teamId: north.teamId } });
  const started = await as<{ url: string }>(northToken, 'GET', `/api/nylas/google?email=${MAILBOX}`);
  const state = new URL(started.body.url).searchParams.get('state');
  const code = fake.authorize({ email: MAILBOX, provider: 'google', redirectUri: REDIRECT_URI });
  const connected = await as<{ connection: { id: string } }>(northToken, 'POST', '/api/nylas', {
    code,
    owner: member.id,
    creator: north.userId,
    state,
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(201);
  connectionId = connected.body.connection.id;
  grantId = fake.state.grantByEmail(MAILBOX, 'google')!.id;

  const anaAddress = { email: 'ana@client.test', name: 'Ana Silva' };
  const bobAddress = { email: 'bob@client.test', name: 'Bob Roy' };
  fake.state.addThread(grantId, {
    subject: 'RRSP contribution',
    messages: [
      { from: anaAddress, to: [me], body: '<p>Can I still contribute?</p>', date: day(2), unread: false },
      { from: me, to: [anaAddress], body: `<p>${REPLY_OPENING}</p><p>${SECRET_BODY}</p>`, date: day(3), unread: false },
    ],
  });
  fake.state.addThread(grantId, {
    subject: 'Family meeting',
    messages: [{ from: bobAddress, to: [me], cc: [anaAddress], body: '<p>Tuesday works</p>', date: day(5) }],
  });
  for (const n of [6, 7, 8]) {
    fake.state.addThread(grantId, {
      subject: `Statement ${n}`,
      messages: [{ from: anaAddress, to: [me], body: '<p>Attached</p>', date: day(n), unread: false }],
    });
  }
  fake.state.addThread(grantId, {
    subject: 'Newsletter',
    messages: [{ from: { email: 'news@elsewhere.test', name: 'News' }, to: [me], date: day(9) }],
  });
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await prisma?.$disconnect();
  await api?.close();
  await fake?.close();
});

const threadsOf = (contactId: string) =>
  prisma.emailThread.findMany({
    where: { contacts: { some: { contactId } } },
    orderBy: { lastMessageAt: 'desc' },
    select: { id: true, subject: true },
  });

describe('POST /api/comms/update-email-threads', () => {
  it('queues the update (202) and the worker keeps the threads, linked to the firm’s contacts of the addresses', async () => {
    const answer = await as(northToken, 'POST', '/api/comms/update-email-threads', {
      connectionId,
      emails: ['ANA@client.test', 'bob@client.test'],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ connectionId, emails: ['ana@client.test', 'bob@client.test'] });
    expect(answer.body.updateId).toEqual(expect.any(String));

    await waitFor('the threads of the update', async () => (await prisma.emailThread.count()) === 5);
    expect((await threadsOf(ana)).map((thread) => thread.subject)).toEqual([
      'Statement 8',
      'Statement 7',
      'Statement 6',
      'Family meeting',
      'RRSP contribution',
    ]);
    expect((await threadsOf(bob)).map((thread) => thread.subject)).toEqual(['Family meeting']);
    expect(await prisma.emailThreadContact.count({ where: { contactId: southAna } })).toBe(0);
    // Paged by the fake two threads at a time: three pages read.
    expect(fake.requests.filter((request) => request.operation === 'threads/list').length).toBeGreaterThanOrEqual(3);
    // Summaries only: no message's body anywhere in the rows.
    expect(JSON.stringify(await prisma.emailThread.findMany())).not.toContain('SECRET');
  });

  it('run again, refreshes the same threads instead of adding any', async () => {
    const before = await prisma.emailThread.findMany({ orderBy: { id: 'asc' }, select: { id: true } });
    const family = fake.state.threads(grantId, ['bob@client.test'])[0]!;
    fake.state.addMessage(grantId, family.id, {
      from: { email: 'bob@client.test', name: 'Bob Roy' },
      to: [me],
      body: '<p>Or Wednesday</p>',
      date: day(10),
    });
    const answer = await as(northToken, 'POST', '/api/comms/update-email-threads', {
      connectionId,
      emails: ['bob@client.test', 'ana@client.test'],
    });
    expect(answer.status).toBe(202);
    const refreshed = await waitFor('the refreshed thread', () =>
      prisma.emailThread.findFirst({ where: { subject: 'Family meeting', messageCount: 2 } }),
    );
    expect(refreshed.lastMessageAt).toEqual(day(10));
    expect(await prisma.emailThread.findMany({ orderBy: { id: 'asc' }, select: { id: true } })).toEqual(before);
    expect(await prisma.emailThreadContact.count({ where: { organizationId: north.organizationId } })).toBe(6);
  });

  it('refuses a wrong address with the spec’s message, and another firm’s or team’s connection as a missing one', async () => {
    const wrong = await as(northToken, 'POST', '/api/comms/update-email-threads', {
      connectionId,
      emails: ['ana@'],
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Please enter a valid email address');
    for (const token of [southToken, deskBToken]) {
      const answer = await as(token, 'POST', '/api/comms/update-email-threads', {
        connectionId,
        emails: ['ana@client.test'],
      });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Connection not found');
    }
    const missing = await as(northToken, 'POST', '/api/comms/update-email-threads', {
      connectionId: newId(EntityType.connection),
      emails: ['ana@client.test'],
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/contacts/{contactId}/email-threads', () => {
  it('answers the contact’s threads newest first, by page', async () => {
    const first = await as<ThreadsPage>(northToken, 'GET', `/api/contacts/${ana}/email-threads?page=1&limit=2`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.total).toBe(5);
    expect(first.body.items.map((thread) => thread.subject)).toEqual(['Family meeting', 'Statement 8']);
    expect(first.body.items[0]).toMatchObject({
      snippet: expect.stringContaining('Wednesday'),
      unread: true,
      messageCount: 2,
      lastMessageAt: day(10).toISOString(),
      participants: expect.arrayContaining([
        { email: 'bob@client.test', name: 'Bob Roy' },
        { email: 'ana@client.test', name: 'Ana Silva' },
      ]),
    });
    const last = await as<ThreadsPage>(northToken, 'GET', `/api/contacts/${ana}/email-threads?page=3&limit=2`);
    expect(last.body.items.map((thread) => thread.subject)).toEqual(['RRSP contribution']);
  });

  it('answers another firm’s or team’s contact as a missing one', async () => {
    expect((await as(southToken, 'GET', `/api/contacts/${ana}/email-threads`)).status).toBe(404);
    expect((await as(deskBToken, 'GET', `/api/contacts/${ana}/email-threads`)).status).toBe(404);
    const empty = await as<ThreadsPage>(southToken, 'GET', `/api/contacts/${southAna}/email-threads`);
    expect(empty.body).toEqual({ items: [], page: 1, limit: 20, total: 0 });
  });
});

describe('GET /api/comms/threads/{threadId}/messages', () => {
  it('reads the thread’s messages from the mailbox now, as text, oldest first', async () => {
    const thread = await prisma.emailThread.findFirstOrThrow({ where: { subject: 'RRSP contribution' } });
    const reads = fake.requests.filter((request) => request.operation === 'messages/get').length;
    const answer = await as<{ thread: ThreadView; messages: { text: string; from: { email: string }[] }[] }>(
      northToken,
      'GET',
      `/api/comms/threads/${thread.id}/messages`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.thread.subject).toBe('RRSP contribution');
    expect(answer.body.messages.map((message) => message.text)).toEqual([
      'Can I still contribute?',
      `${REPLY_OPENING}\n${SECRET_BODY}`,
    ]);
    expect(answer.body.messages[0]!.from[0]!.email).toBe('ana@client.test');
    expect(fake.requests.filter((request) => request.operation === 'messages/get').length).toBe(reads + 2);
    // Shown, not kept: the body is in no table.
    const rows = await prisma.$queryRawUnsafe<{ found: bigint }[]>(
      `SELECT count(*) AS found FROM email_threads t WHERE t::text LIKE '%SECRET%'`,
    );
    expect(Number(rows[0]!.found)).toBe(0);
  });

  it('answers another firm’s or team’s thread as a missing one', async () => {
    const thread = await prisma.emailThread.findFirstOrThrow({ where: { subject: 'RRSP contribution' } });
    for (const token of [southToken, deskBToken]) {
      const answer = await as(token, 'GET', `/api/comms/threads/${thread.id}/messages`);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('E-mail thread not found');
    }
  });
});

describe('a contact’s address removed', () => {
  it('unlinks the threads at the next update, and links the contact who took the address', async () => {
    await prisma.contactEmail.deleteMany({ where: { contactId: bob } });
    const carla = (
      await createContact(prisma, north, { firstName: 'Carla', lastName: 'Roy', emails: ['bob@client.test'] })
    ).contactId;
    const answer = await as(northToken, 'POST', '/api/comms/update-email-threads', {
      connectionId,
      emails: ['bob@client.test'],
    });
    expect(answer.status).toBe(202);
    await waitFor('the thread linked to the address’s new contact', async () => (await threadsOf(carla)).length === 1);
    expect(await threadsOf(bob)).toEqual([]);
    expect((await threadsOf(ana)).length).toBe(5);
  });

  it('a message arriving in a kept thread (message.created) refreshes it without anyone asking', async () => {
    fake.setWebhookEndpoint({ url: `${api.baseUrl}/api/webhooks/nylas`, secret: WEBHOOK_SECRET });
    try {
      const rrsp = fake.state
        .threads(grantId, ['ana@client.test'])
        .find((thread) => thread.subject === 'RRSP contribution')!;
      fake.receiveMessage(grantId, {
        threadId: rrsp.id,
        from: { email: 'ana@client.test', name: 'Ana Silva' },
        to: [me],
        body: '<p>Thank you</p>',
        date: day(12),
      });
      await fake.webhooksSettled();
      const refreshed = await waitFor('the thread refreshed by its webhook', () =>
        prisma.emailThread.findFirst({ where: { subject: 'RRSP contribution', messageCount: 3 } }),
      );
      expect(refreshed.lastMessageAt).toEqual(day(12));
      expect((await threadsOf(ana)).map((thread) => thread.subject)[0]).toBe('RRSP contribution');
    } finally {
      fake.setWebhookEndpoint(null);
    }
  });
});

describe('an expired grant', () => {
  it('stops the update and marks the connection to connect again', async () => {
    fake.injectFault({ mode: 'grant-expired' }, { operation: 'threads/list', times: 10 });
    const answer = await as(northToken, 'POST', '/api/comms/update-email-threads', {
      connectionId,
      emails: ['ana@client.test'],
    });
    expect(answer.status).toBe(202);
    await waitFor('the connection marked for re-authentication', () =>
      prisma.connection.findFirst({ where: { id: connectionId, needsReauthSince: { not: null } } }),
    );
    const again = await as(northToken, 'POST', '/api/comms/update-email-threads', {
      connectionId,
      emails: ['ana@client.test'],
    });
    expect(again.status).toBe(409);
  });
});

/**
 * The fake Nylas's own promises to the rest of the project: hosted authentication as a browser
 * meets it, thousands of events paged without a loss or a repeat even while they change, changes
 * "at the provider" sent as signed notifications, and faults scoped to what a test names.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mapNylasEvents } from '../mappers.js';
import { parseNylasWebhook, verifyNylasSignature } from '../webhooks.js';
import { connectorError, type NylasHarness, REDIRECT_URI, startNylasHarness } from './support.js';

let harness: NylasHarness;

beforeAll(async () => {
  harness = await startNylasHarness();
});
afterAll(async () => {
  await harness?.close();
});
afterEach(() => {
  harness.fake.clearFaults();
  harness.fake.setWebhookEndpoint(null);
});

const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-12-31T00:00:00Z') };

describe('hosted authentication', () => {
  it('redirects the browser back with a code and the state, and the code makes a grant', async () => {
    const url = harness.client().hostedAuthUrl({
      provider: 'google',
      email: 'luc@firm.example',
      redirectUri: `${REDIRECT_URI}?from=settings`,
      state: 'csrf-1',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('from')).toBe('settings');
    expect(back.searchParams.get('state')).toBe('csrf-1');

    const grant = await harness.client().exchangeCode({
      code: back.searchParams.get('code') ?? '',
      redirectUri: `${REDIRECT_URI}?from=settings`,
    });
    expect(grant.email).toBe('luc@firm.example');
  });

  it('refuses an unknown application, and a code sent back to another address', async () => {
    const url = new URL(
      harness.client({ clientId: 'someone-else' }).hostedAuthUrl({
        provider: 'google',
        email: 'luc@firm.example',
        redirectUri: REDIRECT_URI,
      }),
    );
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);

    const code = harness.fake.authorize({ email: 'luc@firm.example', provider: 'google', redirectUri: REDIRECT_URI });
    const error = await connectorError(
      harness.client().exchangeCode({ code, redirectUri: 'https://elsewhere.example/callback' }),
    );
    expect(error).toMatchObject({ code: 'invalid_grant', status: 400 });
  });

  it('asks for the API key on every data route', async () => {
    const grant = harness.fake.createGrant({ email: 'key@firm.example' });
    const response = await fetch(`${harness.fake.url}/v3/grants/${grant.id}/calendars`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: 'unauthorized' } });
  });
});

describe('events at scale', () => {
  it('seeds 10,000 events and pages them all, each once, 200 a page', async () => {
    const grant = harness.fake.createGrant({ email: 'bench@firm.example' });
    const seeded = harness.fake.state.seedEvents(grant.id, grant.email, {
      count: 10_000,
      start: new Date('2026-01-01T13:00:00Z'),
      everyMinutes: 90,
      participants: [{ email: 'anne@example.com', status: 'yes' }],
    });
    const client = harness.client();
    const ids: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await client.listEventsPage({
        grantId: grant.id,
        calendarId: grant.email,
        window,
        ...(pageToken ? { pageToken } : {}),
      });
      const { meetings, errors } = mapNylasEvents(page.events);
      expect(errors).toEqual([]);
      ids.push(...meetings.map((meeting) => meeting.sourceId));
      pageToken = page.nextCursor ?? undefined;
      pages += 1;
    } while (pageToken !== undefined);
    expect(pages).toBe(50);
    expect(ids).toEqual(seeded.map((event) => event.id));
  });

  it('keeps pages stable while events change between them', async () => {
    const grant = harness.fake.createGrant({ email: 'moving@firm.example' });
    const seeded = harness.fake.state.seedEvents(grant.id, grant.email, {
      count: 9,
      start: new Date('2026-02-01T13:00:00Z'),
    });
    const client = harness.client();
    const first = await client.listEventsPage({ grantId: grant.id, calendarId: grant.email, window, limit: 4 });
    // One event already read and one not yet read move; a new one is added.
    harness.fake.changeEventAsProvider(grant.id, seeded[1]!.id, { title: 'Moved' });
    harness.fake.changeEventAsProvider(grant.id, seeded[7]!.id, { title: 'Moved too' });
    const added = harness.fake.state.addEvent(grant.id, grant.email, {
      start: new Date('2026-02-03T13:00:00Z'),
      end: new Date('2026-02-03T14:00:00Z'),
    });
    const ids = mapNylasEvents(first.events).meetings.map((meeting) => meeting.sourceId);
    let pageToken = first.nextCursor;
    while (pageToken !== null) {
      const page = await client.listEventsPage({
        grantId: grant.id,
        calendarId: grant.email,
        window,
        limit: 4,
        pageToken,
      });
      ids.push(...mapNylasEvents(page.events).meetings.map((meeting) => meeting.sourceId));
      pageToken = page.nextCursor;
    }
    expect(ids).toEqual([...seeded.map((event) => event.id), added.id]);
  });

  it("lists one calendar's events only, and none from another grant", async () => {
    const grant = harness.fake.createGrant({ email: 'two@firm.example' });
    const other = harness.fake.state.addCalendar(grant.id, { name: 'Personal' });
    const mine = harness.fake.state.addEvent(grant.id, grant.email, {
      start: new Date('2026-03-01T13:00:00Z'),
      end: new Date('2026-03-01T14:00:00Z'),
    });
    harness.fake.state.addEvent(grant.id, other.id, {
      start: new Date('2026-03-01T13:00:00Z'),
      end: new Date('2026-03-01T14:00:00Z'),
    });
    const page = await harness.client().listEventsPage({ grantId: grant.id, calendarId: 'primary', window });
    expect(mapNylasEvents(page.events).meetings.map((meeting) => meeting.sourceId)).toEqual([mine.id]);
  });
});

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

describe('notifications', () => {
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  const secret = 'whsec-fake-nylas';
  let echoChallenge = true;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const challenge = new URL(request.url ?? '/', 'http://receiver').searchParams.get('challenge');
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end(echoChallenge ? (challenge ?? '') : 'hello');
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/nylas`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('sends each change at the provider, signed, in order', async () => {
    received.length = 0;
    const grant = harness.fake.createGrant({ email: 'notify@firm.example' });
    const event = harness.fake.state.addEvent(grant.id, grant.email, {
      start: new Date('2026-04-01T13:00:00Z'),
      end: new Date('2026-04-01T14:00:00Z'),
    });
    harness.fake.setWebhookEndpoint({ url: receiverUrl, secret });

    harness.fake.changeEventAsProvider(grant.id, event.id, {
      start: new Date('2026-04-02T13:00:00Z'),
      end: new Date('2026-04-02T14:00:00Z'),
    });
    harness.fake.deleteEventAsProvider(grant.id, event.id);
    const message = harness.fake.receiveMessage(grant.id, {
      subject: 'Question',
      from: { email: 'anne@example.com' },
      to: [{ email: grant.email }],
    });
    harness.fake.expireGrant(grant.id);
    await harness.fake.webhooksSettled();

    expect(harness.fake.webhookDeliveries.slice(-4).map((delivery) => [delivery.trigger, delivery.status])).toEqual([
      ['event.updated', 200],
      ['event.deleted', 200],
      ['message.created', 200],
      ['grant.expired', 200],
    ]);
    for (const delivery of received) {
      expect(verifyNylasSignature(delivery.body, delivery.headers['x-nylas-signature'] as string, secret)).toBe(true);
    }
    const events = received.map((delivery) => parseNylasWebhook(JSON.parse(delivery.body)));
    expect(events).toEqual([
      {
        kind: 'EVENT_CHANGED',
        trigger: 'event.updated',
        grantId: grant.id,
        eventId: event.id,
        calendarId: grant.email,
      },
      {
        kind: 'EVENT_CHANGED',
        trigger: 'event.deleted',
        grantId: grant.id,
        eventId: event.id,
        calendarId: grant.email,
      },
      { kind: 'MESSAGE_CREATED', grantId: grant.id, messageId: message.id, threadId: message.threadId },
      { kind: 'GRANT_EXPIRED', grantId: grant.id },
    ]);
    const updated = JSON.parse(received[0]!.body) as { data: { object: { when: unknown } } };
    expect(updated.data.object.when).toMatchObject({
      object: 'timespan',
      start_time: Date.parse('2026-04-02T13:00:00Z') / 1000,
    });
  });

  it("checks a destination as Nylas does: it must echo the GET's challenge", async () => {
    echoChallenge = true;
    expect(await harness.fake.checkWebhookEndpoint(receiverUrl)).toBe(true);
    echoChallenge = false;
    expect(await harness.fake.checkWebhookEndpoint(receiverUrl)).toBe(false);
    expect(await harness.fake.checkWebhookEndpoint('http://127.0.0.1:9/unreachable')).toBe(false);
  });

  it('sends nothing while no destination is set, and any notification on demand', async () => {
    received.length = 0;
    const grant = harness.fake.createGrant({ email: 'quiet@firm.example' });
    const event = harness.fake.state.addEvent(grant.id, grant.email, {
      start: new Date('2026-04-01T13:00:00Z'),
      end: new Date('2026-04-01T14:00:00Z'),
    });
    harness.fake.changeEventAsProvider(grant.id, event.id, { title: 'Quiet' });
    await harness.fake.webhooksSettled();
    expect(received).toEqual([]);

    harness.fake.setWebhookEndpoint({ url: receiverUrl, secret });
    harness.fake.sendWebhook('event.created', { id: 'evt-x', grant_id: grant.id, calendar_id: grant.email });
    await harness.fake.webhooksSettled();
    expect(received.map((delivery) => JSON.parse(delivery.body).type)).toEqual(['event.created']);
  });
});

describe('e-mail', () => {
  it('lists a grant’s messages with any of some addresses (from, to or copied), of one thread when asked', async () => {
    const grant = harness.fake.state.createGrant({ email: 'mail@firm.test', provider: 'google' });
    const me = { email: 'mail@firm.test', name: 'Advisor' };
    const review = harness.fake.state.addThread(grant.id, {
      subject: 'Review',
      messages: [
        { from: { email: 'Anne@Example.com', name: 'Anne' }, to: [me], date: new Date('2026-03-01T10:00:00Z') },
        { from: me, to: [{ email: 'bob@example.com' }], cc: [{ email: 'anne@example.com' }] },
      ],
    });
    harness.fake.state.addThread(grant.id, {
      subject: 'Other',
      messages: [{ from: { email: 'carl@example.com' }, to: [me] }],
    });
    const list = async (query: string) => {
      const response = await fetch(`${harness.fake.url}/v3/grants/${grant.id}/messages?${query}`, {
        headers: { authorization: `Bearer ${harness.fake.apiKey}` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { subject: string; thread_id: string }[] };
      return body.data;
    };
    expect((await list('any_email=anne%40example.com')).map((message) => message.thread_id)).toEqual([
      review.id,
      review.id,
    ]);
    expect(await list('any_email=carl%40example.com,nobody%40example.com')).toHaveLength(1);
    expect(await list(`any_email=bob%40example.com&thread_id=${review.id}`)).toHaveLength(1);
    expect(await list('any_email=nobody%40example.com')).toEqual([]);
  });
});

describe('faults', () => {
  it('hits only the grant and operation a test names, for as many requests as it says', async () => {
    const hit = harness.fake.createGrant({ email: 'hit@firm.example' });
    const spared = harness.fake.createGrant({ email: 'spared@firm.example' });
    harness.fake.injectFault({ mode: 'server-error' }, { grantId: hit.id, operation: 'calendars/list', times: 2 });
    const client = harness.client();

    await client.listCalendars(spared.id);
    await client.listEventsPage({ grantId: hit.id, calendarId: hit.email, window });
    expect(await connectorError(client.listCalendars(hit.id))).toMatchObject({ status: 500 });
    expect(await connectorError(client.listCalendars(hit.id))).toMatchObject({ status: 500 });
    await client.listCalendars(hit.id);
  });

  it('a one-off expired-grant answer leaves the grant valid', async () => {
    const grant = harness.fake.createGrant({ email: 'blip@firm.example' });
    harness.fake.injectFault({ mode: 'grant-expired' }, { grantId: grant.id });
    expect(await connectorError(harness.client().listCalendars(grant.id))).toMatchObject({
      classification: 'AUTH',
      code: 'GRANT_EXPIRED',
    });
    expect(harness.fake.state.grant(grant.id).status).toBe('valid');
  });

  it('keeps no Authorization header in its request log', async () => {
    const grant = harness.fake.createGrant({ email: 'log@firm.example' });
    await harness.client().listCalendars(grant.id);
    expect(JSON.stringify(harness.fake.requests)).not.toContain(harness.fake.apiKey);
  });
});

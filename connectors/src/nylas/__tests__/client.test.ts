/**
 * The Nylas client through the official SDK against the fake Nylas: connecting an account, reading
 * a calendar page by page and then only what changed, writing events, free/busy, threads and a
 * message's body; and every failure a ConnectorError the worker knows how to treat.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mapNylasEvents, mapNylasThreads } from '../mappers.js';
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
  harness.fake.setPageSize(null);
});

const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z') };

function newGrant(email = `advisor-${Math.random().toString(36).slice(2)}@firm.example`) {
  return harness.fake.createGrant({ email });
}

/** Every event of a calendar in `window`, page after page; the number of pages. */
async function readAll(grantId: string, calendarId: string, extra: { updatedAfter?: Date; limit?: number } = {}) {
  const client = harness.client();
  const ids: string[] = [];
  let pageToken: string | undefined;
  let pages = 0;
  do {
    const page = await client.listEventsPage({
      grantId,
      calendarId,
      window,
      ...extra,
      ...(pageToken ? { pageToken } : {}),
    });
    pages += 1;
    ids.push(...mapNylasEvents(page.events).meetings.map((meeting) => meeting.sourceId));
    pageToken = page.nextCursor ?? undefined;
  } while (pageToken !== undefined);
  return { ids, pages };
}

describe('connecting an account', () => {
  it('builds the hosted-auth URL with the provider and the e-mail as login hint', () => {
    const url = new URL(
      harness.client().hostedAuthUrl({
        provider: 'microsoft',
        email: 'marie@firm.example',
        redirectUri: REDIRECT_URI,
        state: 'st-1',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${harness.baseUrl}/v3/connect/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: harness.fake.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      provider: 'microsoft',
      login_hint: 'marie@firm.example',
      state: 'st-1',
    });
  });

  it('exchanges a code once, for the grant and its e-mail', async () => {
    const code = harness.fake.authorize({ email: 'marie@firm.example', provider: 'google', redirectUri: REDIRECT_URI });
    const client = harness.client();
    const grant = await client.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(grant).toEqual({ grantId: expect.any(String), email: 'marie@firm.example', provider: 'google' });
    expect(harness.fake.state.grant(grant.grantId).email).toBe('marie@firm.example');

    const again = await connectorError(client.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(again).toMatchObject({ classification: 'PERMANENT', code: 'invalid_grant', status: 400 });
    expect(again.message).not.toContain(code);
  });
});

describe('reading a calendar', () => {
  it('lists the calendars of a grant', async () => {
    const grant = newGrant();
    harness.fake.state.addCalendar(grant.id, { name: 'Client meetings', timezone: 'America/Vancouver' });
    const calendars = await harness.client().listCalendars(grant.id);
    expect(calendars.map((calendar) => [calendar.name, calendar.isPrimary, calendar.timezone])).toEqual([
      [grant.email, true, 'America/Toronto'],
      ['Client meetings', false, 'America/Vancouver'],
    ]);
  });

  it('pages through a window with next_cursor, each event once, only those in the window', async () => {
    const grant = newGrant();
    const seeded = harness.fake.state.seedEvents(grant.id, grant.email, {
      count: 25,
      start: new Date('2026-01-05T14:00:00Z'),
      everyMinutes: 24 * 60,
    });
    harness.fake.state.addEvent(grant.id, grant.email, {
      start: new Date('2026-06-01T14:00:00Z'),
      end: new Date('2026-06-01T15:00:00Z'),
    });
    const { ids, pages } = await readAll(grant.id, grant.email, { limit: 10 });
    expect(pages).toBe(3);
    expect(ids).toEqual(seeded.map((event) => event.id));
  });

  it('with long paging (the fake cuts pages short) the SDK follows the cursor up to the limit', async () => {
    const grant = newGrant();
    const seeded = harness.fake.state.seedEvents(grant.id, grant.email, {
      count: 12,
      start: new Date('2026-01-05T14:00:00Z'),
    });
    harness.fake.setPageSize(3);
    const before = harness.fake.requests.length;
    const { ids, pages } = await readAll(grant.id, grant.email, { limit: 5 });
    expect(ids).toEqual(seeded.map((event) => event.id));
    expect(pages).toBe(3); // 5 + 5 + 2
    // Each page of 5 took two of the fake's (3, then the 2 still wanted); the last one, one.
    expect(harness.fake.requests.length - before).toBe(5);
  });

  it('on a later run reads only the events changed after the last one seen, deletions included', async () => {
    const grant = newGrant();
    const [first, second, third] = harness.fake.state.seedEvents(grant.id, grant.email, {
      count: 3,
      start: new Date('2026-01-05T14:00:00Z'),
    });
    const client = harness.client();
    const initial = await client.listEventsPage({ grantId: grant.id, calendarId: grant.email, window });
    const seen = mapNylasEvents(initial.events).meetings;
    const checkpoint = new Date(Math.max(...seen.map((meeting) => meeting.updatedAt?.getTime() ?? 0)));

    harness.fake.changeEventAsProvider(grant.id, second!.id, {
      start: new Date('2026-01-06T16:00:00Z'),
      end: new Date('2026-01-06T17:00:00Z'),
    });
    harness.fake.deleteEventAsProvider(grant.id, third!.id);

    const later = await client.listEventsPage({
      grantId: grant.id,
      calendarId: grant.email,
      window,
      updatedAfter: checkpoint,
    });
    const changed = mapNylasEvents(later.events).meetings;
    expect(changed.map((meeting) => [meeting.sourceId, meeting.deleted])).toEqual([
      [second!.id, false],
      [third!.id, true],
    ]);
    expect(changed[0]?.start).toEqual(new Date('2026-01-06T16:00:00Z'));
    expect(changed.map((meeting) => meeting.sourceId)).not.toContain(first!.id);
    expect(harness.fake.requests.at(-1)?.query).toMatchObject({
      updated_after: String(checkpoint.getTime() / 1000),
      show_cancelled: 'true',
    });
  });
});

describe('writing events', () => {
  it('creates, updates and deletes an event carrying our meeting id', async () => {
    const grant = newGrant();
    const client = harness.client();
    const input = {
      title: 'Plan review',
      description: 'Bring the statements',
      start: new Date('2026-02-10T15:00:00Z'),
      end: new Date('2026-02-10T16:00:00Z'),
      timeZone: 'America/Toronto',
      participants: [{ email: 'anne@example.com', name: 'Anne Tremblay' }],
      meetingId: 'mtg-42',
    };
    const created = await client.createEvent(grant.id, grant.email, input);
    expect(created).toMatchObject({
      title: 'Plan review',
      start: input.start,
      durationMinutes: 60,
      timeZone: 'America/Toronto',
      participants: [{ email: 'anne@example.com', name: 'Anne Tremblay', status: 'noreply' }],
      meridianMeetingId: 'mtg-42',
      deleted: false,
    });
    expect(harness.fake.state.event(grant.id, created.sourceId).metadata).toEqual({ meridian: 'mtg-42' });

    const moved = await client.updateEvent(grant.id, grant.email, created.sourceId, {
      ...input,
      start: new Date('2026-02-11T15:00:00Z'),
      end: new Date('2026-02-11T15:30:00Z'),
    });
    expect(moved).toMatchObject({ sourceId: created.sourceId, durationMinutes: 30, meridianMeetingId: 'mtg-42' });
    expect(moved.updatedAt!.getTime()).toBeGreaterThan(created.updatedAt!.getTime());

    expect(await client.deleteEvent(grant.id, grant.email, created.sourceId)).toBe('deleted');
    expect(harness.fake.state.event(grant.id, created.sourceId).status).toBe('cancelled');
    // A job run again after a crash deletes it again: not a failure.
    expect(await client.deleteEvent(grant.id, grant.email, created.sourceId)).toBe('already-gone');
  });

  it('an event that does not exist is NOT_FOUND', async () => {
    const grant = newGrant();
    const error = await connectorError(
      harness.client().updateEvent(grant.id, grant.email, 'no-such-event', {
        title: 'x',
        start: new Date('2026-02-10T15:00:00Z'),
        end: new Date('2026-02-10T16:00:00Z'),
        timeZone: 'UTC',
        participants: [],
      }),
    );
    expect(error).toMatchObject({ classification: 'PERMANENT', code: 'NOT_FOUND', status: 404, retryable: false });
  });
});

describe('free/busy', () => {
  it('answers the busy times of each grant in the window', async () => {
    const first = newGrant();
    const second = newGrant();
    harness.fake.state.addEvent(first.id, first.email, {
      start: new Date('2026-01-05T14:00:00Z'),
      end: new Date('2026-01-05T15:00:00Z'),
    });
    harness.fake.state.addEvent(first.id, first.email, {
      start: new Date('2026-01-05T16:00:00Z'),
      end: new Date('2026-01-05T17:00:00Z'),
      busy: false,
    });
    harness.fake.state.addEvent(second.id, second.email, {
      start: new Date('2026-01-06T09:00:00Z'),
      end: new Date('2026-01-06T09:30:00Z'),
    });
    const answer = await harness.client().freeBusy(
      [
        { grantId: first.id, email: first.email },
        { grantId: second.id, email: second.email },
      ],
      { start: new Date('2026-01-05T00:00:00Z'), end: new Date('2026-01-07T00:00:00Z') },
    );
    expect(answer).toEqual([
      {
        email: first.email,
        busy: [{ start: new Date('2026-01-05T14:00:00Z'), end: new Date('2026-01-05T15:00:00Z') }],
        error: null,
      },
      {
        email: second.email,
        busy: [{ start: new Date('2026-01-06T09:00:00Z'), end: new Date('2026-01-06T09:30:00Z') }],
        error: null,
      },
    ]);
  });
});

describe('e-mail threads', () => {
  it("lists the threads with a contact's addresses, and reads a message's body on demand", async () => {
    const grant = newGrant();
    const advisor = { email: grant.email, name: 'Marie' };
    const anne = { email: 'anne@example.com', name: 'Anne Tremblay' };
    const rrsp = harness.fake.state.addThread(grant.id, {
      subject: 'RRSP',
      messages: [
        {
          from: anne,
          to: [advisor],
          body: '<p>Can we talk about my RRSP?</p>',
          date: new Date('2026-01-05T10:00:00Z'),
        },
        { from: advisor, to: [anne], body: '<p>Of course.</p>', date: new Date('2026-01-05T11:00:00Z'), unread: false },
      ],
    });
    harness.fake.state.addThread(grant.id, {
      subject: 'Lunch',
      messages: [{ from: { email: 'bob@example.com' }, to: [advisor], date: new Date('2026-01-06T10:00:00Z') }],
    });

    const client = harness.client();
    const page = await client.listThreadsPage({ grantId: grant.id, emails: ['Anne@Example.com'] });
    expect(page.nextCursor).toBeNull();
    const { threads } = mapNylasThreads(page.threads);
    expect(threads).toEqual([
      expect.objectContaining({
        sourceId: rrsp.id,
        subject: 'RRSP',
        snippet: 'Of course.',
        unread: true,
        latestMessageAt: new Date('2026-01-05T11:00:00Z'),
        participants: [
          { email: 'anne@example.com', name: 'Anne Tremblay' },
          { email: grant.email, name: 'Marie' },
        ],
      }),
    ]);
    expect(harness.fake.requests.at(-1)?.query).toMatchObject({ any_email: 'Anne@Example.com' });

    const message = await client.getMessage(grant.id, threads[0]!.messageIds[0]!);
    expect(message).toMatchObject({
      threadId: rrsp.id,
      subject: 'RRSP',
      body: '<p>Can we talk about my RRSP?</p>',
      from: [{ email: 'anne@example.com', name: 'Anne Tremblay' }],
      date: new Date('2026-01-05T10:00:00Z'),
    });
  });

  it('pages threads and refuses more than 25 addresses before asking', async () => {
    const grant = newGrant();
    for (let index = 0; index < 3; index += 1) {
      harness.fake.state.addThread(grant.id, {
        subject: `Thread ${index}`,
        messages: [{ from: { email: 'anne@example.com' }, to: [{ email: grant.email }] }],
      });
    }
    const client = harness.client();
    const first = await client.listThreadsPage({ grantId: grant.id, emails: ['anne@example.com'], limit: 2 });
    const second = await client.listThreadsPage({
      grantId: grant.id,
      emails: ['anne@example.com'],
      limit: 2,
      pageToken: first.nextCursor!,
    });
    expect([first.threads.length, second.threads.length, second.nextCursor]).toEqual([2, 1, null]);
    await expect(
      client.listThreadsPage({ grantId: grant.id, emails: Array.from({ length: 26 }, (_, i) => `p${i}@example.com`) }),
    ).rejects.toThrow(RangeError);
  });
});

describe('failures are classified', () => {
  it('429 is RATE_LIMITED with the seconds of Retry-After', async () => {
    const grant = newGrant();
    harness.fake.injectFault({ mode: 'rate-limit', retryAfterSeconds: 17 }, { operation: 'events/list', times: 2 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await connectorError(
        harness.client().listEventsPage({ grantId: grant.id, calendarId: grant.email, window }),
      );
      expect(error).toMatchObject({
        classification: 'RATE_LIMITED',
        code: 'RATE_LIMITED',
        status: 429,
        retryAfterSeconds: 17,
        retryable: true,
        operation: 'events/list',
        requestId: expect.any(String),
      });
    }
    // The fault was for the next two requests only.
    await harness.client().listEventsPage({ grantId: grant.id, calendarId: grant.email, window });
  });

  it('500 is TEMPORARY', async () => {
    const grant = newGrant();
    harness.fake.injectFault({ mode: 'server-error' }, { grantId: grant.id });
    const error = await connectorError(harness.client().listCalendars(grant.id));
    expect(error).toMatchObject({ classification: 'TEMPORARY', status: 500, retryable: true });
  });

  it('an expired grant is AUTH (re-authentication), until the user connects again', async () => {
    const grant = newGrant();
    harness.fake.expireGrant(grant.id);
    const client = harness.client();
    const error = await connectorError(client.listEventsPage({ grantId: grant.id, calendarId: grant.email, window }));
    expect(error).toMatchObject({ classification: 'AUTH', code: 'GRANT_EXPIRED', status: 401, retryable: false });
    expect(await client.getGrant(grant.id)).toMatchObject({ id: grant.id, grantStatus: 'invalid' });

    // Hosted auth again with the same account repairs the same grant.
    const code = harness.fake.authorize({ email: grant.email, provider: 'google', redirectUri: REDIRECT_URI });
    expect((await client.exchangeCode({ code, redirectUri: REDIRECT_URI })).grantId).toBe(grant.id);
    await client.listEventsPage({ grantId: grant.id, calendarId: grant.email, window });
  });

  it('a deleted grant is AUTH; a refused API key is PERMANENT (no user can repair it)', async () => {
    const missing = await connectorError(harness.client().listCalendars('no-such-grant'));
    expect(missing).toMatchObject({ classification: 'AUTH', code: 'GRANT_NOT_FOUND', status: 404 });

    const grant = newGrant();
    const refused = await connectorError(harness.client({ apiKey: 'nyk_wrong' }).listCalendars(grant.id));
    expect(refused).toMatchObject({ classification: 'PERMANENT', code: 'INVALID_API_KEY', status: 401 });
    expect(refused.message).not.toContain('nyk_wrong');
  });

  it('a server that cannot be reached is TEMPORARY', async () => {
    const client = harness.client({ apiUri: 'http://127.0.0.1:9' });
    const error = await connectorError(client.listCalendars('grant'));
    expect(error).toMatchObject({ classification: 'TEMPORARY', code: 'NETWORK' });
  });

  it('an answer we cannot read is PERMANENT INVALID_RESPONSE', async () => {
    const grant = newGrant();
    harness.fake.injectFault({ mode: 'break-contract' }, { operation: 'calendars/list' });
    const error = await connectorError(harness.client().listCalendars(grant.id));
    expect(error).toMatchObject({ classification: 'PERMANENT', code: 'INVALID_RESPONSE' });
  });
});

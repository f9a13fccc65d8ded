/**
 * The Nylas client end to end, through the official SDK, against the fake Nylas behind prism with
 * Nylas's description (the patched copy): every request and answer of these calls is checked
 * against the description. Then the copy's patches, and the description as published, which
 * refuses every list the API answers and every event written (the faults the copy works around).
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mapNylasEvents, mapNylasThreads } from '../mappers.js';
import { nylasSpecPath, prepareNylasPrismSpec, unwrapNamedExamples } from '../testing/prism.js';
import { connectorError, type NylasHarness, REDIRECT_URI, startNylasHarness } from './support.js';

const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z') };

describe('the SDK through prism (the patched description)', () => {
  let harness: NylasHarness;

  beforeAll(async () => {
    harness = await startNylasHarness({ prism: true });
  });
  afterAll(async () => {
    await harness?.close();
  });
  afterEach(() => {
    harness.fake.clearFaults();
  });

  it('connects an account and reads its grant and calendars', async () => {
    const client = harness.client();
    const code = harness.fake.authorize({ email: 'anne@firm.example', provider: 'google', redirectUri: REDIRECT_URI });
    const { grantId } = await client.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(await client.getGrant(grantId)).toMatchObject({
      id: grantId,
      email: 'anne@firm.example',
      grantStatus: 'valid',
    });
    harness.fake.state.addCalendar(grantId, { name: 'Clients' });
    expect((await client.listCalendars(grantId)).map((calendar) => calendar.name)).toEqual([
      'anne@firm.example',
      'Clients',
    ]);
  });

  it('pages events of every kind, then reads only what changed', async () => {
    const grant = harness.fake.createGrant({ email: 'pages@firm.example' });
    const state = harness.fake.state;
    const timed = state.seedEvents(grant.id, grant.email, { count: 3, start: new Date('2026-01-05T14:00:00Z') });
    const allDay = state.addEvent(grant.id, grant.email, { when: { object: 'date', date: '2026-01-07' } });
    const span = state.addEvent(grant.id, grant.email, {
      when: { object: 'datespan', start_date: '2026-01-08', end_date: '2026-01-09' },
      participants: [{ email: 'anne@example.com', name: 'Anne', status: 'yes' }],
    });
    const moment = state.addEvent(grant.id, grant.email, {
      when: { object: 'time', time: 1_768_000_000 },
      title: null,
    });
    const client = harness.client();

    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await client.listEventsPage({
        grantId: grant.id,
        calendarId: grant.email,
        window,
        limit: 2,
        ...(pageToken ? { pageToken } : {}),
      });
      const { meetings, errors } = mapNylasEvents(page.events);
      expect(errors).toEqual([]);
      ids.push(...meetings.map((meeting) => meeting.sourceId));
      pageToken = page.nextCursor ?? undefined;
    } while (pageToken !== undefined);
    expect(ids).toEqual([...timed, allDay, span, moment].map((event) => event.id));

    const checkpoint = new Date(moment.updatedAt * 1000);
    harness.fake.changeEventAsProvider(grant.id, span.id, { title: 'Conference' });
    const later = await client.listEventsPage({
      grantId: grant.id,
      calendarId: grant.email,
      window,
      updatedAfter: checkpoint,
    });
    expect(mapNylasEvents(later.events).meetings.map((meeting) => meeting.title)).toEqual(['Conference']);
  });

  it('creates, updates and deletes an event', async () => {
    const grant = harness.fake.createGrant({ email: 'writes@firm.example' });
    const client = harness.client();
    const input = {
      title: 'Plan review',
      location: 'Office',
      start: new Date('2026-02-10T15:00:00Z'),
      end: new Date('2026-02-10T16:00:00Z'),
      timeZone: 'America/Toronto',
      participants: [{ email: 'anne@example.com', name: 'Anne Tremblay' }],
      meetingId: 'mtg-1',
    };
    const created = await client.createEvent(grant.id, grant.email, input);
    const updated = await client.updateEvent(grant.id, grant.email, created.sourceId, { ...input, title: 'Moved' });
    expect([created.title, updated.title, updated.meridianMeetingId]).toEqual(['Plan review', 'Moved', 'mtg-1']);
    expect(await client.deleteEvent(grant.id, grant.email, created.sourceId)).toBe('deleted');
    expect(await client.deleteEvent(grant.id, grant.email, created.sourceId)).toBe('already-gone');
  });

  it('answers free/busy, threads and a message', async () => {
    const grant = harness.fake.createGrant({ email: 'mail@firm.example' });
    harness.fake.state.addEvent(grant.id, grant.email, {
      start: new Date('2026-01-05T14:00:00Z'),
      end: new Date('2026-01-05T15:00:00Z'),
    });
    const thread = harness.fake.state.addThread(grant.id, {
      subject: 'RRSP',
      messages: [
        { from: { email: 'anne@example.com', name: 'Anne' }, to: [{ email: grant.email }], body: '<p>Hi</p>' },
      ],
    });
    const client = harness.client();

    const [busy] = await client.freeBusy([{ grantId: grant.id, email: grant.email }], window);
    expect(busy?.busy).toEqual([{ start: new Date('2026-01-05T14:00:00Z'), end: new Date('2026-01-05T15:00:00Z') }]);

    const page = await client.listThreadsPage({ grantId: grant.id, emails: ['anne@example.com'] });
    const { threads } = mapNylasThreads(page.threads);
    expect(threads.map((item) => item.sourceId)).toEqual([thread.id]);
    expect((await client.getMessage(grant.id, thread.messageIds[0]!)).body).toBe('<p>Hi</p>');
  });

  it('lets Nylas errors through: 429 with Retry-After, an expired grant', async () => {
    const grant = harness.fake.createGrant({ email: 'errors@firm.example' });
    harness.fake.injectFault({ mode: 'rate-limit', retryAfterSeconds: 9 }, { operation: 'events/list' });
    const limited = await connectorError(
      harness.client().listEventsPage({ grantId: grant.id, calendarId: grant.email, window }),
    );
    expect(limited).toMatchObject({ classification: 'RATE_LIMITED', status: 429, retryAfterSeconds: 9 });

    harness.fake.expireGrant(grant.id);
    const expired = await connectorError(
      harness.client().listEventsPage({ grantId: grant.id, calendarId: grant.email, window }),
    );
    expect(expired).toMatchObject({ classification: 'AUTH', code: 'GRANT_EXPIRED', status: 401 });
  });

  it('refuses an answer that breaks the description', async () => {
    const grant = harness.fake.createGrant({ email: 'broken@firm.example' });
    harness.fake.injectFault({ mode: 'break-contract' }, { operation: 'events/list' });
    const error = await connectorError(
      harness.client().listEventsPage({ grantId: grant.id, calendarId: grant.email, window }),
    );
    expect(error).toMatchObject({ status: 500, classification: 'TEMPORARY' });
    expect(error.message).toContain('data');
  });

  it('refuses a request that breaks the description before it reaches the fake', async () => {
    const grant = harness.fake.createGrant({ email: 'toolong@firm.example' });
    const before = harness.fake.requests.length;
    const error = await connectorError(
      harness.client().listEventsPage({ grantId: grant.id, calendarId: grant.email, window, limit: 500 }),
    );
    expect(error).toMatchObject({ status: 422, classification: 'PERMANENT' });
    expect(error.message).toContain('limit');
    expect(harness.fake.requests.length).toBe(before);
  });
});

describe('the patched copy of the description', () => {
  it('leaves lists their arrays, makes threads a list, tells the kinds of when apart, unwraps examples', async () => {
    const original = readFileSync(nylasSpecPath(), 'utf8');
    const { path, unwrapped } = await prepareNylasPrismSpec();
    const copy = readFileSync(path, 'utf8');
    const block = (text: string, start: string, lines: number) =>
      text
        .slice(text.indexOf(start))
        .split('\n')
        .slice(0, lines)
        .map((line) => line.trim());

    const envelope = '    common_response_with_cursor:';
    expect(block(original, envelope, 7).slice(5)).toEqual(['data:', 'type: object']);
    expect(block(copy, envelope, 7).slice(5)).toEqual(['data:', 'description: The response object.']);

    const threads = '    threads:\n      description: Threads response';
    expect(block(original, threads, 11).slice(8)).toEqual(['data:', 'type: object', 'properties:']);
    expect(block(copy, threads, 11).slice(8)).toEqual(['data:', 'type: array', 'items:']);

    expect(block(original, '    event_timespan:', 4)).toEqual([
      'event_timespan:',
      'title: Timespan',
      'type: object',
      expect.stringMatching(/^description:/),
    ]);
    expect(block(copy, '    event_timespan:', 6)).toEqual([
      'event_timespan:',
      'title: Timespan',
      'type: object',
      'required:',
      '- start_time',
      '- end_time',
    ]);

    expect(unwrapped).toContain('Events response example');
    expect(original).toContain('            Events response example:');
    expect(copy).not.toContain('response example:');
  });

  it('unwraps an example only when the name is its one key', () => {
    const yaml = [
      '          example:',
      '            Events response example:',
      '              request_id: r',
      '              data:',
      '              - id: e',
      '          description: x',
      '          example:',
      '            Thing response example:',
      '              a: 1',
      '            other: 2',
    ].join('\n');
    expect(unwrapNamedExamples(yaml)).toEqual({
      text: [
        '          example:',
        '            request_id: r',
        '            data:',
        '            - id: e',
        '          description: x',
        '          example:',
        '            Thing response example:',
        '              a: 1',
        '            other: 2',
      ].join('\n'),
      unwrapped: ['Events response example'],
    });
  });
});

describe("prism with Nylas's description as published", () => {
  let harness: NylasHarness;

  beforeAll(async () => {
    harness = await startNylasHarness({ prism: true, original: true });
  });
  afterAll(async () => {
    await harness?.close();
  });

  // Should this fail, Nylas fixed its description, and the harness can drop the patch that fails.
  it('refuses every list and every event written, as the API has them (the faults the copy works around)', async () => {
    const grant = harness.fake.createGrant({ email: 'published@firm.example' });
    harness.fake.state.addThread(grant.id, {
      subject: 'RRSP',
      messages: [{ from: { email: 'anne@example.com' }, to: [{ email: grant.email }] }],
    });
    const client = harness.client();

    const threads = await connectorError(client.listThreadsPage({ grantId: grant.id, emails: ['anne@example.com'] }));
    expect(threads).toMatchObject({ status: 500 });
    expect(threads.message).toContain('Response body property data must be object');

    const events = await connectorError(client.listEventsPage({ grantId: grant.id, calendarId: grant.email, window }));
    expect(events).toMatchObject({ status: 500 });
    expect(events.message).toContain('Response body property data must be object');

    const written = await connectorError(
      client.createEvent(grant.id, grant.email, {
        title: 'Plan review',
        start: new Date('2026-02-10T15:00:00Z'),
        end: new Date('2026-02-10T16:00:00Z'),
        timeZone: 'America/Toronto',
        participants: [],
      }),
    );
    expect(written).toMatchObject({ status: 422 });
    expect(written.message).toContain('when must match exactly one schema in oneOf');
    expect(harness.fake.state.events(grant.id, grant.email)).toEqual([]);
  });
});

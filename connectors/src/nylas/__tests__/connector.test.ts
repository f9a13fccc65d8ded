/**
 * The Nylas calendar connector against the fake Nylas (through the official SDK): a first sync
 * reads the synced calendars' events of its window page by page with `page_token`; a later run
 * asks only for what changed since the previous run started (less the overlap), deletions as
 * removed meetings; a run resumed from any saved cursor asks for the same pages; and its failures
 * are the classified ConnectorErrors the worker acts on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectorPage, fetchPages } from '../../core/connector.js';
import type { NormalizedMeeting } from '../../core/records.js';
import { NylasConnector, type NylasConnectorOptions } from '../connector.js';
import { decodeNylasCursor } from '../cursor.js';
import { connectorError, type NylasHarness, startNylasHarness } from './support.js';

/** The fake's clock: events are created and changed at the time a test sets. */
let fakeNow = new Date('2026-05-01T09:00:00Z');
let harness: NylasHarness;

beforeAll(async () => {
  harness = await startNylasHarness({ fake: { clock: () => fakeNow } });
});
afterAll(async () => {
  await harness?.close();
});
afterEach(() => {
  harness.fake.clearFaults();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RUN_1 = new Date('2026-05-01T12:00:00Z');

function connector(options: Partial<NylasConnectorOptions> = {}) {
  return new NylasConnector({ client: harness.client(), pageSize: 2, now: () => RUN_1, ...options });
}

async function allPages(nylas: NylasConnector, grantId: string, cursor: string | null) {
  const pages: ConnectorPage[] = [];
  for await (const page of fetchPages(nylas, { grantId }, cursor)) pages.push(page);
  return pages;
}

const meetingsOf = (pages: ConnectorPage[]) => pages.flatMap((page) => page.records) as NormalizedMeeting[];

/** A grant with a primary and a second calendar, and a read-only holidays calendar. */
function calendarWorld() {
  const email = `advisor-${Math.random().toString(36).slice(2)}@firm.example`;
  const grant = harness.fake.createGrant({ email, timezone: 'America/Toronto' });
  const second = harness.fake.state.addCalendar(grant.id, { name: 'Clients', timezone: 'Europe/Paris' });
  const holidays = harness.fake.state.addCalendar(grant.id, { name: 'Holidays', readOnly: true });
  const at = (offsetDays: number, title: string, calendarId = grant.email, extra = {}) => {
    const start = new Date(RUN_1.getTime() + offsetDays * DAY);
    return harness.fake.state.addEvent(grant.id, calendarId, {
      title,
      start,
      end: new Date(start.getTime() + HOUR),
      ...extra,
    });
  };
  return { grant, second, holidays, at };
}

describe('NylasConnector: a first sync', () => {
  it('reads every synced calendar in the window, page by page, and ends with the run’s start as its mark', async () => {
    const { grant, second, holidays, at } = calendarWorld();
    const inWindow = [
      at(-29, 'Review (last month)'),
      at(0, 'Today', grant.email, {
        participants: [
          { email: 'Client@Example.com', name: 'A Client', status: 'yes' },
          { email: 'partner@firm.example', status: 'noreply' },
        ],
      }),
      at(10, 'Planning'),
      at(364, 'Next year'),
      at(3, 'Paris meeting', second.id),
      at(4, 'Paris follow-up', second.id),
      at(5, 'Paris wrap-up', second.id),
    ];
    at(-31, 'Too old');
    at(366, 'Too far');
    at(1, 'Canada Day', holidays.id);
    const allDay = harness.fake.state.addEvent(grant.id, second.id, { when: { object: 'date', date: '2026-05-20' } });

    const pages = await allPages(connector(), grant.id, null);

    // The calendars page, then two pages of each synced calendar (4 events each, 2 a page).
    expect(pages).toHaveLength(5);
    expect(pages[0]).toMatchObject({ records: [], removed: [], hasMore: true });
    expect(pages.at(-1)?.hasMore).toBe(false);
    expect(pages.slice(0, -1).every((page) => page.hasMore)).toBe(true);
    const meetings = meetingsOf(pages);
    expect(meetings.map((meeting) => meeting.sourceId).sort()).toEqual(
      [...inWindow, allDay].map((event) => event.id).sort(),
    );
    expect(pages.every((page) => page.records.length <= 2)).toBe(true);

    const today = meetings.find((meeting) => meeting.title === 'Today')!;
    expect(today).toMatchObject({
      kind: 'meeting',
      calendarId: grant.email,
      durationMinutes: 60,
      timeZone: 'America/Toronto',
      allDay: null,
      organizerEmail: grant.email,
      participants: [
        { email: 'client@example.com', name: 'A Client' },
        { email: 'partner@firm.example', name: null },
      ],
      providerUpdatedAt: new Date(Math.floor(fakeNow.getTime() / 1000) * 1000),
      meridianMeetingId: null,
    });
    // An all-day event's day is read in its calendar's zone.
    expect(meetings.find((meeting) => meeting.sourceId === allDay.id)).toMatchObject({
      allDay: { first: '2026-05-20', last: '2026-05-20' },
      timeZone: 'Europe/Paris',
      start: new Date('2026-05-19T22:00:00Z'),
    });

    // The window asked of Nylas: 30 days back to 365 ahead of the run's start; no updated_after.
    const lists = harness.fake.requests.filter(
      (request) => request.grantId === grant.id && request.operation === 'events/list',
    );
    expect(lists.map((request) => request.query.calendar_id)).toEqual([grant.email, grant.email, second.id, second.id]);
    for (const request of lists) {
      expect(request.query).toMatchObject({
        start: String((RUN_1.getTime() - 30 * DAY) / 1000),
        end: String((RUN_1.getTime() + 365 * DAY) / 1000),
        limit: '2',
      });
      expect(request.query.updated_after).toBeUndefined();
    }
    // Each calendar's first page without a token, the next ones with the previous next_cursor.
    expect(lists.map((request) => request.query.page_token === undefined)).toEqual([true, false, true, false]);
    expect(decodeNylasCursor(pages.at(-1)!.nextCursor)).toEqual({
      v: 1,
      phase: 'calendars',
      since: RUN_1.toISOString(),
    });
  });

  it('a run resumed from a saved cursor asks for the page after it, with the same window', async () => {
    const { grant, at } = calendarWorld();
    const events = [at(1, 'One'), at(2, 'Two'), at(3, 'Three'), at(4, 'Four'), at(5, 'Five')];
    const nylas = connector();
    const first = await nylas.fetchPage({ grantId: grant.id }, null);
    const second = await nylas.fetchPage({ grantId: grant.id }, first.nextCursor);
    // The worker died here; another, whose clock says later, resumes from the saved cursor.
    const resumed = await allPages(
      connector({ now: () => new Date(RUN_1.getTime() + DAY) }),
      grant.id,
      second.nextCursor,
    );
    const ids = [...meetingsOf([second]), ...meetingsOf(resumed)].map((meeting) => meeting.sourceId);
    expect(ids).toEqual(events.map((event) => event.id));
    // The run's start stays the first attempt's.
    expect(decodeNylasCursor(resumed.at(-1)!.nextCursor)).toMatchObject({ since: RUN_1.toISOString() });
  });
});

describe('NylasConnector: later runs', () => {
  it('ask for what changed since the previous run started, less the overlap; deleted events are removed', async () => {
    fakeNow = new Date('2026-05-01T09:00:00Z');
    const { grant, at } = calendarWorld();
    const moved = at(2, 'Moved');
    const deleted = at(3, 'Deleted');
    at(4, 'Untouched');
    const first = await allPages(connector(), grant.id, null);
    expect(meetingsOf(first)).toHaveLength(3);

    // After the first run: one event moved, one deleted, one added, at the provider.
    fakeNow = new Date(RUN_1.getTime() + HOUR);
    const newStart = new Date(RUN_1.getTime() + 6 * DAY);
    harness.fake.changeEventAsProvider(grant.id, moved.id, {
      start: newStart,
      end: new Date(newStart.getTime() + HOUR),
    });
    harness.fake.deleteEventAsProvider(grant.id, deleted.id);
    const added = at(7, 'Added');

    const run2 = new Date(RUN_1.getTime() + 2 * HOUR);
    const second = await allPages(connector({ now: () => run2 }), grant.id, first.at(-1)!.nextCursor);
    expect(
      meetingsOf(second)
        .map((meeting) => meeting.title)
        .sort(),
    ).toEqual(['Added', 'Moved']);
    expect(meetingsOf(second).find((meeting) => meeting.sourceId === moved.id)?.start).toEqual(newStart);
    expect(second.flatMap((page) => page.removed)).toEqual([{ kind: 'meeting', sourceId: deleted.id }]);
    expect(added.id).toBeTruthy();

    const lists = harness.fake.requests.filter(
      (request) => request.grantId === grant.id && request.operation === 'events/list' && request.query.updated_after,
    );
    expect(lists.length).toBeGreaterThan(0);
    // The previous run started at RUN_1: changes after RUN_1 less 5 minutes.
    for (const request of lists) {
      expect(request.query.updated_after).toBe(String((RUN_1.getTime() - 300_000) / 1000));
      expect(request.query.show_cancelled).toBe('true');
    }
    expect(decodeNylasCursor(second.at(-1)!.nextCursor)).toMatchObject({ since: run2.toISOString() });
  });
});

describe('NylasConnector: failures', () => {
  it('429 is RATE_LIMITED with Retry-After, and the retry from the same cursor gets the page', async () => {
    const { grant, at } = calendarWorld();
    at(1, 'One');
    const nylas = connector();
    const calendars = await nylas.fetchPage({ grantId: grant.id }, null);
    harness.fake.injectFault(
      { mode: 'rate-limit', retryAfterSeconds: 12 },
      { operation: 'events/list', grantId: grant.id },
    );
    const error = await connectorError(nylas.fetchPage({ grantId: grant.id }, calendars.nextCursor));
    expect(error).toMatchObject({ classification: 'RATE_LIMITED', retryAfterSeconds: 12, retryable: true });
    const page = await nylas.fetchPage({ grantId: grant.id }, calendars.nextCursor);
    expect(meetingsOf([page]).map((record) => record.title)).toEqual(['One']);
  });

  it('an expired grant is AUTH, at either phase', async () => {
    const { grant } = calendarWorld();
    const nylas = connector();
    const calendars = await nylas.fetchPage({ grantId: grant.id }, null);
    harness.fake.expireGrant(grant.id);
    for (const cursor of [null, calendars.nextCursor]) {
      const error = await connectorError(nylas.fetchPage({ grantId: grant.id }, cursor));
      expect(error).toMatchObject({ classification: 'AUTH', code: 'GRANT_EXPIRED', retryable: false });
    }
  });

  it('a cursor it cannot read is PERMANENT', async () => {
    const error = await connectorError(connector().fetchPage({ grantId: 'g' }, '{"v":1,"phase":"nowhere"}'));
    expect(error).toMatchObject({ classification: 'PERMANENT', code: 'INVALID_CURSOR' });
  });

  it('refuses a page size Nylas does not allow', () => {
    expect(() => connector({ pageSize: 201 })).toThrow(RangeError);
  });
});

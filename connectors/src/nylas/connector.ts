import type { Connector, ConnectorPage, FetchPageOptions } from '../core/connector.js';
import type { RecordError } from '../core/record-errors.js';
import type { NormalizedMeeting, RemovedRecord } from '../core/records.js';
import { NYLAS_MAX_EVENTS_PAGE, type NylasClient } from './client.js';
import { decodeNylasCursor, encodeNylasCursor, type NylasEventsCursor, type NylasSyncCursor } from './cursor.js';
import { mapNylasEvents, type SyncedMeeting } from './mappers.js';
import type { NylasCalendar } from './schemas.js';

/** What a Nylas connection keeps (sealed): the grant, which with the application's key reads its calendars. */
export interface NylasGrantCredentials {
  grantId: string;
}

const DAY_MS = 86_400_000;

export interface NylasConnectorOptions {
  client: NylasClient;
  /** Events per page, 1 to 200 (Nylas's maximum, the default). */
  pageSize?: number;
  /** How far back a run reads, in days (default 30). */
  pastDays?: number;
  /** How far ahead a run reads, in days (default 365). */
  futureDays?: number;
  /**
   * How far before the previous run's start a later run asks for changes, in seconds (default
   * 300). See `NylasConnector`.
   */
  overlapSeconds?: number;
  /** The clock a run's start is read from (tests). */
  now?: () => Date;
}

/**
 * The Nylas calendar connector: the grant's calendars, then each calendar's events in the run's
 * window (by default 30 days back to 365 days ahead of the run's start), a page of up to 200 at a
 * time, as `meeting` records; a cancelled (deleted) event as a removed `meeting`.
 *
 * A first sync reads every event of the window. A later run reads only the events changed since
 * the previous run: Nylas's `updated_after` set to when the previous run *started*, less an
 * overlap. The start, not the newest `updated_at` seen, because an event edited while that run
 * was reading another calendar may carry an `updated_at` older than events read after it. The
 * overlap (5 minutes by default) covers what would otherwise slip between two runs:
 * - `updated_at` is whole seconds and `updated_after` exclusive, so an edit in the same second as
 *   the previous start would be skipped;
 * - our clock and Nylas's (and the calendar provider's) differ by some seconds;
 * - Nylas learns of a change at Google or Microsoft some time after it happened, with the
 *   `updated_at` of when it happened.
 * Events read twice because of the overlap cost nothing: their content is unchanged, so the
 * writer counts them as unchanged and writes nothing.
 *
 * The connector keeps no state: the window, `updated_after` and the calendars of a run are in its
 * cursor from the run's first page on, so a resumed run asks for the pages it was asking for.
 */
export class NylasConnector implements Connector<NylasGrantCredentials> {
  readonly service = 'NYLAS' as const;
  private readonly client: NylasClient;
  private readonly pageSize: number;
  private readonly pastMs: number;
  private readonly futureMs: number;
  private readonly overlapMs: number;
  private readonly now: () => Date;

  constructor(options: NylasConnectorOptions) {
    this.client = options.client;
    this.pageSize = options.pageSize ?? NYLAS_MAX_EVENTS_PAGE;
    if (!Number.isInteger(this.pageSize) || this.pageSize < 1 || this.pageSize > NYLAS_MAX_EVENTS_PAGE) {
      throw new RangeError(`pageSize must be an integer from 1 to ${NYLAS_MAX_EVENTS_PAGE}, not ${this.pageSize}`);
    }
    this.pastMs = (options.pastDays ?? 30) * DAY_MS;
    this.futureMs = (options.futureDays ?? 365) * DAY_MS;
    this.overlapMs = (options.overlapSeconds ?? 300) * 1000;
    this.now = options.now ?? (() => new Date());
  }

  async fetchPage(
    credentials: NylasGrantCredentials,
    cursor: string | null,
    options: FetchPageOptions = {},
  ): Promise<ConnectorPage> {
    const state = decodeNylasCursor(cursor);
    switch (state.phase) {
      case 'calendars':
        return this.calendarsPage(credentials, state.since, options.signal);
      case 'events':
        return this.eventsPage(credentials, state, options.signal);
    }
  }

  /** The calendars a sync reads: the primary one and those the user may write (not holidays, birthdays...). */
  static synced(calendars: readonly NylasCalendar[]): NylasCalendar[] {
    return calendars.filter((calendar) => calendar.isPrimary === true || calendar.readOnly !== true);
  }

  private async calendarsPage(
    credentials: NylasGrantCredentials,
    since: string | null,
    signal: AbortSignal | undefined,
  ): Promise<ConnectorPage> {
    signal?.throwIfAborted();
    const startedAt = this.now();
    const calendars = NylasConnector.synced(await this.client.listCalendars(credentials.grantId));
    if (calendars.length === 0) {
      return this.page([], [], [], { v: 1, phase: 'calendars', since: startedAt.toISOString() }, false);
    }
    const next: NylasEventsCursor = {
      v: 1,
      phase: 'events',
      startedAt: startedAt.toISOString(),
      window: {
        start: new Date(startedAt.getTime() - this.pastMs).toISOString(),
        end: new Date(startedAt.getTime() + this.futureMs).toISOString(),
      },
      updatedAfter: since === null ? null : new Date(Date.parse(since) - this.overlapMs).toISOString(),
      calendars: calendars.map((calendar) => ({ id: calendar.id, timezone: calendar.timezone ?? null })),
      calendar: 0,
      pageToken: null,
    };
    return this.page([], [], [], next, true);
  }

  private async eventsPage(
    credentials: NylasGrantCredentials,
    state: NylasEventsCursor,
    signal: AbortSignal | undefined,
  ): Promise<ConnectorPage> {
    signal?.throwIfAborted();
    const calendar = state.calendars[state.calendar]!;
    const response = await this.client.listEventsPage({
      grantId: credentials.grantId,
      calendarId: calendar.id,
      window: { start: new Date(state.window.start), end: new Date(state.window.end) },
      ...(state.updatedAfter === null ? {} : { updatedAfter: new Date(state.updatedAfter) }),
      ...(state.pageToken === null ? {} : { pageToken: state.pageToken }),
      limit: this.pageSize,
    });
    const mapped = mapNylasEvents(response.events, calendar.timezone ? { allDayTimeZone: calendar.timezone } : {});
    const records = mapped.meetings.filter((meeting) => !meeting.deleted).map(toMeetingRecord);
    const removed: RemovedRecord[] = mapped.meetings
      .filter((meeting) => meeting.deleted)
      .map((meeting) => ({ kind: 'meeting', sourceId: meeting.sourceId }));
    const errors: RecordError[] = mapped.errors.map((error) => ({ kind: 'meeting', ...error }));

    if (response.nextCursor !== null) {
      return this.page(records, removed, errors, { ...state, pageToken: response.nextCursor }, true);
    }
    if (state.calendar + 1 < state.calendars.length) {
      return this.page(records, removed, errors, { ...state, calendar: state.calendar + 1, pageToken: null }, true);
    }
    return this.page(records, removed, errors, { v: 1, phase: 'calendars', since: state.startedAt }, false);
  }

  private page(
    records: NormalizedMeeting[],
    removed: RemovedRecord[],
    recordErrors: RecordError[],
    next: NylasSyncCursor,
    hasMore: boolean,
  ): ConnectorPage {
    return { records, removed, recordErrors, complete: [], nextCursor: encodeNylasCursor(next), hasMore };
  }
}

/** A synced event as the sync's `meeting` record (what its external link's hash is taken of). */
export function toMeetingRecord(meeting: SyncedMeeting): NormalizedMeeting {
  return {
    kind: 'meeting',
    sourceId: meeting.sourceId,
    calendarId: meeting.calendarId,
    title: meeting.title,
    description: meeting.description,
    location: meeting.location,
    start: meeting.start,
    end: meeting.end,
    durationMinutes: meeting.durationMinutes,
    allDay: meeting.days,
    timeZone: meeting.timeZone,
    participants: meeting.participants.map((participant) => ({ email: participant.email, name: participant.name })),
    organizerEmail: meeting.organizer?.email ?? null,
    providerUpdatedAt: meeting.updatedAt,
    meridianMeetingId: meeting.meridianMeetingId,
  };
}

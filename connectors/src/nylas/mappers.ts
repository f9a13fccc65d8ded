/**
 * Nylas objects -> what Meridian keeps of them: a calendar event as a synced meeting, a thread as
 * the summary a contact's page shows. Pure: each function takes what the SDK answered (unknown),
 * parses each item, maps it; an item that cannot be mapped becomes a mapping error and the others
 * go on.
 */
import { MEETING_TITLE_MAX_LENGTH } from '@meridian/domain';
import type { z } from 'zod';
import { describeZodIssues, RecordRejection, type RecordErrorReason } from '../core/record-errors.js';
import {
  type NylasEvent,
  nylasEventSchema,
  type NylasParticipantStatus,
  type NylasThread,
  nylasThreadSchema,
  type NylasWhen,
} from './schemas.js';

/**
 * The metadata key an event written by Meridian carries, with our meeting's id as its value, so a
 * sync that reads the event back knows it as ours. One lowercase word, because the SDK camel-cases
 * the keys of nested objects it reads (`meridian_id` would come back as `meridianId`).
 */
export const MERIDIAN_EVENT_METADATA_KEY = 'meridian';

export interface SyncedMeetingParticipant {
  /** Trimmed and lower-cased: contacts are matched by it. */
  email: string;
  name: string | null;
  status: NylasParticipantStatus;
}

/** A calendar event as a meeting of ours. */
export interface SyncedMeeting {
  /** Nylas's event id: the key of the meeting's external link. */
  sourceId: string;
  grantId: string;
  calendarId: string | null;
  /** Trimmed and cut to a meeting title's length; null when the event has none. */
  title: string | null;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  /** Whole minutes from start to end, rounded up, at least 1 (a point-in-time event takes its minute). */
  durationMinutes: number;
  /**
   * The IANA zone the event's times are shown in: the event's own (timespan, time), or for an
   * all-day event the zone its days were read in. Null when the event names none we know.
   */
  timeZone: string | null;
  allDay: boolean;
  /** An all-day event's first and last day (inclusive), YYYY-MM-DD; null for a timed one. */
  days: { first: string; last: string } | null;
  /** One per e-mail address (the first one listed wins); participants without an address are left out. */
  participants: SyncedMeetingParticipant[];
  organizer: { email: string; name: string | null } | null;
  /** When Nylas last changed the event (whole seconds); null when the provider does not say. */
  updatedAt: Date | null;
  /** Cancelled at the provider (deleted, or cancelled by its organizer): the meeting goes too. */
  deleted: boolean;
  /** Our meeting's id when Meridian wrote the event (its `meridian` metadata). */
  meridianMeetingId: string | null;
  icalUid: string | null;
  /** The recurring event this one is an occurrence of. */
  recurringEventId: string | null;
  /** False when the event leaves its time free (transparent). */
  busy: boolean;
}

/** An e-mail thread as a contact's page shows it. */
export interface SyncedEmailThread {
  sourceId: string;
  grantId: string;
  subject: string | null;
  snippet: string | null;
  /** Lower-cased addresses, one each. */
  participants: { email: string; name: string | null }[];
  /** The newest message received or sent; null when Nylas gives neither. */
  latestMessageAt: Date | null;
  unread: boolean;
  /** To read a message's body on demand. */
  messageIds: string[];
}

/** An item that could not be mapped; counted and reported, it does not fail its page. */
export interface NylasMappingError {
  sourceId: string | null;
  reason: RecordErrorReason;
  message: string;
  payload: unknown;
}

export interface NylasMapOptions {
  /**
   * The zone all-day events' days are read in (the calendar's own zone, from `listCalendars`).
   * Default UTC.
   */
  allDayTimeZone?: string;
}

const fromSeconds = (value: number) => new Date(value * 1000);

function textOrNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** Formatters by zone: building one is the slow part of reading a zone's offset. */
const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  let format = zoneFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null; // not an IANA zone (some providers send Windows zone names)
    }
    zoneFormats.set(zone, format);
  }
  return format;
}

/** The zone itself when it is one the runtime knows, else null. */
function knownTimeZone(zone: string | null | undefined): string | null {
  const name = textOrNull(zone);
  return name !== null && zoneFormat(name) !== null ? name : null;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, format: Intl.DateTimeFormat): number {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `day` begins in `zone`. The zone's offset is read at a first guess, then again at the
 * instant that guess gives: the two differ when a daylight-saving change falls in between.
 */
function startOfDay(day: string, zone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  const format = zoneFormat(zone);
  if (format === null) return new Date(wall);
  const first = wall - zoneOffset(wall, format);
  return new Date(wall - zoneOffset(first, format));
}

function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

export interface NylasTiming {
  start: Date;
  end: Date;
  timeZone: string | null;
  allDay: boolean;
  days: { first: string; last: string } | null;
}

/** The four kinds of `when`: timespan and time are instants; date and datespan whole days. */
export function nylasTiming(when: NylasWhen, allDayTimeZone = 'UTC'): NylasTiming {
  if ('startTime' in when) {
    if (when.endTime < when.startTime) {
      throw new RecordRejection('MALFORMED', 'The event ends before it starts');
    }
    return {
      start: fromSeconds(when.startTime),
      end: fromSeconds(when.endTime),
      timeZone: knownTimeZone(when.startTimezone) ?? knownTimeZone(when.endTimezone),
      allDay: false,
      days: null,
    };
  }
  if ('time' in when) {
    return {
      start: fromSeconds(when.time),
      end: fromSeconds(when.time),
      timeZone: knownTimeZone(when.timezone),
      allDay: false,
      days: null,
    };
  }
  const days = 'date' in when ? { first: when.date, last: when.date } : { first: when.startDate, last: when.endDate };
  if (days.last < days.first) throw new RecordRejection('MALFORMED', 'The event ends before it starts');
  const zone = knownTimeZone(allDayTimeZone) ?? 'UTC';
  return {
    start: startOfDay(days.first, zone),
    end: startOfDay(nextDay(days.last), zone),
    timeZone: zone,
    allDay: true,
    days,
  };
}

function participantsOf(event: NylasEvent): SyncedMeetingParticipant[] {
  const seen = new Map<string, SyncedMeetingParticipant>();
  for (const participant of event.participants ?? []) {
    const email = textOrNull(participant.email)?.toLowerCase();
    if (email === undefined || seen.has(email)) continue;
    seen.set(email, { email, name: textOrNull(participant.name), status: participant.status });
  }
  return [...seen.values()];
}

/** One parsed event -> a synced meeting. Throws a RecordRejection for an event we cannot keep. */
export function mapNylasEvent(event: NylasEvent, options: NylasMapOptions = {}): SyncedMeeting {
  const timing = nylasTiming(event.when, options.allDayTimeZone);
  const organizerEmail = textOrNull(event.organizer?.email)?.toLowerCase();
  const title = textOrNull(event.title);
  return {
    sourceId: event.id,
    grantId: event.grantId,
    calendarId: event.calendarId ?? null,
    title: title === null ? null : [...title].slice(0, MEETING_TITLE_MAX_LENGTH).join(''),
    description: textOrNull(event.description),
    location: textOrNull(event.location),
    ...timing,
    durationMinutes: Math.max(1, Math.ceil((timing.end.getTime() - timing.start.getTime()) / 60_000)),
    participants: participantsOf(event),
    organizer: organizerEmail === undefined ? null : { email: organizerEmail, name: textOrNull(event.organizer?.name) },
    updatedAt: event.updatedAt == null ? null : fromSeconds(event.updatedAt),
    deleted: event.status === 'cancelled',
    meridianMeetingId: textOrNull(event.metadata?.[MERIDIAN_EVENT_METADATA_KEY]),
    icalUid: textOrNull(event.icalUid),
    recurringEventId: textOrNull(event.masterEventId),
    busy: event.busy ?? true,
  };
}

/** One parsed thread -> its summary. */
export function mapNylasThread(thread: NylasThread): SyncedEmailThread {
  const seen = new Map<string, { email: string; name: string | null }>();
  for (const person of thread.participants ?? []) {
    const email = textOrNull(person.email)?.toLowerCase();
    if (email !== undefined && !seen.has(email)) seen.set(email, { email, name: textOrNull(person.name) });
  }
  const latest = Math.max(thread.latestMessageReceivedDate ?? -Infinity, thread.latestMessageSentDate ?? -Infinity);
  return {
    sourceId: thread.id,
    grantId: thread.grantId,
    subject: textOrNull(thread.subject),
    snippet: textOrNull(thread.snippet),
    participants: [...seen.values()],
    latestMessageAt: Number.isFinite(latest)
      ? fromSeconds(latest)
      : thread.earliestMessageDate == null
        ? null
        : fromSeconds(thread.earliestMessageDate),
    unread: thread.unread ?? false,
    messageIds: thread.messageIds ?? [],
  };
}

function mapEach<S extends z.ZodType, T>(
  items: readonly unknown[],
  schema: S,
  map: (item: z.output<S>) => T,
): { mapped: T[]; errors: NylasMappingError[] } {
  const mapped: T[] = [];
  const errors: NylasMappingError[] = [];
  for (const raw of items) {
    const id = (raw as { id?: unknown } | null)?.id;
    const sourceId = typeof id === 'string' && id !== '' ? id : null;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      errors.push({ sourceId, reason: 'MALFORMED', message: describeZodIssues(parsed.error), payload: raw });
      continue;
    }
    try {
      mapped.push(map(parsed.data));
    } catch (error) {
      if (!(error instanceof RecordRejection)) throw error;
      errors.push({ sourceId, reason: error.reason, message: error.message, payload: raw });
    }
  }
  return { mapped, errors };
}

/** A page of events (as `listEventsPage` answers them) -> meetings and mapping errors. */
export function mapNylasEvents(
  events: readonly unknown[],
  options: NylasMapOptions = {},
): { meetings: SyncedMeeting[]; errors: NylasMappingError[] } {
  const { mapped, errors } = mapEach(events, nylasEventSchema, (event) => mapNylasEvent(event, options));
  return { meetings: mapped, errors };
}

/** A page of threads (as `listThreadsPage` answers them) -> summaries and mapping errors. */
export function mapNylasThreads(threads: readonly unknown[]): {
  threads: SyncedEmailThread[];
  errors: NylasMappingError[];
} {
  const { mapped, errors } = mapEach(threads, nylasThreadSchema, mapNylasThread);
  return { threads: mapped, errors };
}

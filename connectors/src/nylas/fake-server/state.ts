/**
 * The fake Nylas's accounts: grants with their calendars, events, threads and messages, in memory.
 * Events are kept per calendar in creation order (an array searched by `seq`, and an index by id),
 * so a page is a binary search and a short scan even with tens of thousands of events.
 *
 * Every change of an event moves its `updated_at` forward, at least one second past the previous
 * value (Nylas's timestamps are whole seconds), so `updated_after` always finds an edit.
 */
import {
  type FakeCalendar,
  type FakeEvent,
  type FakeEventStatus,
  type FakeGrant,
  type FakeGrantProvider,
  type FakeMessage,
  type FakeThread,
  nylasId,
  spanOf,
  type WireEmailName,
  type WireParticipant,
  type WireWhen,
} from './payloads.js';

export class NylasFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly providerError?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function notFound(what: string): never {
  throw new NylasFailure(404, 'not_found_error', `${what} not found`);
}

export function invalidRequest(message: string): never {
  throw new NylasFailure(400, 'invalid_request_error', message);
}

/** What a test gives to make an event; every field but `when` (or start/end) has a default. */
export interface FakeEventSeed {
  title?: string | null;
  description?: string | null;
  location?: string | null;
  /** A timed event: start and end (a timespan in `timezone`). */
  start?: Date;
  end?: Date;
  timezone?: string;
  /** Any kind of `when` (all-day events: `{ object: 'date', date }`). */
  when?: WireWhen;
  participants?: WireParticipant[];
  organizer?: WireEmailName;
  status?: FakeEventStatus;
  busy?: boolean;
  metadata?: Record<string, string>;
}

/** A change made "at the provider", as a user editing their calendar. */
export type FakeEventChange = Omit<FakeEventSeed, 'status'>;

export interface FakeMessageSeed {
  from: WireEmailName;
  to: WireEmailName[];
  cc?: WireEmailName[];
  body?: string;
  date?: Date;
  unread?: boolean;
}

interface CalendarEvents {
  calendar: FakeCalendar;
  /** In `seq` order. */
  events: FakeEvent[];
}

interface GrantState {
  grant: FakeGrant;
  calendars: Map<string, CalendarEvents>;
  events: Map<string, FakeEvent>;
  threads: FakeThread[];
  threadIndex: Map<string, FakeThread>;
  messages: Map<string, FakeMessage>;
}

export interface EventQuery {
  start: number;
  end: number;
  updatedAfter?: number;
  updatedBefore?: number;
  showCancelled: boolean;
  /** Return events with a larger seq only. */
  afterSeq: number;
  limit: number;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The first index of `events` whose seq is above `seq`. */
function firstAfter(events: FakeEvent[], seq: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((events[middle]?.seq ?? Infinity) <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class FakeNylasState {
  private readonly grants = new Map<string, GrantState>();
  private seq = 0;

  constructor(private readonly clock: () => Date) {}

  private now(): number {
    return seconds(this.clock());
  }

  createGrant(options: { email: string; provider?: FakeGrantProvider; timezone?: string }): FakeGrant {
    const now = this.now();
    const grant: FakeGrant = {
      id: `${nylasId(8)}-${nylasId(4)}-${nylasId(4)}-${nylasId(4)}-${nylasId(12)}`,
      email: options.email,
      provider: options.provider ?? 'google',
      status: 'valid',
      createdAt: now,
      updatedAt: now,
    };
    this.grants.set(grant.id, {
      grant,
      calendars: new Map(),
      events: new Map(),
      threads: [],
      threadIndex: new Map(),
      messages: new Map(),
    });
    // Google names a primary calendar by its owner's address; Nylas passes that id on.
    this.addCalendar(grant.id, {
      id: options.email,
      name: options.email,
      timezone: options.timezone ?? 'America/Toronto',
      isPrimary: true,
    });
    return grant;
  }

  /** By id, or by the account's e-mail address (Nylas accepts both in a path). */
  findGrant(identifier: string): FakeGrant | undefined {
    const byId = this.grants.get(identifier);
    if (byId !== undefined) return byId.grant;
    const email = identifier.toLowerCase();
    return [...this.grants.values()].find((state) => state.grant.email.toLowerCase() === email)?.grant;
  }

  grantByEmail(email: string, provider: FakeGrantProvider): FakeGrant | undefined {
    const address = email.toLowerCase();
    return [...this.grants.values()].find(
      (state) => state.grant.email.toLowerCase() === address && state.grant.provider === provider,
    )?.grant;
  }

  private state(grantId: string): GrantState {
    const grant = this.findGrant(grantId);
    const state = grant === undefined ? undefined : this.grants.get(grant.id);
    if (state === undefined) notFound('grant');
    return state;
  }

  grant(grantId: string): FakeGrant {
    return this.state(grantId).grant;
  }

  setGrantStatus(grantId: string, status: FakeGrant['status']): FakeGrant {
    const grant = this.state(grantId).grant;
    grant.status = status;
    grant.updatedAt = Math.max(this.now(), grant.updatedAt + 1);
    return grant;
  }

  addCalendar(
    grantId: string,
    options: { name: string; timezone?: string; id?: string; isPrimary?: boolean; readOnly?: boolean },
  ): FakeCalendar {
    const state = this.state(grantId);
    const calendar: FakeCalendar = {
      id: options.id ?? nylasId(),
      grantId: state.grant.id,
      name: options.name,
      timezone: options.timezone ?? 'America/Toronto',
      isPrimary: options.isPrimary ?? false,
      readOnly: options.readOnly ?? false,
    };
    state.calendars.set(calendar.id, { calendar, events: [] });
    return calendar;
  }

  calendars(grantId: string): FakeCalendar[] {
    return [...this.state(grantId).calendars.values()].map((entry) => entry.calendar);
  }

  /** `primary` names the grant's primary calendar, as at Nylas. */
  calendar(grantId: string, calendarId: string): CalendarEvents {
    const state = this.state(grantId);
    const entry =
      calendarId === 'primary'
        ? [...state.calendars.values()].find((candidate) => candidate.calendar.isPrimary)
        : state.calendars.get(calendarId);
    if (entry === undefined) notFound('calendar');
    return entry;
  }

  private whenOf(seed: FakeEventSeed, timezone: string): WireWhen {
    if (seed.when !== undefined) return seed.when;
    if (seed.start === undefined || seed.end === undefined) {
      throw new Error('a fake event needs `when`, or `start` and `end`');
    }
    return {
      object: 'timespan',
      start_time: seconds(seed.start),
      end_time: seconds(seed.end),
      start_timezone: seed.timezone ?? timezone,
      end_timezone: seed.timezone ?? timezone,
    };
  }

  addEvent(grantId: string, calendarId: string, seed: FakeEventSeed): FakeEvent {
    const state = this.state(grantId);
    const entry = this.calendar(grantId, calendarId);
    const when = this.whenOf(seed, entry.calendar.timezone);
    const now = this.now();
    this.seq += 1;
    const id = nylasId();
    const event: FakeEvent = {
      seq: this.seq,
      id,
      grantId: state.grant.id,
      calendarId: entry.calendar.id,
      title: seed.title === undefined ? 'Meeting' : seed.title,
      description: seed.description ?? null,
      location: seed.location ?? null,
      when,
      participants: seed.participants ?? [],
      organizer: seed.organizer ?? { email: state.grant.email },
      status: seed.status ?? 'confirmed',
      busy: seed.busy ?? true,
      createdAt: now,
      updatedAt: now,
      icalUid: `${id}@fake.nylas`,
      metadata: seed.metadata ?? {},
      ...spanOf(when),
    };
    entry.events.push(event);
    state.events.set(event.id, event);
    return event;
  }

  /**
   * Many events at once (a bench's 10,000): `count` events of `durationMinutes`, one every
   * `everyMinutes` from `start`, each with the given participants.
   */
  seedEvents(
    grantId: string,
    calendarId: string,
    options: {
      count: number;
      start: Date;
      everyMinutes?: number;
      durationMinutes?: number;
      participants?: WireParticipant[];
      titlePrefix?: string;
    },
  ): FakeEvent[] {
    const every = (options.everyMinutes ?? 60) * 60_000;
    const duration = (options.durationMinutes ?? 30) * 60_000;
    const events: FakeEvent[] = [];
    for (let index = 0; index < options.count; index += 1) {
      const start = new Date(options.start.getTime() + index * every);
      events.push(
        this.addEvent(grantId, calendarId, {
          title: `${options.titlePrefix ?? 'Meeting'} ${index + 1}`,
          start,
          end: new Date(start.getTime() + duration),
          participants: options.participants ?? [],
        }),
      );
    }
    return events;
  }

  /** The event, cancelled ones included. */
  event(grantId: string, eventId: string): FakeEvent {
    const event = this.state(grantId).events.get(eventId);
    if (event === undefined) notFound('event');
    return event;
  }

  hasEvent(grantId: string, eventId: string): boolean {
    return this.state(grantId).events.has(eventId);
  }

  /** A calendar's events in creation order (cancelled ones included). */
  events(grantId: string, calendarId: string): FakeEvent[] {
    return [...this.calendar(grantId, calendarId).events];
  }

  /** Applies `change` and moves `updated_at` forward. */
  changeEvent(grantId: string, eventId: string, change: FakeEventChange): FakeEvent {
    const event = this.event(grantId, eventId);
    if (change.title !== undefined) event.title = change.title;
    if (change.description !== undefined) event.description = change.description;
    if (change.location !== undefined) event.location = change.location;
    if (change.participants !== undefined) event.participants = change.participants;
    if (change.organizer !== undefined) event.organizer = change.organizer;
    if (change.busy !== undefined) event.busy = change.busy;
    if (change.metadata !== undefined) event.metadata = change.metadata;
    if (change.when !== undefined || (change.start !== undefined && change.end !== undefined)) {
      const zone = event.when.object === 'timespan' ? event.when.start_timezone : undefined;
      event.when = this.whenOf(change, zone ?? this.calendar(grantId, event.calendarId).calendar.timezone);
      Object.assign(event, spanOf(event.when));
    }
    this.touch(event);
    return event;
  }

  /** Deleted as Google keeps it: cancelled, still listed with `show_cancelled`. */
  cancelEvent(grantId: string, eventId: string): FakeEvent {
    const event = this.event(grantId, eventId);
    event.status = 'cancelled';
    this.touch(event);
    return event;
  }

  private touch(event: FakeEvent): void {
    event.updatedAt = Math.max(this.now(), event.updatedAt + 1);
  }

  /** One page of a calendar's events after `afterSeq`, and whether more match. */
  queryEvents(grantId: string, calendarId: string, query: EventQuery): { events: FakeEvent[]; more: boolean } {
    const { events } = this.calendar(grantId, calendarId);
    const found: FakeEvent[] = [];
    for (let index = firstAfter(events, query.afterSeq); index < events.length; index += 1) {
      const event = events[index] as FakeEvent;
      if (!query.showCancelled && event.status === 'cancelled') continue;
      // Overlapping the window; an instant event counts when it falls inside it.
      const overlaps = event.startsAt < query.end && (event.endsAt > query.start || event.startsAt >= query.start);
      if (!overlaps) continue;
      if (query.updatedAfter !== undefined && event.updatedAt <= query.updatedAfter) continue;
      if (query.updatedBefore !== undefined && event.updatedAt >= query.updatedBefore) continue;
      if (found.length === query.limit) return { events: found, more: true };
      found.push(event);
    }
    return { events: found, more: false };
  }

  /** Busy instants of the grant's events (every calendar) in the window. */
  busyTimes(grantId: string, start: number, end: number): { start: number; end: number }[] {
    return [...this.state(grantId).events.values()]
      .filter((event) => event.busy && event.status !== 'cancelled' && event.startsAt < end && event.endsAt > start)
      .map((event) => ({ start: event.startsAt, end: event.endsAt }))
      .sort((a, b) => a.start - b.start);
  }

  /** A new thread with its first messages (oldest first). */
  addThread(grantId: string, options: { subject: string; messages: FakeMessageSeed[] }): FakeThread {
    const state = this.state(grantId);
    this.seq += 1;
    const thread: FakeThread = {
      seq: this.seq,
      id: nylasId(),
      grantId: state.grant.id,
      subject: options.subject,
      messageIds: [],
    };
    state.threads.push(thread);
    state.threadIndex.set(thread.id, thread);
    for (const message of options.messages) this.addMessage(grantId, thread.id, message);
    return thread;
  }

  addMessage(grantId: string, threadId: string, seed: FakeMessageSeed): FakeMessage {
    const state = this.state(grantId);
    const thread = this.thread(grantId, threadId);
    const message: FakeMessage = {
      id: nylasId(16),
      grantId: state.grant.id,
      threadId: thread.id,
      subject: thread.messageIds.length === 0 ? thread.subject : `Re: ${thread.subject}`,
      from: [seed.from],
      to: seed.to,
      cc: seed.cc ?? [],
      body: seed.body ?? '<p>Hello</p>',
      date: seconds(seed.date ?? this.clock()),
      unread: seed.unread ?? true,
    };
    state.messages.set(message.id, message);
    thread.messageIds.push(message.id);
    return message;
  }

  thread(grantId: string, threadId: string): FakeThread {
    const thread = this.state(grantId).threadIndex.get(threadId);
    if (thread === undefined) notFound('thread');
    return thread;
  }

  threadMessages(grantId: string, thread: FakeThread): FakeMessage[] {
    const messages = this.state(grantId).messages;
    return thread.messageIds.map((id) => messages.get(id)).filter((message) => message !== undefined);
  }

  /** The grant's threads with a message from, to or copied to any of `emails`, newest first. */
  threads(grantId: string, emails: string[] | undefined): FakeThread[] {
    const state = this.state(grantId);
    const wanted = emails === undefined ? undefined : new Set(emails.map((email) => email.toLowerCase()));
    const latest = (thread: FakeThread) =>
      Math.max(...this.threadMessages(grantId, thread).map((message) => message.date));
    return state.threads
      .filter(
        (thread) =>
          wanted === undefined ||
          this.threadMessages(grantId, thread).some((message) =>
            [...message.from, ...message.to, ...message.cc].some((person) => wanted.has(person.email.toLowerCase())),
          ),
      )
      .map((thread) => ({ thread, latest: latest(thread) }))
      .sort((a, b) => b.latest - a.latest || b.thread.seq - a.thread.seq)
      .map((entry) => entry.thread);
  }

  message(grantId: string, messageId: string): FakeMessage {
    const message = this.state(grantId).messages.get(messageId);
    if (message === undefined) notFound('message');
    return message;
  }

  /** The grant's messages, newest first: of one thread, and from, to or copied to any of `emails`, when given. */
  messages(grantId: string, filter: { threadId?: string; emails?: string[] }): FakeMessage[] {
    const wanted = filter.emails === undefined ? undefined : new Set(filter.emails.map((email) => email.toLowerCase()));
    return [...this.state(grantId).messages.values()]
      .filter((message) => filter.threadId === undefined || message.threadId === filter.threadId)
      .filter(
        (message) =>
          wanted === undefined ||
          [...message.from, ...message.to, ...message.cc].some((person) => wanted.has(person.email.toLowerCase())),
      )
      .sort((a, b) => b.date - a.date);
  }
}

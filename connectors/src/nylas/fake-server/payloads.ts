/**
 * The fake Nylas's objects as Nylas's API v3 sends them (snake_case, Unix seconds), following the
 * description in shared/vendor-specs. Where the description and the API differ (a threads list's
 * `data` is an array), the fake speaks as the API does.
 */
import { randomBytes, randomUUID } from 'node:crypto';

/** Nylas's ids: lowercase letters and digits. */
export function nylasId(length = 26): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

export function requestId(): string {
  return randomUUID();
}

export interface WireEmailName {
  email: string;
  name?: string;
}

export interface WireParticipant extends WireEmailName {
  status: 'yes' | 'no' | 'maybe' | 'noreply';
  comment?: string;
  phone_number?: string;
}

/** An event's `when` as stored and sent, with its `object` kind. */
export type WireWhen =
  | { object: 'timespan'; start_time: number; end_time: number; start_timezone?: string; end_timezone?: string }
  | { object: 'time'; time: number; timezone?: string }
  | { object: 'date'; date: string }
  | { object: 'datespan'; start_date: string; end_date: string };

export type FakeEventStatus = 'confirmed' | 'maybe' | 'cancelled';

export interface FakeEvent {
  /** Creation order across the fake: what pages are cut by, so an edit never moves an event between pages. */
  seq: number;
  id: string;
  grantId: string;
  calendarId: string;
  title: string | null;
  description: string | null;
  location: string | null;
  when: WireWhen;
  participants: WireParticipant[];
  organizer: WireEmailName;
  status: FakeEventStatus;
  busy: boolean;
  createdAt: number;
  updatedAt: number;
  icalUid: string;
  metadata: Record<string, string>;
  /** The instants (Unix seconds) the event covers, for windows and free/busy; whole days in UTC. */
  startsAt: number;
  endsAt: number;
}

export interface FakeCalendar {
  id: string;
  grantId: string;
  name: string;
  timezone: string;
  isPrimary: boolean;
  readOnly: boolean;
}

export type FakeGrantProvider = 'google' | 'microsoft' | 'icloud' | 'imap' | 'virtual-calendar';

export interface FakeGrant {
  id: string;
  email: string;
  provider: FakeGrantProvider;
  status: 'valid' | 'invalid';
  createdAt: number;
  updatedAt: number;
}

export interface FakeMessage {
  id: string;
  grantId: string;
  threadId: string;
  subject: string;
  from: WireEmailName[];
  to: WireEmailName[];
  cc: WireEmailName[];
  body: string;
  date: number;
  unread: boolean;
}

export interface FakeThread {
  seq: number;
  id: string;
  grantId: string;
  subject: string;
  messageIds: string[];
}

const DAY = 86_400;

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** The instants a `when` covers (whole days in UTC for the all-day kinds). */
export function spanOf(when: WireWhen): { startsAt: number; endsAt: number } {
  switch (when.object) {
    case 'timespan':
      return { startsAt: when.start_time, endsAt: when.end_time };
    case 'time':
      return { startsAt: when.time, endsAt: when.time };
    case 'date':
      return { startsAt: dayStart(when.date), endsAt: dayStart(when.date) + DAY };
    case 'datespan':
      return { startsAt: dayStart(when.start_date), endsAt: dayStart(when.end_date) + DAY };
  }
}

/**
 * A request's `when` (no `object`: the fields tell the kind, as at Nylas) as stored, or undefined
 * when it is none of the four kinds.
 */
export function readWhen(value: unknown): WireWhen | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const when = value as Record<string, unknown>;
  const integer = (key: string) => {
    const field = when[key];
    return typeof field === 'number' && Number.isInteger(field) ? field : undefined;
  };
  const day = (key: string) => {
    const field = when[key];
    return typeof field === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(field) ? field : undefined;
  };
  const zone = (key: string) => {
    const field = when[key];
    return typeof field === 'string' && field !== '' ? field : undefined;
  };
  const startTime = integer('start_time');
  const endTime = integer('end_time');
  if (startTime !== undefined && endTime !== undefined) {
    if (endTime < startTime) return undefined;
    const startZone = zone('start_timezone');
    const endZone = zone('end_timezone') ?? startZone;
    return {
      object: 'timespan',
      start_time: startTime,
      end_time: endTime,
      ...(startZone === undefined ? {} : { start_timezone: startZone }),
      ...(endZone === undefined ? {} : { end_timezone: endZone }),
    };
  }
  const time = integer('time');
  if (time !== undefined) {
    const timezone = zone('timezone');
    return { object: 'time', time, ...(timezone === undefined ? {} : { timezone }) };
  }
  const startDate = day('start_date');
  const endDate = day('end_date');
  if (startDate !== undefined && endDate !== undefined && startDate <= endDate) {
    return { object: 'datespan', start_date: startDate, end_date: endDate };
  }
  const date = day('date');
  return date === undefined ? undefined : { object: 'date', date };
}

/**
 * A `when` as Nylas answers it: an event written as a point in time (`time`) comes back as a
 * timespan that starts and ends then (the description's answers know only timespan, date and
 * datespan).
 */
function answeredWhen(when: WireWhen): WireWhen {
  if (when.object !== 'time') return when;
  return {
    object: 'timespan',
    start_time: when.time,
    end_time: when.time,
    ...(when.timezone === undefined ? {} : { start_timezone: when.timezone, end_timezone: when.timezone }),
  };
}

/** An event as GET /events answers it. Empty lists are left out: the description allows none. */
export function eventPayload(event: FakeEvent): Record<string, unknown> {
  return {
    id: event.id,
    grant_id: event.grantId,
    calendar_id: event.calendarId,
    object: 'event',
    ...(event.title === null ? {} : { title: event.title }),
    description: event.description,
    location: event.location,
    when: answeredWhen(event.when),
    ...(event.participants.length === 0 ? {} : { participants: event.participants }),
    organizer: event.organizer,
    status: event.status,
    busy: event.busy,
    read_only: false,
    hide_participants: false,
    created_at: event.createdAt,
    updated_at: event.updatedAt,
    ical_uid: event.icalUid,
    html_link: `https://calendar.example/event/${event.id}`,
    metadata: event.metadata,
  };
}

export function calendarPayload(calendar: FakeCalendar, ownerEmail: string): Record<string, unknown> {
  return {
    id: calendar.id,
    grant_id: calendar.grantId,
    object: 'calendar',
    name: calendar.name,
    timezone: calendar.timezone,
    is_primary: calendar.isPrimary,
    read_only: calendar.readOnly,
    is_owned_by_user: true,
    owner_email: ownerEmail,
    hex_color: '#039BE5',
  };
}

/** The scopes a grant of each provider is given by the fake: what Meridian asks for. */
const SCOPES: Readonly<Record<FakeGrantProvider, string[]>> = {
  google: [
    'https://www.googleapis.com/auth/calendar',
    'https://www.googleapis.com/auth/gmail.readonly',
    'openid',
    'email',
  ],
  microsoft: ['Calendars.ReadWrite', 'Mail.Read', 'User.Read', 'offline_access'],
  icloud: ['calendar', 'email'],
  imap: ['email'],
  'virtual-calendar': ['calendar'],
};

export function grantScopes(provider: FakeGrantProvider): string[] {
  return SCOPES[provider];
}

export function grantPayload(grant: FakeGrant): Record<string, unknown> {
  return {
    id: grant.id,
    provider: grant.provider,
    grant_status: grant.status,
    email: grant.email,
    scope: grantScopes(grant.provider),
    created_at: grant.createdAt,
    updated_at: grant.updatedAt,
  };
}

/** The first 100 characters of a body without its HTML tags, as Nylas makes a snippet. */
export function snippetOf(body: string): string {
  return body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

export function messagePayload(message: FakeMessage): Record<string, unknown> {
  return {
    id: message.id,
    grant_id: message.grantId,
    object: 'message',
    thread_id: message.threadId,
    subject: message.subject,
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: [],
    reply_to: [],
    date: message.date,
    body: message.body,
    snippet: snippetOf(message.body),
    unread: message.unread,
    starred: false,
    folders: ['INBOX'],
    attachments: [],
  };
}

/** A thread as its messages make it: participants, dates, unread and the latest message. */
export function threadPayload(
  thread: FakeThread,
  messages: FakeMessage[],
  grantEmail: string,
): Record<string, unknown> {
  const participants = new Map<string, WireEmailName>();
  for (const message of messages) {
    for (const person of [...message.from, ...message.to, ...message.cc]) {
      const key = person.email.toLowerCase();
      if (!participants.has(key)) participants.set(key, person);
    }
  }
  const own = grantEmail.toLowerCase();
  const sentByGrant = (message: FakeMessage) => message.from.some((person) => person.email.toLowerCase() === own);
  const dates = messages.map((message) => message.date);
  const received = messages.filter((message) => !sentByGrant(message)).map((message) => message.date);
  const sent = messages.filter(sentByGrant).map((message) => message.date);
  const latest = messages.reduce<FakeMessage | undefined>(
    (newest, message) => (newest === undefined || message.date >= newest.date ? message : newest),
    undefined,
  );
  return {
    id: thread.id,
    grant_id: thread.grantId,
    object: 'thread',
    subject: thread.subject,
    participants: [...participants.values()],
    earliest_message_date: Math.min(...dates),
    ...(received.length === 0 ? {} : { latest_message_received_date: Math.max(...received) }),
    ...(sent.length === 0 ? {} : { latest_message_sent_date: Math.max(...sent) }),
    snippet: latest === undefined ? '' : snippetOf(latest.body),
    unread: messages.some((message) => message.unread),
    starred: false,
    has_attachments: false,
    has_drafts: false,
    message_ids: thread.messageIds,
    draft_ids: [],
    folders: ['INBOX'],
    ...(latest === undefined ? {} : { latest_draft_or_message: messagePayload(latest) }),
  };
}

/** Nylas's error body. */
export function errorPayload(type: string, message: string, providerError?: Record<string, unknown>) {
  return {
    request_id: requestId(),
    error: { type, message, ...(providerError === undefined ? {} : { provider_error: providerError }) },
  };
}

/** The OAuth token endpoint's error body. */
export function oauthErrorPayload(error: string, description: string) {
  return {
    error,
    error_description: description,
    error_uri: 'https://developer.nylas.com/docs/api/errors/400-response/',
    error_code: '400',
  };
}

export const NylasWebhookTrigger = [
  'event.created',
  'event.updated',
  'event.deleted',
  'message.created',
  'grant.expired',
] as const;
export type NylasWebhookTrigger = (typeof NylasWebhookTrigger)[number];

/** A notification's body, as Nylas posts it to a webhook destination. */
export function notificationPayload(
  trigger: NylasWebhookTrigger,
  object: Record<string, unknown>,
  options: { applicationId: string; provider: string; time: number },
): Record<string, unknown> {
  const area =
    trigger.split('.')[0] === 'message' ? 'messages' : trigger.split('.')[0] === 'grant' ? 'grants' : 'events';
  return {
    specversion: '1.0',
    type: trigger,
    source: `/${options.provider}/${area}/realtime`,
    id: randomUUID(),
    time: options.time,
    webhook_delivery_attempt: 1,
    data: { application_id: options.applicationId, object },
  };
}

/** What an event.deleted notification says of the event: its ids only. */
export function deletedEventObject(event: FakeEvent): Record<string, unknown> {
  return { id: event.id, grant_id: event.grantId, calendar_id: event.calendarId, object: 'event' };
}

/** What a grant.expired notification says of the grant. */
export function expiredGrantObject(grant: FakeGrant, applicationId: string): Record<string, unknown> {
  return { code: 25009, grant_id: grant.id, integration_id: applicationId, provider: grant.provider };
}

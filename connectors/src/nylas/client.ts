/**
 * The Nylas client: the official SDK (`nylas`, API v3) for transport, zod at the edge for what we
 * read, and ConnectorError for every failure. `apiUri` may point anywhere, so tests and the demo
 * point it at the fake Nylas (directly or through prism).
 *
 * Every call acts on one grant (a user's connected account) with the application's API key; the
 * access token the code exchange also returns is never kept nor logged, and no message here holds
 * a key, a token or a code.
 */
import * as nylasSdk from 'nylas';
import { z } from 'zod';
import { ConnectorError } from '../core/errors.js';
import { describeZodIssues } from '../core/record-errors.js';
import { toConnectorError } from './errors.js';
import { MERIDIAN_EVENT_METADATA_KEY, mapNylasEvents, type SyncedMeeting } from './mappers.js';
import {
  type NylasCalendar,
  nylasCalendarSchema,
  nylasCodeExchangeSchema,
  nylasFreeBusySchema,
  type NylasGrant,
  nylasGrantSchema,
  type NylasMessage,
  nylasMessageSchema,
} from './schemas.js';

export const NYLAS_API_URI = 'https://api.us.nylas.com';

/**
 * The SDK's client class. Its type files have no `"type": "module"` beside them, so TypeScript reads
 * them as CommonJS, where the class is the default export of the module's default; Node loads the
 * SDK's ES module, whose default is the class itself. Both are accepted.
 */
type NylasClass = typeof nylasSdk.default.default;
const loadedDefault: unknown = nylasSdk.default;
const Nylas = (
  typeof loadedDefault === 'function' ? loadedDefault : (loadedDefault as { default: NylasClass }).default
) as NylasClass;
type NylasSdk = InstanceType<typeof Nylas>;

/** The providers a user may connect through Nylas's hosted authentication. */
export const NylasProvider = ['google', 'microsoft', 'icloud', 'imap', 'virtual-calendar'] as const;
export type NylasProvider = (typeof NylasProvider)[number];

/** Nylas's largest page of events (the description's `limit` maximum); threads allow 50. */
export const NYLAS_MAX_EVENTS_PAGE = 200;
export const NYLAS_MAX_THREADS_PAGE = 50;

export interface NylasClientOptions {
  /** The application's API key, unsealed for this client only. */
  apiKey: string;
  /** The application's client id (hosted authentication and code exchange). */
  clientId: string;
  /** Nylas's US API by default; the fake or prism in tests. */
  apiUri?: string;
  /** Per request, in seconds; a request that takes longer fails as TEMPORARY (TIMEOUT). Default 30. */
  timeoutSeconds?: number;
}

export interface NylasTimeWindow {
  start: Date;
  end: Date;
}

export interface NylasEventsPageRequest {
  grantId: string;
  calendarId: string;
  /** Events overlapping this window. */
  window: NylasTimeWindow;
  /**
   * Only events changed after this instant (Nylas's `updated_after`, whole seconds, exclusive): a
   * later run reads what changed since the previous one. Absent on a first sync.
   */
  updatedAfter?: Date;
  /** From the previous page's `nextCursor`. */
  pageToken?: string;
  /** 1 to 200; default 200. */
  limit?: number;
}

export interface NylasEventsPage {
  /** The page's events as Nylas sent them; `mapNylasEvents` reads them. Cancelled ones included. */
  events: unknown[];
  /** Null on the last page. */
  nextCursor: string | null;
}

export interface NylasThreadsPage {
  /** The page's threads as Nylas sent them; `mapNylasThreads` reads them. */
  threads: unknown[];
  nextCursor: string | null;
}

export interface NylasParticipantInput {
  email: string;
  name?: string;
}

/** What Meridian writes to a calendar. */
export interface NylasEventInput {
  title: string;
  description?: string;
  location?: string;
  start: Date;
  end: Date;
  /** IANA zone the calendar shows the times in. */
  timeZone: string;
  participants: NylasParticipantInput[];
  /** Our meeting's id, stored as the event's `meridian` metadata. */
  meetingId?: string;
  /** Nylas e-mails the participants an invitation (and each change) when true. Default false. */
  notifyParticipants?: boolean;
}

export interface NylasBusyCalendar {
  email: string;
  busy: NylasTimeWindow[];
  /** Nylas's reason when it could not read this calendar's schedule. */
  error: string | null;
}

export interface NylasMessageBody {
  id: string;
  threadId: string | null;
  subject: string | null;
  date: Date;
  from: { email: string; name: string | null }[];
  to: { email: string; name: string | null }[];
  /** HTML, as Nylas gives it. Never logged nor stored: shown on demand. */
  body: string;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A single object's answer, as the SDK returns it (`{requestId, data}`). */
function envelopeOf<S extends z.ZodType>(data: S) {
  return z.object({ requestId: z.string().optional(), data });
}

/** A page of a list (`{requestId, data: [...], nextCursor}`); items stay unread by default. */
function listEnvelopeOf<S extends z.ZodType>(item: S) {
  return z.object({ requestId: z.string().optional(), data: z.array(item), nextCursor: z.string().nullish() });
}

const unreadItem = z.unknown();

/** An event Nylas answered a write with, as Meridian reads it. */
function readEvent(operation: string, data: unknown): SyncedMeeting {
  const mapped = mapNylasEvents([data]);
  const meeting = mapped.meetings[0];
  if (meeting === undefined) {
    throw new ConnectorError(
      'PERMANENT',
      `Nylas ${operation} returned an event we cannot read: ${mapped.errors[0]?.message ?? 'no event'}`,
      { code: 'INVALID_RESPONSE', operation },
    );
  }
  return meeting;
}

function whenOf(input: NylasEventInput) {
  return {
    startTime: seconds(input.start),
    endTime: seconds(input.end),
    startTimezone: input.timeZone,
    endTimezone: input.timeZone,
  };
}

function eventBody(input: NylasEventInput) {
  return {
    title: input.title,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.location === undefined ? {} : { location: input.location }),
    when: whenOf(input),
    participants: input.participants.map((participant) => ({
      email: participant.email,
      ...(participant.name === undefined ? {} : { name: participant.name }),
      status: 'noreply' as const,
    })),
    ...(input.meetingId === undefined ? {} : { metadata: { [MERIDIAN_EVENT_METADATA_KEY]: input.meetingId } }),
  };
}

export class NylasClient {
  private readonly nylas: NylasSdk;
  private readonly clientId: string;

  constructor(options: NylasClientOptions) {
    this.clientId = options.clientId;
    this.nylas = new Nylas({
      apiKey: options.apiKey,
      apiUri: options.apiUri ?? NYLAS_API_URI,
      timeout: options.timeoutSeconds ?? 30,
    });
  }

  /**
   * Where to send a user to connect their account with `provider` (Nylas's hosted authentication);
   * Nylas sends them back to `redirectUri` with `code` and `state`. `email` pre-fills the login and,
   * for an account already connected, re-authenticates its grant.
   */
  hostedAuthUrl(request: { provider: NylasProvider; email: string; redirectUri: string; state?: string }): string {
    return this.nylas.auth.urlForOAuth2({
      clientId: this.clientId,
      redirectUri: request.redirectUri,
      provider: request.provider,
      loginHint: request.email,
      ...(request.state === undefined ? {} : { state: request.state }),
    });
  }

  /** The code of a hosted authentication -> the grant it created and its account's e-mail. */
  async exchangeCode(request: {
    code: string;
    redirectUri: string;
  }): Promise<{ grantId: string; email: string; provider: string | null }> {
    const data = await this.call('connect/token', nylasCodeExchangeSchema, () =>
      this.nylas.auth.exchangeCodeForToken({
        clientId: this.clientId,
        redirectUri: request.redirectUri,
        code: request.code,
      }),
    );
    return { grantId: data.grantId, email: data.email, provider: data.provider ?? null };
  }

  /** The grant, with its status (`invalid`: it expired). */
  async getGrant(grantId: string): Promise<NylasGrant> {
    const response = await this.call('grants/get', envelopeOf(nylasGrantSchema), () =>
      this.nylas.grants.find({ grantId }),
    );
    return response.data;
  }

  /** Every calendar of the grant (all pages). */
  async listCalendars(grantId: string): Promise<NylasCalendar[]> {
    const calendars: NylasCalendar[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.call('calendars/list', listEnvelopeOf(nylasCalendarSchema), () =>
        this.nylas.calendars.list({
          identifier: grantId,
          queryParams: { limit: NYLAS_MAX_EVENTS_PAGE, ...(pageToken === undefined ? {} : { pageToken }) },
        }),
      );
      calendars.push(...page.data);
      pageToken = page.nextCursor ?? undefined;
    } while (pageToken !== undefined);
    return calendars;
  }

  /**
   * One page of a calendar's events overlapping `window`, cancelled (deleted) ones included so a
   * later run learns of deletions. Pass `nextCursor` back as `pageToken` until it is null.
   */
  async listEventsPage(request: NylasEventsPageRequest): Promise<NylasEventsPage> {
    const queryParams = {
      calendarId: request.calendarId,
      start: String(seconds(request.window.start)),
      end: String(seconds(request.window.end)),
      showCancelled: true,
      limit: request.limit ?? NYLAS_MAX_EVENTS_PAGE,
      ...(request.pageToken === undefined ? {} : { pageToken: request.pageToken }),
      // Not in the SDK's types, which lag the API; the SDK snake-cases it to `updated_after`.
      ...(request.updatedAfter === undefined ? {} : { updatedAfter: seconds(request.updatedAfter) }),
    };
    const page = await this.call('events/list', listEnvelopeOf(unreadItem), () =>
      this.nylas.events.list({ identifier: request.grantId, queryParams }),
    );
    return { events: page.data, nextCursor: page.nextCursor ?? null };
  }

  /** Writes a new event to the calendar; answers it as Meridian reads it. */
  async createEvent(grantId: string, calendarId: string, input: NylasEventInput): Promise<SyncedMeeting> {
    const response = await this.call('events/create', envelopeOf(unreadItem), () =>
      this.nylas.events.create({
        identifier: grantId,
        queryParams: { calendarId, notifyParticipants: input.notifyParticipants ?? false },
        requestBody: eventBody(input),
      }),
    );
    return readEvent('events/create', response.data);
  }

  /**
   * The event as the calendar has it now, as Meridian reads it (a cancelled one says `deleted`);
   * null when the calendar no longer has it (404).
   */
  async findEvent(grantId: string, calendarId: string, eventId: string): Promise<SyncedMeeting | null> {
    try {
      const response = await this.call('events/get', envelopeOf(unreadItem), () =>
        this.nylas.events.find({ identifier: grantId, eventId, queryParams: { calendarId } }),
      );
      return readEvent('events/get', response.data);
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** Replaces the event's title, description, location, times and participants with `input`. */
  async updateEvent(
    grantId: string,
    calendarId: string,
    eventId: string,
    input: NylasEventInput,
  ): Promise<SyncedMeeting> {
    const response = await this.call('events/update', envelopeOf(unreadItem), () =>
      this.nylas.events.update({
        identifier: grantId,
        eventId,
        queryParams: { calendarId, notifyParticipants: input.notifyParticipants ?? false },
        requestBody: eventBody(input),
      }),
    );
    return readEvent('events/update', response.data);
  }

  /**
   * Deletes the event. An event already gone (404) is not a failure: a job run again after a crash
   * deletes the same event twice.
   */
  async deleteEvent(
    grantId: string,
    calendarId: string,
    eventId: string,
    options: { notifyParticipants?: boolean } = {},
  ): Promise<'deleted' | 'already-gone'> {
    try {
      await this.call('events/delete', undefined, () =>
        this.nylas.events.destroy({
          identifier: grantId,
          eventId,
          queryParams: { calendarId, notifyParticipants: options.notifyParticipants ?? false },
        }),
      );
      return 'deleted';
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'NOT_FOUND') return 'already-gone';
      throw error;
    }
  }

  /**
   * The busy times of each grant's own calendar in `window` (one request per grant: Nylas answers
   * free/busy for the addresses a grant may see, and a grant always sees its own).
   */
  async freeBusy(grants: { grantId: string; email: string }[], window: NylasTimeWindow): Promise<NylasBusyCalendar[]> {
    const answers = await Promise.all(
      grants.map((grant) =>
        this.call('calendars/free-busy', envelopeOf(nylasFreeBusySchema), () =>
          this.nylas.calendars.getFreeBusy({
            identifier: grant.grantId,
            requestBody: { startTime: seconds(window.start), endTime: seconds(window.end), emails: [grant.email] },
          }),
        ),
      ),
    );
    return answers.flatMap((answer) =>
      answer.data.map((entry) => ({
        email: entry.email,
        busy: (entry.timeSlots ?? []).map((slot) => ({
          start: new Date(slot.startTime * 1000),
          end: new Date(slot.endTime * 1000),
        })),
        error: entry.object === 'error' ? (entry.error ?? 'unknown error') : null,
      })),
    );
  }

  /**
   * One page of the grant's threads with a message from or to any of `emails` (at most 25 per
   * request, Nylas's limit). Pass `nextCursor` back as `pageToken` until it is null.
   */
  async listThreadsPage(request: {
    grantId: string;
    emails: string[];
    pageToken?: string;
    limit?: number;
  }): Promise<NylasThreadsPage> {
    if (request.emails.length === 0 || request.emails.length > 25) {
      throw new RangeError(`listThreadsPage takes 1 to 25 e-mail addresses, not ${request.emails.length}`);
    }
    const page = await this.call('threads/list', listEnvelopeOf(unreadItem), () =>
      this.nylas.threads.list({
        identifier: request.grantId,
        queryParams: {
          anyEmail: request.emails,
          limit: request.limit ?? NYLAS_MAX_THREADS_PAGE,
          ...(request.pageToken === undefined ? {} : { pageToken: request.pageToken }),
        },
      }),
    );
    return { threads: page.data, nextCursor: page.nextCursor ?? null };
  }

  /** One message with its body, read when a user opens it. */
  async getMessage(grantId: string, messageId: string): Promise<NylasMessageBody> {
    const response = await this.call('messages/get', envelopeOf(nylasMessageSchema), () =>
      this.nylas.messages.find({ identifier: grantId, messageId }),
    );
    const message: NylasMessage = response.data;
    const people = (list: NylasMessage['from']) =>
      (list ?? []).map((person) => ({ email: person.email, name: person.name ?? null }));
    return {
      id: message.id,
      threadId: message.threadId ?? null,
      subject: message.subject ?? null,
      date: new Date(message.date * 1000),
      from: people(message.from),
      to: people(message.to),
      body: message.body ?? '',
    };
  }

  private async call<S extends z.ZodType | undefined>(
    operation: string,
    schema: S,
    send: () => Promise<unknown>,
  ): Promise<S extends z.ZodType ? z.output<S> : unknown> {
    let response: unknown;
    try {
      response = await send();
    } catch (error) {
      throw toConnectorError(error, operation);
    }
    if (schema === undefined) return response as never;
    const parsed = schema.safeParse(response);
    if (!parsed.success) {
      throw new ConnectorError(
        'PERMANENT',
        `Nylas ${operation} returned a response we cannot read: ${describeZodIssues(parsed.error)}`,
        { code: 'INVALID_RESPONSE', operation },
      );
    }
    return parsed.data as never;
  }
}

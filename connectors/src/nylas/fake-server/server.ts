/**
 * A local stand-in for Nylas's API v3, on node:http, for the official `nylas` SDK pointed at it
 * (`new Nylas({ apiKey, apiUri: fake.url })`). It keeps grants with their calendars, events, threads
 * and messages (state.ts) and speaks Nylas's wire format (payloads.ts):
 * - `Authorization: Bearer <API key>` on every route but the hosted-auth ones; otherwise 401;
 * - answers `{request_id, data}`, lists `{request_id, data: [...], next_cursor}` paged with `limit`
 *   and `page_token` (the previous `next_cursor`); the request id also in `x-request-id`;
 * - errors `{request_id, error: {type, message, provider_error}}` with Nylas's statuses; the token
 *   endpoint's as OAuth errors `{error, error_description, error_uri, error_code}`.
 *
 * Routes (under /v3): connect/auth (hosted auth: redirects at once to `redirect_uri` with a `code`,
 * as if the user had consented), connect/token (code exchange), grants/{id}, and under
 * grants/{grant}: calendars, calendars/free-busy, events (list, create), events/{id} (get, update,
 * delete), threads, threads/{id}, messages, messages/{id}. A grant may be named by id or e-mail.
 *
 * Failures a test can cause (see FakeNylasFault): the next N requests answered 429 with
 * Retry-After, or 500; an expired grant (`expireGrant`: its data routes answer 401 with the
 * provider's refusal, as Nylas does); long paging (`setPageSize`: at most n items a page whatever
 * the limit); a slow provider (`setDelay`: each answer of an operation waits); a 200 that breaks
 * the description (to prove prism checks answers).
 *
 * Test hooks beside the API: the accounts (`state`: grants, calendars, events, threads), changes
 * "at the provider" (`changeEventAsProvider`, `deleteEventAsProvider`, `receiveMessage`), each sent
 * as a signed notification to the webhook destination when one is set (`setWebhookEndpoint`), and
 * any notification on demand (`sendWebhook`, `webhookDelivery`), and the destination's challenge
 * check (`checkWebhookEndpoint`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback, postWebhook, type WebhookPostOutcome } from '../../core/loopback-server.js';
import {
  calendarPayload,
  deletedEventObject,
  errorPayload,
  eventPayload,
  expiredGrantObject,
  type FakeEvent,
  type FakeGrant,
  type FakeGrantProvider,
  type FakeMessage,
  grantPayload,
  grantScopes,
  messagePayload,
  nylasId,
  notificationPayload,
  type NylasWebhookTrigger,
  oauthErrorPayload,
  readWhen,
  requestId,
  threadPayload,
  type WireParticipant,
} from './payloads.js';
import {
  type FakeEventChange,
  type FakeMessageSeed,
  FakeNylasState,
  invalidRequest,
  NylasFailure,
  notFound,
} from './state.js';
import { signedNylasDelivery, type NylasDeliveryVariant, type NylasWebhookDelivery } from './webhook-signer.js';
import { FAKE_SCHEDULER_OPERATIONS, FakeSchedulerConfigurations } from './scheduler-configurations.js';

/** What a request did, by name (the scope of a fault). */
export const FakeNylasOperation = [
  'connect/auth',
  'connect/token',
  'grants/get',
  'calendars/list',
  'calendars/free-busy',
  'events/list',
  'events/create',
  'events/get',
  'events/update',
  'events/delete',
  'threads/list',
  'threads/get',
  'messages/list',
  'messages/get',
  ...FAKE_SCHEDULER_OPERATIONS,
] as const;
export type FakeNylasOperation = (typeof FakeNylasOperation)[number];

/**
 * - rate-limit: 429 `rate_limit_error`, with `Retry-After: <seconds>` when `retryAfterSeconds` is given;
 * - server-error: 500 `internal_error`;
 * - grant-expired: 401 with the provider's `invalid_grant`, as for an expired grant, without
 *   changing the grant (for one failing call; `expireGrant` expires it for good);
 * - break-contract: a 200 whose `data` is not what the description says.
 */
export type FakeNylasFault =
  | { mode: 'rate-limit'; retryAfterSeconds?: number }
  | { mode: 'server-error' }
  | { mode: 'grant-expired' }
  | { mode: 'break-contract' };

export interface FakeNylasFaultScope {
  /** Only this operation; default any. */
  operation?: FakeNylasOperation;
  /** Only requests for this grant (its id); default any. */
  grantId?: string;
  /** How many matching requests it affects; default 1. */
  times?: number;
}

export interface FakeNylasRequest {
  method: string;
  operation: FakeNylasOperation | null;
  path: string;
  query: Record<string, string>;
  /** The grant the request named, when it named a known one. */
  grantId: string | null;
  status: number;
}

/** One webhook the fake sent: what it was, and what the receiver answered. */
export interface FakeNylasWebhookOutcome extends WebhookPostOutcome {
  trigger: NylasWebhookTrigger;
  notificationId: string;
}

export interface FakeNylasServerOptions {
  /** The application's API key (default `nyk_fake_meridian`). */
  apiKey?: string;
  /** The application's client id (default `fake-nylas-client`). */
  clientId?: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  clock?: () => Date;
  webhook?: { url: string; secret: string };
  /** Largest page the fake answers whatever the `limit` (long paging); default none. */
  pageSize?: number;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Route {
  method: string;
  operation: FakeNylasOperation;
  pattern: RegExp;
  /** Whether the route needs the API key. */
  authenticated: boolean;
  /** Whether an expired grant refuses it (data routes; the grant itself still answers). */
  grantData: boolean;
  handle: (request: ParsedRequest) => Reply;
}

interface ParsedRequest {
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
}

interface FaultRule {
  fault: FakeNylasFault;
  operation?: FakeNylasOperation;
  grantId?: string;
  remaining: number;
}

const DEFAULT_LIMIT = 50;
const DEFAULT_THREADS_LIMIT = 20;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function pageToken(position: number): string {
  return Buffer.from(JSON.stringify({ after: position })).toString('base64url');
}

/** `any_email` of a threads or messages list: up to 25 addresses, comma-separated (absent: no filter). */
function anyEmailOf(query: URLSearchParams): string[] | undefined {
  const anyEmail = query.get('any_email');
  if (anyEmail === null) return undefined;
  const emails = anyEmail
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean);
  if (emails.length > 25) invalidRequest('any_email takes at most 25 addresses');
  return emails;
}

function readPageToken(token: string | null): number {
  if (token === null || token === '') return 0;
  try {
    const { after } = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof after === 'number' && Number.isInteger(after) && after >= 0) return after;
  } catch {
    // an unreadable token is refused below
  }
  return invalidRequest('invalid page_token');
}

function integerParam(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) invalidRequest(`${name} must be an integer`);
  return Number(value);
}

function list(data: unknown[], nextCursor: string | null): Reply {
  return {
    status: 200,
    body: { request_id: requestId(), data, ...(nextCursor === null ? {} : { next_cursor: nextCursor }) },
  };
}

function one(data: unknown): Reply {
  return { status: 200, body: { request_id: requestId(), data } };
}

function readParticipants(value: unknown): WireParticipant[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) invalidRequest('participants must be a list');
  return value.map((item: unknown) => {
    const participant = (item ?? {}) as Record<string, unknown>;
    if (typeof participant.email !== 'string' || participant.email === '') {
      invalidRequest('every participant needs an email');
    }
    const status = participant.status;
    return {
      email: participant.email,
      ...(typeof participant.name === 'string' ? { name: participant.name } : {}),
      status: status === 'yes' || status === 'no' || status === 'maybe' ? status : 'noreply',
    };
  });
}

function readText(body: Record<string, unknown>, key: string): string | null | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value === null || typeof value === 'string') return value;
  return invalidRequest(`${key} must be a string`);
}

export class FakeNylasServer {
  readonly apiKey: string;
  readonly clientId: string;
  /** The application id notifications name. */
  readonly applicationId = `app-${nylasId(12)}`;
  readonly state: FakeNylasState;
  /** Scheduler configurations per grant (scheduler-configurations.ts). */
  readonly schedulerConfigurations: FakeSchedulerConfigurations;
  /** Every request received, in order (never its Authorization header). */
  readonly requests: FakeNylasRequest[] = [];
  readonly webhookDeliveries: FakeNylasWebhookOutcome[] = [];
  private readonly routes: Route[];
  private readonly faults: FaultRule[] = [];
  /** Hosted-auth codes not yet exchanged -> the grant they stand for. */
  private readonly codes = new Map<string, { grantId: string; redirectUri: string }>();
  private webhook: { url: string; secret: string } | null;
  private deliveryChain: Promise<void> = Promise.resolve();
  private pageSize: number | null;
  /** Milliseconds each answer of an operation waits (a slow provider). */
  private readonly delays = new Map<FakeNylasOperation, number>();
  private readonly clock: () => Date;
  private url_ = '';

  private constructor(
    private readonly server: Server,
    options: FakeNylasServerOptions,
  ) {
    this.apiKey = options.apiKey ?? 'nyk_fake_meridian';
    this.clientId = options.clientId ?? 'fake-nylas-client';
    this.clock = options.clock ?? (() => new Date());
    this.webhook = options.webhook ?? null;
    this.pageSize = options.pageSize ?? null;
    this.state = new FakeNylasState(this.clock);
    this.schedulerConfigurations = new FakeSchedulerConfigurations(this.state);
    const route = (
      method: string,
      operation: FakeNylasOperation,
      path: string,
      handle: Route['handle'],
      access: { authenticated?: boolean; grantData?: boolean } = {},
    ): Route => ({
      method,
      operation,
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`),
      authenticated: access.authenticated ?? true,
      grantData: access.grantData ?? true,
      handle,
    });
    this.routes = [
      route('GET', 'connect/auth', '/v3/connect/auth', (request) => this.authorizeRequest(request), {
        authenticated: false,
        grantData: false,
      }),
      route('POST', 'connect/token', '/v3/connect/token', (request) => this.exchangeCode(request), {
        authenticated: false,
        grantData: false,
      }),
      route('GET', 'grants/get', '/v3/grants/{grant}', ({ params }) => one(grantPayload(this.grantOf(params))), {
        grantData: false,
      }),
      route('GET', 'calendars/list', '/v3/grants/{grant}/calendars', (request) => this.listCalendars(request)),
      route('POST', 'calendars/free-busy', '/v3/grants/{grant}/calendars/free-busy', (request) =>
        this.freeBusy(request),
      ),
      route('GET', 'events/list', '/v3/grants/{grant}/events', (request) => this.listEvents(request)),
      route('POST', 'events/create', '/v3/grants/{grant}/events', (request) => this.createEvent(request)),
      route('GET', 'events/get', '/v3/grants/{grant}/events/{event}', ({ params }) =>
        one(eventPayload(this.state.event(this.grantOf(params).id, params[1] ?? ''))),
      ),
      route('PUT', 'events/update', '/v3/grants/{grant}/events/{event}', (request) => this.updateEvent(request)),
      route('DELETE', 'events/delete', '/v3/grants/{grant}/events/{event}', (request) => this.deleteEvent(request)),
      route('GET', 'threads/list', '/v3/grants/{grant}/threads', (request) => this.listThreads(request)),
      route('GET', 'threads/get', '/v3/grants/{grant}/threads/{thread}', ({ params }) => {
        const grant = this.grantOf(params);
        const thread = this.state.thread(grant.id, params[1] ?? '');
        return one(threadPayload(thread, this.state.threadMessages(grant.id, thread), grant.email));
      }),
      route('GET', 'messages/list', '/v3/grants/{grant}/messages', (request) => this.listMessages(request)),
      route('GET', 'messages/get', '/v3/grants/{grant}/messages/{message}', ({ params }) =>
        one(messagePayload(this.state.message(this.grantOf(params).id, params[1] ?? ''))),
      ),
      ...this.schedulerConfigurations.routes(route),
    ];
  }

  static async start(options: FakeNylasServerOptions = {}): Promise<FakeNylasServer> {
    const server = createServer();
    const fake = new FakeNylasServer(server, options);
    fake.url_ = await listenOnLoopback(server, (request, response) => fake.handle(request, response), options);
    return fake;
  }

  /** Base URL, e.g. http://127.0.0.1:41234: the SDK's `apiUri`. */
  get url(): string {
    return this.url_;
  }

  async close(): Promise<void> {
    await this.deliveryChain;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ── Test hooks ───────────────────────────────────────────────────────────────────────────────

  /** A connected account with its primary calendar (id: the e-mail address, as Google's). */
  createGrant(options: { email: string; provider?: FakeGrantProvider; timezone?: string }): FakeGrant {
    return this.state.createGrant(options);
  }

  /**
   * What hosted authentication gives back for `email` at `provider`: a one-time code. An account
   * already connected keeps its grant (re-authenticated, valid again); another gets a new grant.
   */
  authorize(options: { email: string; provider: FakeGrantProvider; redirectUri: string }): string {
    const existing = this.state.grantByEmail(options.email, options.provider);
    const grant =
      existing === undefined
        ? this.state.createGrant({ email: options.email, provider: options.provider })
        : this.state.setGrantStatus(existing.id, 'valid');
    const code = `code-${nylasId(32)}`;
    this.codes.set(code, { grantId: grant.id, redirectUri: options.redirectUri });
    return code;
  }

  /** The grant's credentials stop working: its data routes answer 401, and grant.expired is sent. */
  expireGrant(grantId: string): FakeGrant {
    const grant = this.state.setGrantStatus(grantId, 'invalid');
    this.notify('grant.expired', expiredGrantObject(grant, this.applicationId), grant.provider);
    return grant;
  }

  /** As a user editing the event in their calendar: changed, `updated_at` moved, event.updated sent. */
  changeEventAsProvider(grantId: string, eventId: string, change: FakeEventChange): FakeEvent {
    const event = this.state.changeEvent(grantId, eventId, change);
    this.notify('event.updated', eventPayload(event), this.state.grant(grantId).provider);
    return event;
  }

  /** As a user deleting the event in their calendar: cancelled, event.deleted sent. */
  deleteEventAsProvider(grantId: string, eventId: string): FakeEvent {
    const event = this.state.cancelEvent(grantId, eventId);
    this.notify('event.deleted', deletedEventObject(event), this.state.grant(grantId).provider);
    return event;
  }

  /** A message arrives in a thread (a new one with `subject` when no thread is named): message.created sent. */
  receiveMessage(grantId: string, seed: FakeMessageSeed & { threadId?: string; subject?: string }): FakeMessage {
    const threadId =
      seed.threadId ?? this.state.addThread(grantId, { subject: seed.subject ?? '(no subject)', messages: [] }).id;
    const message = this.state.addMessage(grantId, threadId, seed);
    this.notify('message.created', messagePayload(message), this.state.grant(grantId).provider);
    return message;
  }

  /** Every page holds at most `size` items whatever the `limit` asked (null: the limit decides). */
  setPageSize(size: number | null): void {
    this.pageSize = size;
  }

  /** Every answer of `operation` waits `ms` first (0: none): a slow provider, so a test can act mid-sync. */
  setDelay(operation: FakeNylasOperation, ms: number): void {
    if (ms > 0) this.delays.set(operation, ms);
    else this.delays.delete(operation);
  }

  injectFault(fault: FakeNylasFault, scope: FakeNylasFaultScope = {}): void {
    this.faults.push({ fault, operation: scope.operation, grantId: scope.grantId, remaining: scope.times ?? 1 });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Where notifications go from now on (null: nowhere). */
  setWebhookEndpoint(endpoint: { url: string; secret: string } | null): void {
    this.webhook = endpoint;
  }

  /**
   * Nylas's check of a new webhook destination: a GET with `?challenge=<value>`, which must answer
   * 200 with the value as its whole body. True when `url` passes.
   */
  async checkWebhookEndpoint(url: string): Promise<boolean> {
    const challenge = nylasId(20);
    const target = new URL(url);
    target.searchParams.set('challenge', challenge);
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(10_000) });
      return response.status === 200 && (await response.text()) === challenge;
    } catch {
      return false;
    }
  }

  /** A signed delivery of a notification, without sending it (`variant` spoils it for refusal tests). */
  webhookDelivery(
    trigger: NylasWebhookTrigger,
    object: Record<string, unknown>,
    options: { secret: string; variant?: NylasDeliveryVariant; provider?: string },
  ): NylasWebhookDelivery {
    const body = notificationPayload(trigger, object, {
      applicationId: this.applicationId,
      provider: options.provider ?? 'google',
      time: seconds(this.clock()),
    });
    return signedNylasDelivery(body, options.secret, options.variant ?? 'valid');
  }

  /** Sends a notification to the webhook destination now (after those under way). */
  sendWebhook(trigger: NylasWebhookTrigger, object: Record<string, unknown>, provider = 'google'): void {
    this.notify(trigger, object, provider);
  }

  /** Resolves once every notification started so far has an outcome in `webhookDeliveries`. */
  webhooksSettled(): Promise<void> {
    return this.deliveryChain;
  }

  private notify(trigger: NylasWebhookTrigger, object: Record<string, unknown>, provider: string): void {
    const endpoint = this.webhook;
    if (endpoint === null) return;
    const delivery = this.webhookDelivery(trigger, object, { secret: endpoint.secret, provider });
    this.deliveryChain = this.deliveryChain.then(async () => {
      const outcome = await postWebhook(endpoint.url, delivery);
      const logged: FakeNylasWebhookOutcome = { trigger, notificationId: delivery.notificationId, ...outcome };
      this.webhookDeliveries.push(logged);
    });
  }

  // ── Routes ───────────────────────────────────────────────────────────────────────────────────

  private grantOf(params: string[]): FakeGrant {
    const grant = this.state.findGrant(decodeURIComponent(params[0] ?? ''));
    if (grant === undefined) notFound('grant');
    return grant;
  }

  /** The page size for a request's `limit` (and the long-paging setting). */
  private limitOf(query: URLSearchParams, fallback: number, maximum: number): number {
    const limit = integerParam(query, 'limit') ?? fallback;
    if (limit < 1 || limit > maximum) invalidRequest(`limit must be from 1 to ${maximum}`);
    return this.pageSize === null ? limit : Math.min(limit, this.pageSize);
  }

  private authorizeRequest({ query }: ParsedRequest): Reply {
    if (query.get('client_id') !== this.clientId) {
      return { status: 400, body: errorPayload('invalid_request_error', 'client_id is not a known application') };
    }
    const redirectUri = query.get('redirect_uri');
    if (!redirectUri || query.get('response_type') !== 'code') {
      return {
        status: 400,
        body: errorPayload('invalid_request_error', 'redirect_uri and response_type=code are required'),
      };
    }
    const email = query.get('login_hint');
    const provider = (query.get('provider') ?? 'google') as FakeGrantProvider;
    if (!email || !grantScopes(provider)) {
      return {
        status: 400,
        body: errorPayload('invalid_request_error', 'the fake needs login_hint and a known provider'),
      };
    }
    const code = this.authorize({ email, provider, redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, headers: { location: target.toString() } };
  }

  private exchangeCode({ body }: ParsedRequest): Reply {
    const refuse = (error: string, description: string): Reply => ({
      status: 400,
      body: oauthErrorPayload(error, description),
    });
    if (body.client_id !== this.clientId || body.client_secret !== this.apiKey) {
      return refuse('invalid_client', 'client_id or client_secret is not valid');
    }
    if (body.grant_type !== 'authorization_code')
      return refuse('unsupported_grant_type', 'grant_type is not supported');
    const pending = typeof body.code === 'string' ? this.codes.get(body.code) : undefined;
    if (pending === undefined) return refuse('invalid_grant', 'the code is not valid, or was already used');
    if (body.redirect_uri !== pending.redirectUri) return refuse('invalid_grant', 'redirect_uri does not match');
    this.codes.delete(body.code as string);
    const grant = this.state.grant(pending.grantId);
    return {
      status: 200,
      body: {
        access_token: `nylas-access-${nylasId(40)}`,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: grantScopes(grant.provider).join(' '),
        email: grant.email,
        grant_id: grant.id,
        provider: grant.provider,
      },
    };
  }

  private listCalendars({ params, query }: ParsedRequest): Reply {
    const grant = this.grantOf(params);
    const calendars = this.state.calendars(grant.id);
    const from = readPageToken(query.get('page_token'));
    const limit = this.limitOf(query, DEFAULT_LIMIT, 200);
    const page = calendars.slice(from, from + limit);
    return list(
      page.map((calendar) => calendarPayload(calendar, grant.email)),
      from + limit < calendars.length ? pageToken(from + limit) : null,
    );
  }

  private freeBusy({ params, body }: ParsedRequest): Reply {
    this.grantOf(params);
    const start = body.start_time;
    const end = body.end_time;
    const emails = body.emails;
    if (!Number.isInteger(start) || !Number.isInteger(end) || !Array.isArray(emails)) {
      invalidRequest('start_time, end_time and emails are required');
    }
    return one(
      (emails as unknown[]).map((email) => {
        const grant = typeof email === 'string' ? this.state.findGrant(email) : undefined;
        if (grant === undefined || grant.status !== 'valid') {
          return { email: String(email), error: `Unable to resolve e-mail address ${String(email)}`, object: 'error' };
        }
        return {
          email,
          object: 'free_busy',
          time_slots: this.state.busyTimes(grant.id, start as number, end as number).map((slot) => ({
            start_time: slot.start,
            end_time: slot.end,
            status: 'busy',
            object: 'time_slot',
          })),
        };
      }),
    );
  }

  private listEvents({ params, query }: ParsedRequest): Reply {
    const grant = this.grantOf(params);
    const calendarId = query.get('calendar_id');
    if (!calendarId) invalidRequest('calendar_id is required');
    const now = seconds(this.clock());
    // Nylas's defaults: from now, to a month from now.
    const start = integerParam(query, 'start') ?? now;
    const end = integerParam(query, 'end') ?? start + 30 * 86_400;
    if (end < start) invalidRequest('end cannot be earlier than start');
    const afterSeq = readPageToken(query.get('page_token'));
    const { events, more } = this.state.queryEvents(grant.id, calendarId, {
      start,
      end,
      updatedAfter: integerParam(query, 'updated_after'),
      updatedBefore: integerParam(query, 'updated_before'),
      showCancelled: query.get('show_cancelled') === 'true',
      afterSeq,
      limit: this.limitOf(query, DEFAULT_LIMIT, 200),
    });
    const last = events.at(-1);
    return list(events.map(eventPayload), more && last !== undefined ? pageToken(last.seq) : null);
  }

  private createEvent({ params, query, body }: ParsedRequest): Reply {
    const grant = this.grantOf(params);
    const calendarId = query.get('calendar_id');
    if (!calendarId) invalidRequest('calendar_id is required');
    const when = readWhen(body.when);
    if (when === undefined) invalidRequest('when must be a time, timespan, date or datespan');
    const event = this.state.addEvent(grant.id, calendarId, {
      title: readText(body, 'title') ?? null,
      description: readText(body, 'description') ?? null,
      location: readText(body, 'location') ?? null,
      when,
      participants: readParticipants(body.participants) ?? [],
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      ...(typeof body.busy === 'boolean' ? { busy: body.busy } : {}),
    });
    return one(eventPayload(event));
  }

  private updateEvent({ params, query, body }: ParsedRequest): Reply {
    const grant = this.grantOf(params);
    const event = this.eventInCalendar(grant, params[1] ?? '', query);
    const when = body.when === undefined ? undefined : readWhen(body.when);
    if (body.when !== undefined && when === undefined) {
      invalidRequest('when must be a time, timespan, date or datespan');
    }
    // As at Nylas, a field left out keeps its value.
    const change: FakeEventChange = {
      ...(readText(body, 'title') === undefined ? {} : { title: readText(body, 'title') }),
      ...(readText(body, 'description') === undefined ? {} : { description: readText(body, 'description') }),
      ...(readText(body, 'location') === undefined ? {} : { location: readText(body, 'location') }),
      ...(when === undefined ? {} : { when }),
      ...(body.participants === undefined ? {} : { participants: readParticipants(body.participants) }),
      ...(body.metadata === undefined ? {} : { metadata: body.metadata as Record<string, string> }),
      ...(typeof body.busy === 'boolean' ? { busy: body.busy } : {}),
    };
    return one(eventPayload(this.state.changeEvent(grant.id, event.id, change)));
  }

  private deleteEvent({ params, query }: ParsedRequest): Reply {
    const grant = this.grantOf(params);
    const event = this.eventInCalendar(grant, params[1] ?? '', query);
    if (event.status === 'cancelled') notFound('event');
    this.state.cancelEvent(grant.id, event.id);
    return { status: 200, body: { request_id: requestId() } };
  }

  private eventInCalendar(grant: FakeGrant, eventId: string, query: URLSearchParams): FakeEvent {
    const calendarId = query.get('calendar_id');
    if (!calendarId) invalidRequest('calendar_id is required');
    const calendar = this.state.calendar(grant.id, calendarId).calendar;
    const event = this.state.event(grant.id, decodeURIComponent(eventId));
    if (event.calendarId !== calendar.id) notFound('event');
    return event;
  }

  private listThreads({ params, query }: ParsedRequest): Reply {
    const grant = this.grantOf(params);
    const emails = anyEmailOf(query);
    const threads = this.state.threads(grant.id, emails);
    const from = readPageToken(query.get('page_token'));
    const limit = this.limitOf(query, DEFAULT_THREADS_LIMIT, 50);
    const page = threads.slice(from, from + limit);
    // As the API and the SDK have it: `data` is the list itself (the description wraps it).
    return list(
      page.map((thread) => threadPayload(thread, this.state.threadMessages(grant.id, thread), grant.email)),
      from + limit < threads.length ? pageToken(from + limit) : null,
    );
  }

  private listMessages({ params, query }: ParsedRequest): Reply {
    const grant = this.grantOf(params);
    const emails = anyEmailOf(query);
    const messages = this.state.messages(grant.id, {
      threadId: query.get('thread_id') ?? undefined,
      ...(emails === undefined ? {} : { emails }),
    });
    const from = readPageToken(query.get('page_token'));
    const limit = this.limitOf(query, DEFAULT_LIMIT, 200);
    return list(
      messages.slice(from, from + limit).map(messagePayload),
      from + limit < messages.length ? pageToken(from + limit) : null,
    );
  }

  // ── HTTP ─────────────────────────────────────────────────────────────────────────────────────

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake');
    let operation: FakeNylasOperation | null = null;
    let grantId: string | null = null;
    let reply: Reply;
    try {
      const text = await readBody(request);
      const found = this.match(method, url.pathname);
      if (found === undefined) {
        reply = { status: 404, body: errorPayload('not_found_error', `no route for ${method} ${url.pathname}`) };
      } else {
        const [route, params] = found;
        operation = route.operation;
        grantId = params.length > 0 ? (this.state.findGrant(decodeURIComponent(params[0] ?? ''))?.id ?? null) : null;
        reply = this.dispatch(request, route, { params, query: url.searchParams, body: parseJson(text) }, grantId);
      }
    } catch (error) {
      reply = failureReply(error);
    }
    const delay = operation === null ? 0 : (this.delays.get(operation) ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    this.requests.push({
      method,
      operation,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      grantId,
      status: reply.status,
    });
    if (response.destroyed) return;
    const id =
      typeof reply.body === 'object' && reply.body !== null && 'request_id' in reply.body
        ? String((reply.body as { request_id: unknown }).request_id)
        : requestId();
    response.writeHead(reply.status, {
      ...(reply.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-request-id': id,
      ...reply.headers,
    });
    response.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
  }

  private match(method: string, path: string): [Route, string[]] | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (match !== null) return [route, match.slice(1)];
    }
    return undefined;
  }

  private dispatch(request: IncomingMessage, route: Route, parsed: ParsedRequest, grantId: string | null): Reply {
    if (route.authenticated && request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return { status: 401, body: errorPayload('unauthorized', 'Unauthorized') };
    }
    const fault = this.takeFault(route.operation, grantId);
    if (fault !== undefined) return faultReply(fault);
    if (route.grantData && grantId !== null && this.state.grant(grantId).status === 'invalid') {
      return expiredGrantReply();
    }
    return route.handle(parsed);
  }

  private takeFault(operation: FakeNylasOperation, grantId: string | null): FakeNylasFault | undefined {
    const index = this.faults.findIndex(
      (rule) =>
        (rule.operation === undefined || rule.operation === operation) &&
        (rule.grantId === undefined || rule.grantId === grantId),
    );
    const rule = this.faults[index];
    if (rule === undefined) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.faults.splice(index, 1);
    return rule.fault;
  }
}

/** Nylas's answer for a grant whose credentials the provider refuses. */
function expiredGrantReply(): Reply {
  return {
    status: 401,
    body: errorPayload('unauthorized', 'Unauthorized', {
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    }),
  };
}

function faultReply(fault: FakeNylasFault): Reply {
  switch (fault.mode) {
    case 'rate-limit':
      return {
        status: 429,
        body: errorPayload('rate_limit_error', 'Too many requests, please try again shortly.'),
        headers: fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) },
      };
    case 'server-error':
      return { status: 500, body: errorPayload('internal_error', 'An internal error occurred') };
    case 'grant-expired':
      return expiredGrantReply();
    case 'break-contract':
      return { status: 200, body: { request_id: requestId(), data: 'not what the description says' } };
  }
}

function failureReply(error: unknown): Reply {
  if (error instanceof NylasFailure) {
    return { status: error.status, body: errorPayload(error.type, error.message, error.providerError) };
  }
  return { status: 500, body: errorPayload('internal_error', `fake Nylas bug: ${(error as Error).message}`) };
}

function parseJson(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  return invalidRequest('error parsing request body');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

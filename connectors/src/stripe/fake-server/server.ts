/**
 * A local stand-in for Stripe's API (version 2026-10-28), on node:http, for the official `stripe`
 * SDK pointed at it (`new Stripe(key, { host, port, protocol: 'http' })`). It keeps the state of
 * one test-mode account (billing.ts) and speaks Stripe's wire format:
 * - `Authorization: Bearer <secret key>` (or Basic with the key as user); otherwise 401;
 * - form-encoded bodies and query strings with bracketed keys (form.ts);
 * - JSON answers with `object` and prefixed ids; lists `{object: 'list', data, has_more, url}`
 *   paged with `limit`, `starting_after`, `ending_before`, newest first;
 * - errors `{error: {type, code, message, param}}` with Stripe's statuses, and a `Request-Id`;
 * - `Idempotency-Key` on POSTs: the same key with the same method, path and parameters answers
 *   the stored response again (`Idempotent-Replayed: true`) and changes nothing; with anything
 *   else it answers 400 idempotency_error. As at Stripe, a request refused before it ran (401, an
 *   injected 429 or 500) stores nothing, so a retry with the key runs it.
 *
 * Routes (all under /v1): customers (POST, GET list, GET/POST :id), products (POST, GET :id),
 * prices (POST, GET :id), invoiceitems (POST), invoices (POST, GET list, GET :id, POST
 * :id/finalize, POST :id/pay), subscriptions (POST, GET list, GET/POST/DELETE :id), events (GET
 * list, GET :id).
 *
 * Failures a test can cause:
 * - a card decline (402 card_error card_declined): a customer whose default PaymentMethod is one
 *   of Stripe's declining test methods, e.g. `invoice_settings[default_payment_method]=
 *   pm_card_chargeCustomerFail`, when an invoice of theirs is paid (billing.ts);
 * - 429 (rate_limit) or 500 (api_error): `injectFault(...)` in the test's process, or the header
 *   `Fake-Stripe-Fault: rate-limit | server-error` on one request (the SDK sends it only when a
 *   test passes it in a call's `headers` option).
 *
 * Webhooks: with `webhook: { url, secret }` (or `setWebhookEndpoint`), every event is POSTed to
 * the URL, signed (`Stripe-Signature`, webhook-signer.ts), once, in the order recorded; the
 * outcomes are kept in `webhookDeliveries` and `webhooksSettled()` waits for those under way.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOnLoopback, postWebhook, type WebhookPostOutcome } from '../../core/loopback-server.js';
import { FakeStripeBilling, type FakeStripeEvent } from './billing.js';
import { StripeFailure } from './failures.js';
import { FormEncodingError, type FormObject, parseStripeForm } from './form.js';
import { FAKE_STRIPE_API_VERSION } from './payloads.js';
import { signedDelivery } from './webhook-signer.js';

/** The request header that injects a fault into one request (see the header of this file). */
export const FAKE_STRIPE_FAULT_HEADER = 'fake-stripe-fault';

/**
 * - rate-limit: 429, `invalid_request_error` with code `rate_limit` (Stripe's shape), and a
 *   Retry-After header when `retryAfterSeconds` is given;
 * - server-error: 500 `api_error`.
 */
export type FakeStripeFault = { mode: 'rate-limit'; retryAfterSeconds?: number } | { mode: 'server-error' };

export interface FakeStripeFaultScope {
  /** Only requests to this path (e.g. '/v1/customers'); default any. */
  path?: string;
  /** Only requests with this method; default any. */
  method?: string;
  /** How many matching requests it affects; default 1. */
  times?: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | null;
  status: number;
}

/** One webhook the fake sent: what it was, and what the receiver answered. */
export interface FakeStripeWebhookDelivery extends WebhookPostOutcome {
  eventId: string;
  type: string;
}

export interface FakeStripeServerOptions {
  /** The account's secret key (default `sk_test_fake_meridian`). */
  secretKey?: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  clock?: () => Date;
  webhook?: { url: string; secret: string };
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface StoredIdempotentReply {
  fingerprint: string;
  reply: Reply;
}

interface FaultRule {
  fault: FakeStripeFault;
  path?: string;
  method?: string;
  remaining: number;
}

type Handler = (params: FormObject, id: string) => unknown;

export class FakeStripeServer {
  readonly secretKey: string;
  readonly billing: FakeStripeBilling;
  /** Every request received, in order. */
  readonly requests: FakeStripeRequest[] = [];
  readonly webhookDeliveries: FakeStripeWebhookDelivery[] = [];
  private readonly idempotent = new Map<string, StoredIdempotentReply>();
  private readonly faults: FaultRule[] = [];
  private readonly routes: { method: string; pattern: RegExp; handler: Handler }[];
  private webhook: { url: string; secret: string } | null;
  private deliveryChain: Promise<void> = Promise.resolve();
  private readonly clock: () => Date;
  private url_ = '';

  private constructor(
    private readonly server: Server,
    options: FakeStripeServerOptions,
  ) {
    this.secretKey = options.secretKey ?? 'sk_test_fake_meridian';
    this.clock = options.clock ?? (() => new Date());
    this.webhook = options.webhook ?? null;
    this.billing = new FakeStripeBilling(this.clock, (event) => this.deliver(event));
    const b = this.billing;
    const route = (method: string, path: string, handler: Handler) => ({
      method,
      pattern: new RegExp(`^${path.replace(':id', '([A-Za-z0-9_]+)')}$`),
      handler,
    });
    this.routes = [
      route('POST', '/v1/customers', (params) => b.createCustomer(params)),
      route('GET', '/v1/customers', (params) => b.listCustomers(params)),
      route('GET', '/v1/customers/:id', (_, id) => b.customerPayload(id)),
      route('POST', '/v1/customers/:id', (params, id) => b.updateCustomer(id, params)),
      route('POST', '/v1/products', (params) => b.createProduct(params)),
      route('GET', '/v1/products/:id', (_, id) => b.retrieveProduct(id)),
      route('POST', '/v1/prices', (params) => b.createPrice(params)),
      route('GET', '/v1/prices/:id', (_, id) => b.retrievePrice(id)),
      route('POST', '/v1/invoiceitems', (params) => b.createInvoiceItem(params)),
      route('POST', '/v1/invoices', (params) => b.createInvoice(params)),
      route('GET', '/v1/invoices', (params) => b.listInvoices(params)),
      route('GET', '/v1/invoices/:id', (_, id) => b.invoicePayload(id)),
      route('POST', '/v1/invoices/:id/finalize', (_, id) => b.finalizeInvoice(id)),
      route('POST', '/v1/invoices/:id/pay', (_, id) => b.payInvoice(id)),
      route('POST', '/v1/subscriptions', (params) => b.createSubscription(params)),
      route('GET', '/v1/subscriptions', (params) => b.listSubscriptions(params)),
      route('GET', '/v1/subscriptions/:id', (_, id) => b.subscriptionPayload(id)),
      route('POST', '/v1/subscriptions/:id', (params, id) => b.updateSubscription(id, params)),
      route('DELETE', '/v1/subscriptions/:id', (_, id) => b.cancelSubscription(id)),
      route('GET', '/v1/account', () => b.account()),
      route('GET', '/v1/events', (params) => b.listEvents(params)),
      route('GET', '/v1/events/:id', (_, id) => b.event(id)),
    ];
  }

  static async start(options: FakeStripeServerOptions = {}): Promise<FakeStripeServer> {
    const server = createServer();
    const fake = new FakeStripeServer(server, options);
    fake.url_ = await listenOnLoopback(server, (request, response) => fake.handle(request, response), options);
    return fake;
  }

  /** Base URL, e.g. http://127.0.0.1:41234. */
  get url(): string {
    return this.url_;
  }

  get host(): string {
    return (this.server.address() as AddressInfo).address;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The SDK's settings for this fake: `new Stripe(fake.secretKey, fake.sdkConfig)`. */
  get sdkConfig(): { host: string; port: number; protocol: 'http'; telemetry: false } {
    return { host: this.host, port: this.port, protocol: 'http', telemetry: false };
  }

  /** Where events go from now on (null: nowhere). */
  setWebhookEndpoint(endpoint: { url: string; secret: string } | null): void {
    this.webhook = endpoint;
  }

  /** Resolves once every delivery started so far has an outcome in `webhookDeliveries`. */
  webhooksSettled(): Promise<void> {
    return this.deliveryChain;
  }

  injectFault(fault: FakeStripeFault, scope: FakeStripeFaultScope = {}): void {
    this.faults.push({ fault, path: scope.path, method: scope.method, remaining: scope.times ?? 1 });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  async close(): Promise<void> {
    await this.deliveryChain;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private deliver(event: FakeStripeEvent): number {
    const endpoint = this.webhook;
    if (endpoint === null) return 0;
    this.deliveryChain = this.deliveryChain.then(async () => {
      const delivery = signedDelivery(event, endpoint.secret, Math.floor(this.clock().getTime() / 1000));
      const outcome = await postWebhook(endpoint.url, delivery);
      const logged: FakeStripeWebhookDelivery = { eventId: event.id, type: event.type, ...outcome };
      this.webhookDeliveries.push(logged);
    });
    return 1;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = `req_${randomBytes(7).toString('hex')}`;
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake');
    const idempotencyKey = method === 'POST' ? headerValue(request, 'idempotency-key') : null;
    let params: FormObject = {};
    let reply: Reply;
    try {
      const body = await readBody(request);
      params = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(body);
      reply = this.dispatch(request, method, url.pathname, params, requestId, idempotencyKey);
    } catch (error) {
      reply = failureReply(error);
    }
    this.requests.push({ method, path: url.pathname, params, idempotencyKey, status: reply.status });
    if (response.destroyed) return;
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': FAKE_STRIPE_API_VERSION,
      ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
      ...reply.headers,
    });
    response.end(JSON.stringify(reply.body, null, 2));
  }

  private dispatch(
    request: IncomingMessage,
    method: string,
    path: string,
    params: FormObject,
    requestId: string,
    idempotencyKey: string | null,
  ): Reply {
    this.authenticate(request);
    const fault = this.takeFault(request, method, path);
    if (fault !== undefined) return faultReply(fault);

    const fingerprint = JSON.stringify([method, path, params]);
    if (idempotencyKey !== null) {
      const stored = this.idempotent.get(idempotencyKey);
      if (stored !== undefined) {
        if (stored.fingerprint !== fingerprint) {
          throw new StripeFailure(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        return { ...stored.reply, headers: { ...stored.reply.headers, 'idempotent-replayed': 'true' } };
      }
    }

    this.billing.context = { requestId, idempotencyKey };
    let reply: Reply;
    try {
      reply = { status: 200, body: this.route(method, path, params) };
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      reply = failureReply(error);
    } finally {
      this.billing.context = null;
    }
    if (idempotencyKey !== null && reply.status < 500) {
      this.idempotent.set(idempotencyKey, { fingerprint, reply: structuredClone(reply) });
    }
    return reply;
  }

  private route(method: string, path: string, params: FormObject): unknown {
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (match !== null && route.method === method) return route.handler(params, match[1] ?? '');
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  private authenticate(request: IncomingMessage): void {
    const header = headerValue(request, 'authorization') ?? '';
    const [scheme = '', credentials = ''] = header.split(' ', 2);
    const key =
      scheme.toLowerCase() === 'bearer'
        ? credentials
        : scheme.toLowerCase() === 'basic'
          ? Buffer.from(credentials, 'base64').toString('utf8').split(':')[0]
          : '';
    if (key === '' || key === undefined) {
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key !== this.secretKey) {
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 4))}${key.slice(-4)}`,
      });
    }
  }

  private takeFault(request: IncomingMessage, method: string, path: string): FakeStripeFault | undefined {
    const header = headerValue(request, FAKE_STRIPE_FAULT_HEADER);
    if (header === 'rate-limit' || header === 'server-error') return { mode: header };
    const index = this.faults.findIndex(
      (rule) =>
        (rule.path === undefined || rule.path === path) && (rule.method === undefined || rule.method === method),
    );
    const rule = this.faults[index];
    if (rule === undefined) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.faults.splice(index, 1);
    return rule.fault;
  }
}

function faultReply(fault: FakeStripeFault): Reply {
  if (fault.mode === 'rate-limit') {
    return {
      status: 429,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message:
            'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        },
      },
      headers: fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) },
    };
  }
  return {
    status: 500,
    body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
  };
}

function failureReply(error: unknown): Reply {
  if (error instanceof StripeFailure)
    return { status: error.status, body: { error: error.body }, headers: error.headers };
  if (error instanceof FormEncodingError) {
    return { status: 400, body: { error: { type: 'invalid_request_error', message: error.message } } };
  }
  return {
    status: 500,
    body: { error: { type: 'api_error', message: `fake server bug: ${(error as Error).message}` } },
  };
}

function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function parseForm(text: string): FormObject {
  return text === '' ? {} : parseStripeForm(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

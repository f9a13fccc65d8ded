/**
 * A local stand-in for Plaid's API (2020-09-14), on node:http. It speaks the same paths and
 * payloads as Plaid's OpenAPI description, keeps state per item, and fails on demand (`injectFault`)
 * so every failure the connector must classify can be produced in a test.
 *
 * Endpoints: /accounts/get, /transactions/sync, /transactions/recurring/get, /link/token/create,
 * /item/public_token/exchange, /item/remove, /webhook_verification_key/get,
 * /sandbox/public_token/create.
 *
 * Items live in memory, but an item linked from a sandbox institution survives a restart: its
 * access token names the institution and the item (`institutionAccessToken`), and an unknown token
 * of that form rebuilds the item from the institution's deterministic seed on first use, so the
 * connections `npm start` made keep syncing, and their cursors stay valid, across restarts.
 * Credentials are checked (PLAID-CLIENT-ID / PLAID-SECRET headers, or client_id / secret in the
 * body) like Plaid does.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOnLoopback } from '../../core/loopback-server.js';
import { FakeItem, type FakeItemSeed } from './item.js';
import { FAKE_INSTITUTIONS, type FakeInstitution } from './institutions.js';
import {
  accountPayload,
  errorPayload,
  type FakePlaidError,
  itemPayload,
  plaidId,
  requestId,
  streamPayload,
  transactionPayload,
} from './payloads.js';
import { FakeWebhookSigner, type WebhookDelivery, type WebhookDeliveryVariant } from './webhook-signer.js';

/**
 * Failures a test can switch on:
 * - rate-limit: 429 RATE_LIMIT_EXCEEDED, with a Retry-After header when `retryAfterSeconds` is given;
 * - server-error: 500 API_ERROR INTERNAL_SERVER_ERROR;
 * - slow: the normal answer, `delayMs` late (for client timeouts);
 * - item-login-required: 400 ITEM_ERROR ITEM_LOGIN_REQUIRED;
 * - malformed-record: the normal answer with its first record spoiled: `unsupported-currency`
 *   (an unofficial currency code: valid for Plaid's description, refused by our parser) or
 *   `missing-required-field` (a field Plaid requires removed: it breaks the description, so prism
 *   refuses the whole response; use it against the fake directly);
 * - mutation-during-pagination: 400 TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, for a
 *   /transactions/sync call in the middle of a pagination;
 * - break-contract: a 200 answer missing every required field (to prove prism checks responses).
 */
export type FakeFault =
  | { mode: 'rate-limit'; retryAfterSeconds?: number }
  | { mode: 'server-error' }
  | { mode: 'slow'; delayMs: number }
  | { mode: 'item-login-required' }
  | { mode: 'malformed-record'; variant: 'unsupported-currency' | 'missing-required-field' }
  | { mode: 'mutation-during-pagination' }
  | { mode: 'break-contract' };

export interface FaultScope {
  /** Only requests to this path (e.g. '/transactions/sync'); default any. */
  endpoint?: string;
  /** Only requests for this item; default any. */
  itemId?: string;
  /** How many matching requests it affects; default 1. */
  times?: number;
}

interface FaultRule {
  fault: FakeFault;
  endpoint?: string;
  itemId?: string;
  remaining: number;
}

export interface FakeRequest {
  path: string;
  body: Record<string, unknown>;
  itemId: string | null;
}

export interface FakePlaidServerOptions {
  clientId?: string;
  secret?: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  clock?: () => Date;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

class PlaidFailure extends Error {
  constructor(readonly error: FakePlaidError) {
    super(error.error_message);
  }
}

function fail(status: number, error_type: string, error_code: string, error_message: string): never {
  throw new PlaidFailure({ status, error_type, error_code, error_message });
}

function invalidField(message: string): never {
  return fail(400, 'INVALID_REQUEST', 'INVALID_FIELD', message);
}

/** A /transactions/sync cursor of the fake: a position in the item's change log, and where the update began. */
interface SyncPosition {
  item: string;
  position: number;
  start: number;
}

const INSTITUTION_TOKEN = /^access-sandbox-(ins_[A-Za-z0-9]+)-([A-Za-z0-9_-]+)$/;

/**
 * The access token of an institution's item: `access-sandbox-<institution id>-<item id>`. It is
 * all the fake needs to rebuild the item after a restart (see the header of this file).
 */
export function institutionAccessToken(institutionId: string, itemId: string): string {
  return `access-sandbox-${institutionId}-${itemId}`;
}

function encodeCursor(cursor: SyncPosition): string {
  return Buffer.from(JSON.stringify({ i: cursor.item, p: cursor.position, s: cursor.start })).toString('base64url');
}

function decodeCursor(cursor: string, item: FakeItem): SyncPosition {
  if (cursor === '') return { item: item.itemId, position: 0, start: 0 };
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const { i, p, s } = (value ?? {}) as Record<string, unknown>;
  if (i !== item.itemId || typeof p !== 'number' || typeof s !== 'number' || p > item.log.length) {
    invalidField('cursor is not a valid cursor for this item');
  }
  return { item: item.itemId, position: p, start: s };
}

export class FakePlaidServer {
  readonly clientId: string;
  readonly secret: string;
  /** Every request received, in order. */
  readonly requests: FakeRequest[] = [];
  /** Link tokens created, with the request that created each. */
  readonly linkTokens: { linkToken: string; request: Record<string, unknown> }[] = [];
  readonly institutions = new Map<string, FakeInstitution>(
    FAKE_INSTITUTIONS.map((institution) => [institution.institution_id, institution]),
  );
  private readonly items = new Map<string, FakeItem>();
  private readonly byAccessToken = new Map<string, FakeItem>();
  private readonly publicTokens = new Map<string, FakeItem>();
  /** Items removed through /item/remove: their tokens are dead, and are not rebuilt. */
  private readonly removedItems = new Set<string>();
  private readonly faults: FaultRule[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly clock: () => Date;
  private url_ = '';

  private constructor(
    private readonly server: Server,
    readonly webhooks: FakeWebhookSigner,
    options: FakePlaidServerOptions,
  ) {
    this.clientId = options.clientId ?? 'fake-client-id';
    this.secret = options.secret ?? 'fake-secret';
    this.clock = options.clock ?? (() => new Date());
  }

  static async start(options: FakePlaidServerOptions = {}): Promise<FakePlaidServer> {
    const signer = await FakeWebhookSigner.create(options.clock);
    const server = createServer();
    const fake = new FakePlaidServer(server, signer, options);
    fake.url_ = await listenOnLoopback(server, (request, response) => fake.handle(request, response), options);
    return fake;
  }

  /** Base URL, e.g. http://127.0.0.1:41234 (the SDK's basePath). */
  get url(): string {
    return this.url_;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** A linked item, ready to use: its `accessToken` is what a connection keeps. */
  createItem(seed: FakeItemSeed = {}): FakeItem {
    const item = new FakeItem(seed);
    this.items.set(item.itemId, item);
    this.byAccessToken.set(item.accessToken, item);
    return item;
  }

  item(itemId: string): FakeItem {
    const item = this.items.get(itemId);
    if (item === undefined) throw new Error(`no item ${itemId}`);
    return item;
  }

  /**
   * A public token for an item that already exists, as Link hands back after update mode or when
   * the same login is linked again (the exchange then answers that item's access token).
   */
  createPublicToken(itemId: string): string {
    const item = this.item(itemId);
    const publicToken = `public-sandbox-${randomUUID()}`;
    this.publicTokens.set(publicToken, item);
    return publicToken;
  }

  /** True while the item exists (false once removed through /item/remove, or never created). */
  hasItem(itemId: string): boolean {
    return this.items.has(itemId);
  }

  /** The item an access token opens: a known one, or an institution item rebuilt after a restart. */
  private itemFor(accessToken: string): FakeItem | undefined {
    const known = this.byAccessToken.get(accessToken);
    if (known !== undefined) return known;
    const match = INSTITUTION_TOKEN.exec(accessToken);
    const institution = match === null ? undefined : this.institutions.get(match[1]!);
    const itemId = match?.[2];
    if (institution === undefined || itemId === undefined || this.removedItems.has(itemId)) return undefined;
    return this.createItem({ ...institution.seed(itemId), itemId, accessToken });
  }

  injectFault(fault: FakeFault, scope: FaultScope = {}): void {
    this.faults.push({ fault, endpoint: scope.endpoint, itemId: scope.itemId, remaining: scope.times ?? 1 });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  /** A signed delivery of `payload` (see FakeWebhookSigner for the variants). */
  webhookDelivery(payload: unknown, variant: WebhookDeliveryVariant = 'valid'): Promise<WebhookDelivery> {
    return this.webhooks.delivery(payload, variant);
  }

  /** POSTs a signed delivery to `url`, as Plaid calls a webhook. */
  async sendWebhook(url: string, payload: unknown, variant: WebhookDeliveryVariant = 'valid'): Promise<Response> {
    const delivery = await this.webhookDelivery(payload, variant);
    return fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      reply = await this.dispatch(request, response);
    } catch (error) {
      if (!(error instanceof PlaidFailure)) {
        reply = {
          status: 500,
          body: errorPayload({
            status: 500,
            error_type: 'API_ERROR',
            error_code: 'INTERNAL_SERVER_ERROR',
            error_message: `fake server bug: ${(error as Error).message}`,
          }),
        };
      } else {
        reply = { status: error.error.status, body: errorPayload(error.error) };
      }
    }
    if (response.destroyed) return;
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.body));
  }

  private async dispatch(request: IncomingMessage, response: ServerResponse): Promise<Reply> {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (request.method !== 'POST') fail(404, 'INVALID_REQUEST', 'NOT_FOUND', `${request.method} ${path} not found`);
    const body = await readJson(request);
    this.checkCredentials(request, body);

    const accessToken = typeof body.access_token === 'string' ? body.access_token : undefined;
    const item = accessToken === undefined ? undefined : this.itemFor(accessToken);
    this.requests.push({ path, body, itemId: item?.itemId ?? null });

    const fault = this.takeFault(path, item, body);
    if (fault !== undefined) {
      const early = await this.applyFault(fault, path, response);
      if (early !== undefined) return early;
    }
    const reply = this.route(path, body, item);
    if (fault?.mode === 'malformed-record') spoilFirstRecord(path, reply.body, fault.variant);
    return reply;
  }

  private route(path: string, body: Record<string, unknown>, item: FakeItem | undefined): Reply {
    switch (path) {
      case '/accounts/get':
        return ok(this.accountsGet(this.requireItem(body, item)));
      case '/transactions/sync':
        return ok(this.transactionsSync(body, this.requireItem(body, item)));
      case '/transactions/recurring/get':
        return ok(this.recurringGet(this.requireItem(body, item)));
      case '/link/token/create':
        return ok(this.linkTokenCreate(body, item));
      case '/item/public_token/exchange':
        return ok(this.publicTokenExchange(body));
      case '/item/remove':
        return ok(this.itemRemove(this.requireItem(body, item)));
      case '/webhook_verification_key/get':
        return ok(this.verificationKeyGet(body));
      case '/sandbox/public_token/create':
        return ok(this.sandboxPublicTokenCreate(body));
      default:
        return fail(404, 'INVALID_REQUEST', 'NOT_FOUND', `${path} is not served by the fake`);
    }
  }

  private checkCredentials(request: IncomingMessage, body: Record<string, unknown>): void {
    const clientId = request.headers['plaid-client-id'] ?? body.client_id;
    const secret = request.headers['plaid-secret'] ?? body.secret;
    if (clientId === undefined || secret === undefined) {
      fail(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'the following required fields are missing: client_id, secret');
    }
    if (clientId !== this.clientId || secret !== this.secret) {
      fail(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
    }
  }

  private requireItem(body: Record<string, unknown>, item: FakeItem | undefined): FakeItem {
    if (typeof body.access_token !== 'string') {
      fail(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'the following required fields are missing: access_token');
    }
    if (item === undefined) fail(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is invalid');
    return item;
  }

  private takeFault(path: string, item: FakeItem | undefined, body: Record<string, unknown>): FakeFault | undefined {
    const index = this.faults.findIndex(
      (rule) =>
        (rule.endpoint === undefined || rule.endpoint === path) &&
        (rule.itemId === undefined || rule.itemId === item?.itemId) &&
        // A mutation can only interrupt a pagination that is under way.
        (rule.fault.mode !== 'mutation-during-pagination' || isMidPagination(body, item)),
    );
    const rule = this.faults[index];
    if (rule === undefined) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.faults.splice(index, 1);
    return rule.fault;
  }

  /** Answers for a fault, or undefined when the normal answer follows (slow, malformed-record). */
  private async applyFault(fault: FakeFault, path: string, response: ServerResponse): Promise<Reply | undefined> {
    switch (fault.mode) {
      case 'rate-limit': {
        const code =
          path === '/transactions/sync'
            ? 'TRANSACTIONS_SYNC_LIMIT'
            : path === '/accounts/get'
              ? 'ACCOUNTS_LIMIT'
              : 'RATE_LIMIT';
        return {
          status: 429,
          body: errorPayload({
            status: 429,
            error_type: 'RATE_LIMIT_EXCEEDED',
            error_code: code,
            error_message: 'rate limit exceeded for attempts to access this item. please try again later',
          }),
          headers: fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) },
        };
      }
      case 'server-error':
        return fail(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'an unexpected error occurred');
      case 'item-login-required':
        return fail(
          400,
          'ITEM_ERROR',
          'ITEM_LOGIN_REQUIRED',
          "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
        );
      case 'mutation-during-pagination':
        return fail(
          400,
          'TRANSACTIONS_ERROR',
          'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
          'underlying transaction data changed since last page was fetched. please restart pagination from last update.',
        );
      case 'break-contract':
        return { status: 200, body: { request_id: requestId() } };
      case 'slow':
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            resolve();
          }, fault.delayMs);
          this.timers.add(timer);
          response.once('close', () => {
            clearTimeout(timer);
            this.timers.delete(timer);
            resolve();
          });
        });
        return undefined;
      case 'malformed-record':
        return undefined;
    }
  }

  private accountsGet(item: FakeItem): Record<string, unknown> {
    return {
      accounts: item.accounts.map(accountPayload),
      item: itemPayload(item),
      request_id: requestId(),
    };
  }

  private transactionsSync(body: Record<string, unknown>, item: FakeItem): Record<string, unknown> {
    const cursor = decodeCursor(typeof body.cursor === 'string' ? body.cursor : '', item);
    const count = body.count ?? 100;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 500) {
      invalidField('count must be an integer from 1 to 500');
    }
    const size = Math.min(count, item.maxPageSize ?? count);
    const entries = item.log.slice(cursor.position, cursor.position + size);
    const position = cursor.position + entries.length;
    const hasMore = position < item.log.length;
    const pick = (op: 'added' | 'modified') =>
      entries.filter((entry) => entry.op === op).map((entry) => transactionPayload(entry.transaction));
    return {
      accounts: item.accounts.map(accountPayload),
      added: pick('added'),
      modified: pick('modified'),
      removed: entries
        .filter((entry) => entry.op === 'removed')
        .map((entry) => ({
          account_id: entry.transaction.account_id,
          transaction_id: entry.transaction.transaction_id,
        })),
      next_cursor: encodeCursor({ item: item.itemId, position, start: hasMore ? cursor.start : position }),
      has_more: hasMore,
      request_id: requestId(),
      transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
    };
  }

  private recurringGet(item: FakeItem): Record<string, unknown> {
    const streams = (direction: 'inflow' | 'outflow') =>
      item.streams.filter((stream) => stream.direction === direction).map(streamPayload);
    return {
      inflow_streams: streams('inflow'),
      outflow_streams: streams('outflow'),
      updated_datetime: this.clock()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      personal_finance_category_version: 'v1',
      request_id: requestId(),
    };
  }

  private linkTokenCreate(body: Record<string, unknown>, item: FakeItem | undefined): Record<string, unknown> {
    const user = body.user as { client_user_id?: unknown } | undefined;
    if (typeof body.client_name !== 'string' || typeof body.language !== 'string') {
      fail(
        400,
        'INVALID_REQUEST',
        'MISSING_FIELDS',
        'the following required fields are missing: client_name, language',
      );
    }
    if (!Array.isArray(body.country_codes) || body.country_codes.length === 0) {
      invalidField('country_codes must contain at least one country');
    }
    if (typeof user?.client_user_id !== 'string' || user.client_user_id === '') {
      invalidField('user.client_user_id must be a non-empty string');
    }
    if (body.access_token !== undefined && body.access_token !== null) {
      if (item === undefined) fail(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is invalid');
    } else if (!Array.isArray(body.products) || body.products.length === 0) {
      invalidField('products must contain at least one product unless access_token is given (update mode)');
    }
    const linkToken = `link-sandbox-${randomUUID()}`;
    this.linkTokens.push({ linkToken, request: body });
    const expiration = new Date(this.clock().getTime() + 4 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { link_token: linkToken, expiration, request_id: requestId() };
  }

  private publicTokenExchange(body: Record<string, unknown>): Record<string, unknown> {
    const token = body.public_token;
    const item = typeof token === 'string' ? this.publicTokens.get(token) : undefined;
    if (typeof token !== 'string' || item === undefined) {
      fail(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'provided public token is expired or invalid');
    }
    this.publicTokens.delete(token); // single use
    return { access_token: item.accessToken, item_id: item.itemId, request_id: requestId() };
  }

  private itemRemove(item: FakeItem): Record<string, unknown> {
    this.items.delete(item.itemId);
    this.byAccessToken.delete(item.accessToken);
    this.removedItems.add(item.itemId);
    return { request_id: requestId() };
  }

  private verificationKeyGet(body: Record<string, unknown>): Record<string, unknown> {
    if (typeof body.key_id !== 'string') {
      fail(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'the following required fields are missing: key_id');
    }
    if (body.key_id !== this.webhooks.key.kid) invalidField('key_id does not match any webhook verification key');
    return { key: this.webhooks.key, request_id: requestId() };
  }

  private sandboxPublicTokenCreate(body: Record<string, unknown>): Record<string, unknown> {
    const institution =
      typeof body.institution_id === 'string' ? this.institutions.get(body.institution_id) : undefined;
    if (institution === undefined) {
      fail(400, 'INVALID_INPUT', 'INVALID_INSTITUTION', 'invalid institution_id provided');
    }
    if (!Array.isArray(body.initial_products) || body.initial_products.length === 0) {
      invalidField('initial_products must contain at least one product');
    }
    const options = body.options as { webhook?: unknown } | undefined;
    const itemId = plaidId();
    const item = this.createItem({
      ...institution.seed(itemId),
      itemId,
      accessToken: institutionAccessToken(institution.institution_id, itemId),
      webhook: typeof options?.webhook === 'string' ? options.webhook : null,
    });
    const publicToken = `public-sandbox-${randomUUID()}`;
    this.publicTokens.set(publicToken, item);
    return { public_token: publicToken, request_id: requestId() };
  }
}

function ok(body: unknown): Reply {
  return { status: 200, body };
}

function isMidPagination(body: Record<string, unknown>, item: FakeItem | undefined): boolean {
  if (item === undefined || typeof body.cursor !== 'string' || body.cursor === '') return false;
  try {
    const cursor = decodeCursor(body.cursor, item);
    return cursor.position !== cursor.start;
  } catch {
    return false;
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(400, 'INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON');
  }
  return value as Record<string, unknown>;
}

/** The malformed-record fault: spoils the first record of an answer (see FakeFault). */
function spoilFirstRecord(
  path: string,
  body: unknown,
  variant: 'unsupported-currency' | 'missing-required-field',
): void {
  const answer = body as Record<string, Record<string, unknown>[] | undefined>;
  const target =
    path === '/accounts/get'
      ? answer.accounts?.[0]
      : path === '/transactions/sync'
        ? answer.added?.[0]
        : path === '/transactions/recurring/get'
          ? (answer.inflow_streams?.[0] ?? answer.outflow_streams?.[0])
          : undefined;
  if (target === undefined) return;
  if (variant === 'missing-required-field') {
    const field = path === '/accounts/get' ? 'name' : path === '/transactions/sync' ? 'amount' : 'frequency';
    delete target[field];
    return;
  }
  const currency = { iso_currency_code: null, unofficial_currency_code: 'BTC' };
  if (path === '/accounts/get') Object.assign(target.balances as object, currency);
  else if (path === '/transactions/sync') Object.assign(target, currency);
  else Object.assign(target.average_amount as object, currency);
}

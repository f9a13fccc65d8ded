/**
 * Plaid webhooks: verifying a delivery and reading it.
 *
 * Plaid signs each delivery with a JWT in the `Plaid-Verification` header: ES256, with the `kid`
 * of a key served by /webhook_verification_key/get, an `iat` (issued at), and the claim
 * `request_body_sha256`, the SHA-256 (hex) of the raw request body. A delivery is genuine when the
 * signature verifies with that key, `iat` is at most five minutes old, and the body hashes to the
 * claim. The body must be hashed exactly as received: the HTTP layer has to keep the raw bytes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, importJWK, jwtVerify } from 'jose';
import type { z } from 'zod';
import { ConnectorError } from '../core/errors.js';
import type { PlaidClient } from './client.js';
import { classifyPlaidError } from './errors.js';
import {
  itemErrorWebhookSchema,
  recurringTransactionsUpdateWebhookSchema,
  syncUpdatesAvailableWebhookSchema,
  webhookEnvelopeSchema,
} from './schemas.js';

export const PLAID_VERIFICATION_HEADER = 'plaid-verification';
export const PLAID_WEBHOOK_ALGORITHM = 'ES256';

/** Why a delivery was refused. */
export const WebhookRejectionReason = [
  'MISSING_SIGNATURE',
  'MALFORMED_SIGNATURE',
  'UNSUPPORTED_ALGORITHM',
  'UNKNOWN_KEY',
  'EXPIRED_KEY',
  'BAD_SIGNATURE',
  'STALE',
  'BODY_MISMATCH',
  'MALFORMED_BODY',
] as const;
export type WebhookRejectionReason = (typeof WebhookRejectionReason)[number];

/** What a verified webhook asks of us. */
export type PlaidWebhookEvent =
  /** New, changed or removed transactions: run a sync. */
  | {
      kind: 'SYNC_UPDATES_AVAILABLE';
      itemId: string;
      initialUpdateComplete: boolean;
      historicalUpdateComplete: boolean;
    }
  /** Recurring streams changed: run a sync. */
  | { kind: 'RECURRING_TRANSACTIONS_UPDATE'; itemId: string; accountIds: string[] }
  /** The item is in an error state; `error.classification` AUTH means re-authentication. */
  | { kind: 'ITEM_ERROR'; itemId: string; error: ConnectorError | null }
  /** Any other webhook: nothing to do yet. */
  | { kind: 'OTHER'; webhookType: string; webhookCode: string; itemId: string | null };

export type WebhookVerification =
  | { ok: true; event: PlaidWebhookEvent; body: unknown; issuedAt: Date }
  | { ok: false; reason: WebhookRejectionReason; message: string };

type VerificationKey = Awaited<ReturnType<typeof importJWK>>;

interface CachedKey {
  key: VerificationKey;
  /** Seconds since the epoch, or null while the key is current. */
  expiredAt: number | null;
}

export interface PlaidWebhookVerifierOptions {
  client: Pick<PlaidClient, 'getWebhookVerificationKey'>;
  /** Oldest accepted `iat`, in seconds. Default 300 (Plaid's five minutes). */
  maxAgeSeconds?: number;
  /** How far in the future an `iat` may be (clock skew), in seconds. Default 60. */
  clockToleranceSeconds?: number;
  clock?: () => Date;
}

/**
 * Verifies Plaid webhook deliveries. Keys are cached by `kid` (Plaid rotates them rarely); a `kid`
 * not in the cache is looked up once per delivery. A failure to reach Plaid while looking a key up
 * throws a ConnectorError (answer 5xx, so Plaid delivers again later); every other problem is a
 * rejection with its reason.
 */
export class PlaidWebhookVerifier {
  private readonly keys = new Map<string, CachedKey>();
  private readonly client: Pick<PlaidClient, 'getWebhookVerificationKey'>;
  private readonly maxAgeSeconds: number;
  private readonly toleranceSeconds: number;
  private readonly clock: () => Date;

  constructor(options: PlaidWebhookVerifierOptions) {
    this.client = options.client;
    this.maxAgeSeconds = options.maxAgeSeconds ?? 300;
    this.toleranceSeconds = options.clockToleranceSeconds ?? 60;
    this.clock = options.clock ?? (() => new Date());
  }

  /** `rawBody`: the request body exactly as received; `signature`: the Plaid-Verification header. */
  async verify(rawBody: string | Uint8Array, signature: string | null | undefined): Promise<WebhookVerification> {
    if (!signature) return reject('MISSING_SIGNATURE', 'The Plaid-Verification header is missing');

    let header;
    try {
      header = decodeProtectedHeader(signature);
    } catch {
      return reject('MALFORMED_SIGNATURE', 'The Plaid-Verification header is not a JWT');
    }
    if (header.alg !== PLAID_WEBHOOK_ALGORITHM) {
      return reject(
        'UNSUPPORTED_ALGORITHM',
        `The signature uses ${String(header.alg)}, not ${PLAID_WEBHOOK_ALGORITHM}`,
      );
    }
    if (typeof header.kid !== 'string' || header.kid === '') {
      return reject('MALFORMED_SIGNATURE', 'The signature names no key (kid)');
    }

    const now = this.clock();
    const found = await this.keyFor(header.kid);
    if ('reason' in found) return found;
    if (found.expiredAt !== null && found.expiredAt * 1000 <= now.getTime()) {
      return reject('EXPIRED_KEY', `Key ${header.kid} expired at ${new Date(found.expiredAt * 1000).toISOString()}`);
    }

    let payload;
    try {
      ({ payload } = await jwtVerify(signature, found.key, {
        algorithms: [PLAID_WEBHOOK_ALGORITHM],
        currentDate: now,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
        return reject('BAD_SIGNATURE', `The signature does not verify with key ${header.kid}`);
      }
      return reject('MALFORMED_SIGNATURE', `The signature cannot be read: ${(error as Error).message}`);
    }

    if (typeof payload.iat !== 'number') return reject('MALFORMED_SIGNATURE', 'The signature has no iat');
    const age = now.getTime() / 1000 - payload.iat;
    if (age > this.maxAgeSeconds) {
      return reject('STALE', `The signature was issued ${Math.floor(age)} s ago, more than ${this.maxAgeSeconds} s`);
    }
    if (age < -this.toleranceSeconds) {
      return reject('STALE', `The signature was issued ${Math.ceil(-age)} s in the future`);
    }

    const claimed = payload.request_body_sha256;
    if (typeof claimed !== 'string') return reject('MALFORMED_SIGNATURE', 'The signature has no request_body_sha256');
    if (!sameHex(sha256Hex(rawBody), claimed)) {
      return reject('BODY_MISMATCH', 'The body does not match the signed request_body_sha256');
    }

    let body: unknown;
    try {
      body = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
    } catch {
      return reject('MALFORMED_BODY', 'The body is not JSON');
    }
    const event = parsePlaidWebhook(body);
    if (event === undefined) return reject('MALFORMED_BODY', 'The body is not a Plaid webhook');
    return { ok: true, event, body, issuedAt: new Date(payload.iat * 1000) };
  }

  private async keyFor(kid: string): Promise<CachedKey | Extract<WebhookVerification, { ok: false }>> {
    const cached = this.keys.get(kid);
    if (cached !== undefined) return cached;
    let jwk;
    try {
      jwk = await this.client.getWebhookVerificationKey(kid);
    } catch (error) {
      // Plaid refuses an unknown key id as a request error; anything else (Plaid down, our API keys
      // refused) is not the delivery's fault.
      if (
        error instanceof ConnectorError &&
        error.classification === 'PERMANENT' &&
        error.code !== 'INVALID_API_KEYS'
      ) {
        return reject('UNKNOWN_KEY', `Plaid does not know key ${kid} (${error.code})`);
      }
      throw error;
    }
    if (jwk.kid !== kid) return reject('UNKNOWN_KEY', `Plaid answered key ${jwk.kid} for ${kid}`);
    if (jwk.alg !== PLAID_WEBHOOK_ALGORITHM) {
      return reject('UNSUPPORTED_ALGORITHM', `Key ${kid} is for ${jwk.alg}, not ${PLAID_WEBHOOK_ALGORITHM}`);
    }
    let key;
    try {
      key = await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, PLAID_WEBHOOK_ALGORITHM);
    } catch (error) {
      return reject('UNKNOWN_KEY', `Key ${kid} cannot be used: ${(error as Error).message}`);
    }
    const entry = { key, expiredAt: jwk.expired_at ?? null };
    this.keys.set(kid, entry);
    return entry;
  }
}

function reject(reason: WebhookRejectionReason, message: string): Extract<WebhookVerification, { ok: false }> {
  return { ok: false, reason, message };
}

export function sha256Hex(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

function sameHex(actual: string, claimed: string): boolean {
  const a = Buffer.from(actual, 'utf8');
  const b = Buffer.from(claimed.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseWith<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | undefined {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What a (verified) webhook body asks of us; undefined for a body that is not a Plaid webhook or
 * names a webhook we read without its required fields.
 */
export function parsePlaidWebhook(body: unknown): PlaidWebhookEvent | undefined {
  const envelope = parseWith(webhookEnvelopeSchema, body);
  if (envelope === undefined) return undefined;
  const name = `${envelope.webhook_type}/${envelope.webhook_code}`;
  switch (name) {
    case 'TRANSACTIONS/SYNC_UPDATES_AVAILABLE': {
      const webhook = parseWith(syncUpdatesAvailableWebhookSchema, body);
      return (
        webhook && {
          kind: 'SYNC_UPDATES_AVAILABLE',
          itemId: webhook.item_id,
          initialUpdateComplete: webhook.initial_update_complete,
          historicalUpdateComplete: webhook.historical_update_complete,
        }
      );
    }
    case 'TRANSACTIONS/RECURRING_TRANSACTIONS_UPDATE': {
      const webhook = parseWith(recurringTransactionsUpdateWebhookSchema, body);
      return (
        webhook && { kind: 'RECURRING_TRANSACTIONS_UPDATE', itemId: webhook.item_id, accountIds: webhook.account_ids }
      );
    }
    case 'ITEM/ERROR': {
      const webhook = parseWith(itemErrorWebhookSchema, body);
      if (webhook === undefined) return undefined;
      const error = webhook.error;
      const status = typeof error?.status === 'number' ? error.status : undefined;
      return {
        kind: 'ITEM_ERROR',
        itemId: webhook.item_id,
        error:
          error === null
            ? null
            : new ConnectorError(classifyPlaidError(error, status), `${error.error_code}: ${error.error_message}`, {
                code: error.error_code,
                status,
                operation: 'webhook',
              }),
      };
    }
    default:
      return {
        kind: 'OTHER',
        webhookType: envelope.webhook_type,
        webhookCode: envelope.webhook_code,
        itemId: envelope.item_id ?? null,
      };
  }
}

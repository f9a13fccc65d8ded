/**
 * Nylas webhooks: the endpoint check, the signature, and what a notification asks of us.
 *
 * - When a webhook destination is set up, Nylas sends a GET with `?challenge=<value>` and expects
 *   the value back as the body of a 200, within 10 seconds.
 * - Every notification is a POST whose `x-nylas-signature` header is the hex HMAC-SHA256 of the raw
 *   body, keyed by the destination's webhook secret. The SDK has no helper for it (this is it), and
 *   the body must be hashed exactly as received: the HTTP layer has to keep the raw bytes.
 * - The body: `{specversion, type, source, id, time, webhook_delivery_attempt, data: {application_id,
 *   object}}`, where `type` is the trigger (`event.updated`, `grant.expired`, ...) and `object` the
 *   object it is about. Nylas delivers at least once, so a notification may come twice.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const NYLAS_SIGNATURE_HEADER = 'x-nylas-signature';

/** The hex HMAC-SHA256 of `rawBody` keyed by `secret`: what Nylas puts in `x-nylas-signature`. */
export function nylasSignature(rawBody: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * True when `signature` (the `x-nylas-signature` header) is the HMAC of `rawBody` under `secret`,
 * compared in constant time. A missing or malformed header is false.
 */
export function verifyNylasSignature(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature.trim())) return false;
  const expected = Buffer.from(nylasSignature(rawBody, secret), 'hex');
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The value to echo for Nylas's endpoint check (`GET ?challenge=`), or null when there is none. */
export function nylasChallenge(query: Record<string, unknown>): string | null {
  const value = query.challenge;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : null;
}

/** What a notification asks of us. */
export type NylasWebhookEvent =
  /** An event was created, changed or deleted in a connected calendar: run a calendar sync. */
  | {
      kind: 'EVENT_CHANGED';
      trigger: 'event.created' | 'event.updated' | 'event.deleted';
      grantId: string;
      eventId: string;
      calendarId: string | null;
    }
  /** A message arrived or was sent: refresh the threads of the contacts in it. */
  | { kind: 'MESSAGE_CREATED'; grantId: string; messageId: string; threadId: string | null }
  /** The grant's credentials expired: the connection needs re-authentication. */
  | { kind: 'GRANT_EXPIRED'; grantId: string }
  /** Any other trigger: nothing to do yet. */
  | { kind: 'OTHER'; trigger: string; grantId: string | null };

const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  time: z.number().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type NylasWebhookVerification =
  | { ok: true; notificationId: string; event: NylasWebhookEvent; body: unknown }
  | { ok: false; reason: 'MISSING_SIGNATURE' | 'BAD_SIGNATURE' | 'MALFORMED_BODY'; message: string };

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What a (verified) notification body asks of us; undefined for a body that is not a Nylas
 * notification, or names a trigger we act on without the ids we need. Truncated notifications
 * (`message.created.truncated`, sent when the object is over 1 MB) read as their trigger.
 */
export function parseNylasWebhook(body: unknown): NylasWebhookEvent | undefined {
  const parsed = notificationSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const trigger = parsed.data.type.replace(/\.truncated$/, '');
  const object = parsed.data.data.object;
  const grantId = text(object.grant_id);
  switch (trigger) {
    case 'event.created':
    case 'event.updated':
    case 'event.deleted': {
      const eventId = text(object.id);
      if (grantId === null || eventId === null) return undefined;
      return { kind: 'EVENT_CHANGED', trigger, grantId, eventId, calendarId: text(object.calendar_id) };
    }
    case 'message.created': {
      const messageId = text(object.id);
      if (grantId === null || messageId === null) return undefined;
      return { kind: 'MESSAGE_CREATED', grantId, messageId, threadId: text(object.thread_id) };
    }
    case 'grant.expired':
      return grantId === null ? undefined : { kind: 'GRANT_EXPIRED', grantId };
    default:
      return { kind: 'OTHER', trigger: parsed.data.type, grantId };
  }
}

/** Checks a delivery's signature, then reads it. */
export function verifyNylasWebhook(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
): NylasWebhookVerification {
  if (!signature) {
    return { ok: false, reason: 'MISSING_SIGNATURE', message: `The ${NYLAS_SIGNATURE_HEADER} header is missing` };
  }
  if (!verifyNylasSignature(rawBody, signature, secret)) {
    return { ok: false, reason: 'BAD_SIGNATURE', message: 'The signature does not match the body' };
  }
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
  } catch {
    return { ok: false, reason: 'MALFORMED_BODY', message: 'The body is not JSON' };
  }
  const event = parseNylasWebhook(body);
  const id = (body as { id?: unknown } | null)?.id;
  if (event === undefined || typeof id !== 'string') {
    return { ok: false, reason: 'MALFORMED_BODY', message: 'The body is not a Nylas notification' };
  }
  return { ok: true, notificationId: id, event, body };
}

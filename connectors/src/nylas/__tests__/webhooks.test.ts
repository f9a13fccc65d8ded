/**
 * Nylas's notifications: the signature over the raw body (good, tampered, another secret, missing),
 * the endpoint check's challenge, and what each trigger asks of us.
 */
import { describe, expect, it } from 'vitest';
import { signedNylasDelivery } from '../fake-server/webhook-signer.js';
import {
  nylasChallenge,
  nylasSignature,
  parseNylasWebhook,
  verifyNylasSignature,
  verifyNylasWebhook,
} from '../webhooks.js';

const secret = 'whsec-nylas-test';

function notification(type: string, object: Record<string, unknown>) {
  return {
    specversion: '1.0',
    type,
    source: '/google/events/realtime',
    id: 'notification-1',
    time: 1_764_334_800,
    webhook_delivery_attempt: 1,
    data: { application_id: 'app-1', object },
  };
}

const eventUpdated = notification('event.updated', {
  id: 'evt-1',
  grant_id: 'grant-1',
  calendar_id: 'cal-1',
  object: 'event',
});

describe('verifyNylasSignature', () => {
  it('accepts the HMAC-SHA256 of the raw body under the secret, as text or bytes, in either case', () => {
    const { body, headers } = signedNylasDelivery(eventUpdated, secret);
    const signature = headers['x-nylas-signature'];
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyNylasSignature(body, signature, secret)).toBe(true);
    expect(verifyNylasSignature(Buffer.from(body), signature.toUpperCase(), secret)).toBe(true);
  });

  it('refuses a tampered body, another secret, and a missing or malformed signature', () => {
    const tampered = signedNylasDelivery(eventUpdated, secret, 'tampered');
    expect(tampered.body).not.toBe(JSON.stringify(eventUpdated));
    expect(verifyNylasSignature(tampered.body, tampered.headers['x-nylas-signature'], secret)).toBe(false);

    const otherSecret = signedNylasDelivery(eventUpdated, secret, 'wrong-secret');
    expect(verifyNylasSignature(otherSecret.body, otherSecret.headers['x-nylas-signature'], secret)).toBe(false);

    const body = JSON.stringify(eventUpdated);
    expect(verifyNylasSignature(body, undefined, secret)).toBe(false);
    expect(verifyNylasSignature(body, '', secret)).toBe(false);
    expect(verifyNylasSignature(body, nylasSignature(body, secret).slice(0, 63), secret)).toBe(false);
    expect(verifyNylasSignature(body, 'z'.repeat(64), secret)).toBe(false);
  });

  it('hashes the body exactly as received: the same JSON re-serialized does not verify', () => {
    const { body, headers } = signedNylasDelivery(eventUpdated, secret);
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifyNylasSignature(reformatted, headers['x-nylas-signature'], secret)).toBe(false);
  });
});

describe('verifyNylasWebhook', () => {
  it('reads a genuine delivery', () => {
    const { body, headers } = signedNylasDelivery(eventUpdated, secret);
    expect(verifyNylasWebhook(body, headers['x-nylas-signature'], secret)).toEqual({
      ok: true,
      notificationId: 'notification-1',
      event: {
        kind: 'EVENT_CHANGED',
        trigger: 'event.updated',
        grantId: 'grant-1',
        eventId: 'evt-1',
        calendarId: 'cal-1',
      },
      body: eventUpdated,
    });
  });

  it.each([
    ['tampered', 'BAD_SIGNATURE'],
    ['wrong-secret', 'BAD_SIGNATURE'],
  ] as const)('refuses a %s delivery (%s)', (variant, reason) => {
    const { body, headers } = signedNylasDelivery(eventUpdated, secret, variant);
    expect(verifyNylasWebhook(body, headers['x-nylas-signature'], secret)).toMatchObject({ ok: false, reason });
  });

  it('refuses a delivery without a signature, and a signed body that is not a notification', () => {
    expect(verifyNylasWebhook('{}', null, secret)).toMatchObject({ ok: false, reason: 'MISSING_SIGNATURE' });
    const body = JSON.stringify({ hello: 'world' });
    expect(verifyNylasWebhook(body, nylasSignature(body, secret), secret)).toMatchObject({
      ok: false,
      reason: 'MALFORMED_BODY',
    });
    expect(verifyNylasWebhook('not json', nylasSignature('not json', secret), secret)).toMatchObject({
      ok: false,
      reason: 'MALFORMED_BODY',
    });
  });
});

describe('parseNylasWebhook', () => {
  it('reads what each trigger asks of us', () => {
    expect(parseNylasWebhook(notification('event.created', { id: 'e', grant_id: 'g', calendar_id: 'c' }))).toEqual({
      kind: 'EVENT_CHANGED',
      trigger: 'event.created',
      grantId: 'g',
      eventId: 'e',
      calendarId: 'c',
    });
    expect(parseNylasWebhook(notification('event.deleted', { id: 'e', grant_id: 'g' }))).toEqual({
      kind: 'EVENT_CHANGED',
      trigger: 'event.deleted',
      grantId: 'g',
      eventId: 'e',
      calendarId: null,
    });
    expect(
      parseNylasWebhook(notification('message.created.truncated', { id: 'm', grant_id: 'g', thread_id: 't' })),
    ).toEqual({ kind: 'MESSAGE_CREATED', grantId: 'g', messageId: 'm', threadId: 't' });
    expect(
      parseNylasWebhook(notification('grant.expired', { code: 25009, grant_id: 'g', provider: 'google' })),
    ).toEqual({ kind: 'GRANT_EXPIRED', grantId: 'g' });
    expect(parseNylasWebhook(notification('calendar.updated', { id: 'c', grant_id: 'g' }))).toEqual({
      kind: 'OTHER',
      trigger: 'calendar.updated',
      grantId: 'g',
    });
  });

  it('refuses a trigger we act on without the ids it needs', () => {
    expect(parseNylasWebhook(notification('event.updated', { grant_id: 'g' }))).toBeUndefined();
    expect(parseNylasWebhook(notification('grant.expired', { provider: 'google' }))).toBeUndefined();
    expect(parseNylasWebhook({ type: 'event.updated' })).toBeUndefined();
  });
});

describe('nylasChallenge', () => {
  it('answers the value to echo for the endpoint check', () => {
    expect(nylasChallenge({ challenge: 'abc-123' })).toBe('abc-123');
    expect(nylasChallenge({ challenge: ['first', 'second'] })).toBe('first');
    expect(nylasChallenge({ challenge: '' })).toBeNull();
    expect(nylasChallenge({})).toBeNull();
  });
});

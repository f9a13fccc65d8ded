/** Webhook verification edge cases with a stand-in key lookup (the main cases run through prism in contract.test.ts). */
import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError } from '../../core/errors.js';
import { webhookBodies } from '../fake-server/payloads.js';
import { FakeWebhookSigner } from '../fake-server/webhook-signer.js';
import { parsePlaidWebhook, PlaidWebhookVerifier, sha256Hex } from '../webhooks.js';

let signer: FakeWebhookSigner;
const body = JSON.stringify(webhookBodies.syncUpdatesAvailable('item-1'));

beforeAll(async () => {
  signer = await FakeWebhookSigner.create();
});

function verifier(key: object = signer.key, now = new Date()) {
  let lookups = 0;
  const instance = new PlaidWebhookVerifier({
    client: {
      getWebhookVerificationKey: async (kid: string) => {
        lookups += 1;
        return { ...signer.key, ...key, kid } as never;
      },
    },
    clock: () => now,
  });
  return { instance, lookups: () => lookups };
}

describe('PlaidWebhookVerifier', () => {
  it('refuses a key Plaid has expired', async () => {
    const { instance } = verifier({ expired_at: Math.floor(Date.now() / 1000) - 60 });
    const result = await instance.verify(body, await signer.sign(body));
    expect(result).toMatchObject({ ok: false, reason: 'EXPIRED_KEY' });
  });

  it('refuses unsigned and non-ES256 tokens before looking a key up', async () => {
    const { instance, lookups } = verifier();
    const unsigned = new UnsecuredJWT({ request_body_sha256: sha256Hex(body) }).setIssuedAt().encode();
    expect(await instance.verify(body, unsigned)).toMatchObject({ ok: false, reason: 'UNSUPPORTED_ALGORITHM' });
    const hmac = await new SignJWT({ request_body_sha256: sha256Hex(body) })
      .setProtectedHeader({ alg: 'HS256', kid: signer.key.kid })
      .setIssuedAt()
      .sign(new TextEncoder().encode('a shared secret of enough length!'));
    expect(await instance.verify(body, hmac)).toMatchObject({ ok: false, reason: 'UNSUPPORTED_ALGORITHM' });
    expect(await instance.verify(body, 'not.a.jwt')).toMatchObject({ ok: false, reason: 'MALFORMED_SIGNATURE' });
    expect(lookups()).toBe(0);
  });

  it('accepts an iat at the edge of five minutes and refuses one a second older or in the future', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const { instance } = verifier(signer.key, now);
    const at = (seconds: number) => signer.sign(body, { iat: Math.floor(now.getTime() / 1000) + seconds });
    expect((await instance.verify(body, await at(-300))).ok).toBe(true);
    expect(await instance.verify(body, await at(-301))).toMatchObject({ ok: false, reason: 'STALE' });
    expect(await instance.verify(body, await at(120))).toMatchObject({ ok: false, reason: 'STALE' });
  });

  it('lets a failure to reach Plaid through, so the delivery is answered 5xx and retried', async () => {
    const instance = new PlaidWebhookVerifier({
      client: {
        getWebhookVerificationKey: async () => {
          throw new ConnectorError('TEMPORARY', 'down', { code: 'INTERNAL_SERVER_ERROR', status: 500 });
        },
      },
    });
    await expect(instance.verify(body, await signer.sign(body))).rejects.toMatchObject({ classification: 'TEMPORARY' });
  });

  it('refuses a genuine signature over a body that is not a webhook', async () => {
    const { instance } = verifier();
    const notJson = 'hello';
    expect(await instance.verify(notJson, await signer.sign(notJson))).toMatchObject({
      ok: false,
      reason: 'MALFORMED_BODY',
    });
  });
});

describe('parsePlaidWebhook', () => {
  it('reads the webhooks we act on, and names the others', () => {
    expect(parsePlaidWebhook(webhookBodies.recurringTransactionsUpdate('i', ['a1', 'a2']))).toEqual({
      kind: 'RECURRING_TRANSACTIONS_UPDATE',
      itemId: 'i',
      accountIds: ['a1', 'a2'],
    });
    const itemError = parsePlaidWebhook(
      webhookBodies.itemError('i', {
        status: 500,
        error_type: 'API_ERROR',
        error_code: 'INTERNAL_SERVER_ERROR',
        error_message: 'oops',
      }),
    );
    expect(itemError).toMatchObject({ kind: 'ITEM_ERROR', error: { classification: 'TEMPORARY' } });
    expect(parsePlaidWebhook({ webhook_type: 'ITEM', webhook_code: 'PENDING_DISCONNECT', item_id: 'i' })).toEqual({
      kind: 'OTHER',
      webhookType: 'ITEM',
      webhookCode: 'PENDING_DISCONNECT',
      itemId: 'i',
    });
    expect(parsePlaidWebhook({ webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE' })).toBeUndefined();
    expect(parsePlaidWebhook([1, 2])).toBeUndefined();
  });
});

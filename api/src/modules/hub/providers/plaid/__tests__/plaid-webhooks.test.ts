/**
 * `POST /api/webhooks/plaid` over HTTP: deliveries signed by the fake Plaid, the verification key
 * fetched from the fake through prism (so that call is held to Plaid's description too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import {
  FakePlaidServer,
  startPrism,
  webhookBodies,
  type PrismProxy,
  type WebhookDeliveryVariant,
} from '@meridian/connectors/testing';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createHousehold } from '#test/support/financial-factories.js';
import { seedPlaidConnection, type SeededConnection } from '#test/support/hub-factories.js';

let fake: FakePlaidServer;
let prism: PrismProxy;
let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let household: string;
let url: string;

beforeAll(async () => {
  fake = await FakePlaidServer.start();
  prism = await startPrism({ upstream: fake.url });
  const environment = await createTestEnvironment({ PLAID_ENV: 'fake', PLAID_BASE_URL: prism.url });
  api = await startTestApi({ seedDemo: false, environment });
  url = `${api.baseUrl}/api/webhooks/plaid`;
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  household = await createHousehold(prisma, north);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
  await api?.environment.dispose();
  await prism?.stop();
  await fake?.close();
});

function connection(): Promise<SeededConnection> {
  const item = fake.createItem();
  return seedPlaidConnection(prisma, api.environment.config, {
    organizationId: north.organizationId,
    householdId: household,
    itemId: item.itemId,
    accessToken: item.accessToken,
  });
}

async function deliver(payload: unknown, variant: WebhookDeliveryVariant = 'valid') {
  const response = await fake.sendWebhook(url, payload, variant);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const runsOf = (connectionId: string) => prisma.syncRun.findMany({ where: { connectionId } });

describe('verification', () => {
  it('queues a WEBHOOK run for a genuine SYNC_UPDATES_AVAILABLE, and looks the key up once', async () => {
    const bank = await connection();
    const keyLookups = () => fake.requests.filter((request) => request.path === '/webhook_verification_key/get');
    const response = await deliver(webhookBodies.syncUpdatesAvailable(bank.itemId));
    expect(response).toEqual({ status: 200, body: { outcome: 'QUEUED' } });
    expect(await runsOf(bank.id)).toEqual([expect.objectContaining({ status: 'QUEUED', trigger: 'WEBHOOK' })]);

    // A second delivery: the same run holds the connection, and the key comes from the cache.
    const lookups = keyLookups().length;
    expect((await deliver(webhookBodies.syncUpdatesAvailable(bank.itemId))).status).toBe(200);
    expect(await runsOf(bank.id)).toHaveLength(1);
    expect(keyLookups()).toHaveLength(lookups);
  });

  it.each<[WebhookDeliveryVariant, RegExp]>([
    ['wrong-signature', /does not verify/],
    ['stale', /was issued \d+ s ago/],
    ['tampered', /body does not match/],
    ['unknown-kid', /does not know key/],
  ])('refuses a %s delivery with 401 and queues nothing', async (variant, reason) => {
    const bank = await connection();
    const response = await deliver(webhookBodies.syncUpdatesAvailable(bank.itemId), variant);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'WEBHOOK_UNVERIFIED' });
    expect(response.body.message).toMatch(reason);
    expect(await runsOf(bank.id)).toEqual([]);
  });

  it('refuses a delivery without the Plaid-Verification header', async () => {
    const bank = await connection();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookBodies.syncUpdatesAvailable(bank.itemId)),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'WEBHOOK_UNVERIFIED' });
    expect(await runsOf(bank.id)).toEqual([]);
  });
});

describe('what a webhook does', () => {
  it('queues a run for RECURRING_TRANSACTIONS_UPDATE', async () => {
    const bank = await connection();
    const response = await deliver(webhookBodies.recurringTransactionsUpdate(bank.itemId, []));
    expect(response.body).toEqual({ outcome: 'QUEUED' });
    expect(await runsOf(bank.id)).toEqual([expect.objectContaining({ trigger: 'WEBHOOK' })]);
  });

  it('ignores sync webhooks of a bank whose accounts are not placed yet: the placement queues its first run', async () => {
    const bank = await connection();
    await prisma.connection.update({ where: { id: bank.id }, data: { placementPendingSince: new Date() } });
    const response = await deliver(webhookBodies.syncUpdatesAvailable(bank.itemId));
    expect(response.body).toEqual({ outcome: 'IGNORED' });
    expect(await runsOf(bank.id)).toEqual([]);
  });

  it('marks the connection for re-authentication on ITEM_LOGIN_REQUIRED, then ignores sync webhooks', async () => {
    const bank = await connection();
    const response = await deliver(
      webhookBodies.itemError(bank.itemId, {
        status: 400,
        error_type: 'ITEM_ERROR',
        error_code: 'ITEM_LOGIN_REQUIRED',
        error_message: 'the login details of this item have changed',
      }),
    );
    expect(response.body).toEqual({ outcome: 'MARKED_FOR_REAUTH' });
    const row = await prisma.connection.findUniqueOrThrow({ where: { id: bank.id } });
    expect(row.needsReauthSince).not.toBeNull();
    expect(row.status).toBe('FAILED');
    expect(row.lastError).toContain('ITEM_LOGIN_REQUIRED');

    const sync = await deliver(webhookBodies.syncUpdatesAvailable(bank.itemId));
    expect(sync.body).toEqual({ outcome: 'IGNORED' });
    expect(await runsOf(bank.id)).toEqual([]);
  });

  it('marks the connection on PENDING_EXPIRATION', async () => {
    const bank = await connection();
    const response = await deliver({
      webhook_type: 'ITEM',
      webhook_code: 'PENDING_EXPIRATION',
      item_id: bank.itemId,
      consent_expiration_time: '2026-12-01T00:00:00Z',
      environment: 'sandbox',
    });
    expect(response.body).toEqual({ outcome: 'MARKED_FOR_REAUTH' });
    expect(await prisma.connection.findUniqueOrThrow({ where: { id: bank.id } })).toMatchObject({
      status: 'FAILED',
      needsReauthSince: expect.any(Date),
    });
  });

  it('answers 200 and ignores an unknown item (Plaid would retry anything else)', async () => {
    const before = await prisma.syncRun.count();
    const response = await deliver(webhookBodies.syncUpdatesAvailable('item-we-never-linked'));
    expect(response).toEqual({ status: 200, body: { outcome: 'IGNORED' } });
    expect(await prisma.syncRun.count()).toBe(before);
  });
});

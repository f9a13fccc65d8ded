/**
 * Stripe under the hub, over HTTP against the fake Stripe: the organization's connection (its key
 * checked with Stripe, kept sealed, never answered back nor logged), the clients the billing uses,
 * and `POST /api/webhooks/stripe` (the connection found by the event's customer, the signature
 * checked with that connection's secret, each event stored once, each delivery a WEBHOOK run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApiApp, createPrismaClient, QueueService, StripeClients, type PrismaClient } from '@meridian/api';
import {
  FAKE_STRIPE_ACCOUNT_ID,
  FakeStripeServer,
  signedDelivery,
  stripeSignatureHeader,
} from '@meridian/connectors/testing';
import { createStripeClient } from '@meridian/connectors';
import { StripeMessage, type StripeConnection } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { createTestEnvironment, startTestWorker, type TestEnvironment } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createHousehold } from '#test/support/financial-factories.js';

const WEBHOOK_SECRET = 'whsec_north_test_secret';
const SOUTH_WEBHOOK_SECRET = 'whsec_south_test_secret';

let fake: FakeStripeServer;
let api: { baseUrl: string; environment: TestEnvironment; app: NestExpressApplication };
/** Every log line the API wrote, at debug level and without the production logger's redaction. */
const logLines: string[] = [];
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northHousehold: string;
let southHousehold: string;
let asNorth: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;
let webhookUrl: string;

beforeAll(async () => {
  fake = await FakeStripeServer.start();
  const environment = await createTestEnvironment({ STRIPE_BASE_URL: fake.url });
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  const app = await createApiApp(environment.config, logger);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  api = { baseUrl: `http://127.0.0.1:${port}`, environment, app };
  webhookUrl = `${api.baseUrl}/api/webhooks/stripe`;
  prisma = createPrismaClient(environment.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  northHousehold = await createHousehold(prisma, north, 'Tremblay household');
  southHousehold = await createHousehold(prisma, south, 'Gagnon household');
  asNorth = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  asSouth = apiAs(api.baseUrl, await login(api.baseUrl, south.email, south.password));
});
afterAll(async () => {
  if (process.env.STRIPE_TEST_LOGS) console.log(logLines.filter((line) => line.includes('rror')).join('\n'));
  await prisma?.$disconnect();
  await api?.app.close();
  await api?.environment.dispose();
  await fake?.close();
});

const sdk = () => createStripeClient({ secretKey: fake.secretKey, baseUrl: fake.url, maxNetworkRetries: 0 });

async function connectNorth(): Promise<string> {
  const response = await asNorth<StripeConnection>('POST', '/api/stripe/connection', {
    secretKey: fake.secretKey,
    webhookSecret: WEBHOOK_SECRET,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.connection!.id;
}

/** A customer at the fake Stripe that `organization`'s billing knows, on its connection. */
async function billedCustomer(organizationId: string, connectionId: string, householdId: string): Promise<string> {
  const customer = await sdk().customers.create({ name: 'Billed household' });
  await prisma.billingCustomer.create({
    data: { organizationId, connectionId, householdId, externalCustomerId: customer.id },
  });
  return customer.id;
}

let eventCounter = 0;
function invoicePaid(customerId: string, extra: Record<string, unknown> = {}) {
  eventCounter += 1;
  return {
    id: `evt_test_${Date.now()}_${eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `in_test_${eventCounter}`, object: 'invoice', customer: customerId, status: 'paid' } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'invoice.paid',
    ...extra,
  };
}

async function post(body: string, headers: Record<string, string>) {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function deliver(event: unknown, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  const delivery = signedDelivery(event, secret, timestamp);
  return post(delivery.body, delivery.headers);
}

const eventsOf = (connectionId: string) => prisma.providerEvent.findMany({ where: { connectionId } });
const runsOf = (connectionId: string) =>
  prisma.syncRun.findMany({ where: { connectionId }, orderBy: { queuedAt: 'asc' } });

describe('the Stripe connection', () => {
  it('is absent at first, and refuses a key Stripe refuses with 422 and Stripe’s reason, storing nothing', async () => {
    expect((await asNorth('GET', '/api/stripe/connection')).body).toEqual({ connected: false, connection: null });
    const refused = await asNorth('POST', '/api/stripe/connection', {
      secretKey: 'sk_test_not_this_one',
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Stripe refused this secret key: .*API key/i);
    expect(await prisma.connection.count({ where: { organizationId: north.organizationId, service: 'STRIPE' } })).toBe(
      0,
    );
  });

  it('refuses malformed keys with the field’s message', async () => {
    const response = await asNorth('POST', '/api/stripe/connection', { secretKey: 'pk_test_x', webhookSecret: '' });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        { path: 'secretKey', message: StripeMessage.secretKey },
        { path: 'webhookSecret', message: StripeMessage.webhookSecret },
      ]),
    );
  });

  it('connects with a key Stripe accepts: sealed, never answered back nor logged; a second is 409', async () => {
    const connectionId = await connectNorth();
    const read = await asNorth<StripeConnection>('GET', '/api/stripe/connection');
    expect(read.body).toEqual({
      connected: true,
      connection: expect.objectContaining({
        id: connectionId,
        status: 'SUCCESS',
        accountId: FAKE_STRIPE_ACCOUNT_ID,
        displayName: 'Meridian (fake Stripe)',
        lastEventAt: null,
      }),
    });
    const row = await prisma.connection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.externalAccountId).toBe(FAKE_STRIPE_ACCOUNT_ID);
    const sealed = Buffer.from(row.credentialsCiphertext!).toString('latin1');
    for (const secret of [fake.secretKey, WEBHOOK_SECRET]) {
      expect(sealed).not.toContain(secret);
      expect(JSON.stringify(read.body)).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain(secret);
    }
    const again = await asNorth('POST', '/api/stripe/connection', {
      secretKey: fake.secretKey,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(StripeMessage.alreadyConnected);
    // The audit entry names the account, never the keys.
    const audit = await prisma.auditLog.findMany({ where: { entityId: connectionId } });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(fake.secretKey);
  });

  it('gives the billing an SDK client of the connection, and the organization’s active connection', async () => {
    const clients = api.app.get(StripeClients);
    const { id } = (await clients.activeConnection(north.organizationId))!;
    const stripe = await clients.forConnection(north.organizationId, id);
    const customer = await stripe.customers.create({ name: 'Through the connection' });
    expect(fake.billing.customers.has(customer.id)).toBe(true);
    // Another organization has no Stripe, and cannot reach North's connection by its id.
    expect(await clients.activeConnection(south.organizationId)).toBeNull();
    await expect(clients.forConnection(south.organizationId, id)).rejects.toThrow(StripeMessage.notConnected);
  });

  it('gives the worker the same clients (through SyncModule, which re-exports the providers)', async () => {
    const worker = await startTestWorker(api.environment);
    try {
      const clients = worker.context.get(StripeClients, { strict: false });
      const { id } = (await clients.activeConnection(north.organizationId))!;
      const stripe = await clients.forConnection(north.organizationId, id);
      expect((await stripe.accounts.retrieveCurrent()).id).toBe(FAKE_STRIPE_ACCOUNT_ID);
    } finally {
      await worker.close();
    }
  });

  it('is managed by administrators only (HUB_MANAGE)', async () => {
    const advisor = await addUser(prisma, north, 'ADVISOR');
    const asAdvisor = apiAs(api.baseUrl, await login(api.baseUrl, advisor.email, advisor.password));
    expect((await asAdvisor('GET', '/api/stripe/connection')).status).toBe(403);
    expect((await asAdvisor('DELETE', '/api/stripe/connection')).status).toBe(403);
  });
});

describe('POST /api/webhooks/stripe', () => {
  let connectionId: string;
  let customerId: string;

  beforeAll(async () => {
    connectionId = (await api.app.get(StripeClients).activeConnection(north.organizationId))!.id;
    customerId = await billedCustomer(north.organizationId, connectionId, northHousehold);
  });

  it('stores a verified event once, as a WEBHOOK run; a replay answers 200 and changes nothing', async () => {
    const event = invoicePaid(customerId);
    expect(await deliver(event)).toEqual({ status: 200, body: { outcome: 'STORED' } });
    const [stored] = await eventsOf(connectionId);
    expect(stored).toMatchObject({
      organizationId: north.organizationId,
      externalEventId: event.id,
      type: 'invoice.paid',
      appliedAt: null,
    });
    expect(stored!.payload).toMatchObject({ id: event.id, data: { object: { customer: customerId } } });
    expect(await runsOf(connectionId)).toEqual([
      expect.objectContaining({ trigger: 'WEBHOOK', status: 'SUCCEEDED', createdCount: 1 }),
    ]);
    // Handed to the billing's job, by the event's id.
    const job = await api.app
      .get(QueueService)
      .queue('billing')
      .getJob(`billing.apply-provider-event-${connectionId}-${event.id}`);
    expect(job?.data).toEqual({ organizationId: north.organizationId, connectionId, externalEventId: event.id });

    expect(await deliver(event)).toEqual({ status: 200, body: { outcome: 'DUPLICATE' } });
    expect(await eventsOf(connectionId)).toHaveLength(1);
    expect(await runsOf(connectionId)).toHaveLength(1);

    const read = await asNorth<StripeConnection>('GET', '/api/stripe/connection');
    expect(read.body.connection).toMatchObject({ lastEventType: 'invoice.paid', lastEventAt: expect.any(String) });
  });

  it('accepts a header with two v1 signatures when one of them is right', async () => {
    const event = invoicePaid(customerId);
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const wrong = stripeSignatureHeader(body, 'whsec_someone_else', t).split(',v1=')[1]!;
    const right = stripeSignatureHeader(body, WEBHOOK_SECRET, t).split(',v1=')[1]!;
    const response = await post(body, { 'stripe-signature': `t=${t},v1=${wrong},v1=${right}` });
    expect(response).toEqual({ status: 200, body: { outcome: 'STORED' } });
  });

  it.each([
    ['a wrong secret', () => deliver(invoicePaid(customerId), 'whsec_wrong'), /No signatures found matching/],
    [
      'a tampered body',
      () => {
        const delivery = signedDelivery(invoicePaid(customerId), WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
        return post(delivery.body.replace('"paid"', '"void"'), delivery.headers);
      },
      /No signatures found matching/,
    ],
    [
      'a timestamp over 5 minutes old',
      () => deliver(invoicePaid(customerId), WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301),
      /Timestamp outside the tolerance zone/,
    ],
    ['no signature', () => post(JSON.stringify(invoicePaid(customerId)), {}), /no Stripe-Signature header/],
    ['an unreadable signature', () => post(JSON.stringify(invoicePaid(customerId)), { 'stripe-signature': 'x' }), /./],
  ])('refuses %s with 400 and stores nothing', async (_, send, reason) => {
    const events = (await eventsOf(connectionId)).length;
    const runs = (await runsOf(connectionId)).length;
    const response = await send();
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(new RegExp(`^${StripeMessage.webhookUnverified}: `));
    expect(response.body.message).toMatch(reason);
    expect(await eventsOf(connectionId)).toHaveLength(events);
    expect(await runsOf(connectionId)).toHaveLength(runs);
  });

  it('refuses an unknown customer, a body that is no event, and another organization’s secret', async () => {
    const unknown = await deliver(invoicePaid('cus_nobody_knows'));
    expect(unknown).toEqual({
      status: 400,
      body: expect.objectContaining({ message: StripeMessage.webhookUnknownConnection }),
    });
    const notAnEvent = await post('{"hello":', { 'stripe-signature': 't=1,v1=00' });
    expect(notAnEvent).toEqual({
      status: 400,
      body: expect.objectContaining({ message: StripeMessage.webhookUnreadable }),
    });

    // South connects its own endpoint secret; signing North's customer's event with it proves nothing.
    const connected = await asSouth('POST', '/api/stripe/connection', {
      secretKey: fake.secretKey,
      webhookSecret: SOUTH_WEBHOOK_SECRET,
    });
    expect(connected.status).toBe(201);
    const forged = await deliver(invoicePaid(customerId), SOUTH_WEBHOOK_SECRET);
    expect(forged.status).toBe(400);
    const southConnection = (connected.body as StripeConnection).connection!.id;
    const southCustomer = await billedCustomer(south.organizationId, southConnection, southHousehold);
    expect((await deliver(invoicePaid(southCustomer), SOUTH_WEBHOOK_SECRET)).status).toBe(200);
    expect(await prisma.providerEvent.count({ where: { organizationId: south.organizationId } })).toBe(1);
  });

  it('receives the fake Stripe’s own signed deliveries, by the customer or the event’s account', async () => {
    fake.setWebhookEndpoint({ url: webhookUrl, secret: WEBHOOK_SECRET });
    try {
      const stripe = sdk();
      await stripe.customers.update(customerId, { name: 'Renamed household' });
      await fake.webhooksSettled();
      const delivered = fake.webhookDeliveries.filter((delivery) => delivery.type === 'customer.updated');
      expect(delivered.at(-1)).toMatchObject({ status: 200 });
      // A customer the billing has not recorded yet (customer.created comes before the row): 400, Stripe retries.
      await stripe.customers.create({ name: 'Not billed yet' });
      await fake.webhooksSettled();
      expect(fake.webhookDeliveries.at(-1)).toMatchObject({ type: 'customer.created', status: 400 });
    } finally {
      fake.setWebhookEndpoint(null);
    }
    // A Connect-style event names the account: North's connection is found by it.
    const byAccount = await deliver(invoicePaid('cus_unrecorded', { account: FAKE_STRIPE_ACCOUNT_ID }));
    // Both North and South connected the fake's one account: North's secret picks North's.
    expect(byAccount).toEqual({ status: 200, body: { outcome: 'STORED' } });
  });

  it('after a disconnect, refuses deliveries; connecting again brings the same connection back', async () => {
    expect((await asNorth('DELETE', '/api/stripe/connection')).status).toBe(204);
    expect((await asNorth('GET', '/api/stripe/connection')).body).toEqual({ connected: false, connection: null });
    expect((await asNorth('DELETE', '/api/stripe/connection')).status).toBe(404);
    expect(await api.app.get(StripeClients).activeConnection(north.organizationId)).toBeNull();
    expect((await deliver(invoicePaid(customerId))).status).toBe(400);
    // Its received events stay with it.
    expect((await eventsOf(connectionId)).length).toBeGreaterThan(0);
    expect(await connectNorth()).toBe(connectionId);
  });
});

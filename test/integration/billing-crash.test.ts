/**
 * Billing bills once (issue #25): the worker, a real child process, is killed with SIGKILL while it
 * creates a service's Stripe objects, right after Stripe has made the subscription and before the
 * worker has heard back (the fake's answer is held at a proxy). A new worker process takes the
 * stalled job over and finishes from what is recorded and the idempotency keys: the fake Stripe
 * ends with one customer, one invoice (the one-time fee's) and one subscription.
 */
import { randomBytes } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, CredentialVault, type PrismaClient } from '@meridian/api';
import { FakeStripeServer } from '@meridian/connectors/testing';
import { EntityType, jobIdFor, newId } from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '../support/app.js';
import { createOrganization } from '../support/factories.js';
import { createHousehold } from '../support/crm-factories.js';
import { waitFor } from '../support/wait.js';
import { WorkerProcesses } from '../support/worker-process.js';

let fake: FakeStripeServer;
let proxy: Server;
let environment: TestEnvironment;
let prisma: PrismaClient;
let queue: Queue;
let settings: Record<string, string>;
const workers = new WorkerProcesses(() => settings);
/** Answers held at the proxy (the subscription's): the worker never hears them. */
const held: ServerResponse[] = [];
let holdSubscriptions = true;

/** Forwards every request to the fake Stripe; while `holdSubscriptions`, a subscription's answer is kept back. */
function forward(incoming: IncomingMessage, outgoing: ServerResponse) {
  const target = new URL(fake.url);
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      const hold = holdSubscriptions && incoming.method === 'POST' && incoming.url === '/v1/subscriptions';
      if (hold) {
        answer.resume();
        held.push(outgoing);
        return;
      }
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', () => outgoing.destroy());
  incoming.pipe(upstream);
}

beforeAll(async () => {
  fake = await FakeStripeServer.start();
  proxy = createServer(forward);
  await new Promise<void>((resolveListen) => proxy.listen(0, '127.0.0.1', resolveListen));
  const overrides = {
    STRIPE_BASE_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    CREDENTIALS_KEYS: `crash:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
  };
  environment = await createTestEnvironment(overrides);
  settings = {
    ...overrides,
    NODE_ENV: 'test',
    DATABASE_URL: environment.databaseUrl,
    REDIS_URL: environment.config.REDIS_URL,
    QUEUE_PREFIX: environment.config.QUEUE_PREFIX,
    MAIL_FILE_DIR: environment.mailDir,
  };
  prisma = createPrismaClient(environment.databaseUrl);
  queue = new Queue('billing', {
    connection: { url: environment.config.REDIS_URL },
    prefix: environment.config.QUEUE_PREFIX,
  });
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  for (const answer of held) answer.destroy();
  await queue?.close();
  await prisma?.$disconnect();
  await environment?.dispose();
  await new Promise((resolveClose) => proxy?.close(resolveClose));
  await fake?.close();
});

/** A PENDING service of an accepted offer (a one-time fee and a monthly payment), on a Stripe connection. */
async function pendingService(): Promise<{ organizationId: string; serviceId: string }> {
  const firm = await createOrganization(prisma, { name: 'Crash Wealth', role: 'ADMIN' });
  const org = { organizationId: firm.organizationId };
  const householdId = await createHousehold(prisma, firm, { name: 'Bouchard household' });
  const connectionId = newId(EntityType.connection);
  const sealed = new CredentialVault(environment.config).seal(connectionId, {
    secretKey: fake.secretKey,
    webhookSecret: 'whsec_crash',
  });
  await prisma.connection.create({
    data: {
      ...org,
      id: connectionId,
      service: 'STRIPE',
      status: 'SUCCESS',
      credentialsCiphertext: sealed.ciphertext,
      credentialsKeyId: sealed.keyId,
    },
  });
  const opportunityId = newId(EntityType.opportunity);
  await prisma.opportunity.create({ data: { ...org, id: opportunityId, teamId: firm.teamId, householdId } });
  const proposalId = newId(EntityType.proposal);
  await prisma.proposal.create({
    data: { ...org, id: proposalId, teamId: firm.teamId, opportunityId, status: 'ACCEPTED', acceptedAt: new Date() },
  });
  const offerId = newId(EntityType.offer);
  await prisma.offer.create({
    data: {
      ...org,
      id: offerId,
      proposalId,
      billingStartType: 'ON_START',
      pricingType: 'RECURRING_PAYMENT',
      paymentMethod: 'PAYMENT_PROVIDER',
      oneTimeFeeAmount: '1500',
      oneTimeFeeAmountCurrency: 'CAD',
      oneTimeFeeIsUpfront: true,
      recurringAmount: '250',
      recurringAmountCurrency: 'CAD',
      recurringFrequency: 'MONTHLY',
    },
  });
  const serviceId = newId(EntityType.householdService);
  await prisma.householdService.create({
    data: {
      ...org,
      id: serviceId,
      teamId: firm.teamId,
      householdId,
      proposalId,
      offerId,
      name: 'Ongoing advice',
      category: 'FINANCIAL_PLANNING',
      type: 'ONGOING_SERVICE',
      paymentSource: 'PAYMENT_PROVIDER',
      billingStartType: 'ON_START',
      billingStatus: 'PENDING',
      connectionId,
      acceptedAt: new Date(),
    },
  });
  return { organizationId: firm.organizationId, serviceId };
}

describe('a worker killed while it sets a service up in Stripe', () => {
  it('is taken over by a new worker process, which bills once: one customer, one invoice, one subscription', async () => {
    const { organizationId, serviceId } = await pendingService();
    const payload = { organizationId, householdServiceId: serviceId };
    await queue.add('billing.set-up-service', payload, {
      jobId: jobIdFor('billing.set-up-service', payload),
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
    });

    const first = workers.start('worker-1');
    await waitFor(
      'worker-1 to have Stripe make the subscription',
      async () => {
        if (first.exitCode !== null) throw new Error(`worker-1 exited early\n${workers.output.join('\n')}`);
        return held.length > 0;
      },
      180_000,
    );
    await workers.killNow(first);
    // Stripe made the subscription; the dead worker never recorded it.
    expect(fake.billing.subscriptions.size).toBe(1);
    const atKill = await prisma.householdService.findUniqueOrThrow({ where: { id: serviceId } });
    expect(atKill).toMatchObject({ billingStatus: 'PENDING', externalSubscriptionId: null });
    holdSubscriptions = false;
    for (const answer of held) answer.destroy();

    workers.start('worker-2');
    const done = await waitFor(
      'the service to be set up by the new worker',
      async () => {
        const service = await prisma.householdService.findUniqueOrThrow({ where: { id: serviceId } });
        if (service.billingStatus === 'FAILED')
          throw new Error(`set-up failed: ${service.billingError}\n${workers.output.join('\n')}`);
        return service.billingStatus === 'ACTIVE' ? service : undefined;
      },
      180_000,
    );

    expect(fake.billing.customers.size).toBe(1);
    expect([...fake.billing.invoices.values()].filter((invoice) => invoice.subscription === null)).toHaveLength(1);
    expect(fake.billing.subscriptions.size).toBe(1);
    expect(done.externalSubscriptionId).toBe([...fake.billing.subscriptions.keys()][0]);
    const invoices = await prisma.billingInvoice.findMany({
      where: { householdServiceId: serviceId },
      orderBy: { kind: 'asc' },
    });
    expect(invoices.map((invoice) => [invoice.kind, invoice.amount.toFixed(2)])).toEqual([
      ['ONE_TIME_FEE', '1500.00'],
      ['RECURRING_PAYMENT', '250.00'],
    ]);
  }, 420_000);
});

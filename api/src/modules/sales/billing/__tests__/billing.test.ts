/**
 * Billing through the fake Stripe: an accepted proposal's offers become services; the set-up job
 * creates one customer, the one-time fee's invoice and the recurring payment's subscription, and a
 * rerun (or a run that failed in the middle) creates nothing twice; Stripe's refusals fail the
 * service with a sentence; provider events mark invoices paid or failed, once; the AUM job bills
 * each ended quarter once; the household's billing route and the retry route.
 */
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AumInvoicingService,
  BillingSetUpService,
  createApiApp,
  createLogger,
  createPrismaClient,
  CredentialVault,
  ProviderEventsApplier,
  type PrismaClient,
} from '@meridian/api';
import { FakeStripeServer } from '@meridian/connectors/testing';
import {
  BillingMessage,
  EntityType,
  newId,
  type HouseholdBillingResponse,
  type OfferingResponse,
  type OpportunityResponse,
  type ProposalResponse,
} from '@meridian/domain';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createFinancialHousehold, createRecord } from '#test/support/financial-factories.js';
import { login } from '#test/support/http.js';

let fake: FakeStripeServer;
let stripe: Stripe;
let environment: TestEnvironment;
let app: INestApplication;
let baseUrl: string;
let prisma: PrismaClient;
let firm: CreatedOrganization;
let token: string;
let asAdmin: ReturnType<typeof apiAs>;
let planId: string;
let connectionId: string;

beforeAll(async () => {
  fake = await FakeStripeServer.start();
  stripe = new Stripe(fake.secretKey, { ...fake.sdkConfig, maxNetworkRetries: 0 });
  environment = await createTestEnvironment({ STRIPE_BASE_URL: fake.url });
  app = await createApiApp(environment.config, createLogger(environment.config.LOG_LEVEL));
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  prisma = createPrismaClient(environment.databaseUrl);
  firm = await createOrganization(prisma, { name: 'Billing Wealth', role: 'ADMIN' });
  token = await login(baseUrl, firm.email, firm.password);
  asAdmin = apiAs(baseUrl, token);
  const offering = await asAdmin<OfferingResponse>('POST', '/api/offerings', {
    name: 'Financial plan',
    description: 'A plan',
    category: 'FINANCIAL_PLANNING',
    type: 'ONGOING_SERVICE',
  });
  planId = offering.body.id;
  connectionId = await seedStripeConnection(fake.secretKey);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await app?.close();
  await environment?.dispose();
  await fake?.close();
});

beforeEach(() => {
  fake.clearFaults();
});

/** The firm's Stripe connection, its key sealed as the API seals it. */
async function seedStripeConnection(secretKey: string, status: 'SUCCESS' | 'CANCELLED' = 'SUCCESS'): Promise<string> {
  const id = newId(EntityType.connection);
  const sealed = new CredentialVault(environment.config).seal(id, { secretKey, webhookSecret: 'whsec_test' });
  await prisma.connection.create({
    data: {
      id,
      organizationId: firm.organizationId,
      service: 'STRIPE',
      status,
      displayName: 'Stripe',
      credentialsCiphertext: sealed.ciphertext,
      credentialsKeyId: sealed.keyId,
    },
  });
  return id;
}

const oneTimeAndMonthly = {
  billingStartType: 'ON_START',
  offerings: [] as string[],
  pricingPlan: {
    type: 'RECURRING_PAYMENT',
    paymentMethod: 'PAYMENT_PROVIDER',
    recurringPayment: { amount: { currency: 'CAD', value: 100.1 }, frequency: { common: 'MONTHLY', duration: 12 } },
    oneTimeFee: { amount: { currency: 'CAD', value: 2500 }, isUpfront: true },
  },
};

/** A new household with an accepted proposal of `offers`; its services' ids, in offer order. */
async function accepted(
  offers: unknown[],
  name = 'Tremblay household',
  options: { providerPaid?: boolean } = {},
): Promise<{ householdId: string; serviceIds: string[] }> {
  const { householdId } = await createFinancialHousehold(prisma, firm, name);
  const opportunity = await asAdmin<OpportunityResponse>('POST', '/api/opportunitys', { householdId });
  for (const step of ['initiate-discovery', 'initiate-proposal']) {
    expect((await asAdmin('PATCH', `/api/opportunitys/${opportunity.body.id}/${step}`, {})).status).toBe(200);
  }
  const proposal = await asAdmin<ProposalResponse>('POST', '/api/proposals', { opportunityId: opportunity.body.id });
  for (const offer of offers) {
    const added = await asAdmin('PATCH', `/api/proposals/${proposal.body.id}/offers`, { offer });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  // crm §5 has an AUM fee billed from the custodian: a test of the provider's AUM billing turns it over.
  if (options.providerPaid) {
    await prisma.offer.updateMany({
      where: { proposalId: proposal.body.id },
      data: { paymentMethod: 'PAYMENT_PROVIDER' },
    });
  }
  // Sending (e-mails to recipients) is the proposals' own test; accepted here as if sent.
  await prisma.proposal.update({ where: { id: proposal.body.id }, data: { status: 'SENT', sentAt: new Date() } });
  const accept = await asAdmin('PATCH', `/api/proposals/${proposal.body.id}/accept`, {});
  expect(accept.status, JSON.stringify(accept.body)).toBe(200);
  const services = await prisma.householdService.findMany({
    where: { proposalId: proposal.body.id },
    orderBy: { offer: { position: 'asc' } },
  });
  return { householdId, serviceIds: services.map((service) => service.id) };
}

const setUp = (serviceId: string, isFinalAttempt = true) =>
  app.get(BillingSetUpService).setUp(firm.organizationId, serviceId, { isFinalAttempt });
const service = (id: string) => prisma.householdService.findUniqueOrThrow({ where: { id } });
const creates = (path: string) => fake.requests.filter((request) => request.method === 'POST' && request.path === path);
/** The Stripe objects of a customer: its manual invoices (not a subscription's) and subscriptions. */
function objectsOf(customerId: string) {
  const invoices = [...fake.billing.invoices.values()].filter((invoice) => invoice.customer === customerId);
  return {
    manualInvoices: invoices.filter((invoice) => invoice.subscription === null),
    subscriptions: [...fake.billing.subscriptions.values()].filter((sub) => sub.customer === customerId),
  };
}

describe('acceptance', () => {
  it('makes one service per offer: PENDING on the Stripe connection when paid through the provider, else not billed here', async () => {
    const manual = {
      ...oneTimeAndMonthly,
      offerings: [planId],
      pricingPlan: { ...oneTimeAndMonthly.pricingPlan, paymentMethod: 'MANUAL' },
    };
    const { serviceIds } = await accepted([{ ...oneTimeAndMonthly, offerings: [planId] }, manual]);
    expect(serviceIds).toHaveLength(2);
    const [billed, notBilled] = await Promise.all(serviceIds.map(service));
    expect(billed).toMatchObject({
      name: 'Financial plan',
      billingStatus: 'PENDING',
      connectionId,
      paymentSource: 'PAYMENT_PROVIDER',
    });
    expect(notBilled).toMatchObject({ billingStatus: 'NOT_BILLED_HERE', connectionId: null, paymentSource: 'MANUAL' });
  });
});

describe('set-up', () => {
  it('creates one customer, the one-time fee invoice and the subscription, records them, and is ACTIVE; a rerun creates nothing', async () => {
    const { householdId, serviceIds } = await accepted(
      [{ ...oneTimeAndMonthly, offerings: [planId] }],
      'Set-up household',
    );
    const [id] = serviceIds as [string];
    await setUp(id);
    const done = await service(id);
    expect(done).toMatchObject({ billingStatus: 'ACTIVE', billingError: null });
    expect(done.externalSubscriptionId).toMatch(/^sub_/);
    expect(done.nextChargeAt!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const customer = await prisma.billingCustomer.findFirstOrThrow({ where: { householdId } });
    const objects = objectsOf(customer.externalCustomerId);
    expect(objects.manualInvoices).toHaveLength(1);
    expect(objects.subscriptions).toHaveLength(1);
    expect(fake.billing.invoicePayload(objects.manualInvoices[0]!.id)).toMatchObject({
      status: 'open',
      total: 250_000,
      currency: 'cad',
    });
    const price = fake.billing.prices.get(objects.subscriptions[0]!.items[0]!.price)!;
    expect(price).toMatchObject({ unitAmount: 10_010, recurring: { interval: 'month', intervalCount: 1 } });

    const invoices = await prisma.billingInvoice.findMany({
      where: { householdServiceId: id },
      orderBy: { kind: 'asc' },
    });
    expect(invoices.map((invoice) => [invoice.kind, invoice.status, invoice.amount.toFixed(2)])).toEqual([
      ['ONE_TIME_FEE', 'OPEN', '2500.00'],
      ['RECURRING_PAYMENT', 'PAID', '100.10'],
    ]);

    // Run again from PENDING: everything is found recorded.
    const before = fake.requests.length;
    await prisma.householdService.update({ where: { id }, data: { billingStatus: 'PENDING' } });
    await setUp(id);
    expect(await service(id)).toMatchObject({ billingStatus: 'ACTIVE' });
    const again = objectsOf(customer.externalCustomerId);
    expect(again.manualInvoices).toHaveLength(1);
    expect(again.subscriptions).toHaveLength(1);
    expect(fake.requests.slice(before).filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('after a failure in the middle (Stripe down at the subscription), a rerun finishes without creating anything twice', async () => {
    const { householdId, serviceIds } = await accepted(
      [{ ...oneTimeAndMonthly, offerings: [planId] }],
      'Interrupted household',
    );
    const [id] = serviceIds as [string];
    fake.injectFault({ mode: 'server-error' }, { path: '/v1/subscriptions', method: 'POST', times: 100 });
    await expect(setUp(id, false)).rejects.toThrow();
    expect(await service(id)).toMatchObject({ billingStatus: 'PENDING', externalSubscriptionId: null });
    const customer = await prisma.billingCustomer.findFirstOrThrow({ where: { householdId } });
    expect(objectsOf(customer.externalCustomerId).manualInvoices).toHaveLength(1);
    fake.clearFaults();
    const customersBefore = fake.billing.customers.size;
    await setUp(id);
    expect(await service(id)).toMatchObject({ billingStatus: 'ACTIVE' });
    expect(fake.billing.customers.size).toBe(customersBefore);
    const objects = objectsOf(customer.externalCustomerId);
    expect(objects.manualInvoices).toHaveLength(1);
    expect(objects.subscriptions).toHaveLength(1);
  });

  it('answers a 5xx on the last attempt, and a refusal at once, with FAILED and a sentence', async () => {
    const { serviceIds } = await accepted([{ ...oneTimeAndMonthly, offerings: [planId] }], 'Refused household');
    const [id] = serviceIds as [string];
    fake.injectFault({ mode: 'server-error' }, { path: '/v1/customers', method: 'POST', times: 100 });
    await setUp(id, true);
    expect(await service(id)).toMatchObject({ billingStatus: 'FAILED', billingError: BillingMessage.unreachable });
    fake.clearFaults();

    const semiMonthly = {
      ...oneTimeAndMonthly,
      offerings: [planId],
      pricingPlan: {
        ...oneTimeAndMonthly.pricingPlan,
        recurringPayment: { amount: { currency: 'CAD', value: 50 }, frequency: { common: 'SEMI_MONTHLY' } },
      },
    };
    const other = await accepted([semiMonthly], 'Twice-a-month household');
    await setUp(other.serviceIds[0]!);
    expect(await service(other.serviceIds[0]!)).toMatchObject({
      billingStatus: 'FAILED',
      billingError: BillingMessage.frequencyNotBillable('semi-monthly'),
    });
  });
});

describe('provider events', () => {
  it('marks the invoice paid once; a failed payment makes the service past due', async () => {
    const { householdId, serviceIds } = await accepted(
      [{ ...oneTimeAndMonthly, offerings: [planId] }],
      'Paying household',
    );
    const [id] = serviceIds as [string];
    await setUp(id);
    const oneTime = await prisma.billingInvoice.findFirstOrThrow({
      where: { householdServiceId: id, kind: 'ONE_TIME_FEE' },
    });
    await stripe.invoices.pay(oneTime.externalInvoiceId!);
    const paidEvent = fake.billing.events.find(
      (event) =>
        event.type === 'invoice.paid' && (event.data.object as { id: string }).id === oneTime.externalInvoiceId,
    )!;
    await prisma.providerEvent.create({
      data: {
        organizationId: firm.organizationId,
        connectionId,
        externalEventId: paidEvent.id,
        type: paidEvent.type,
        payload: JSON.parse(JSON.stringify(paidEvent)),
      },
    });
    const applier = app.get(ProviderEventsApplier);
    await applier.apply(firm.organizationId, connectionId, paidEvent.id);
    const paid = await prisma.billingInvoice.findUniqueOrThrow({ where: { id: oneTime.id } });
    expect(paid.status).toBe('PAID');
    expect(paid.paidAt).not.toBeNull();
    const event = await prisma.providerEvent.findFirstOrThrow({ where: { externalEventId: paidEvent.id } });
    expect(event.appliedAt).not.toBeNull();
    await applier.apply(firm.organizationId, connectionId, paidEvent.id);
    expect(await prisma.billingInvoice.findUniqueOrThrow({ where: { id: oneTime.id } })).toEqual(paid);

    // A payment that fails: the subscription's invoice (unknown yet) is recorded, failed; the service past due.
    const sub = (await service(id)).externalSubscriptionId!;
    const failedId = `evt_failed_${id.slice(-8)}`;
    await prisma.providerEvent.create({
      data: {
        organizationId: firm.organizationId,
        connectionId,
        externalEventId: failedId,
        type: 'invoice.payment_failed',
        payload: {
          id: failedId,
          object: 'event',
          type: 'invoice.payment_failed',
          data: {
            object: {
              id: `in_renewal_${id.slice(-8)}`,
              object: 'invoice',
              status: 'open',
              currency: 'cad',
              total: 10_010,
              hosted_invoice_url: null,
              status_transitions: { paid_at: null },
              parent: { type: 'subscription_details', subscription_details: { subscription: sub } },
              lines: { data: [{ period: { start: 1_800_000_000, end: 1_802_592_000 } }] },
            },
          },
        },
      },
    });
    await applier.apply(firm.organizationId, connectionId, failedId);
    expect(await service(id)).toMatchObject({ billingStatus: 'PAST_DUE' });
    const renewal = await prisma.billingInvoice.findFirstOrThrow({
      where: { externalInvoiceId: `in_renewal_${id.slice(-8)}` },
    });
    expect(renewal).toMatchObject({ kind: 'RECURRING_PAYMENT', status: 'PAYMENT_FAILED' });

    const billing = await asAdmin<HouseholdBillingResponse>('GET', `/api/households/${householdId}/billing`);
    expect(billing.status).toBe(200);
    const [shown] = billing.body.services;
    expect(shown).toMatchObject({ billingStatus: 'PAST_DUE', billingStatusLabel: 'Payment failed', canRetry: false });
    expect(shown!.invoices.find((invoice) => invoice.kind === 'ONE_TIME_FEE')).toMatchObject({
      status: 'PAID',
      statusLabel: 'Paid',
      kindLabel: 'One-time fee',
      amount: '2500.00',
      currency: 'CAD',
    });
  });
});

describe('AUM fee', () => {
  it('invoices each ended quarter once, on the investable assets, a quarter of the marginal annual fee', async () => {
    const aum = {
      billingStartType: 'CUSTOM_DATE',
      billingStartDate: '2027-01-01',
      offerings: [planId],
      pricingPlan: {
        type: 'AUM_FEE',
        paymentMethod: 'BILLED_FROM_CUSTODIAN',
        aumFee: {
          feeRubric: {
            tiers: [
              { breakpoint: 1_000_000, fee: 1 },
              { breakpoint: 5_000_000, fee: 0.5 },
            ],
          },
        },
      },
    };
    const { householdId, serviceIds } = await accepted([aum], 'AUM household', { providerPaid: true });
    const [id] = serviceIds as [string];
    await createRecord(baseUrl, token, {
      type: 'INVESTMENT_ACCOUNT',
      householdId,
      accountType: 'TFSA',
      marketValue: { currency: 'CAD', value: 1_200_000 },
    });
    await setUp(id);
    const ready = await service(id);
    expect(ready.billingStatus).toBe('ACTIVE');
    expect(ready.nextChargeAt?.toISOString()).toBe('2027-04-01T00:00:00.000Z');

    const invoicing = app.get(AumInvoicingService);
    await invoicing.run('2027-03-31');
    expect(await prisma.billingInvoice.count({ where: { householdServiceId: id } })).toBe(0);
    await invoicing.run('2027-07-02');
    await invoicing.run('2027-07-02');
    const invoices = await prisma.billingInvoice.findMany({
      where: { householdServiceId: id },
      orderBy: { periodEnd: 'asc' },
    });
    // 1% of 1,000,000 plus 0.5% of 200,000 = 11,000 a year; 2,750 a quarter.
    expect(
      invoices.map((invoice) => [
        invoice.periodEnd?.toISOString().slice(0, 10),
        invoice.amount.toFixed(2),
        invoice.status,
      ]),
    ).toEqual([
      ['2027-03-31', '2750.00', 'OPEN'],
      ['2027-06-30', '2750.00', 'OPEN'],
    ]);
    expect((await service(id)).nextChargeAt?.toISOString()).toBe('2027-10-01T00:00:00.000Z');
    expect(creates('/v1/invoices').filter((request) => request.idempotencyKey?.startsWith(`aum-${id}`))).toHaveLength(
      2,
    );
  });
});

describe('retry', () => {
  it('refuses a service that did not fail (409) and sets a failed one up again', async () => {
    const { serviceIds } = await accepted([{ ...oneTimeAndMonthly, offerings: [planId] }], 'Retry household');
    const [id] = serviceIds as [string];
    const refused = await asAdmin<{ message: string }>('POST', `/api/household-services/${id}/retry-billing`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BillingMessage.retryNotFailed);
    await prisma.householdService.update({ where: { id }, data: { billingStatus: 'FAILED', billingError: 'x' } });
    const retried = await asAdmin<{ billingStatus: string }>('POST', `/api/household-services/${id}/retry-billing`);
    expect(retried.status).toBe(200);
    expect(retried.body.billingStatus).toBe('PENDING');
    const missing = await asAdmin(
      'POST',
      `/api/household-services/${newId(EntityType.householdService)}/retry-billing`,
    );
    expect(missing.status).toBe(404);
  });
});

describe('scope', () => {
  it('answers 404 for another firm’s, or another team’s, household and service, as for a missing one', async () => {
    const { householdId, serviceIds } = await accepted(
      [{ ...oneTimeAndMonthly, offerings: [planId] }],
      'Scoped household',
    );
    const [id] = serviceIds as [string];
    await prisma.householdService.update({ where: { id }, data: { billingStatus: 'FAILED', billingError: 'x' } });
    const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
    const asSouth = apiAs(baseUrl, await login(baseUrl, south.email, south.password));
    const otherTeam = await prisma.team.create({
      data: { id: newId(EntityType.team), organizationId: firm.organizationId, name: 'Other team' },
    });
    const other = await addUser(prisma, firm, 'ADVISOR', [otherTeam.id]);
    const asOtherTeam = apiAs(baseUrl, await login(baseUrl, other.email, other.password));
    for (const as of [asSouth, asOtherTeam]) {
      expect((await as('GET', `/api/households/${householdId}/billing`)).status).toBe(404);
      expect((await as('POST', `/api/household-services/${id}/retry-billing`)).status).toBe(404);
    }
    expect(await service(id)).toMatchObject({ billingStatus: 'FAILED' });
  });
});

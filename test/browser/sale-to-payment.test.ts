/**
 * Step 14's whole path (issue #25): a lead's sale moves to discovery and a proposal, priced with a
 * tiered AUM fee (billed from the custodian, crm §5), a one-time fee and a monthly retainer; the advisor sends it from the sale's page;
 * the client opens the e-mailed link and accepts; billing makes one customer, one invoice and one
 * subscription at the (fake) Stripe; Stripe's signed invoice.paid marks the invoice paid on the
 * household's billing tab, and the same delivery replayed changes nothing. (A worker killed while
 * it makes the Stripe objects is test/integration/billing-crash.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakeStripeServer, signedDelivery } from '@meridian/connectors/testing';
import {
  createTestEnvironment,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '../support/app.js';
import { browserPerTest, openAs } from '../support/browser.js';
import { createHousehold, createPerson } from '../support/crm-factories.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { call, login } from '../support/http.js';
import { waitFor } from '../support/wait.js';

const WEBHOOK_SECRET = 'whsec_sale_to_payment';

describe('from a lead to a paid invoice', () => {
  let fake: FakeStripeServer;
  let environment: TestEnvironment;
  let api: TestApi;
  let worker: Awaited<ReturnType<typeof startTestWorker>>;
  let prisma: PrismaClient;
  let firm: CreatedOrganization;
  let token: string;
  const browser = browserPerTest();

  beforeAll(async () => {
    fake = await FakeStripeServer.start();
    environment = await createTestEnvironment({ STRIPE_BASE_URL: fake.url });
    api = await startTestApi({ environment, seedDemo: false });
    worker = await startTestWorker(environment);
    prisma = createPrismaClient(api.databaseUrl);
    // An administrator: connects Stripe and sells.
    firm = await createOrganization(prisma, { name: 'Maple Practice', role: 'ADMIN' });
    token = await login(api.baseUrl, firm.email, firm.password);
    await as('POST', '/stripe/connection', { secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET });
    fake.setWebhookEndpoint({ url: `${api.baseUrl}/api/webhooks/stripe`, secret: WEBHOOK_SECRET });
  });

  afterAll(async () => {
    await worker?.close();
    await prisma?.$disconnect();
    await api?.close();
    await environment?.dispose();
    await fake?.close();
  });

  async function as<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await call<T>(api.baseUrl, method, `/api${path}`, { token, body: body ?? {} });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  }

  it('discovery, a proposal sent and accepted by the client, billed in Stripe, paid; a replayed webhook changes nothing', async () => {
    const householdId = await createHousehold(prisma, firm, { name: 'Okafor household' });
    const personId = await createPerson(prisma, firm, { householdId, firstName: 'Ada', lastName: 'Okafor' });
    await prisma.person.update({ where: { id: personId }, data: { email: 'ada@okafor.test' } });
    await as('POST', '/financial-records', {
      householdId,
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'RRSP',
      marketValue: { value: 2_500_000, currency: 'CAD' },
    });
    const offering = await as<{ id: string }>('POST', '/offerings', {
      name: 'Wealth management',
      description: 'Managed portfolio and yearly plan',
      category: 'INVESTMENT_MANAGEMENT',
      type: 'ONGOING_SERVICE',
    });
    const planning = await as<{ id: string }>('POST', '/offerings', {
      name: 'Financial plan',
      description: 'A written plan, reviewed monthly',
      category: 'FINANCIAL_PLANNING',
      type: 'ONGOING_SERVICE',
    });

    // The lead's sale: new, then discovery and the proposal stage.
    const opportunity = await as<{ id: string; stage: string }>('POST', '/opportunitys', { householdId });
    expect(opportunity.stage).toBe('NEW');
    for (const move of ['initiate-discovery', 'initiate-proposal'])
      await as('PATCH', `/opportunitys/${opportunity.id}/${move}`);
    const proposal = await as<{ id: string }>('POST', '/proposals', { opportunityId: opportunity.id });
    // crm §5: an AUM fee is billed from the custodian; the one-time fee and the retainer through Stripe.
    await as('PATCH', `/proposals/${proposal.id}/offers`, {
      offer: {
        billingStartType: 'ON_START',
        offerings: [offering.id],
        pricingPlan: {
          type: 'AUM_FEE',
          paymentMethod: 'BILLED_FROM_CUSTODIAN',
          aumFee: {
            feeRubric: {
              tiers: [
                { breakpoint: 1_000_000, fee: 1 },
                { breakpoint: 5_000_000, fee: 0.75 },
              ],
            },
          },
        },
      },
    });
    await as('PATCH', `/proposals/${proposal.id}/offers`, {
      offer: {
        billingStartType: 'ON_START',
        offerings: [planning.id],
        pricingPlan: {
          type: 'ONE_TIME_FEE',
          paymentMethod: 'PAYMENT_PROVIDER',
          oneTimeFee: { amount: { currency: 'CAD', value: 2500 }, isUpfront: true },
          recurringPayment: { amount: { currency: 'CAD', value: 150 }, frequency: { common: 'MONTHLY' } },
        },
      },
    });

    // The advisor sends it from the sale's page.
    const { page } = browser;
    await openAs(page, api.baseUrl, firm, `/pipeline/${opportunity.id}`);
    await page.getByTestId('proposal-send').click();
    const dialog = page.getByTestId('proposal-send-dialog');
    await dialog.getByTestId('proposal-send-confirm').click();
    await page.getByTestId('proposal-sending-done').waitFor();

    // The client opens the e-mailed link and accepts.
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: 'ada@okafor.test' } });
    const link = email.textBody.match(/https?:\/\/\S+\/proposal\/\S+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(`${api.baseUrl}${new URL(link!).pathname}`);
    await page.getByTestId('public-offer').first().waitFor();
    expect(await page.getByTestId('public-offer').count()).toBe(2);
    // The AUM fee on the household's investments: 1% of 1,000,000 and 0.75% of 1,500,000.
    expect(await page.getByTestId('public-offer-aum').textContent()).toContain('$21,250 CAD a year on $2,500,000 CAD');
    await browser.screenshot('sale-to-payment-public-proposal');
    await page.getByTestId('public-accept').click();
    await page.getByTestId('public-accept-yes').click();
    await page.getByTestId('public-accepted').waitFor();
    expect((await prisma.opportunity.findUniqueOrThrow({ where: { id: opportunity.id } })).stage).toBe('WON');

    // Billing makes the household's customer, the one-time fee's invoice and the retainer's subscription.
    const service = await waitFor(
      'the service to be billed in Stripe',
      async () => {
        const row = await prisma.householdService.findFirst({
          where: { householdId, paymentSource: 'PAYMENT_PROVIDER' },
        });
        if (row?.billingStatus === 'FAILED') throw new Error(`billing failed: ${row.billingError}`);
        return row?.billingStatus === 'ACTIVE' ? row : undefined;
      },
      60_000,
    );
    expect(fake.billing.customers.size).toBe(1);
    const oneTime = [...fake.billing.invoices.values()].filter((invoice) => invoice.subscription === null);
    expect(oneTime).toHaveLength(1);
    expect(fake.billing.subscriptions.size).toBe(1);
    expect(service.externalSubscriptionId).toBe([...fake.billing.subscriptions.keys()][0]);

    // The client pays at Stripe: its signed invoice.paid marks the invoice paid on the billing tab.
    const paying = await fetch(`${fake.url}/v1/invoices/${oneTime[0]!.id}/pay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}` },
    });
    expect(paying.status).toBe(200);
    await fake.webhooksSettled();
    // The advisor is still signed in (the public page left the session alone).
    await page.goto(`${api.baseUrl}/crm/households/${householdId}`);
    const invoiceRow = page.getByTestId('billing-invoice').filter({ hasText: 'One-time fee' });
    await expect
      .poll(async () => ((await invoiceRow.count()) > 0 ? invoiceRow.first().textContent() : ''))
      .toMatch(/\$2,500 CAD.*Paid/);
    await browser.screenshot('sale-to-payment-billing-tab');

    // The same event delivered again (Stripe retries with a fresh signature): answered, and nothing changes.
    const paid = fake.webhookDeliveries.find((delivery) => delivery.type === 'invoice.paid');
    expect(paid?.status).toBe(200);
    const event = await fetch(`${fake.url}/v1/events/${paid!.eventId}`, {
      headers: { authorization: `Bearer ${fake.secretKey}` },
    }).then((response) => response.json());
    const snapshot = async () => ({
      events: await prisma.providerEvent.count(),
      runs: await prisma.syncRun.count(),
      invoices: (await prisma.billingInvoice.findMany({ orderBy: { id: 'asc' } })).map((invoice) => [
        invoice.id,
        invoice.status,
        invoice.paidAt?.toISOString(),
      ]),
      services: (await prisma.householdService.findMany()).map((row) => [row.id, row.billingStatus]),
    });
    const before = await snapshot();
    const delivery = signedDelivery(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const replay = await fetch(`${api.baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(replay.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});

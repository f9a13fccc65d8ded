import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { BillingMessage, EntityType, newId } from '@meridian/domain';
import { startTestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { launchBrowser, signInAs, type BrowserSession } from '../support/browser.js';
import { createHousehold } from '../support/crm-factories.js';

/** Conditions are waited for this long: the page reads from the API. */
const POLL = { timeout: 15_000 };

describe('dashboard: the household’s billing', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  let firm: CreatedOrganization;
  let householdId: string;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Billing Wealth', role: 'ADMIN' });
    householdId = await createHousehold(prisma, firm, { name: 'Gagnon household' });
    // An accepted proposal of two offers, straight in the database: one billed in Stripe with a
    // paid invoice, one whose set-up failed.
    const org = { organizationId: firm.organizationId };
    const opportunityId = newId(EntityType.opportunity);
    await prisma.opportunity.create({ data: { ...org, id: opportunityId, teamId: firm.teamId, householdId } });
    const proposalId = newId(EntityType.proposal);
    await prisma.proposal.create({
      data: { ...org, id: proposalId, teamId: firm.teamId, opportunityId, status: 'ACCEPTED', acceptedAt: new Date() },
    });
    const connectionId = newId(EntityType.connection);
    await prisma.connection.create({ data: { ...org, id: connectionId, service: 'STRIPE', status: 'SUCCESS' } });
    const service = async (position: number, name: string, fields: Record<string, unknown>) => {
      const offerId = newId(EntityType.offer);
      await prisma.offer.create({
        data: {
          ...org,
          id: offerId,
          proposalId,
          position,
          billingStartType: 'ON_START',
          pricingType: 'ONE_TIME_FEE',
          paymentMethod: 'PAYMENT_PROVIDER',
          oneTimeFeeAmount: '2500',
          oneTimeFeeAmountCurrency: 'CAD',
          oneTimeFeeIsUpfront: true,
        },
      });
      const id = newId(EntityType.householdService);
      await prisma.householdService.create({
        data: {
          ...org,
          id,
          teamId: firm.teamId,
          householdId,
          proposalId,
          offerId,
          name,
          category: 'FINANCIAL_PLANNING',
          type: 'ONE_OFF_SERVICE',
          paymentSource: 'PAYMENT_PROVIDER',
          billingStartType: 'ON_START',
          acceptedAt: new Date(),
          ...fields,
        },
      });
      return id;
    };
    const billed = await service(0, 'Comprehensive plan', {
      billingStatus: 'ACTIVE',
      connectionId,
      nextChargeAt: new Date('2027-04-01T00:00:00Z'),
    });
    await prisma.billingInvoice.create({
      data: {
        ...org,
        id: newId(EntityType.billingInvoice),
        householdServiceId: billed,
        kind: 'ONE_TIME_FEE',
        status: 'PAID',
        amount: '2500',
        amountCurrency: 'CAD',
        externalInvoiceId: 'in_browser_1',
        paidAt: new Date('2027-01-15T15:00:00Z'),
      },
    });
    await prisma.billingInvoice.create({
      data: {
        ...org,
        id: newId(EntityType.billingInvoice),
        householdServiceId: billed,
        kind: 'AUM_FEE',
        status: 'OPEN',
        amount: '2750.5',
        amountCurrency: 'CAD',
        periodStart: new Date('2027-01-01'),
        periodEnd: new Date('2027-03-31'),
        externalInvoiceId: 'in_browser_2',
      },
    });
    await service(1, 'Retirement review', { billingStatus: 'FAILED', billingError: BillingMessage.noConnection });
  });

  afterAll(async () => {
    await session?.close();
    await prisma?.$disconnect();
    await api?.close();
  });

  it('shows each service with its billing state and next charge, its invoices with labels, and the failure with a retry', async () => {
    session = await launchBrowser();
    const page = session.page;
    await signInAs(page, api.baseUrl, firm);
    await page.goto(`${api.baseUrl}/crm/households/${householdId}`);
    const services = page.getByTestId('billing-service');
    await expect.poll(() => services.count(), POLL).toBe(2);

    const billed = services.filter({ hasText: 'Comprehensive plan' });
    expect(await billed.getByTestId('billing-service-status').textContent()).toBe('Billing active');
    expect(await billed.getByTestId('billing-service-next-charge').textContent()).toBe('Next charge 01 Apr 2027');
    const invoices = billed.getByTestId('billing-invoice');
    expect(await invoices.count()).toBe(2);
    const rows = await invoices.allTextContents();
    expect(rows.some((row) => row.includes('One-time fee') && row.includes('$2,500 CAD') && row.includes('Paid'))).toBe(
      true,
    );
    expect(
      rows.some(
        (row) =>
          row.includes('AUM fee') &&
          row.includes('$2,750.50 CAD') &&
          row.includes('Awaiting payment') &&
          row.includes('01 Jan 2027 – 31 Mar 2027'),
      ),
    ).toBe(true);

    const failed = services.filter({ hasText: 'Retirement review' });
    expect(await failed.getByTestId('billing-service-status').textContent()).toBe('Billing set-up failed');
    expect(await failed.getByTestId('billing-service-error').textContent()).toContain(BillingMessage.noConnection);
    expect(await failed.getByTestId('billing-retry').isVisible()).toBe(true);
    await session.screenshot('household-billing');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi } from '../support/app.js';
import { browserPerTest, openAs } from '../support/browser.js';
import { createHousehold, createPerson } from '../support/crm-factories.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { call, login } from '../support/http.js';

describe('a client accepts a proposal from its e-mailed link', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  let firm: CreatedOrganization;
  let token: string;
  const browser = browserPerTest();

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Maple Practice', role: 'ADVISOR' });
    token = await login(api.baseUrl, firm.email, firm.password);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  async function as<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await call<T>(api.baseUrl, method, `/api${path}`, { token, body: body ?? {} });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  }

  it('the advisor sends; the client opens the link, accepts, and sees it confirmed; the sale is won', async () => {
    const householdId = await createHousehold(prisma, firm, { name: 'Okafor household' });
    const personId = await createPerson(prisma, firm, { householdId, firstName: 'Ada', lastName: 'Okafor' });
    await prisma.person.update({ where: { id: personId }, data: { email: 'ada@okafor.test' } });
    const offering = await as<{ id: string }>('POST', '/offerings', {
      name: 'Retirement plan',
      description: 'A written retirement plan',
      category: 'FINANCIAL_PLANNING',
      type: 'ONE_OFF_SERVICE',
    });
    const opportunity = await as<{ id: string }>('POST', '/opportunitys', { householdId });
    for (const move of ['initiate-discovery', 'initiate-proposal'])
      await as('PATCH', `/opportunitys/${opportunity.id}/${move}`);
    const proposal = await as<{ id: string }>('POST', '/proposals', { opportunityId: opportunity.id });
    await as('PATCH', `/proposals/${proposal.id}/offers`, {
      offer: {
        billingStartType: 'ON_START',
        offerings: [offering.id],
        pricingPlan: {
          type: 'ONE_TIME_FEE',
          paymentMethod: 'MANUAL',
          oneTimeFee: { amount: { currency: 'CAD', value: 2500 }, isUpfront: true },
        },
      },
    });

    // The advisor sends it from the sale's page, to the household's member at her prefilled address.
    const { page } = browser;
    await openAs(page, api.baseUrl, firm, `/pipeline/${opportunity.id}`);
    await page.getByTestId('proposal-send').click();
    const dialog = page.getByTestId('proposal-send-dialog');
    expect(await dialog.getByLabel('Ada Okafor’s e-mail address').inputValue()).toBe('ada@okafor.test');
    await dialog.getByTestId('proposal-send-confirm').click();
    expect(await page.getByTestId('proposal-sending-done').textContent()).toContain('The proposal was sent');

    // The e-mail the outbox holds carries the client's link.
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: 'ada@okafor.test' } });
    expect(email.subject).toBe('Your proposal from Maple Practice');
    const link = email.textBody.match(/https?:\/\/\S+\/proposal\/\S+/)?.[0];
    expect(link).toBeDefined();

    await page.goto(`${api.baseUrl}${new URL(link!).pathname}`);
    await page.getByTestId('public-offer').waitFor();
    expect(await page.getByTestId('public-proposal-title').textContent()).toBe('Your proposal for Okafor household');
    expect(await page.getByTestId('public-offer-one-time').textContent()).toBe('$2,500 CAD, paid upfront');
    await page.getByTestId('public-accept').click();
    await page.getByTestId('public-accept-yes').click();
    expect(await page.getByTestId('public-accepted').textContent()).toContain(
      'Maple Practice has been told and will contact you about the next steps.',
    );
    await browser.screenshot('public-proposal-accepted');

    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('ACCEPTED');
    expect((await prisma.opportunity.findUniqueOrThrow({ where: { id: opportunity.id } })).stage).toBe('WON');
  });
});

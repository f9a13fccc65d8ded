import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { EntityType, newId } from '@meridian/domain';
import { startTestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createHousehold } from '../support/crm-factories.js';
import { call, login } from '../support/http.js';

/** What a person must never read on these pages: a stage's or subject's constant, or an id. */
const UNREADABLE = /\b(NEW|DISCOVERY|PROPOSAL|WON|LOST|HOUSEHOLD|LEAD|CONTACT)\b|[a-z]+-[A-Za-z0-9_-]{21}\b|[{}]/;

describe('dashboard sales pipeline', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  // An advisor's firm of its own, with a second team: what the pages show is only what the test made.
  let firm: CreatedOrganization;
  let token: string;
  let northTeamId: string;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Maple Practice', role: 'ADVISOR' });
    northTeamId = newId(EntityType.team);
    await prisma.team.create({ data: { id: northTeamId, organizationId: firm.organizationId, name: 'North team' } });
    await prisma.teamMember.create({
      data: {
        id: newId(EntityType.teamMember),
        organizationId: firm.organizationId,
        teamId: northTeamId,
        userId: firm.userId,
      },
    });
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

  async function begin(subject: Record<string, string>, moves: readonly string[]): Promise<string> {
    const { id } = await as<{ id: string }>('POST', '/opportunitys', subject);
    for (const move of moves) await as('PATCH', `/opportunitys/${id}/${move}`);
    return id;
  }

  /** Each stage column's count by its label, as the page shows it. */
  async function counts(page: Page): Promise<Record<string, string>> {
    const columns = page.getByTestId('pipeline-stage');
    await columns.first().waitFor();
    const shown: Record<string, string> = {};
    for (const column of await columns.all()) {
      const label = (await column.getAttribute('data-stage-label')) ?? '';
      shown[label] = (await column.getByTestId('pipeline-stage-count').textContent()) ?? '';
    }
    return shown;
  }

  async function expectReadable(page: Page) {
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(UNREADABLE);
  }

  it('shows the stages’ counts and conversions, filters by team, and moves a sale along from its page', async () => {
    const okafor = await createHousehold(prisma, firm, { name: 'Okafor household' });
    const lindqvist = await createHousehold(prisma, firm, { name: 'Lindqvist household', teamId: northTeamId });
    const lead = await as<{ id: string }>('POST', '/leads', {
      name: { first: 'Séverine', last: 'Brightwater' },
      teamId: firm.teamId,
      discoveryMethod: 'INBOUND',
      source: 'SEO',
    });
    const leadRow = await prisma.lead.findFirstOrThrow({ where: { organizationId: firm.organizationId } });
    expect([leadRow.id, leadRow.contactId]).toContain(lead.id);

    // The lead's sale reaches its proposal, the Okafors' is in discovery, the Lindqvists' was lost.
    const leadSale = await begin({ leadId: leadRow.id, name: 'Brightwater onboarding' }, [
      'initiate-discovery',
      'initiate-proposal',
    ]);
    await begin({ householdId: okafor }, ['initiate-discovery']);
    await begin({ householdId: lindqvist }, ['initiate-discovery', 'close/lost']);

    const page = await signInAs(browser.page, api.baseUrl, firm);
    await page.getByTestId('nav-pipeline').click();
    await page.getByTestId('pipeline-page').waitFor();
    expect(await counts(page)).toEqual({ New: '0', Discovery: '1', Proposal: '1', Won: '0', Lost: '1' });
    const conversions = page.getByTestId('pipeline-conversion');
    expect(await conversions.allTextContents()).toContain('Discovery to proposal: 1 of 3, 33.3%');
    expect(await page.getByTestId('pipeline-stage-fees').first().textContent()).toBe('Fees come with proposals');
    await expectReadable(page);
    await browser.screenshot('pipeline-all-teams');

    // The first team only: the Lindqvists' lost sale is the North team's. The filter is in the URL.
    await page.getByTestId('pipeline-team').selectOption({ label: 'Factory team' });
    await page.waitForURL(/teamId=/);
    await page.getByTestId('pipeline-stage').filter({ hasText: 'Lost' }).getByText('0').first().waitFor();
    expect(await counts(page)).toEqual({ New: '0', Discovery: '1', Proposal: '1', Won: '0', Lost: '0' });
    await page.reload();
    expect(await counts(page)).toEqual({ New: '0', Discovery: '1', Proposal: '1', Won: '0', Lost: '0' });
    await browser.screenshot('pipeline-one-team');

    // A sale begun from the Okafors' page opens at New: only discovery or losing it are offered.
    await page.goto(`${api.baseUrl}/crm/households/${okafor}`);
    await page.getByTestId('begin-sale').click();
    await page.getByTestId('opportunity-page').waitFor();
    expect(await page.getByTestId('opportunity-stage').textContent()).toBe('New');
    expect(await page.getByTestId('opportunity-subject').textContent()).toBe('Okafor household');
    expect(await page.getByTestId('opportunity-moves').getByRole('button').allTextContents()).toEqual([
      'Begin discovery',
      'Close as lost',
    ]);
    await page.getByTestId('opportunity-initiateDiscovery').click();
    await page.getByTestId('opportunity-stage').getByText('Discovery').waitFor();
    expect(await page.getByTestId('opportunity-moves').getByRole('button').allTextContents()).toEqual([
      'Initiate the proposal',
      'Close as lost',
    ]);
    await expectReadable(page);
    await browser.screenshot('pipeline-opportunity-discovery');

    // The lead's sale is won from its proposal; then nothing moves it.
    await page.goto(`${api.baseUrl}/pipeline/${leadSale}`);
    expect(await page.getByTestId('opportunity-name').textContent()).toBe('Brightwater onboarding');
    expect(await page.getByTestId('opportunity-subject').textContent()).toBe('Séverine Brightwater');
    await page.getByTestId('opportunity-closeWon').click();
    await page.getByTestId('opportunity-closed').waitFor();
    expect(await page.getByTestId('opportunity-stage').textContent()).toBe('Won');
    expect(await page.getByTestId('opportunity-moves').getByRole('button').count()).toBe(0);
    await expectReadable(page);
    await browser.screenshot('pipeline-opportunity-won');

    await page.getByRole('link', { name: '← Pipeline' }).click();
    expect(await counts(page)).toEqual({ New: '0', Discovery: '2', Proposal: '0', Won: '1', Lost: '1' });
    expect(await conversions.allTextContents()).toContain('Proposal to won: 1 of 1, 100%');
    await expectReadable(page);
    await browser.screenshot('pipeline-after-moves');

    // A sale begun from the lead's own page is the lead's.
    await page.goto(`${api.baseUrl}/crm/contacts/${leadRow.contactId}`);
    await page.getByTestId('begin-sale').click();
    await page.getByTestId('opportunity-page').waitFor();
    expect(await page.getByTestId('opportunity-subject').textContent()).toBe('Séverine Brightwater');
    expect(await page.getByTestId('opportunity-stage').textContent()).toBe('New');
    expect(await page.locator('main').innerText()).toContain('(lead)');
  }, 120_000);

  it('shows the refusal’s sentence when the sale was moved meanwhile, and the sale as it now stands', async () => {
    const householdId = await createHousehold(prisma, firm, { name: 'Nakamura household' });
    const sale = await begin({ householdId, name: 'Nakamura retirement' }, []);
    const page = await signInAs(browser.page, api.baseUrl, firm);
    await page.goto(`${api.baseUrl}/pipeline/${sale}`);
    await page.getByTestId('opportunity-initiateDiscovery').waitFor();
    // A colleague begins discovery first.
    await as('PATCH', `/opportunitys/${sale}/initiate-discovery`);
    await page.getByTestId('opportunity-initiateDiscovery').click();
    expect(await page.getByTestId('opportunity-refused').textContent()).toContain(
      'Discovery has already begun for this opportunity',
    );
    await page.getByTestId('opportunity-stage').getByText('Discovery').waitFor();
    await page.getByTestId('opportunity-initiateProposal').waitFor();
    await expectReadable(page);
    await browser.screenshot('pipeline-opportunity-refused');
  }, 60_000);

  it('narrows the pipeline to a primary advisor, and names the advisor on the sale', async () => {
    const advisorId = newId(EntityType.professional);
    await prisma.professional.create({
      data: { id: advisorId, organizationId: firm.organizationId, displayName: 'Olivia Marchetti', role: 'ADVISOR' },
    });
    const householdId = await createHousehold(prisma, firm, { name: 'Marchetti-Bauer household' });
    const sale = await begin({ householdId, primaryAdvisorId: advisorId }, []);
    const page = await signInAs(browser.page, api.baseUrl, firm);
    await page.goto(`${api.baseUrl}/pipeline`);
    await page.getByTestId('pipeline-advisor').locator('option', { hasText: 'Olivia Marchetti' }).waitFor({
      state: 'attached',
    });
    await page.getByTestId('pipeline-advisor').selectOption({ label: 'Olivia Marchetti' });
    await page.waitForURL(/primaryAdvisorId=/);
    await expect.poll(() => counts(page)).toEqual({ New: '1', Discovery: '0', Proposal: '0', Won: '0', Lost: '0' });
    await page.goto(`${api.baseUrl}/pipeline/${sale}`);
    expect(await page.getByTestId('opportunity-advisor').textContent()).toBe('Olivia Marchetti');
    expect(await page.getByTestId('opportunity-name').textContent()).toBe('Sale with Marchetti-Bauer household');
    await expectReadable(page);
  }, 60_000);

  it('builds a proposal: an AUM offer with two tiers and a one-time fee, its first-year fee, and a tier refused', async () => {
    const householdId = await createHousehold(prisma, firm, { name: 'Halvorsen household' });
    const sale = await begin({ householdId, name: 'Halvorsen wealth plan' }, [
      'initiate-discovery',
      'initiate-proposal',
    ]);
    await as('POST', '/offerings', {
      name: 'Portfolio management',
      description: 'Discretionary management of the household’s accounts',
      category: 'INVESTMENT_MANAGEMENT',
      type: 'ONGOING_SERVICE',
    });
    const plan = await as<{ id: string }>('POST', '/offerings', {
      name: 'Retirement plan',
      description: 'A written retirement plan',
      category: 'FINANCIAL_PLANNING',
      type: 'ONE_OFF_SERVICE',
    });
    await as('POST', '/package-templates', {
      name: 'Planning package',
      offers: [
        {
          billingStartType: 'ON_COMPLETION',
          offerings: [plan.id],
          pricingPlan: {
            type: 'ONE_TIME_FEE',
            paymentMethod: 'MANUAL',
            oneTimeFee: { amount: { currency: 'CAD', value: 1800 }, isUpfront: false },
          },
        },
      ],
    });
    const page = await signInAs(browser.page, api.baseUrl, firm);
    await page.goto(`${api.baseUrl}/pipeline/${sale}`);
    await page.getByTestId('proposal-create').click();
    await page.getByTestId('proposal-no-offers').waitFor();
    expect(await page.getByTestId('proposal-status').textContent()).toBe('Draft');

    await page.getByTestId('offer-add').click();
    const drawer = page.getByTestId('offer-drawer');
    await drawer.getByLabel('Portfolio management (investment management)').check();
    await drawer.getByTestId('tier-0-breakpoint').fill('500,000');
    await drawer.getByTestId('tier-0-fee').fill('1');
    await drawer.getByTestId('tier-add').click();
    // The second breakpoint below the first: the chart waits, and the API refuses it beside the field.
    await drawer.getByTestId('tier-1-breakpoint').fill('400000');
    await drawer.getByTestId('tier-1-fee').fill('0.75');
    await drawer.getByTestId('offer-has-one-time-fee').check();
    await drawer.getByTestId('offer-one-time-value').fill('2500');
    await drawer.getByTestId('fee-chart-waiting').waitFor();
    await drawer.getByTestId('offer-save').click();
    expect(await drawer.getByTestId('tier-1-breakpoint-error').textContent()).toBe(
      'Each tier breakpoint must be higher than the previous',
    );
    await browser.screenshot('proposal-offer-refused');

    await drawer.getByTestId('tier-1-breakpoint').fill('1000000');
    await drawer.getByTestId('fee-chart').locator('svg.recharts-surface').waitFor();
    expect(await drawer.getByTestId('fee-chart-household').textContent()).toContain('not known');
    await browser.screenshot('proposal-offer-form');
    await drawer.getByTestId('offer-save').click();
    await drawer.waitFor({ state: 'detached' });

    const offer = page.getByTestId('offer-card');
    await offer.first().waitFor();
    expect(await offer.count()).toBe(1);
    expect(await offer.getByTestId('offer-offerings').textContent()).toBe('Portfolio management');
    expect(await offer.getByTestId('offer-tiers').locator('li').allTextContents()).toEqual([
      'Up to $500,000 CAD: 1% a year',
      'Above $500,000 CAD: 0.75% a year',
    ]);
    expect(await offer.getByTestId('offer-one-time-fee').textContent()).toBe('$2,500 CAD, upfront');
    expect(await offer.getByTestId('offer-first-year-total').textContent()).toBe('$2,500 CAD plus the AUM fee');
    // The form opens on the offer as saved.
    await offer.getByTestId('offer-edit').click();
    expect(await drawer.getByTestId('tier-1-breakpoint').inputValue()).toBe('1000000');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // A package template's offers are copied in after it.
    await page.getByTestId('template-select').selectOption({ label: 'Planning package (1 offer)' });
    await page.getByTestId('template-add').click();
    await offer.nth(1).waitFor();
    expect(await offer.nth(1).getByTestId('offer-offerings').textContent()).toBe('Retirement plan');
    expect(await offer.nth(1).getByTestId('offer-first-year-total').textContent()).toBe('$1,800 CAD');
    await expectReadable(page);
    await browser.screenshot('proposal-with-offer');

    await offer.nth(1).getByTestId('offer-remove').click();
    await page.getByTestId('offer-remove-dialog').getByRole('button', { name: 'Remove the offer' }).click();
    await expect.poll(() => offer.count()).toBe(1);

    // A revoked proposal is shown as it ended, without controls.
    const view = await call<{ proposals: { id: string }[] }>(
      api.baseUrl,
      'GET',
      `/api/proposals/package-view/by-opportunity/${sale}`,
      { token },
    );
    await as('PATCH', `/proposals/${view.body.proposals[0]!.id}/revoke`);
    await page.reload();
    await page.getByTestId('proposal-locked').waitFor();
    expect(await page.getByTestId('proposal-status').textContent()).toBe('Revoked');
    expect(await page.getByTestId('offer-card').getByRole('button').count()).toBe(0);
    expect(await page.getByTestId('offer-add').count()).toBe(0);
    await expectReadable(page);
  }, 90_000);

  it('shows the board: sales as cards under formatted totals, moved by their menu, by dragging and lost with a reason', async () => {
    const boardTeamId = newId(EntityType.team);
    const org = firm.organizationId;
    await prisma.team.create({ data: { id: boardTeamId, organizationId: org, name: 'Board team' } });
    await prisma.teamMember.create({
      data: { id: newId(EntityType.teamMember), organizationId: org, teamId: boardTeamId, userId: firm.userId },
    });
    // The Aurelians hold 250,000 CAD; their sale, in discovery, has a draft priced at 1,234.50 CAD.
    const aurelians = await createHousehold(prisma, firm, { name: 'Aurelian household', teamId: boardTeamId });
    const accountId = newId(EntityType.investmentAccount);
    await prisma.financialRecord.create({
      data: { id: accountId, organizationId: org, householdId: aurelians, type: 'INVESTMENT_ACCOUNT' },
    });
    await prisma.investmentAccount.create({
      data: {
        id: accountId,
        organizationId: org,
        accountType: 'RRSP',
        marketValue: '250000',
        marketValueCurrency: 'CAD',
      },
    });
    const aurelianSale = await begin({ householdId: aurelians, name: 'Aurelian wealth plan' }, ['initiate-discovery']);
    const proposalId = newId(EntityType.proposal);
    await prisma.proposal.create({
      data: { id: proposalId, organizationId: org, teamId: boardTeamId, opportunityId: aurelianSale, status: 'DRAFT' },
    });
    await prisma.offer.create({
      data: {
        id: newId(EntityType.offer),
        organizationId: org,
        proposalId,
        position: 0,
        billingStartType: 'ON_START',
        pricingType: 'ONE_TIME_FEE',
        paymentMethod: 'MANUAL',
        oneTimeFeeAmount: '1234.5',
        oneTimeFeeAmountCurrency: 'CAD',
        oneTimeFeeIsUpfront: true,
      },
    });
    const bexley = await createHousehold(prisma, firm, { name: 'Bexley household', teamId: boardTeamId });
    await begin({ householdId: bexley, name: 'Bexley retirement' }, []);

    const page = await signInAs(browser.page, api.baseUrl, firm);
    await page.goto(`${api.baseUrl}/pipeline?teamId=${boardTeamId}`);
    const column = (label: string) => page.locator(`[data-testid="pipeline-stage"][data-stage-label="${label}"]`);
    const card = (title: string) => page.locator(`[data-testid="pipeline-card"][data-sale-title="${title}"]`);
    await column('Discovery').getByTestId('pipeline-card').first().waitFor();
    expect(await counts(page)).toEqual({ New: '1', Discovery: '1', Proposal: '0', Won: '0', Lost: '0' });
    expect(await column('Discovery').getByTestId('pipeline-stage-fees').textContent()).toBe('$1,234.50 CAD');
    expect(await column('Discovery').getByTestId('pipeline-stage-aum').textContent()).toBe('$250,000 CAD');
    expect(await column('Discovery').getByTestId('pipeline-card').getAttribute('data-sale-title')).toBe(
      'Aurelian wealth plan',
    );
    expect(await card('Aurelian wealth plan').getByRole('link').getAttribute('href')).toBe(`/pipeline/${aurelianSale}`);
    await expectReadable(page);
    await browser.screenshot('pipeline-board');

    // The keyboard's way: the card's "Move to…" menu offers only the stages it may go to.
    const menu = card('Aurelian wealth plan').getByTestId('pipeline-card-move');
    expect(await menu.locator('option').allTextContents()).toEqual(['Move to…', 'Proposal', 'Lost']);
    await menu.selectOption({ label: 'Proposal' });
    await column('Proposal').locator('[data-sale-title="Aurelian wealth plan"]').waitFor();
    await expect.poll(() => counts(page)).toEqual({ New: '1', Discovery: '0', Proposal: '1', Won: '0', Lost: '0' });

    // Dragging the new sale onto Discovery begins its discovery.
    await card('Bexley retirement').dragTo(column('Discovery'));
    await column('Discovery').locator('[data-sale-title="Bexley retirement"]').waitFor();
    await expect.poll(() => counts(page)).toEqual({ New: '0', Discovery: '1', Proposal: '1', Won: '0', Lost: '0' });

    // Lost asks why first.
    await card('Bexley retirement').getByTestId('pipeline-card-move').selectOption({ label: 'Lost' });
    await page.getByTestId('pipeline-lost-reason').fill('Chose a robo-advisor');
    await page.getByTestId('pipeline-lost-confirm').click();
    await column('Lost').locator('[data-sale-title="Bexley retirement"]').waitFor();
    await expect.poll(() => counts(page)).toEqual({ New: '0', Discovery: '0', Proposal: '1', Won: '0', Lost: '1' });
    expect(await column('Lost').getByTestId('pipeline-card-move').count()).toBe(0);
    await expectReadable(page);
    await browser.screenshot('pipeline-board-moved');
  }, 90_000);

  it('says what to do next when the firm has no sale yet', async () => {
    const newFirm = await createOrganization(prisma, { name: 'Birch Advisors', role: 'ADVISOR' });
    const page = await signInAs(browser.page, api.baseUrl, newFirm);
    await page.goto(`${api.baseUrl}/pipeline?startDate=2026-01-01&endDate=2026-03-31`);
    await page.getByTestId('pipeline-empty').waitFor();
    expect(await page.getByTestId('pipeline-stage').count()).toBe(0);
    expect(await page.getByTestId('pipeline-start').inputValue()).toBe('2026-01-01');
    await expectReadable(page);
    await browser.screenshot('pipeline-empty');
  }, 60_000);
});

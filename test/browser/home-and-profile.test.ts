import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { formatMoney } from '@meridian/domain';
import { startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { login } from '../support/http.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { setFxRate } from '../support/financial-factories.js';
import { isoDay, seedHomeWorld, type HomeWorld } from '../support/home-world.js';

/** How long to wait for the page to show what the API says. */
const POLL = { timeout: 15_000, interval: 100 };

describe('home page and contact profile', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  let org: CreatedOrganization;
  let world: HomeWorld;
  const browser = browserPerTest();
  const now = new Date();

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    org = await createOrganization(prisma, { name: 'Harbour Wealth' });
    const token = await login(api.baseUrl, org.email, org.password);
    world = await seedHomeWorld(prisma, api.baseUrl, org, token, now);
    // With a EUR rate every account of the world converts, so the profile's figures show too.
    await setFxRate(prisma, org.organizationId, {
      date: isoDay(new Date(now.getTime() - 5 * 86_400_000)),
      base: 'EUR',
      quote: 'CAD',
      rate: '1.5',
    });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  // Figures worked out by hand from the rows seedHomeWorld writes (see its comment).
  const usd = (value: string) => new Decimal(value).times('1.35');
  const eur = (value: string) => new Decimal(value).times('1.5');
  /** Olivia's investment accounts: RRSP 100 000 CAD, TFSA 5 000.50 USD, LIRA 20 000 CAD, 1 000 EUR. */
  const oliviasAum = new Decimal(100000).plus(usd('5000.50')).plus(20000).plus(eur('1000'));
  /** Maple household: its four investment accounts and a 5 000 CAD chequing account; no debt. */
  const mapleNetWorth = oliviasAum.plus(5000);
  /** Deposits of 6 000 CAD and 100 USD, a withdrawal of 1 500 CAD, in the last 12 months. */
  const netNewAssets = new Decimal(6000).plus(usd('100')).minus(1500);

  it('shows an advisor the figures of their households, each card linking to its list', async () => {
    const page = await signInAs(browser.page, api.baseUrl, world.advisor);
    const today = page.getByTestId('home-today');
    await today.waitFor();

    expect(oliviasAum.toString()).toBe('128250.675');
    expect(await page.getByTestId('home-aum-value').textContent()).toBe(formatMoney(oliviasAum.toString()));
    expect(await page.getByTestId('home-aum-value').textContent()).toBe('$128,250.68');
    expect(await page.getByTestId('home-aum').textContent()).toContain('4 investment accounts in 3 households');
    expect(await page.getByTestId('home-nna-value').textContent()).toBe(formatMoney(netNewAssets.toString()));

    expect(await page.getByTestId('home-reviews-count').textContent()).toBe('2');
    const reviews = page.getByTestId('home-review');
    expect(await reviews.allTextContents()).toEqual([
      'Maple householdDays since last KYC update: 730 days · Days since last meeting: never',
      'Cedar householdDays since last KYC update: never · Days since last meeting: 400 days',
    ]);
    expect(await page.getByTestId('home-reviews-link').getAttribute('href')).toBe(
      `/crm/households?reviewOverdue=true&advisorId=${world.advisor.professionalId}`,
    );

    const birthdays = page.getByTestId('home-birthday');
    expect(await birthdays.count()).toBe(1);
    expect(await birthdays.first().textContent()).toContain('Rose Mapleturns 71');
    expect(await birthdays.first().textContent()).toContain('(in 5 days)');
    expect(await page.getByTestId('home-birthdays-link').getAttribute('href')).toBe(
      `/crm/contacts?birthdayWithinDays=30&advisorId=${world.advisor.professionalId}`,
    );

    const conversions = page.getByTestId('home-conversion');
    expect(await conversions.allTextContents()).toEqual([
      expect.stringMatching(/^Ken Maple LIRA to LIF.*Overdue$/),
      expect.stringMatching(/^Rose Maple RRSP to RRIF/),
    ]);
    expect(await page.getByTestId('home-rrsp').textContent()).toContain('1 person holds an RRSP');
    // Failing syncs are an administrator's card.
    expect(await page.getByTestId('home-syncs').count()).toBe(0);
    await browser.screenshot('home-advisor');
  });

  it('shows an administrator every household and the failing syncs', async () => {
    const page = await signInAs(browser.page, api.baseUrl, world.admin);
    await page.getByTestId('home-today').waitFor();
    expect(await page.getByTestId('home-aum-value').textContent()).toBe(formatMoney(oliviasAum.plus(999).toString()));
    expect(await page.getByTestId('home-reviews-count').textContent()).toBe('3');
    expect(await page.getByTestId('home-syncs-failed').textContent()).toBe('1');
    expect(await page.getByTestId('home-syncs-stale').textContent()).toBe('1');
    expect(await page.getByTestId('home-sync').allTextContents()).toEqual([
      expect.stringContaining('Maple Bank · Maple household'),
      expect.stringContaining('Birch Credit Union · Birch household'),
    ]);
    expect(await page.getByTestId('home-syncs-link').getAttribute('href')).toBe('/connections?status=FAILED');
    // The failed runs the queues keep a job of: Maple's last and Cedar's, retried since.
    expect(await page.getByTestId('home-syncs-failed-runs').textContent()).toBe('2 runs failed in the last 7 days.');
    // The clients, by kind: not the firm's teams, users or professionals.
    const counted = await page.getByRole('list', { name: 'Record counts' }).getByRole('listitem').allTextContents();
    expect(counted.map((text) => text.replace(/[\d,]+$/, ''))).toEqual([
      'Households',
      'Household members',
      'Contacts',
      'Leads',
      'Financial records',
    ]);
    await browser.screenshot('home-admin');
  });

  it('opens a contact’s profile: header, tabs in the URL, and the household linked both ways', async () => {
    const page = await signInAs(browser.page, api.baseUrl, world.advisor);
    await page.getByTestId('home-birthday').getByRole('link', { name: 'Rose Maple' }).click();
    await page.waitForURL(`${api.baseUrl}/crm/contacts/${world.contacts.rose}`);

    const header = page.getByTestId('contact-header');
    await header.waitFor();
    expect(await page.getByTestId('contact-name').textContent()).toBe('Rose Maple');
    expect(await page.getByTestId('contact-type').textContent()).toBe('Client');
    await expect.poll(() => page.getByTestId('contact-household').textContent(), POLL).toBe('Maple household');
    expect(await page.getByTestId('contact-advisor').textContent()).toBe('Advisor: Olivia Advisor');
    const netWorth = page.getByTestId('contact-net-worth-value');
    await expect.poll(() => netWorth.textContent(), POLL).toBe(formatMoney(mapleNetWorth.toString()));
    expect(await page.getByTestId('contact-aum-value').textContent()).toBe(formatMoney(oliviasAum.toString()));
    // The Details tab holds the edit forms.
    await page.getByRole('form', { name: 'Update contact name' }).waitFor();
    await browser.screenshot('contact-profile');

    await page.getByTestId('contact-tab-financials').click();
    await page.waitForURL(`${api.baseUrl}/crm/contacts/${world.contacts.rose}?tab=financials`);
    const financials = page.getByTestId('contact-financials-tab');
    await financials.waitFor();
    expect(await page.getByTestId('financials-net-worth').textContent()).toContain(
      formatMoney(mapleNetWorth.toString()),
    );
    expect(await page.getByTestId('financials-groups').textContent()).toContain('Investment');

    // The tab is in the URL: a reload opens it again.
    await page.reload();
    await page.getByTestId('contact-financials-tab').waitFor();

    await page.getByTestId('contact-tab-household').click();
    await page.waitForURL(/\?tab=household$/);
    const members = page.getByTestId('contact-household-members');
    await members.waitFor();
    expect(await members.textContent()).toContain('Rose Maple');
    expect(await members.textContent()).toContain('Ken Maple');

    // Contact -> household page -> its financial view -> back to the household page.
    await page.getByTestId('household-page-link').click();
    await page.waitForURL(`${api.baseUrl}/crm/households/${world.maple}`);
    const toFinancials = page.getByTestId('household-financials-link');
    expect(await toFinancials.textContent()).toBe('Maple household: financials');
    await toFinancials.click();
    await page.waitForURL(`${api.baseUrl}/financial-records/${world.maple}`);
    const back = page.getByTestId('household-page-link');
    await back.waitFor();
    expect(await back.textContent()).toBe('Maple household: members and contacts');
    await back.click();
    await page.waitForURL(`${api.baseUrl}/crm/households/${world.maple}`);
    // The household page lists its contacts, each linking to their profile.
    await page.getByTestId('contact-name').filter({ hasText: 'Rose Maple' }).click();
    await page.waitForURL(`${api.baseUrl}/crm/contacts/${world.contacts.rose}`);
    await page.getByTestId('contact-header').waitFor();
  });
});

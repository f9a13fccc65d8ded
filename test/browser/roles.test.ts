import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi, type TestApi } from '../support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '../support/factories.js';
import { launchBrowser, signInAs, type BrowserSession, type Credentials } from '../support/browser.js';
import { createContact, createHousehold, createPerson } from '../support/crm-factories.js';

/**
 * Issue 16: the dashboard shows no button, link or section a role may not use. One organization,
 * one household with a member and its contact; an associate, a portfolio manager and an admin sign
 * in one after the other in one browser.
 */
describe('what each role is offered', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  let browser: BrowserSession;
  let firm: CreatedOrganization;
  let householdId: string;
  let contactId: string;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Roles Wealth', role: 'ADMIN' });
    householdId = await createHousehold(prisma, firm, { name: 'Okafor household' });
    const personId = await createPerson(prisma, firm, { householdId, firstName: 'Ada', lastName: 'Okafor' });
    ({ contactId } = await createContact(prisma, firm, {
      firstName: 'Ada',
      lastName: 'Okafor',
      personId,
      householdId,
    }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await prisma?.$disconnect();
    await api?.close();
  });

  async function signIn(user: Credentials): Promise<Page> {
    const { page } = browser;
    await page.goto(`${api.baseUrl}/login`);
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    return signInAs(page, api.baseUrl, user);
  }

  const navItems = (page: Page) =>
    page
      .getByRole('navigation', { name: 'Sections' })
      .locator('[data-testid^="nav-"]')
      .evaluateAll((items) => items.map((item) => (item as unknown as { dataset: { testid: string } }).dataset.testid));

  async function openContact(page: Page) {
    await page.goto(`${api.baseUrl}/crm/contacts/${contactId}`);
    await page.getByTestId('contact-details').waitFor();
  }

  async function openHousehold(page: Page) {
    await page.goto(`${api.baseUrl}/crm/households/${householdId}`);
    await page.getByTestId('household-member').waitFor();
  }

  it('an associate edits but deletes and merges nothing, and sees no operations, audit or branding', async () => {
    const associate = await addUser(prisma, firm, 'ASSOCIATE_ADVISING_REPRESENTATIVE');
    const page = await signIn(associate);
    const nav = await navItems(page);
    expect(nav).toEqual(expect.arrayContaining(['nav-crm', 'nav-financial-records', 'nav-practice', 'nav-profile']));
    for (const hidden of ['nav-connections', 'nav-imports', 'nav-audit', 'nav-branding', 'nav-life-events']) {
      expect(nav).not.toContain(hidden);
    }

    await openContact(page);
    expect(await page.getByTestId('updateContactName-form').count()).toBe(1);
    expect(await page.getByTestId('delete-contact').count()).toBe(0);
    expect(await page.getByTestId('merge-open').count()).toBe(0);
    await browser.screenshot('roles-associate-contact');

    await openHousehold(page);
    expect(await page.getByTestId('add-member-form').count()).toBe(1);
    for (const hidden of ['delete-household', 'merge-open', 'remove-member', 'delete-person']) {
      expect(await page.getByTestId(hidden).count(), hidden).toBe(0);
    }

    // Teams are read by everyone; creating, renaming, removing members and inviting are the admin's.
    await page.goto(`${api.baseUrl}/settings/teams`);
    await page.getByTestId('team-members').waitFor();
    for (const hidden of ['new-team-name', 'team-name', 'team-invitations-slot']) {
      expect(await page.getByTestId(hidden).count(), hidden).toBe(0);
    }
    expect(await page.getByTestId('team-detail').getByRole('button').count()).toBe(0);
    await browser.screenshot('roles-associate-teams');

    // A page the role may not open, reached by its address.
    await page.goto(`${api.baseUrl}/connections`);
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('not-allowed').textContent()).toContain('Your role does not allow this page');
    expect(await page.getByTestId('not-allowed').textContent()).toContain('Manage connections, syncs and imports');
    await browser.screenshot('roles-associate-not-allowed');
  });

  it('a portfolio manager reads contacts, households and financials and is offered no change', async () => {
    const pm = await addUser(prisma, firm, 'PM');
    const page = await signIn(pm);
    await page.goto(`${api.baseUrl}/crm/contacts`);
    await page.getByTestId('contacts-table').waitFor();
    expect(await page.getByTestId('new-contact').count()).toBe(0);
    expect(await page.getByTestId('new-lead').count()).toBe(0);

    await openContact(page);
    // The details read as text: no form, no Save, no Delete.
    expect(await page.getByTestId('updateContactName-read-only').textContent()).toContain('Ada');
    expect(await page.getByTestId('contact-details').getByRole('button').count()).toBe(0);
    expect(await page.getByTestId('emails').getByRole('button').count()).toBe(0);
    expect(await page.getByTestId('contact-actions').getByRole('button').count()).toBe(0);
    await browser.screenshot('roles-pm-contact');

    await openHousehold(page);
    expect(await page.getByTestId('household-details').textContent()).toContain('Okafor household');
    expect(await page.getByTestId('add-member-form').count()).toBe(0);
    expect(await page.getByTestId('household-members').getByRole('button').count()).toBe(0);
    expect(await page.getByTestId('household-timeline').getByRole('button').count()).toBe(0);
    await browser.screenshot('roles-pm-household');

    await page.goto(`${api.baseUrl}/financial-records/${householdId}`);
    await page.getByText('No financial records yet.').waitFor();
    expect(await page.getByTestId('link-bank').count()).toBe(0);
    expect(await page.getByTestId('add-record').count()).toBe(0);
    await browser.screenshot('roles-pm-financials');
  });

  it('an admin is offered all of it', async () => {
    const page = await signIn(firm);
    expect(await navItems(page)).toEqual(
      expect.arrayContaining(['nav-connections', 'nav-imports', 'nav-audit', 'nav-branding']),
    );
    await page.goto(`${api.baseUrl}/crm/contacts`);
    await page.getByTestId('new-contact').waitFor();
    await openContact(page);
    await page.getByTestId('delete-contact').waitFor();
    await page.getByTestId('merge-open').waitFor();
    await openHousehold(page);
    await page.getByTestId('delete-household').waitFor();
    await page.getByTestId('remove-member').waitFor();
    await page.goto(`${api.baseUrl}/financial-records/${householdId}`);
    await page.getByTestId('add-record').waitFor();
    await page.getByTestId('link-bank').waitFor();
  });
});

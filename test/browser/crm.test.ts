import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, localStorageItem, signInAs } from '../support/browser.js';
import {
  createContact,
  createFamily,
  createHousehold,
  createHouseholdEntities,
  createMeeting,
  createPerson,
} from '../support/crm-factories.js';

const TOKEN_KEY = 'meridian.accessToken';

describe('dashboard CRM', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  // An organization of its own rather than the demo seed: what the pages show is only what each test made.
  let demo: CreatedOrganization;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    demo = await createOrganization(prisma, { name: 'Maple CRM', role: 'ADMIN' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  async function signIn(path: string): Promise<Page> {
    const page = await signInAs(browser.page, api.baseUrl, demo);
    await page.goto(`${api.baseUrl}${path}`);
    return page;
  }

  it('creates a lead through the form: the required-field messages first, then the lead in the list', async () => {
    const page = await signIn('/');
    await page.getByTestId('nav-crm').click();
    await page.getByTestId('contacts-page').waitFor();
    await page.getByTestId('new-lead').first().click();
    await page.getByTestId('new-lead-page').waitFor();

    const form = page.getByRole('form', { name: 'Create a new lead' });
    expect(await form.getByRole('heading').textContent()).toBe('Create a new lead');
    // The spec's defaults (crm §9): INBOUND / LinkedIn, phone country code 1, MOBILE.
    expect(await page.getByTestId('createLead-discoveryMethod').inputValue()).toBe('INBOUND');
    expect(await page.getByTestId('createLead-source').inputValue()).toBe('LINKED_IN');
    expect(await page.getByTestId('createLead-phoneNumber.number.countryCode').inputValue()).toBe('1');
    expect(await page.getByTestId('createLead-phoneNumber.type').inputValue()).toBe('MOBILE');

    await page.getByRole('button', { name: 'Create Lead' }).click();
    const firstError = page.getByTestId('createLead-name.first-error');
    await firstError.waitFor();
    expect(await firstError.textContent()).toBe('Please enter first name');
    expect(await page.getByTestId('createLead-name.last-error').textContent()).toBe('Please enter last name');
    expect(await page.getByTestId('createLead-name.first').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${api.baseUrl}/crm/leads/new`);

    await page.getByTestId('createLead-phoneNumber.number.number').fill('41655');
    await page.getByTestId('createLead-email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await page.getByTestId('createLead-email-error').waitFor();
    expect(await page.getByTestId('createLead-email-error').textContent()).toBe('Please enter a valid email address');
    await browser.screenshot('crm-lead-form-errors');

    await page.getByTestId('createLead-name.first').fill('Amélie');
    await page.getByTestId('createLead-name.last').fill('Gagnon');
    await page.getByTestId('createLead-email').fill('amelie@gagnon.test');
    await page.getByTestId('createLead-phoneNumber.number.number').fill('4165550123');
    await page.getByTestId('createLead-source').selectOption('REFERRAL');
    await page.getByRole('button', { name: 'Create Lead' }).click();

    await page.waitForURL(`${api.baseUrl}/crm/leads`);
    await page.getByTestId('lead-created').waitFor();
    const firstRow = page.getByTestId('leads-table').getByTestId('contact-row').first();
    expect(await firstRow.getByTestId('contact-name').textContent()).toBe('Amélie Gagnon');
    expect(await firstRow.getByTestId('contact-email').textContent()).toBe('amelie@gagnon.test');
    expect(await firstRow.getByTestId('contact-phone').textContent()).toBe('+1 4165550123');
    expect(await firstRow.getByTestId('contact-source').textContent()).toBe('Referral');
    await browser.screenshot('crm-leads-list');

    // What the page shows is what the API stored.
    const token = await localStorageItem(page, TOKEN_KEY);
    const response = await fetch(`${api.baseUrl}/api/leads`, { headers: { Authorization: `Bearer ${token}` } });
    const leads = (await response.json()) as { items: { name: { display: string }; source: string }[] };
    expect(leads.items[0]).toMatchObject({
      name: { display: 'Amélie Gagnon' },
      source: 'REFERRAL',
      discoveryMethod: 'INBOUND',
    });
  });

  it('searches and filters contacts, and keeps the chosen columns', async () => {
    await createContact(prisma, demo, { firstName: 'Gabriel', lastName: 'Roy', emails: ['gabriel@roy.test'] });
    await createContact(prisma, demo, { firstName: 'Sofia', lastName: 'Rossi', type: 'PROSPECT' });
    const page = await signIn('/crm/contacts');
    await page.getByTestId('contacts-search').fill('roy.test');
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
        ).document.querySelectorAll('[data-testid="contact-row"]').length === 1,
    );
    expect(await page.getByTestId('contact-name').textContent()).toBe('Gabriel Roy');

    await page.getByTestId('contacts-search').fill('');
    await page.getByTestId('contacts-type').selectOption('PROSPECT');
    await page.getByText('Sofia Rossi').waitFor();
    expect(await page.getByTestId('contact-row').count()).toBe(1);

    await page.getByTestId('columns-menu').locator('summary').click();
    await page.getByTestId('column-source').check();
    await page.getByTestId('column-email').uncheck();
    await page.reload();
    await page.getByTestId('contacts-table').waitFor();
    expect(await page.getByTestId('column-source').isChecked()).toBe(true);
    expect(await page.getByTestId('column-email').isChecked()).toBe(false);
    expect(await page.getByRole('columnheader', { name: 'Source' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
  });

  it('edits a contact: name, e-mails with the primary, phone defaults, social link prefix, address messages', async () => {
    const { contactId } = await createContact(prisma, demo, { firstName: 'Noah', lastName: 'Tremblay' });
    const page = await signIn(`/crm/contacts/${contactId}`);
    await page.getByTestId('contact-page').waitFor();

    await page.getByTestId('updateContactName-name.preferred').fill('Noé');
    await page.getByRole('form', { name: 'Update contact name' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Noé Tremblay').first().waitFor();
    expect(await page.getByTestId('contact-name').textContent()).toBe('Noé Tremblay');

    await page.getByTestId('add-email-email').fill('noah@work.test');
    await page.getByRole('form', { name: 'Add e-mail' }).getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('email-row').first().waitFor();
    await page.getByTestId('add-email-email').fill('noah@home.test');
    await page.getByRole('form', { name: 'Add e-mail' }).getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('email-row').nth(1).waitFor();
    const rows = page.getByTestId('email-row');
    expect(await rows.nth(0).getByTestId('primary-badge').count()).toBe(1);
    await rows.nth(1).getByRole('button', { name: 'Set as primary' }).click();
    await rows.nth(1).getByTestId('primary-badge').waitFor();
    expect(await rows.nth(0).getByTestId('primary-badge').count()).toBe(0);

    expect(await page.getByTestId('add-phone-country-code').inputValue()).toBe('1');
    expect(await page.getByTestId('add-phone-type').inputValue()).toBe('MOBILE');

    expect(await page.getByTestId('addSocialProfile-link.type').inputValue()).toBe('Facebook');
    expect(await page.getByTestId('addSocialProfile-link.branch-prefix').textContent()).toBe(
      'https://www.facebook.com/',
    );
    await page.getByTestId('addSocialProfile-link.type').selectOption('LinkedIn');
    expect(await page.getByTestId('addSocialProfile-link.branch-prefix').textContent()).toBe(
      'https://www.linkedin.com/in/',
    );
    await page.getByTestId('addSocialProfile-link.branch').fill('noah-tremblay');
    await page.getByRole('form', { name: 'Add social profile' }).getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('social-link-row').waitFor();
    expect(await page.getByTestId('social-link-row').getByRole('link').textContent()).toBe(
      'https://www.linkedin.com/in/noah-tremblay',
    );

    await page.getByRole('form', { name: 'Add address' }).getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('add-address-Line1-error').waitFor();
    expect(await page.getByTestId('add-address-Line1-error').textContent()).toBe('Line 1 is required');
    expect(await page.getByTestId('add-address-City-error').textContent()).toBe('City is required');
    expect(await page.getByTestId('add-address-PostalCode-error').textContent()).toBe('Postal code is required');
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('crm-contact-page');
  });

  it('shows a household with its members, entities and family tree', async () => {
    const householdId = await createHousehold(prisma, demo, {
      name: 'Bouchard household',
      salutation: 'Dear Bouchards',
    });
    const head = await createPerson(prisma, demo, {
      householdId,
      firstName: 'Marie',
      lastName: 'Bouchard',
      dateOfBirth: '1970-05-04',
    });
    const child = await createPerson(prisma, demo, { householdId, firstName: 'Luc', lastName: 'Bouchard' });
    await createFamily(
      prisma,
      demo,
      householdId,
      [{ personId: head, role: 'HEAD' }, { personId: child }],
      'Bouchard family',
    );
    await createHouseholdEntities(prisma, demo, householdId);
    const { contactId } = await createContact(prisma, demo, {
      householdId,
      personId: head,
      firstName: 'Marie',
      lastName: 'Bouchard',
    });
    await createMeeting(prisma, demo, { startTime: new Date(Date.now() - 4 * 86_400_000), contactId });

    const page = await signIn(`/crm/households/${householdId}`);
    await page.getByTestId('household-page').waitFor();
    expect(await page.getByTestId('household-title').textContent()).toBe('Bouchard household');
    expect(await page.getByTestId('household-member').count()).toBe(2);
    expect(await page.getByTestId('household-entity').count()).toBe(3);
    const tree = page.getByTestId('family-tree');
    expect(await tree.getByTestId('family-member').first().textContent()).toContain('Marie Bouchard');
    expect(await tree.getByRole('group').getByTestId('family-member').textContent()).toContain('Luc Bouchard');
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('crm-household-page');

    await page.goto(`${api.baseUrl}/crm/reports`);
    await page.getByTestId('report-table').waitFor();
    await page.getByText('Marie Bouchard').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('download-csv').click();
    expect((await download).suggestedFilename()).toMatch(/^contacts-report-\d{4}-\d{2}-\d{2}\.csv$/);
    await browser.screenshot('crm-reports-page');
  });
});

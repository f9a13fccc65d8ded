import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, transitionsSettled, openAs } from '../support/browser.js';
import { createContact } from '../support/crm-factories.js';
import { createHousehold, createPerson, createRecord } from '../support/financial-factories.js';
import { call, login } from '../support/http.js';
import { LifecycleMessage, type HouseholdResponse } from '@meridian/domain';

describe('dashboard: household members, delete and restore, lead conversion, possible duplicates', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let firm: CreatedOrganization;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    // An administrator: the one who may restore deleted records.
    firm = await createOrganization(prisma, { name: 'Lifecycle Wealth', role: 'ADMIN' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  const signIn = (path: string): Promise<Page> => openAs(browser.page, api.baseUrl, firm, path);

  const memberNames = async (page: Page) =>
    (await page.getByTestId('household-member').allTextContents()).map((text) =>
      text.replace('RemoveDelete person', '').trim(),
    );

  it('creates a household, adds a new person as head and an existing contact, then removes one', async () => {
    await createContact(prisma, firm, { firstName: 'Noah', lastName: 'Tremblay', emails: ['noah@tremblay.test'] });
    const page = await signIn('/crm/households');
    await page.getByTestId('new-household-name').fill('Tremblay household');
    await page.getByRole('button', { name: 'Create household' }).click();
    await page.getByTestId('household-page').waitFor();
    expect(await page.getByTestId('household-members').textContent()).toContain('No member yet');

    const form = page.getByTestId('add-member-form');
    await form.getByTestId('member-first').fill('Emma');
    await form.getByTestId('member-last').fill('Tremblay');
    await form.getByTestId('member-dob').fill('1982-04-03');
    await form.getByTestId('member-role').selectOption('HEAD');
    await form.getByTestId('add-member').click();
    await page.getByTestId('household-member').first().waitFor();
    expect(await page.getByTestId('member-role-badge').textContent()).toBe('Head of household');

    await form.getByTestId('member-kind').selectOption('CONTACT');
    await form.getByTestId('member-contact-search').fill('Noah');
    await form.getByTestId('member-contact-option').first().click();
    expect(await form.getByTestId('member-contact-picked').textContent()).toContain('Noah Tremblay');
    await form.getByTestId('add-member').click();
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
        ).document.querySelectorAll('[data-testid="household-member"]').length === 2,
    );
    expect(await memberNames(page)).toEqual(['Emma TremblayHead of householdborn 03 Apr 1982', 'Noah TremblayMember']);
    // The contact now belongs to the household, and its member links to it.
    await page.getByTestId('household-contacts').getByText('Noah Tremblay').waitFor();
    expect(await page.getByTestId('household-member').nth(1).getByRole('link').textContent()).toBe('Noah Tremblay');
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('lifecycle-household-members');

    await page.getByTestId('household-member').nth(1).getByTestId('remove-member').click();
    const dialog = page.getByTestId('remove-member-dialog');
    expect(await dialog.textContent()).toContain('Remove Noah Tremblay from Tremblay household?');
    await transitionsSettled(page);
    await browser.screenshot('lifecycle-remove-member-dialog');
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await memberNames(page)).toEqual(['Emma TremblayHead of householdborn 03 Apr 1982']);

    // Deleting the household says what goes with it; the Deleted view can bring it back.
    await page.getByTestId('delete-household').click();
    const summary = page.getByTestId('delete-household-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Its members go with it: Emma Tremblay.');
    await transitionsSettled(page);
    await browser.screenshot('lifecycle-delete-household-dialog');
    await page.getByTestId('delete-household-dialog').getByRole('button', { name: 'Delete household' }).click();
    await page.waitForURL(`${api.baseUrl}/crm/households`);
    await page.getByTestId('crm-tab-deleted').click();
    const household = page.getByTestId('deleted-item').filter({ hasText: 'Tremblay household' });
    await household.getByTestId('restore').waitFor();
    expect(await page.getByTestId('deleted-item').filter({ hasText: 'Emma Tremblay' }).textContent()).toContain(
      'Its household is deleted',
    );
    await household.getByTestId('restore').click();
    await page.getByTestId('restored').waitFor();
    // The notice shows at once; the list reloads after it.
    await expect.poll(() => page.getByTestId('deleted-item').count()).toBe(0);
  });

  it('adds an existing person from another household, and deletes a person unless they own records', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const pelletiers = await createHousehold(prisma, firm, 'Pelletier household');
    const zoe = await createPerson(prisma, firm.organizationId, pelletiers, {
      firstName: 'Zoé',
      lastName: 'Pelletier',
    });
    await createPerson(prisma, firm.organizationId, pelletiers, { firstName: 'Marc', lastName: 'Pelletier' });
    await createRecord(api.baseUrl, token, {
      householdId: pelletiers,
      type: 'BANK_ACCOUNT',
      bankAccountType: 'SAVINGS',
      nickname: 'Zoé’s savings',
      balance: { value: 4000, currency: 'CAD' },
      owners: [zoe],
    });
    const bouchards = await createHousehold(prisma, firm, 'Bouchard household');
    const page = await signIn(`/crm/households/${bouchards}`);
    const form = page.getByTestId('add-member-form');
    await form.getByTestId('member-kind').selectOption('PERSON');

    // Each person found says where they are now, so two of a name can be told apart.
    await form.getByTestId('member-person-search').fill('Pelletier');
    const options = form.getByTestId('member-person-option');
    await expect.poll(() => options.count(), { timeout: 15_000, interval: 100 }).toBe(2);
    expect(await options.filter({ hasText: 'Marc Pelletier' }).textContent()).toBe(
      'Marc Pelletiernow in Pelletier household',
    );
    await options.filter({ hasText: 'Marc Pelletier' }).click();
    await form.getByTestId('member-role').selectOption('HEAD');
    await form.getByTestId('add-member').click();
    await page.getByTestId('household-member').first().waitFor();
    expect(await memberNames(page)).toEqual(['Marc PelletierHead of household']);

    await form.getByTestId('member-person-search').fill('Pelletier');
    // Marc is a member now: only Zoé is offered.
    await expect
      .poll(() => options.allTextContents(), { timeout: 15_000, interval: 100 })
      .toEqual(['Zoé Pelletiernow in Pelletier household']);
    await options.first().click();
    await form.getByTestId('add-member').click();
    await expect
      .poll(() => memberNames(page), { timeout: 15_000, interval: 100 })
      .toEqual(['Marc PelletierHead of household', 'Zoé PelletierMember']);
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('lifecycle-existing-person-added');

    // Zoé owns an account: deleting her is refused with the reason, and nothing changes.
    const zoeRow = page.getByTestId('household-member').filter({ hasText: 'Zoé Pelletier' });
    await zoeRow.getByTestId('delete-person').click();
    const dialog = page.getByTestId('delete-person-dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('Delete Zoé Pelletier?');
    await dialog.getByRole('button', { name: 'Delete person' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(LifecycleMessage.ownsRecords);
    await transitionsSettled(page);
    await browser.screenshot('lifecycle-delete-person-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Marc owns nothing: he is deleted and leaves the members.
    await page
      .getByTestId('household-member')
      .filter({ hasText: 'Marc Pelletier' })
      .getByTestId('delete-person')
      .click();
    await dialog.getByRole('button', { name: 'Delete person' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await memberNames(page)).toEqual(['Zoé PelletierMember']);
    const household = await call<HouseholdResponse>(api.baseUrl, 'GET', `/api/households/${bouchards}`, { token });
    expect(household.body.members.map((member) => member.name.display)).toEqual(['Zoé Pelletier']);
  });

  it('deletes a contact and restores it from Deleted records as an admin', async () => {
    const { contactId } = await createContact(prisma, firm, { firstName: 'Olivia', lastName: 'Roy' });
    const page = await signIn(`/crm/contacts/${contactId}`);
    await page.getByTestId('contact-page').waitFor();
    await page.getByTestId('delete-contact').click();
    const dialog = page.getByTestId('delete-contact-dialog');
    expect(await dialog.textContent()).toContain('An administrator can restore it');
    await transitionsSettled(page);
    await browser.screenshot('lifecycle-delete-contact-dialog');
    await dialog.getByRole('button', { name: 'Delete contact' }).click();
    await page.waitForURL(`${api.baseUrl}/crm/contacts`);

    await page.getByTestId('crm-tab-deleted').click();
    await page.getByTestId('deleted-page').waitFor();
    const row = page.getByTestId('deleted-item').filter({ hasText: 'Olivia Roy' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Contact');
    await browser.screenshot('lifecycle-deleted-records');
    await row.getByTestId('restore').click();
    await page.getByTestId('restored').waitFor();
    await page.getByTestId('restored').getByRole('link', { name: 'open it' }).click();
    await page.getByTestId('contact-page').waitFor();
    expect(await page.getByTestId('contact-name').textContent()).toBe('Olivia Roy');
  });

  it('converts a lead to a client in a new household', async () => {
    const { contactId } = await createContact(prisma, firm, { firstName: 'Liam', lastName: 'Gagnon', type: 'LEAD' });
    const page = await signIn(`/crm/contacts/${contactId}`);
    await page.getByTestId('contact-page').waitFor();
    expect(await page.getByTestId('contact-type').textContent()).toBe('Lead');
    await page.getByTestId('convert-lead').click();
    const dialog = page.getByTestId('convert-dialog');
    expect(await dialog.getByTestId('convert-household-name').inputValue()).toBe('Gagnon household');
    await transitionsSettled(page);
    await browser.screenshot('lifecycle-convert-dialog');
    await dialog.getByTestId('convert-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
        ).document.querySelector('[data-testid="contact-type"]')?.textContent === 'Client',
    );
    expect(await page.getByTestId('convert-lead').count()).toBe(0);
    const stored = await prisma.contact.findUniqueOrThrow({ where: { id: contactId }, include: { household: true } });
    expect(stored).toMatchObject({ type: 'CLIENT', household: { name: 'Gagnon household' } });
  });

  it('warns of a possible duplicate with a link to it before creating the contact', async () => {
    const { contactId } = await createContact(prisma, firm, {
      firstName: 'Chloé',
      lastName: 'Martin',
      emails: ['chloe@martin.test'],
      phones: ['4165550188'],
    });
    const page = await signIn('/crm/contacts/new');
    await page.getByTestId('new-contact-page').waitFor();
    await page.getByTestId('createContact-name.first').fill('Chloe');
    await page.getByTestId('createContact-name.last').fill('Martin');
    await page.getByTestId('createContact-phoneNumber.number.number').fill('(416) 555-0188');
    await page.getByRole('button', { name: 'Create Contact' }).click();
    const warning = page.getByTestId('possible-duplicate');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Possible duplicate');
    expect(await warning.getByRole('link').getAttribute('href')).toBe(`/crm/contacts/${contactId}`);
    expect(await warning.getByTestId('possible-duplicate-item').textContent()).toContain('same phone');
    expect(page.url()).toBe(`${api.baseUrl}/crm/contacts/new`);
    await browser.screenshot('lifecycle-possible-duplicate');

    await warning.getByTestId('create-anyway').click();
    await page.waitForURL((url) => url.pathname.startsWith('/crm/contacts/contact-'));
    await page.getByTestId('contact-page').waitFor();
    expect(page.url()).not.toContain(contactId);
    expect(await prisma.contact.count({ where: { organizationId: firm.organizationId, lastName: 'Martin' } })).toBe(2);
  });
});

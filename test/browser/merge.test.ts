import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createContact, createHousehold, createPerson } from '../support/crm-factories.js';

/** How long to wait for the page to show what the API now says. */
const POLL = { timeout: 15_000, interval: 100 };

describe('merging duplicates in the dashboard', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let org: CreatedOrganization;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    org = await createOrganization(prisma, { name: 'Harbour Wealth', role: 'ADMIN' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  async function tag(contactId: string, name: string) {
    const tagId = newId(EntityType.tag);
    await prisma.tag.create({ data: { id: tagId, organizationId: org.organizationId, name, type: 'CUSTOM' } });
    await prisma.contactTag.create({ data: { organizationId: org.organizationId, contactId, tagId } });
  }

  it('merges a duplicate contact into the one in a household, keeping both contacts’ tags and phones; undo', async () => {
    const householdId = await createHousehold(prisma, org, { name: 'Okonkwo household' });
    const personId = await createPerson(prisma, org, { householdId, firstName: 'Adaeze', lastName: 'Okonkwo' });
    const kept = await createContact(prisma, org, {
      firstName: 'Adaeze',
      lastName: 'Okonkwo',
      type: 'CLIENT',
      householdId,
      personId,
      emails: ['adaeze@okonkwo.test'],
      phones: ['4165550101'],
    });
    const duplicate = await createContact(prisma, org, {
      firstName: 'Ada',
      lastName: 'Okonkwo',
      emails: ['ADAEZE@okonkwo.test'],
      phones: ['6475550102'],
    });
    await tag(kept.contactId, 'Retirement');
    await tag(duplicate.contactId, 'Golf');

    const page = await signInAs(browser.page, api.baseUrl, org);
    await page.goto(`${api.baseUrl}/crm/contacts/${kept.contactId}`);
    await page.getByTestId('contact-page').waitFor();
    await page.getByTestId('merge-open').click();
    const dialog = page.getByTestId('merge-dialog');
    await dialog.getByTestId('merge-search').fill('Okonkwo');
    const candidate = dialog.getByTestId('merge-candidate');
    await candidate.first().waitFor();
    // The contact on screen is not offered as its own duplicate.
    expect(await candidate.allTextContents()).toEqual(['Ada OkonkwoADAEZE@okonkwo.test']);
    await candidate.first().click();

    // Each differing field with both values; the household, by its name.
    await dialog.getByTestId('merge-fields').waitFor();
    const fields = await dialog.getByTestId('merge-field').allTextContents();
    expect(
      fields.some((field) => field.startsWith('First name') && field.includes('Adaeze') && field.includes('Ada')),
    ).toBe(true);
    expect(fields.some((field) => field.startsWith('Household') && field.includes('Okonkwo household'))).toBe(true);
    expect(fields.join(' ')).not.toMatch(/household-|contact-|CLIENT|LEAD/);
    expect(await dialog.getByTestId('merge-summary').textContent()).toContain(
      'Combined into Adaeze Okonkwo: 1 phone, 1 tag.Already on both, kept once: 1 e-mail.',
    );
    await browser.screenshot('merge-dialog');
    await dialog.getByTestId('merge-confirm').click();
    await dialog.waitFor({ state: 'detached' });

    const banner = page.getByTestId('merge-banner');
    expect(await banner.textContent()).toContain('Ada Okonkwo was merged into Adaeze Okonkwo: 1 phone, 1 tag added.');
    const tags = page.getByTestId('tag-chip');
    await expect
      .poll(async () => (await tags.allTextContents()).map((text) => text.split(' (')[0]!.trim()).sort(), POLL)
      .toEqual(['Golf', 'Retirement']);
    const phones = await page.getByTestId('phone-numbers').textContent();
    expect(phones).toContain('4165550101');
    expect(phones).toContain('6475550102');
    expect(await page.getByTestId('contact-name').textContent()).toBe('Adaeze Okonkwo');
    await browser.screenshot('merge-done');

    await banner.getByTestId('merge-undo').click();
    await expect
      .poll(() => banner.textContent(), POLL)
      .toContain('Merge undone: Ada Okonkwo is back with its records.');
    await expect.poll(async () => (await tags.allTextContents()).length, POLL).toBe(1);
    expect(await page.getByTestId('phone-numbers').textContent()).not.toContain('6475550102');
    const restored = await prisma.contact.findUniqueOrThrow({ where: { id: duplicate.contactId } });
    expect(restored).toMatchObject({ deletedAt: null, mergedIntoId: null });
  });

  it('merges a duplicate household: its members join the one kept; undo', async () => {
    const keptId = await createHousehold(prisma, org, { name: 'Tremblay household', salutation: 'Dear Tremblays' });
    await createPerson(prisma, org, { householdId: keptId, firstName: 'Luc', lastName: 'Tremblay' });
    const duplicateId = await createHousehold(prisma, org, { name: 'Tremblay family' });
    await createPerson(prisma, org, { householdId: duplicateId, firstName: 'Marie', lastName: 'Tremblay' });

    const page = await signInAs(browser.page, api.baseUrl, org);
    await page.goto(`${api.baseUrl}/crm/households/${keptId}`);
    await page.getByTestId('household-page').waitFor();
    await page.getByTestId('merge-open').click();
    const dialog = page.getByTestId('merge-dialog');
    await dialog.getByTestId('merge-search').fill('Tremblay');
    const candidate = dialog.getByTestId('merge-candidate');
    await candidate.first().waitFor();
    expect(await candidate.allTextContents()).toEqual(['Tremblay family1 member']);
    await candidate.first().click();
    await dialog.getByTestId('merge-fields').waitFor();
    await dialog.getByTestId('merge-name-merged').check();
    expect(await dialog.getByTestId('merge-field').first().textContent()).toContain(
      'Tremblay household → Tremblay family',
    );
    expect(await dialog.getByTestId('merge-summary').textContent()).toContain(
      'Combined into Tremblay household: 1 member.',
    );
    await browser.screenshot('merge-household-dialog');
    await dialog.getByTestId('merge-confirm').click();
    await dialog.waitFor({ state: 'detached' });

    const members = page.getByTestId('household-member').getByTestId('member-name');
    await expect
      .poll(async () => (await members.allTextContents()).sort(), POLL)
      .toEqual(['Luc Tremblay', 'Marie Tremblay']);
    await expect.poll(() => page.getByTestId('household-title').textContent(), POLL).toBe('Tremblay family');
    await browser.screenshot('merge-household-done');

    await page.getByTestId('merge-undo').click();
    await expect.poll(async () => (await members.allTextContents()).length, POLL).toBe(1);
    expect(await page.getByTestId('household-title').textContent()).toBe('Tremblay household');
  });
});

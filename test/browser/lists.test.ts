import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { createContact, createHousehold, createPerson } from '../support/crm-factories.js';

describe('lists and the command palette', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let org: CreatedOrganization;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    org = await createOrganization(prisma, { name: 'Lists Wealth', role: 'ADMIN' });
    const organizationId = org.organizationId;
    await createContact(prisma, org, { firstName: 'Zoé', lastName: 'Adams', emails: ['zoe@adams.test'] });
    await createContact(prisma, org, { firstName: 'Yann', lastName: 'Brooks', emails: ['yann@brooks.test'] });
    const { contactId: vip } = await createContact(prisma, org, { firstName: 'Xavier', lastName: 'Cole' });
    const tagId = newId(EntityType.tag);
    await prisma.tag.create({ data: { id: tagId, organizationId, name: 'Golf', type: 'HOBBY' } });
    await prisma.contactTag.create({ data: { organizationId, contactId: vip, tagId } });
    const advisor = newId(EntityType.professional);
    await prisma.professional.create({
      data: { id: advisor, organizationId, displayName: 'Olivia Advisor', role: 'ADVISOR' },
    });
    // Two households of the same name: the palette tells them apart by advisor and members.
    ids.first = await createHousehold(prisma, org, { name: 'Fairweather household' });
    await prisma.household.update({ where: { id: ids.first }, data: { primaryAdvisorId: advisor } });
    await createPerson(prisma, org, { householdId: ids.first, firstName: 'Ada', lastName: 'Fairweather' });
    ids.second = await createHousehold(prisma, org, { name: 'Fairweather household' });
    // An RRSP at an institution, found by its kind in the palette.
    const institutionId = newId(EntityType.institution);
    await prisma.institution.create({ data: { id: institutionId, organizationId, name: 'Northern Credit Union' } });
    ids.rrsp = newId(EntityType.investmentAccount);
    await prisma.financialRecord.create({
      data: {
        id: ids.rrsp,
        organizationId,
        householdId: ids.first,
        type: 'INVESTMENT_ACCOUNT',
        nickname: 'Ada retirement',
        institutionId,
      },
    });
    await prisma.investmentAccount.create({ data: { id: ids.rrsp, organizationId, accountType: 'RRSP' } });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  async function names(page: Page): Promise<string[]> {
    return page.getByTestId('contact-name').allTextContents();
  }

  it('sorts the contacts by a column, filters by tag, and keeps a hidden column hidden after a reload', async () => {
    const page = await signInAs(browser.page, api.baseUrl, org);
    await page.goto(`${api.baseUrl}/crm/contacts`);
    await page.getByTestId('contacts-table').waitFor();
    expect(await names(page)).toEqual(['Zoé Adams', 'Yann Brooks', 'Xavier Cole']);

    // Sort by e-mail descending: click the header twice.
    await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    await page.waitForURL(/sort=email&order=asc/);
    await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    await page.waitForURL(/order=desc/);
    await expect.poll(() => names(page)).toEqual(['Zoé Adams', 'Yann Brooks', 'Xavier Cole']);
    expect(await page.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect.poll(() => names(page)).toEqual(['Xavier Cole', 'Yann Brooks', 'Zoé Adams']);

    await page.getByTestId('contacts-tag').selectOption({ label: 'Golf (Hobby)' });
    await expect.poll(() => names(page)).toEqual(['Xavier Cole']);
    expect(page.url()).toContain('tagId=');
    expect(await page.getByTestId('list-count').textContent()).toContain('1 result');
    await browser.screenshot('lists-contacts-filtered');

    await page.getByTestId('columns-menu').locator('summary').click();
    await page.getByTestId('column-email').uncheck();
    expect(await page.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
    await page.reload();
    await page.getByTestId('contacts-table').waitFor();
    expect(await page.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Tags' }).count()).toBe(1);
    // The shared URL still opens the filtered list.
    expect(await names(page)).toEqual(['Xavier Cole']);
  });

  it('finds a household with Ctrl-K and opens it with the keyboard', async () => {
    const page = await signInAs(browser.page, api.baseUrl, org);
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('fairweather');
    await expect.poll(() => page.getByTestId('palette-result').count()).toBeGreaterThanOrEqual(2);
    const details = await page.getByTestId('palette-result').allTextContents();
    // Same name, told apart by advisor and members; equal matches keep a stable but arbitrary order.
    const withAdvisor = details.findIndex((text) => text.includes('Advisor: Olivia Advisor'));
    const without = details.findIndex((text) => text.includes('No advisor'));
    expect(details[withAdvisor]).toContain('Ada Fairweather');
    expect([withAdvisor, without].sort()).toEqual([0, 1]);
    await browser.screenshot('lists-command-palette');
    for (let step = 0; step < without; step += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/crm/households/${ids.second}`));
    expect(await page.getByTestId('command-palette').count()).toBe(0);

    // Esc closes it; the header's Search button opens it too.
    await page.getByTestId('search-button').click();
    await page.getByTestId('palette-input').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('command-palette').count()).toBe(0);
  });

  it('finds an account by its type with Ctrl-K and opens its household’s financials', async () => {
    const page = await signInAs(browser.page, api.baseUrl, org);
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').waitFor();
    await page.keyboard.type('rrsp');
    await expect
      .poll(() => page.getByTestId('palette-result').allTextContents())
      .toEqual(['Ada retirementRRSP · Northern Credit Union · Fairweather household']);
    expect(await page.getByTestId('command-palette').textContent()).toContain('Accounts and records');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/financial-records/${ids.first}`));
  });
});

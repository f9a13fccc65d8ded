import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, signInAs, transitionsSettled } from '../support/browser.js';
import { createHousehold, createPerson } from '../support/crm-factories.js';

describe('dashboard: a household’s timeline of life events', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let firm: CreatedOrganization;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Timeline Wealth', role: 'ADVISOR' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  const titles = (page: Page) => page.getByTestId('life-event-title').allTextContents();
  /** A full-page screenshot from the top (a scrolled page draws the fixed shell over its middle). */
  const screenshot = async (page: Page, name: string) => {
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot(name);
  };

  it('adds two life events, moves one past the other, deletes one', async () => {
    const householdId = await createHousehold(prisma, firm, { name: 'Gagnon household' });
    const personId = await createPerson(prisma, firm, { householdId, firstName: 'Claire', lastName: 'Gagnon' });
    const page = await signInAs(browser.page, api.baseUrl, firm);
    await page.goto(`${api.baseUrl}/crm/households/${householdId}`);
    const timeline = page.getByTestId('household-timeline');
    await timeline.getByText('No life event yet').waitFor();
    await screenshot(page, 'timeline-empty');

    // The first event: the type fills in the title; it concerns Claire.
    const form = page.getByTestId('add-life-event-form');
    await form.getByLabel('Type').selectOption({ label: 'Retirement' });
    expect(await form.getByLabel('Title').inputValue()).toBe('Retirement');
    await form.getByLabel('Date').fill('2035-06-30');
    await form.getByLabel('Concerns').selectOption({ label: 'Claire Gagnon' });
    await form.getByLabel('Description').fill('Leaves the hospital at 62');
    await form.getByRole('button', { name: 'Add life event' }).click();
    await page.getByTestId('life-event').first().waitFor();

    // The second, for the whole household, earlier: it comes first.
    await form.getByLabel('Type').selectOption({ label: 'Home purchase' });
    await form.getByLabel('Title').fill('Buys the lake house');
    await form.getByLabel('Date').fill('2030-04-01');
    await form.getByRole('button', { name: 'Add life event' }).click();
    await expect.poll(() => titles(page)).toEqual(['Buys the lake house', 'Retirement']);
    const retirement = page.getByTestId('life-event').filter({ hasText: 'Retirement' });
    expect(await retirement.getByTestId('life-event-date').textContent()).toBe('30 June 2035');
    // Its title is its type's label, said once.
    expect(await retirement.getByTestId('life-event-type').count()).toBe(0);
    expect(await retirement.getByTestId('life-event-concerns').textContent()).toBe('Concerns Claire Gagnon');
    const lakeHouse = page.getByTestId('life-event').filter({ hasText: 'Buys the lake house' });
    expect(await lakeHouse.getByTestId('life-event-type').textContent()).toBe('Home purchase');
    expect(await lakeHouse.getByTestId('life-event-concerns').count()).toBe(0);
    // The timelines were made with their first events: the household's and Claire's.
    const stored = await prisma.timeline.findMany({ where: { householdId }, select: { personId: true } });
    expect(stored.map((item) => item.personId).sort()).toEqual([null, personId].sort());
    await screenshot(page, 'timeline-two-events');

    // Moving the lake house after the retirement, once with no date at all.
    await lakeHouse.getByTestId('life-event-change-date').click();
    await lakeHouse.getByLabel('New date').fill('');
    await lakeHouse.getByRole('button', { name: 'Save date' }).click();
    expect(await lakeHouse.getByTestId('life-event-new-date-error').textContent()).toBe('Please enter a valid date');
    await screenshot(page, 'timeline-date-error');
    await lakeHouse.getByLabel('New date').fill('2040-01-15');
    await lakeHouse.getByRole('button', { name: 'Save date' }).click();
    await expect.poll(() => titles(page)).toEqual(['Retirement', 'Buys the lake house']);
    expect(await lakeHouse.getByTestId('life-event-date').textContent()).toBe('15 January 2040');

    // Deleting the retirement, after the question.
    await retirement.getByTestId('life-event-delete').click();
    const dialog = page.getByTestId('life-event-delete-dialog');
    expect(await dialog.textContent()).toContain('“Retirement” on 30 June 2035 leaves the household’s timeline');
    await transitionsSettled(page);
    await screenshot(page, 'timeline-delete-question');
    await dialog.getByRole('button', { name: 'Delete life event' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => titles(page)).toEqual(['Buys the lake house']);

    // What the page shows is what is stored.
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['Buys the lake house']);
    expect(await page.getByTestId('life-event-date').textContent()).toBe('15 January 2040');
    await screenshot(page, 'timeline-after');
  });
});

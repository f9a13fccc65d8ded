import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi, type TestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, openAs, RESULTS_DIR, transitionsSettled } from '../support/browser.js';
import { createHousehold, createPerson } from '../support/crm-factories.js';
import { createRecord } from '../support/financial-factories.js';
import { call, login } from '../support/http.js';

/** What a person must never read on the plan pages: an enumeration constant, an id or JSON. */
const UNREADABLE =
  /\b(RRSP_|TFSA_|PLAN_START|PLAN_END|RETIREMENT|FIXED_RATE|INFLATION|EMPLOYMENT|SECURED_LOAN|MORTGAGE|ANNUALLY|MONTHLY|LIFESTYLE|NaN|undefined|null)\b|[a-z]+-[A-Za-z0-9_-]{21}\b|[{}]/;
/** How long to wait for the page to show what the API now says. */
const POLL = { timeout: 20_000, interval: 100 };
const cad = (value: number) => ({ value, currency: 'CAD' });

describe('dashboard plan page', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let firm: CreatedOrganization;
  let householdId: string;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Maple Practice', role: 'ADVISOR' });
    householdId = await createHousehold(prisma, firm, { name: 'Okonkwo household' });
    const alex = await createPerson(prisma, firm, {
      householdId,
      firstName: 'Alex',
      lastName: 'Okonkwo',
      dateOfBirth: '1978-05-14',
    });
    // The household's records, made as an advisor makes them: through the API.
    token = await login(api.baseUrl, firm.email, firm.password);
    const create = (body: Record<string, unknown>) => createRecord(api.baseUrl, token, { householdId, ...body });
    await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'RRSP', marketValue: cad(185000), owners: [alex] });
    await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'TFSA', marketValue: cad(48000), owners: [alex] });
    const home = await create({
      type: 'REAL_ESTATE_PROPERTY',
      propertyKind: 'RESIDENTIAL',
      nickname: 'Family home',
      marketValue: cad(720000),
    });
    await create({
      type: 'MORTGAGE',
      nickname: 'Home mortgage',
      propertyId: home.id,
      balance: cad(310000),
      interestRatePercent: 4.79,
      paymentAmount: cad(2150),
      paymentFrequency: 'MONTHLY',
    });
    // A salary (employment: it ends when Alex retires) and the household's living costs.
    for (const [path, name, subtype, amount, frequency] of [
      ['/api/income-flows', 'Salary', 'Salary', 98000, 'ANNUALLY'],
      ['/api/expense-flows', 'Living costs', 'Lifestyle', 4200, 'MONTHLY'],
    ] as const) {
      const response = await call(api.baseUrl, 'POST', path, {
        token,
        body: {
          householdId,
          name,
          subtype,
          flows: [{ name, status: 'ACTIVE', amount: cad(amount), frequency: { common: frequency } }],
        },
      });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    }
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  async function expectReadable(page: Page) {
    expect(await page.locator('main').innerText()).not.toMatch(UNREADABLE);
  }

  /** The year table's net worth cells, year by year, as the page shows them. */
  async function netWorths(page: Page): Promise<string[]> {
    return page.getByTestId('year-row').locator('[data-column="Net worth"]').allTextContents();
  }

  it('builds a plan from the household’s records, moves the retirement age and explains a figure', async () => {
    const page = await openAs(browser.page, api.baseUrl, firm, `/crm/households/${householdId}`);
    await page.getByTestId('household-plans-link').click();
    await page.getByTestId('household-plans-page').waitFor();
    await page.getByTestId('plans-empty').waitFor();
    await expectReadable(page);

    // "New plan": crm §2's form, its household this page's.
    await page.getByTestId('new-plan').click();
    const form = page.getByTestId('create-plan-form');
    await form.getByRole('heading', { name: 'Create a new Plan' }).waitFor();
    expect(await form.getByLabel('Household').locator('option:checked').textContent()).toBe('Okonkwo household');
    await form.getByLabel('Name').fill('Retire at 65');
    await form.getByRole('button', { name: 'Create Plan' }).click();
    await page.waitForURL(/\/plans\/[^/]+$/);
    await page.getByTestId('plan-page').waitFor();
    expect(await page.getByTestId('plan-name').innerText()).toContain('Retire at 65');

    // The accounts were copied from the household's records.
    await page.getByTestId('tab-accounts').click();
    const accountRows = page.getByTestId('accounts-row');
    await accountRows.nth(1).waitFor();
    const accounts = (await accountRows.allInnerTexts()).join('\n');
    expect(accounts).toContain('RRSP');
    expect(accounts).toContain('TFSA');
    expect(accounts).toContain('$185,000 CAD');
    expect(accounts).toContain('$48,000 CAD');
    await page.getByTestId('tab-incomes').click();
    await page.getByTestId('incomes-row').first().waitFor();
    const salary = await page.getByTestId('incomes-row').first().innerText();
    expect(salary).toContain('Salary');
    expect(salary).toContain('$98,000 CAD a year');
    expect(salary).toContain('From the start of the plan until Alex retires');
    await page.getByTestId('tab-liabilities').click();
    await page.getByTestId('liabilities-row').first().waitFor();
    const mortgage = await page.getByTestId('liabilities-row').first().innerText();
    expect(mortgage).toContain('$310,000 CAD');
    expect(mortgage).toContain('4.79% a year');
    expect(mortgage).toContain('$2,150 CAD monthly');
    await expectReadable(page);
    await browser.screenshot('planning-liabilities');
    await page.getByTestId('tab-accounts').click();
    await browser.screenshot('planning-accounts');

    // Editing the plan's TFSA changes the plan, through its labelled form.
    await page.getByRole('button', { name: 'Edit TFSA' }).click();
    const accountForm = page.getByTestId('accounts-form');
    await accountForm.getByLabel('Market value').fill('52500');
    await accountForm.getByLabel('Growth', { exact: true }).selectOption({ label: 'Fixed rate' });
    await accountForm.getByLabel('Growth rate').fill('4.5');
    await transitionsSettled(page);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'planning-account-form.png') });
    await accountForm.getByRole('button', { name: 'Save' }).click();
    await accountForm.waitFor({ state: 'detached' });
    const tfsa = page.getByTestId('accounts-row').filter({ hasText: 'TFSA' });
    await tfsa.getByText('$52,500 CAD').waitFor();
    expect(await tfsa.innerText()).toContain('4.5% a year');

    // The projection, then the what-if: retiring five years earlier changes the figures, unsaved.
    await page.getByTestId('tab-projection').click();
    await page.getByTestId('year-row').first().waitFor(POLL);
    // The projection answers first; the chance the money lasts follows from the 1,000 market paths.
    await expect.poll(() => page.getByTestId('success-probability').innerText(), POLL).toMatch(/%$/);
    const before = await netWorths(page);
    expect(before.length).toBeGreaterThan(20);
    const savedAge = Number(await page.getByTestId('what-if-age').textContent());
    await expectReadable(page);
    await browser.screenshot('planning-projection');

    const slider = page.getByTestId('retirement-age-slider');
    await slider.focus();
    for (let step = 0; step < 5; step += 1) await slider.press('ArrowLeft');
    expect(Number(await page.getByTestId('what-if-age').textContent())).toBe(savedAge - 5);
    await expect.poll(async () => (await netWorths(page)).join('|') !== before.join('|'), POLL).toBe(true);
    await expect.poll(() => page.getByTestId('what-if-status').innerText(), POLL).toContain('not saved');
    // The market paths follow the new age too.
    await page.locator('[data-testid="monte-carlo"][aria-busy="false"]').waitFor({ timeout: POLL.timeout });
    await browser.screenshot('planning-what-if');

    // A figure's explanation: its rule, its calculation and its inputs.
    await page.getByTestId('explained-figure').first().click();
    const explanation = page.getByTestId('explanation');
    await explanation.waitFor();
    expect((await explanation.getByTestId('explanation-rule').first().innerText()).trim()).not.toBe('');
    expect((await explanation.getByTestId('explanation-text').first().innerText()).trim()).not.toBe('');
    await transitionsSettled(page);
    // The drawer is fixed to the window: a picture of the window shows it as the advisor sees it.
    await page.screenshot({ path: path.join(RESULTS_DIR, 'planning-explanation.png') });
    await page.keyboard.press('Escape');
    await explanation.waitFor({ state: 'detached' });
    // Back to the plan's own age: the what-if was never saved.
    await page.getByRole('button', { name: `Back to ${savedAge}` }).click();
    await expect.poll(async () => (await netWorths(page)).join('|'), POLL).toBe(before.join('|'));

    // A milestone added through its form is marked on the net worth chart at the year it is reached.
    await page.getByTestId('tab-milestones').click();
    await page.getByTestId('add-milestones').click();
    const milestoneForm = page.getByTestId('milestones-form');
    await milestoneForm.getByLabel('Name').fill('Alex retires');
    await milestoneForm.getByLabel('Reached when').selectOption({ label: 'A person has retired' });
    await milestoneForm.getByRole('button', { name: 'Add the milestone' }).click();
    await milestoneForm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('milestones-row').first().innerText()).toContain('Alex has retired');
    await page.getByTestId('tab-projection').click();
    const retirementYear = 1978 + savedAge;
    await page.getByTestId('milestone-markers').getByText(`Alex retires · ${retirementYear}`).waitFor(POLL);
    await page
      .getByTestId('net-worth-chart')
      .screenshot({ path: path.join(RESULTS_DIR, 'planning-net-worth-milestone.png') });

    // A second plan, retiring at 60, side by side with this one.
    const planId = page.url().split('/plans/')[1]!.split('?')[0]!;
    const second = await call<{ id: string; people: { personId: string }[] }>(api.baseUrl, 'POST', '/api/plans', {
      token,
      body: { householdId, name: 'Retire at 60', publish: false },
    });
    expect(second.status, JSON.stringify(second.body)).toBeLessThan(300);
    const edited = await call(api.baseUrl, 'PATCH', `/api/plans/${second.body.id}/people/edit`, {
      token,
      body: { personId: second.body.people[0]!.personId, retirementAge: 60 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBeLessThan(300);
    await page.goto(`${api.baseUrl}/plans/${planId}?tab=compare`);
    const figures = page.getByTestId('compare-figures');
    await figures.waitFor(POLL);
    const header = await figures.locator('thead').innerText();
    expect(header).toContain('Retire at 65');
    expect(header).toContain('Retire at 60');
    const rows = await figures.locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t')[0])).toEqual([
      'Chance the money lasts',
      'First year short of money',
      'Net worth when the last person is 90',
    ]);
    await expectReadable(page);
    await browser.screenshot('planning-compare');

    // The household's plans list both, each a link to its page.
    await page.getByTestId('household-plans-link').click();
    await page.getByTestId('plan-row').nth(1).waitFor();
    expect((await page.getByTestId('plan-row').allInnerTexts()).map((row) => row.split('\t')[0]).sort()).toEqual([
      'Retire at 60',
      'Retire at 65',
    ]);
    await expectReadable(page);
    await browser.screenshot('planning-household-plans');
  });
});

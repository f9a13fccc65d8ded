import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import {
  formatCad,
  Money,
  type CashFlowView,
  type FinancialView,
  type HouseholdListItem,
  type ListPage,
} from '@meridian/domain';
import { DEMO_ADMIN, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, computedStyle, signInAs } from '../support/browser.js';
import { call, login } from '../support/http.js';
import {
  createFinancialHousehold,
  createRecord,
  setFxRate,
  type FinancialHousehold,
} from '../support/financial-factories.js';

/** What a chart shape computes to when its Tailwind colour class is missing. */
const UNCOLOURED = /^(rgb\(0, 0, 0\)|none)$/;
const cad = (value: number) => ({ value, currency: 'CAD' });
/** How long to wait for the page to show what the API now says. */
const POLL = { timeout: 15_000, interval: 100 };

describe('household financial page', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let household: FinancialHousehold;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi();
    prisma = createPrismaClient(api.databaseUrl);
    const organization = await prisma.organization.findFirstOrThrow({ where: { isDemo: true } });
    const team = await prisma.team.findFirstOrThrow({ where: { organizationId: organization.id } });
    household = await createFinancialHousehold(
      prisma,
      { organizationId: organization.id, teamId: team.id },
      'Zéphyrine Quillfeather household',
    );
    await setFxRate(prisma, organization.id, { date: '2024-01-01', base: 'USD', quote: 'CAD', rate: '1.25' });
    token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const create = (body: Record<string, unknown>) =>
      createRecord(api.baseUrl, token, { householdId: household.householdId, ...body });
    await create({
      type: 'BANK_ACCOUNT',
      bankAccountType: 'CHECKING',
      nickname: 'Joint chequing',
      balance: cad(8200.5),
    });
    await create({
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'RRSP',
      marketValue: cad(145000),
      owners: [household.personIds[0]],
    });
    await create({
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'TFSA',
      marketValue: cad(62000),
      owners: [household.personIds[1]],
    });
    await create({
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'ROTH_IRA',
      marketValue: { value: 30000, currency: 'USD' },
    });
    const home = await create({
      type: 'REAL_ESTATE_PROPERTY',
      propertyKind: 'RESIDENTIAL',
      nickname: 'Family home',
      marketValue: cad(910000),
    });
    await create({ type: 'MORTGAGE', nickname: 'Home mortgage', propertyId: home.id, balance: cad(420000) });
    await create({ type: 'CREDIT_CARD', nickname: 'Visa Infinite', balance: cad(2350.75), lastFourDigits: '4242' });
    await call(api.baseUrl, 'POST', '/api/expense-flows', {
      token,
      body: {
        householdId: household.householdId,
        name: 'Groceries',
        flows: [{ name: 'Groceries', status: 'ACTIVE', amount: cad(250), frequency: { common: 'WEEKLY' } }],
      },
    });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  function signIn(): Promise<Page> {
    return signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
  }

  it('adds an income flow on the household page and sees the monthly total change', async () => {
    const page = await signIn();
    await page.getByTestId('nav-cash-flows').click();
    await page.waitForURL(`${api.baseUrl}/cash-flows`);
    await page.getByLabel('Search households').fill('Quillfeather');
    await page.getByRole('link', { name: /Zéphyrine Quillfeather household/ }).click();
    await page.waitForURL(`${api.baseUrl}/cash-flows/${household.householdId}`);

    const inflow = page.getByTestId('monthly-inflow');
    await inflow.waitFor();
    expect(await inflow.textContent()).toBe('$0');
    // 250 a week: 250 x 52 / 12.
    expect(await page.getByTestId('monthly-outflow').textContent()).toBe('$1,083.33');

    await page.getByTestId('add-income').click();
    const form = page.getByTestId('income-form');
    await form.waitFor();
    expect(await form.getByRole('heading').first().textContent()).toBe('Add Income');
    // The API's message shows beside the field it concerns.
    await form.getByRole('button', { name: 'Add Income' }).click();
    const nameError = page.getByTestId('income-form-name-error');
    await nameError.waitFor();
    expect(await nameError.textContent()).toBe('Name is required');

    await form.getByLabel('Name').fill('Salary');
    await form.getByLabel('Amount').fill('3000');
    await form.getByLabel('Frequency').selectOption('BI_WEEKLY');
    await form.getByRole('button', { name: 'Add Income' }).click();
    await form.waitFor({ state: 'detached' });

    // 3000 every other week: 3000 x 26 / 12 = 6500 a month.
    await expect.poll(() => inflow.textContent(), POLL).toBe('$6,500');
    expect(await page.getByTestId('monthly-net').textContent()).toBe('$5,416.67');
    expect(await page.getByTestId('cash-flow-sources').textContent()).toContain('Salary');
    const view = await call<CashFlowView>(api.baseUrl, 'GET', `/api/cash-flow-view/${household.householdId}`, {
      token,
    });
    expect(view.body.summary.inflow.monthly).toEqual({ value: '6500', currency: 'CAD' });

    const bars = page.locator('[data-testid="category-chart"] .recharts-bar-rectangle rect');
    await bars.first().waitFor();
    expect(await computedStyle(bars.first(), 'fill')).not.toMatch(UNCOLOURED);
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('financials-cash-flows');
  });

  it('shows net worth and debt, accounts in the spec’s order with flags, and switches currency', async () => {
    const page = await signIn();
    await page.getByTestId('nav-financial-records').click();
    await page.getByLabel('Search households').fill('Quillfeather');
    await page.getByRole('link', { name: /Zéphyrine Quillfeather household/ }).click();
    await page.getByTestId('net-worth').waitFor();

    const cadView = await call<FinancialView>(api.baseUrl, 'GET', `/api/get-financial-view/${household.householdId}`, {
      token,
    });
    const dollars = (value: string) =>
      `$${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: value.includes('.') ? 2 : 0 }).format(Number(value))}`;
    expect(await page.getByTestId('net-worth').textContent()).toBe(dollars(cadView.body.netWorth.value));
    expect(await page.getByTestId('total-debt').textContent()).toBe('$422,350.75');
    const labels = await page
      .locator('[data-testid="group-INVESTMENT"] [data-testid="record-label"]')
      .allTextContents();
    // The API's labels carry the spec's flags; the page shows them as the country's code, named on hover.
    expect(labels).toEqual(['CA TFSA', 'CA RRSP', 'US Roth IRA']);
    const flags = page.locator('[data-testid="group-INVESTMENT"] [data-testid="record-label"] abbr');
    expect(await flags.evaluateAll((items) => items.map((item) => item.getAttribute('title')))).toEqual([
      'Canada',
      'Canada',
      'United States',
    ]);
    const donut = page.locator('[data-testid="assets-chart"] .recharts-pie-sector path');
    await donut.first().waitFor();
    expect(await computedStyle(donut.first(), 'fill')).not.toMatch(UNCOLOURED);
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('financials-net-worth');

    await page.getByTestId('currency-USD').click();
    const usdView = await call<FinancialView>(
      api.baseUrl,
      'GET',
      `/api/get-financial-view/${household.householdId}?currency=USD`,
      { token },
    );
    await expect
      .poll(() => page.getByTestId('net-worth').textContent(), POLL)
      .toBe(dollars(usdView.body.netWorth.value));
    expect(await page.getByTestId('currency-USD').getAttribute('aria-checked')).toBe('true');
  });

  it('edits a record’s name and adds an additional card through the spec’s forms', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/financial-records/${household.householdId}`);
    const card = page.locator('[data-testid="group-CREDIT_CARDS"] button[aria-expanded]').first();
    await card.click();
    const panel = page.getByTestId('record-panel');
    await panel.getByRole('button', { name: 'Add Additional Card' }).click();
    const form = page.getByTestId('add-card-form');
    await form.getByLabel('Description').fill('Second card');
    await form.getByLabel('First 4 Digits').fill('45');
    await form.getByLabel('Last 4 Digits').fill('0042');
    await form.getByRole('button', { name: 'Add Card' }).click();
    const digitsError = page.getByTestId('add-card-form-firstFourDigits-error');
    await digitsError.waitFor();
    expect(await digitsError.textContent()).toBe('First four digits should be exactly 4 numbers');
    await form.getByLabel('First 4 Digits').fill('4520');
    await form.getByRole('button', { name: 'Add Card' }).click();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(() => panel.getByTestId('additional-cards').textContent(), POLL)
      .toContain('Second card · 4520 •••• 0042');

    await panel.getByRole('button', { name: 'Edit Name' }).click();
    const rename = page.getByTestId('edit-name-form');
    await rename.getByLabel('Nickname').fill('Travel Visa');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('group-CREDIT_CARDS').textContent(), POLL).toContain('Travel Visa');
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('financials-record-forms');
  });
  it('picks the household from a list with its members and assets, then sorts and filters its records table', async () => {
    // One account arrives through a managed feed: the table tells it apart from those entered by hand.
    const before = await call<FinancialView>(api.baseUrl, 'GET', `/api/get-financial-view/${household.householdId}`, {
      token,
    });
    const fed = before.body.records.find((record) => record.label.includes('TFSA'))!;
    await prisma.financialRecord.update({ where: { id: fed.id }, data: { connectionType: 'MANAGED' } });

    const page = await signIn();
    await page.getByTestId('nav-financial-records').click();
    await page.getByLabel('Search households').fill('Quillfeather');
    const row = page.getByTestId('household-row').filter({ hasText: 'Zéphyrine Quillfeather household' });
    await row.waitFor();
    const listed = await call<ListPage<HouseholdListItem>>(api.baseUrl, 'GET', '/api/households?search=Quillfeather', {
      token,
    });
    const item = listed.body.items.find((entry) => entry.id === household.householdId)!;
    expect(await row.getByTestId('household-members').textContent()).toBe('Amélie Tremblay, Louis Tremblay');
    expect(await row.getByTestId('household-assets').textContent()).toBe(
      `${formatCad(item.totalAssets!)} ${item.assetsCurrency}`,
    );
    expect(await row.getByTestId('household-advisor').textContent()).toBe(
      item.primaryAdvisor?.displayName ?? 'No advisor',
    );
    await browser.screenshot('financials-household-picker');
    await row.getByRole('link', { name: 'Zéphyrine Quillfeather household' }).click();
    await page.waitForURL(`${api.baseUrl}/financial-records/${household.householdId}`);

    await page.getByTestId('records-layout-table').click();
    const table = page.getByTestId('records-table');
    await table.waitFor();
    const names = () => table.getByTestId('records-table-name').allTextContents();
    const view = (
      await call<FinancialView>(api.baseUrl, 'GET', `/api/get-financial-view/${household.householdId}?currency=CAD`, {
        token,
      })
    ).body;
    const shownName = (record: FinancialView['records'][number]) =>
      record.displayName === record.label ? 'Investment account' : record.displayName;
    const byValue = [...view.records]
      .sort((a, b) => Money.fromJSON(a.converted!).compare(Money.fromJSON(b.converted!)))
      .map(shownName);

    await page.getByTestId('header-value').getByRole('button').click();
    await expect.poll(names, POLL).toEqual(byValue);
    expect(await page.getByTestId('header-value').getAttribute('aria-sort')).toBe('ascending');
    await page.getByTestId('header-value').getByRole('button').click();
    await expect.poll(names, POLL).toEqual([...byValue].reverse());

    // Synced or entered by hand.
    await page.getByTestId('records-filter-source').selectOption('synced');
    await expect.poll(() => table.getByTestId('records-table-row').count(), POLL).toBe(1);
    expect(await table.getByTestId('records-type').textContent()).toBe('CA TFSA');
    expect(await table.getByTestId('records-synced').textContent()).toBe('Not synced yet');
    await page.getByTestId('records-filter-source').selectOption('manual');
    await expect.poll(() => table.getByTestId('records-table-row').count(), POLL).toBe(view.records.length - 1);
    expect(await table.getByTestId('records-synced').allTextContents()).toEqual(
      Array(view.records.length - 1).fill('Entered by hand'),
    );
    await page.getByTestId('records-filter-group').selectOption('INVESTMENT');
    await expect
      .poll(() => table.getByTestId('records-type').allTextContents(), POLL)
      .toEqual(['CA RRSP', 'US Roth IRA']);
    await browser.screenshot('financials-records-table');

    // A row opens the record's panel; the hidden owner column, the sort and the filters survive a reload.
    await table.getByTestId('records-table-name').first().click();
    await page.getByTestId('record-panel').waitFor();
    await page.getByTestId('records-columns').locator('summary').click();
    await page.getByTestId('records-columns').getByTestId('column-owner').uncheck();
    await page.reload();
    await table.waitFor();
    expect(await page.getByTestId('header-owner').count()).toBe(0);
    expect(await page.getByTestId('header-value').getAttribute('aria-sort')).toBe('descending');
    expect(await table.getByTestId('records-type').allTextContents()).toEqual(['CA RRSP', 'US Roth IRA']);
  });
});

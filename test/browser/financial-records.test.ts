import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { formatMoney, type CashFlowView, type FinancialView } from '@meridian/domain';
import { DEMO_ADMIN, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { call, login } from '../support/http.js';
import {
  createFinancialHousehold,
  createHousehold,
  createPerson,
  createRecord,
  type FinancialHousehold,
} from '../support/financial-factories.js';

const cad = (value: number) => ({ value, currency: 'CAD' });
/** How long to wait for the page to show what the API now says. */
const POLL = { timeout: 15_000, interval: 100 };

describe('financial records: create, edit and remove from the household page', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let household: FinancialHousehold;
  let soloHouseholdId: string;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi();
    prisma = createPrismaClient(api.databaseUrl);
    const organization = await prisma.organization.findFirstOrThrow({ where: { isDemo: true } });
    const team = await prisma.team.findFirstOrThrow({ where: { organizationId: organization.id } });
    const owner = { organizationId: organization.id, teamId: team.id };
    household = await createFinancialHousehold(prisma, owner, 'Ottoline Brackenridge household');
    soloHouseholdId = await createHousehold(prisma, owner, 'Solitaire Vantongeren household');
    const solo = await createPerson(prisma, organization.id, soloHouseholdId, {
      firstName: 'Solène',
      lastName: 'Vantongeren',
    });
    token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await createRecord(api.baseUrl, token, {
      householdId: household.householdId,
      type: 'BANK_ACCOUNT',
      bankAccountType: 'CHECKING',
      nickname: 'Everyday chequing',
      balance: cad(5000),
    });
    await createRecord(api.baseUrl, token, {
      householdId: soloHouseholdId,
      type: 'BANK_ACCOUNT',
      bankAccountType: 'SAVINGS',
      nickname: 'Rainy day savings',
      balance: cad(12000),
      owners: [solo],
    });
    await call(api.baseUrl, 'POST', '/api/income-flows', {
      token,
      body: {
        householdId: household.householdId,
        name: 'Consulting',
        flows: [{ name: 'Consulting', status: 'ACTIVE', amount: cad(1500), frequency: { common: 'MONTHLY' } }],
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

  async function financialView(householdId = household.householdId): Promise<FinancialView> {
    const response = await call<FinancialView>(
      api.baseUrl,
      'GET',
      `/api/get-financial-view/${householdId}?currency=CAD`,
      { token },
    );
    return response.body;
  }

  async function cashFlowView(): Promise<CashFlowView> {
    const response = await call<CashFlowView>(
      api.baseUrl,
      'GET',
      `/api/cash-flow-view/${household.householdId}?currency=CAD`,
      { token },
    );
    return response.body;
  }

  /** The page's net worth matches the API's, once the page has reloaded its view. */
  async function expectNetWorthAgrees(page: Page, netWorth: string) {
    expect((await financialView()).netWorth.value).toBe(netWorth);
    await expect.poll(() => page.getByTestId('net-worth').textContent(), POLL).toBe(formatMoney(netWorth));
  }

  it('adds an investment account with a balance and a second owner, edits it and removes it', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/financial-records/${household.householdId}`);
    await page.getByTestId('net-worth').waitFor();
    await expectNetWorthAgrees(page, '5000');

    // Add: the drawer builds the investment account's form from its declared fields.
    await page.getByTestId('add-record').click();
    const drawer = page.getByTestId('record-form');
    await drawer.waitFor();
    await drawer.getByTestId('record-field-type').selectOption('INVESTMENT_ACCOUNT');
    // Saving without the required account type shows the API's message beside the field.
    await drawer.getByTestId('record-form-save').click();
    await expect
      .poll(() => drawer.getByTestId('record-field-accountType-error').textContent(), POLL)
      .toBe('Account type is required');
    await drawer.getByTestId('record-field-accountType').selectOption('CASH');
    expect(await drawer.getByTestId('ownership-rule').textContent()).toBe(
      'This Cash account can be owned by a person, corporation, trust or foundation, alone or jointly.',
    );
    await drawer.getByTestId('record-field-nickname').fill('Brokerage');
    await drawer.getByTestId('record-field-name').fill('Northern Securities');
    await drawer.getByTestId('record-field-marketValue').fill('125000');
    await drawer.getByTestId(`record-owner-${household.personIds[0]}`).check();
    await browser.screenshot('financial-records-add-drawer');
    await drawer.getByTestId('record-form-save').click();
    await drawer.waitFor({ state: 'detached' });

    let view = await financialView();
    const created = view.records.find((record) => record.nickname === 'Brokerage')!;
    expect(created).toMatchObject({
      type: 'INVESTMENT_ACCOUNT',
      name: 'Northern Securities',
      details: { accountType: 'CASH', marketValue: { value: '125000', currency: 'CAD' } },
      owners: [{ entityId: household.personIds[0] }],
      isJoint: false,
    });
    await expectNetWorthAgrees(page, '130000');
    // The saved record's panel is open: add the second owner with the spec's Add Owner form.
    const panel = page.getByTestId('record-panel');
    expect(await panel.getByTestId('ownership-rule').textContent()).toBe(
      'This Cash account can be owned by a person, corporation, trust or foundation, alone or jointly.',
    );
    await panel.getByTestId('add-owner').click();
    const ownerForm = page.getByTestId('add-owner-form');
    await ownerForm.getByLabel('Owner').selectOption(household.personIds[1]);
    await ownerForm.getByRole('button', { name: 'Add Owner' }).click();
    await ownerForm.waitFor({ state: 'detached' });
    await expect.poll(() => panel.getByTestId('record-owners').textContent(), POLL).toContain('Louis Tremblay');
    view = await financialView();
    const joint = view.records.find((record) => record.id === created.id)!;
    expect(joint.owners.map((owner) => owner.entityId).sort()).toEqual([...household.personIds].sort());
    expect(joint.isJoint).toBe(true);
    expect(await page.getByTestId(`record-${created.id}`).textContent()).toContain('Joint');

    // Edit: the market value and the nickname, in the drawer.
    await panel.getByTestId('edit-record').click();
    const editor = page.getByTestId('record-form');
    await editor.waitFor();
    expect(await editor.getByTestId('record-field-marketValue').inputValue()).toBe('125000');
    await editor.getByTestId('record-field-marketValue').fill('131250.50');
    await editor.getByTestId('record-field-nickname').fill('Family brokerage');
    await editor.getByTestId('record-form-save').click();
    await editor.waitFor({ state: 'detached' });
    const edited = (await financialView()).records.find((record) => record.id === created.id)!;
    expect(edited).toMatchObject({
      nickname: 'Family brokerage',
      name: 'Northern Securities',
      details: { marketValue: { value: '131250.5' } },
      isJoint: true,
    });
    expect(edited.owners).toHaveLength(2);
    await expectNetWorthAgrees(page, '136250.5');
    await expect.poll(() => page.getByTestId(`record-${created.id}`).textContent(), POLL).toContain('Family brokerage');
    await browser.screenshot('financial-records-edited');

    // Remove: the confirmation says what happens to net worth; the record leaves page and API.
    await page.getByTestId('record-panel').getByTestId('delete-record').click();
    const confirm = page.getByTestId('delete-record-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(
      "Its $131,250.50 CAD no longer counts in the household's assets, so net worth goes down by that much.",
    );
    await browser.screenshot('financial-records-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete record' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId(`record-${created.id}`).count(), POLL).toBe(0);
    await expectNetWorthAgrees(page, '5000');
    const gone = await call(api.baseUrl, 'GET', `/api/financial-records/${created.id}`, { token });
    expect(gone.status).toBe(404);
  });

  it('adds a debt secured by an asset, chosen and shown by name, with its owners and borrowers', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/financial-records/${household.householdId}`);
    await page.getByTestId('add-record').click();
    const drawer = page.getByTestId('record-form');
    await drawer.getByTestId('record-field-type').selectOption('LINE_OF_CREDIT');
    const securedBy = drawer.getByTestId('record-field-securedByRecordId');
    const choices = await securedBy.locator('option').allTextContents();
    expect(choices).toEqual(['None', 'Everyday chequing']);
    await securedBy.selectOption({ label: 'Everyday chequing' });
    await drawer.getByTestId('record-field-nickname').fill('Overdraft line');
    await drawer.getByTestId('record-field-balance').fill('3200');
    await drawer.getByTestId('record-field-creditLimit').fill('10000');
    await drawer.getByTestId('record-field-interestRatePercent').fill('7.2');
    await drawer.getByTestId('record-form-save').click();
    await drawer.waitFor({ state: 'detached' });

    const line = (await financialView()).records.find((record) => record.nickname === 'Overdraft line')!;
    expect(line).toMatchObject({
      type: 'LINE_OF_CREDIT',
      details: { balance: { value: '3200' }, creditLimit: { value: '10000' }, interestRatePercent: '7.2' },
      securedBy: { securedType: 'OTHER' },
    });
    const panel = page.getByTestId('record-panel');
    await expect.poll(() => panel.textContent(), POLL).toContain('Secured byEveryday chequing');
    expect(await panel.textContent()).not.toContain(line.id);
    expect(await page.getByTestId('total-debt').textContent()).toBe('$3,200');
    await panel.getByRole('button', { name: 'Add Borrower' }).click();
    const borrower = page.getByTestId('add-borrower-form');
    await borrower.getByLabel('Borrower').selectOption(household.personIds[1]);
    await borrower.getByRole('button', { name: 'Add Borrower' }).click();
    await borrower.waitFor({ state: 'detached' });
    await expect.poll(() => panel.getByTestId('record-borrowers').textContent(), POLL).toContain('Louis Tremblay');
    await browser.screenshot('financial-records-line-of-credit');
  });

  it('explains why an owner cannot be added to a record of a one-member household', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/financial-records/${soloHouseholdId}`);
    const row = page.locator('[data-testid^="record-bank_account-"]').first();
    await row.click();
    const panel = page.getByTestId('record-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('owner-blocker').textContent()).toBe(
      'This household has one member, who already owns it. Add a second member to the household first; they can then be added here. Open the household',
    );
    expect(await panel.getByTestId('add-owner').count()).toBe(0);
    await browser.screenshot('financial-records-one-member');
  });

  it('edits and deletes an income, and the monthly figures follow', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/cash-flows/${household.householdId}`);
    const inflow = page.getByTestId('monthly-inflow');
    await expect.poll(() => inflow.textContent(), POLL).toBe('$1,500');
    const source = (await cashFlowView()).sources.find((item) => item.name === 'Consulting')!;
    const row = page.getByTestId(`source-${source.id}`);

    await row.getByTestId('edit-source').click();
    const drawer = page.getByTestId('flow-source-form');
    await drawer.waitFor();
    await drawer.getByTestId('flow-source-name').fill('Consulting fees');
    await drawer.getByTestId('flow-0-amount').fill('-10');
    await drawer.getByTestId('flow-source-save').click();
    await expect
      .poll(() => drawer.getByTestId('flow-0-amount-error').textContent(), POLL)
      .toBe('Amount must not be negative');
    await drawer.getByTestId('flow-0-amount').fill('2000');
    await drawer.getByTestId('flow-0-frequency').selectOption('SEMI_MONTHLY');
    await browser.screenshot('financial-records-edit-income');
    await drawer.getByTestId('flow-source-save').click();
    await drawer.waitFor({ state: 'detached' });
    let view = await cashFlowView();
    expect(view.sources.find((item) => item.id === source.id)).toMatchObject({
      name: 'Consulting fees',
      flows: [{ amount: { value: '2000' }, frequency: { common: 'SEMI_MONTHLY' } }],
    });
    expect(view.summary.inflow.monthly.value).toBe('4000');
    await expect.poll(() => inflow.textContent(), POLL).toBe('$4,000');
    expect(await row.textContent()).toContain('Consulting fees');

    await row.getByTestId('delete-source').click();
    const confirm = page.getByTestId('delete-source-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(
      "Its $4,000 CAD a month no longer counts in the household's monthly money in.",
    );
    await confirm.getByRole('button', { name: 'Delete income' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId(`source-${source.id}`).count(), POLL).toBe(0);
    view = await cashFlowView();
    expect(view.sources.map((item) => item.id)).not.toContain(source.id);
    expect(view.summary.inflow.monthly.value).toBe('0');
    await expect.poll(() => inflow.textContent(), POLL).toBe('$0');
  });
});

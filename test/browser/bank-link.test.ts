/**
 * Linking a bank without double counting (issue 15), as an advisor in chromium: the bank's TFSA is
 * matched with the TFSA the household already holds by hand, the other accounts get the owners
 * the advisor ticks, and net worth moves by the new accounts only (figures from the API's
 * financial view before and after).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { Decimal } from 'decimal.js';
import type { PrismaClient } from '@meridian/api';
import type { FinancialView } from '@meridian/domain';
import { DEMO_ADMIN, type TestApi } from '../support/app.js';
import { startPlaidStack, type PlaidStack } from '../support/plaid-stack.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createFinancialHousehold, createRecord } from '../support/financial-factories.js';
import { call } from '../support/http.js';

/** How long the page may take to show what the worker did (a sync through prism, then a poll). */
const LIVE = { timeout: 45_000, interval: 200 };

describe('Link a bank: place its accounts (fake Plaid behind prism)', () => {
  let stack: PlaidStack;
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let token: string;
  let organization: { organizationId: string; teamId: string };

  beforeAll(async () => {
    stack = await startPlaidStack();
    ({ api, prisma, token, organization } = stack);
  });

  afterAll(() => stack?.close());

  async function financialView(householdId: string): Promise<FinancialView> {
    const response = await call<FinancialView>(api.baseUrl, 'GET', `/api/get-financial-view/${householdId}`, {
      token,
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('matches the bank’s TFSA with the manual one and picks owners for the others, with net worth unchanged by the match', async () => {
    const household = await createFinancialHousehold(prisma, organization, 'Tremblay-Beaulieu household');
    const manualTfsa = await createRecord(api.baseUrl, token, {
      householdId: household.householdId,
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'TFSA',
      nickname: 'Amélie’s TFSA ••7002',
      marketValue: { value: 41230, currency: 'CAD' },
      owners: [household.personIds[0]],
    });
    const before = await financialView(household.householdId);

    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/financial-records/${household.householdId}`);
    await page.getByTestId('net-worth').waitFor();
    await page.getByRole('button', { name: 'Link a bank' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link a bank' });
    await dialog.getByRole('button', { name: 'Northern Maple Trust' }).click();
    await dialog.getByTestId('place-accounts').waitFor();

    const account = (name: string): Locator => dialog.getByRole('listitem', { name: `Account ${name}` });
    const tfsa = account('TFSA ••7002');
    const chequing = account('Chequing ••7001');
    const rrsp = account('RRSP ••7003');
    const lineOfCredit = account('Personal Line of Credit ••7004');
    // The manual TFSA is offered, and preselected: same kind, same last digits.
    const tfsaChoice = tfsa.getByLabel('This account is');
    expect(await tfsaChoice.inputValue()).toBe(manualTfsa.id);
    expect(await tfsaChoice.locator('option:checked').textContent()).toBe(
      'Match with Amélie’s TFSA ••7002, $41,230 (likely the same)',
    );
    expect(await tfsa.textContent()).toContain('It keeps its history, owners and name');
    // The others are new accounts: no manual account of their kind to match them with.
    expect(await chequing.getByLabel('This account is').inputValue()).toBe('new');

    await chequing.getByLabel('Amélie Tremblay').check();
    await chequing.getByLabel('Louis Tremblay').check();
    await lineOfCredit.getByLabel('Amélie Tremblay').check();
    await browser.screenshot('bank-link-place-accounts');

    // The RRSP has no owner yet: the API's rule is shown under it, nothing is placed.
    await dialog.getByRole('button', { name: 'Place accounts and sync' }).click();
    await expect
      .poll(() => rrsp.getByRole('alert').textContent(), LIVE)
      .toBe('Account RRSP needs an owner: a person of the household');
    await browser.screenshot('bank-link-owner-missing');
    await rrsp.getByLabel('Louis Tremblay').check();
    await dialog.getByRole('button', { name: 'Place accounts and sync' }).click();

    await dialog.getByTestId('link-progress').waitFor();
    await expect.poll(() => dialog.getByTestId('link-run-status').textContent(), LIVE).toBe('Succeeded');
    await browser.screenshot('bank-link-synced');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The API's figures: the TFSA is the same record, now synced, with the same value and owner;
    // net worth moved by the three new accounts only.
    const after = await financialView(household.householdId);
    const synced = after.records.filter((record) => record.connectionType === 'CONNECTION');
    expect(synced).toHaveLength(4);
    const tfsaAfter = after.records.find((record) => record.id === manualTfsa.id)!;
    expect(tfsaAfter).toMatchObject({
      connectionType: 'CONNECTION',
      owners: [expect.objectContaining({ entityId: household.personIds[0] })],
    });
    expect(new Decimal(tfsaAfter.value!.value).equals(manualTfsa.value!.value)).toBe(true);
    const newAccounts = new Decimal(2450.8).plus(96512.3).minus(1500);
    expect(new Decimal(after.netWorth.value).minus(before.netWorth.value).equals(newAccounts)).toBe(true);
    const chequingAfter = synced.find((record) => record.type === 'BANK_ACCOUNT')!;
    expect(chequingAfter.owners.map((owner) => owner.entityId)).toEqual(household.personIds);

    // On the page: the TFSA row is the one it was, marked as synced, and no placement is pending.
    await page.reload();
    await page.getByTestId('net-worth').waitFor();
    const row = page.getByTestId(`record-${manualTfsa.id}`);
    expect(await row.textContent()).toContain('Amélie’s TFSA ••7002');
    expect(await row.getByTestId('freshness-badge').getAttribute('data-freshness')).toBe('fresh');
    expect(await page.getByTestId('pending-placements').count()).toBe(0);
    await browser.screenshot('bank-link-household');
  });

  it('keeps a bank whose accounts were left unplaced from syncing, and offers to place them from the household page', async () => {
    const household = await createFinancialHousehold(prisma, organization, 'Okafor household');
    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/financial-records/${household.householdId}`);
    await page.getByTestId('net-worth').waitFor();
    await page.getByRole('button', { name: 'Link a bank' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link a bank' });
    await dialog.getByRole('button', { name: 'Harbourfront Savings Bank' }).click();
    await dialog.getByTestId('place-accounts').waitFor();
    await dialog.getByRole('button', { name: 'Place later' }).click();

    const pending = page.getByTestId('pending-placements');
    await pending.waitFor();
    expect(await pending.textContent()).toContain('Harbourfront Savings Bank: its accounts wait to be placed');
    const [connection] = await prisma.connection.findMany({ where: { ownerHouseholdId: household.householdId } });
    expect(await prisma.syncRun.count({ where: { connectionId: connection!.id } })).toBe(0);
    await browser.screenshot('bank-link-pending');

    // The operations view says why it does not run, and sends to the household page instead.
    await page.getByTestId('nav-connections').click();
    const row = page.getByTestId(`connection-${connection!.id}`);
    await row.waitFor();
    expect(await row.getByTestId('placement-pending').textContent()).toBe('Accounts to place');
    expect(await row.getByRole('button', { name: /^Run now/ }).count()).toBe(0);
    await row.getByRole('link', { name: 'Place accounts: Harbourfront Savings Bank' }).click();
    await pending.waitFor();

    await pending.getByRole('button', { name: 'Place accounts' }).click();
    const placing = page.getByRole('dialog', { name: 'Place accounts' });
    await placing.getByTestId('place-accounts').waitFor();
    for (const item of await placing.getByRole('listitem').all()) {
      await item.getByLabel('Amélie Tremblay').check();
    }
    await placing.getByRole('button', { name: 'Place accounts and sync' }).click();
    await expect.poll(() => placing.getByTestId('link-run-status').textContent(), LIVE).toBe('Succeeded');
  });
});

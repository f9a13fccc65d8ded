import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PrismaClient } from '@meridian/api';
import type { AuditLogPage, ConnectionView, FinancialView, SyncRunDetail } from '@meridian/domain';
import { FAKE_INSTITUTIONS } from '@meridian/connectors/testing';
import { DEMO_ADMIN, type TestApi } from '../support/app.js';
import { startPlaidStack, type PlaidStack } from '../support/plaid-stack.js';
import { browserPerTest, computedStyle, signInAs } from '../support/browser.js';
import { createHousehold } from '../support/financial-factories.js';
import { call } from '../support/http.js';
import { linkSandboxInstitution, waitForFinishedRun, type PlaidSandbox } from '../support/plaid-sandbox.js';

/** What a chart shape computes to when its Tailwind colour class is missing. */
const UNCOLOURED = /^(rgb\(0, 0, 0\)|none)$/;
/** How long the page may take to show what the worker did (a sync through prism, then a poll). */
const LIVE = { timeout: 45_000, interval: 200 };

interface Institution {
  id: string;
  name: string;
  /** How many accounts an item of the institution holds. */
  accountCount: number;
}

function institution(index: number): Institution {
  const fake = FAKE_INSTITUTIONS[index]!;
  return { id: fake.institution_id, name: fake.name, accountCount: fake.seed('item-count').accounts?.length ?? 0 };
}
const HARBOURFRONT = institution(0);
const NORTHERN_MAPLE = institution(1);

describe('operations view, freshness badge and Link a bank (fake Plaid behind prism)', () => {
  let stack: PlaidStack;
  let plaid: PlaidSandbox;
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let token: string;
  let organization: { organizationId: string; teamId: string };

  beforeAll(async () => {
    stack = await startPlaidStack();
    ({ plaid, api, prisma, token, organization } = stack);
  });

  afterAll(() => stack?.close());

  function signIn(): Promise<Page> {
    return signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
  }

  async function connectionsOf(householdId: string): Promise<ConnectionView[]> {
    const response = await call<ConnectionView[]>(api.baseUrl, 'GET', `/api/connections/by-owner/${householdId}`, {
      token,
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('links a bank on the sandbox page, follows its first run to success and shows the accounts as fresh', async () => {
    const householdId = await createHousehold(prisma, organization, 'Oriane Fairweather household');
    const page = await signIn();
    await page.goto(`${api.baseUrl}/financial-records/${householdId}`);
    await page.getByTestId('net-worth').waitFor();
    expect(await page.getByTestId('freshness-badge').count()).toBe(0);

    await page.getByRole('button', { name: 'Link a bank' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link a bank' });
    await dialog.getByTestId('plaid-sandbox').waitFor();
    expect(
      await dialog.getByRole('list', { name: 'Sandbox institutions' }).getByRole('button').allTextContents(),
    ).toEqual(FAKE_INSTITUTIONS.map((institution) => institution.name));
    await browser.screenshot('operations-sandbox-page');
    await dialog.getByRole('button', { name: HARBOURFRONT.name }).click();
    // A household without members: its accounts are placed without owners, none to match.
    await dialog.getByTestId('place-accounts').waitFor();
    await dialog.getByRole('button', { name: 'Place accounts and sync' }).click();
    await dialog.getByTestId('link-progress').waitFor();

    const [connection] = await connectionsOf(householdId);
    expect(connection).toMatchObject({ service: 'PLAID', displayName: HARBOURFRONT.name });
    // The operations view follows the run live until it has succeeded.
    await page.goto(`${api.baseUrl}/`);
    await page.getByTestId('nav-connections').click();
    await page.waitForURL(`${api.baseUrl}/connections`);
    const row = page.getByTestId(`connection-${connection!.id}`);
    await expect.poll(() => row.getByTestId('connection-last-run').textContent(), LIVE).toBe('Succeeded');
    expect(await row.getByRole('link', { name: 'Oriane Fairweather household' }).getAttribute('href')).toBe(
      `/financial-records/${householdId}`,
    );
    await expect
      .poll(() => row.getByTestId('connection-counts').textContent(), LIVE)
      .toContain(`${HARBOURFRONT.accountCount} accounts`);
    const history = page.getByTestId('runs-table');
    await expect.poll(() => history.getByTestId('run-status').first().textContent(), LIVE).toBe('Succeeded');
    await expect.poll(() => page.getByTestId('live-indicator').textContent(), LIVE).toBe('Idle');
    // Today's bar (the zero counts of the other days and statuses are bars of no height), coloured.
    const bar = page
      .locator('[data-testid="runs-chart"] .recharts-bar-rectangle rect')
      .filter({ visible: true })
      .first();
    await bar.waitFor();
    expect(await computedStyle(bar, 'fill')).not.toMatch(UNCOLOURED);
    await browser.screenshot('operations-view');

    // The run's detail: its counts match what the API recorded.
    await history.getByRole('link').first().click();
    await page.getByTestId('run-detail-page').waitFor();
    const runId = page.url().split('/').at(-1)!;
    const detail = await call<SyncRunDetail>(api.baseUrl, 'GET', `/api/sync-runs/${runId}`, { token });
    expect(detail.body).toMatchObject({ status: 'SUCCEEDED', trigger: 'INITIAL', connectionId: connection!.id });
    expect(await page.getByTestId('run-detail-status').textContent()).toBe('Succeeded');
    expect(await page.getByTestId('run-trigger').textContent()).toBe('Initial');
    expect(await page.getByTestId('run-counts').textContent()).toContain(`${detail.body.counts.created} new`);
    // A bank's run lists what it wrote, as an import's does: as many entries as its counts say.
    const { created, updated, deleted } = detail.body.counts;
    expect(created).toBeGreaterThan(0);
    await page.getByTestId('run-changes').getByTestId('audit-entry').first().waitFor();
    expect(await page.getByTestId('run-changes-summary').textContent()).toContain(`${created} created`);
    const changes = await call<AuditLogPage>(api.baseUrl, 'GET', `/api/sync-runs/${runId}/changes?limit=1`, { token });
    expect(changes.body.total).toBe(created + updated + deleted);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    // Back on the household page: every synced account, each with a fresh badge.
    await page.goto(`${api.baseUrl}/financial-records/${householdId}`);
    await page.getByTestId('net-worth').waitFor();
    const view = await call<FinancialView>(api.baseUrl, 'GET', `/api/get-financial-view/${householdId}`, { token });
    expect(view.body.records).toHaveLength(HARBOURFRONT.accountCount);
    for (const record of view.body.records) {
      const recordRow = page.getByTestId(`record-${record.id}`);
      expect(await recordRow.textContent()).toContain(record.displayName);
      const badge = recordRow.getByTestId('freshness-badge');
      expect(await badge.getAttribute('data-freshness')).toBe('fresh');
      expect(await badge.textContent()).toMatch(/^Synced (just now|\d+ min ago)$/);
    }
    await page.evaluate('window.scrollTo(0, 0)');
    await browser.screenshot('operations-household-synced');

    // Two days without a sync: the badge turns amber and says so.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000 - 60_000);
    await prisma.connection.update({ where: { id: connection!.id }, data: { lastSyncedAt: twoDaysAgo } });
    await page.reload();
    const stale = page.getByTestId(`record-${view.body.records[0]!.id}`).getByTestId('freshness-badge');
    await stale.waitFor();
    expect(await stale.getAttribute('data-freshness')).toBe('stale');
    expect(await stale.textContent()).toBe('Synced 2 days ago');
  });

  it('shows a connection whose login broke as needing re-authentication, with the failed run’s error and Reconnect, not Retry', async () => {
    const householdId = await createHousehold(prisma, organization, 'Casimir Holloway household');
    const connection = await linkSandboxInstitution(api.baseUrl, token, householdId, NORTHERN_MAPLE);
    expect((await waitForFinishedRun(api.baseUrl, token, connection.id)).status).toBe('SUCCEEDED');
    expect(connection.externalAccountId).not.toBeNull();
    // The bank now asks for a new login: the next call for this item answers ITEM_LOGIN_REQUIRED.
    plaid.fake.injectFault({ mode: 'item-login-required' }, { itemId: connection.externalAccountId! });

    const page = await signIn();
    await page.getByTestId('nav-connections').click();
    const row = page.getByTestId(`connection-${connection.id}`);
    await row.waitFor();
    expect(await row.getByTestId('needs-reauth').count()).toBe(0);
    await row.getByRole('button', { name: `Run now: ${NORTHERN_MAPLE.name}` }).click();
    await row.getByTestId('needs-reauth').waitFor(LIVE);
    expect(await row.getByTestId('needs-reauth').textContent()).toBe('Needs re-authentication');
    await expect.poll(() => row.getByTestId('connection-last-run').textContent(), LIVE).toBe('Failed');
    // Running it again would be refused until the client signs in: the row sends to Reconnect instead.
    expect(await row.getByRole('button', { name: /^Run now/ }).count()).toBe(0);
    expect(await row.getByRole('link', { name: `Reconnect: ${NORTHERN_MAPLE.name}` }).getAttribute('href')).toBe(
      `/financial-records/${householdId}`,
    );
    await browser.screenshot('operations-needs-reauth');

    await row.getByTestId('connection-last-run').getByRole('link').click();
    await page.getByTestId('run-detail-page').waitFor();
    const runId = page.url().split('/').at(-1)!;
    const detail = await call<SyncRunDetail>(api.baseUrl, 'GET', `/api/sync-runs/${runId}`, { token });
    expect(detail.body).toMatchObject({ status: 'FAILED', trigger: 'MANUAL', error: { code: 'ITEM_LOGIN_REQUIRED' } });
    const error = page.getByTestId('run-error');
    expect(await error.textContent()).toContain('ITEM_LOGIN_REQUIRED');
    expect(await error.textContent()).toContain(detail.body.error!.message);
    expect(await page.getByTestId('run-detail-status').textContent()).toBe('Failed');
    // A retry would be refused until the client signs in again: the page says what to do instead.
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    expect(await page.getByTestId('run-next-step').textContent()).toContain('sign in to the bank again');
    await browser.screenshot('operations-failed-run');

    // The household page flags every account of that connection and offers Reconnect.
    await page.goto(`${api.baseUrl}/financial-records/${householdId}`);
    await page.getByTestId('net-worth').waitFor();
    const badges = page.getByTestId('freshness-badge');
    await badges.first().waitFor();
    expect(await badges.count()).toBe(NORTHERN_MAPLE.accountCount);
    expect(new Set(await badges.allTextContents())).toEqual(new Set(['Needs re-authentication']));
    expect(await page.getByRole('button', { name: 'Reconnect' }).count()).toBe(NORTHERN_MAPLE.accountCount);
  });
});

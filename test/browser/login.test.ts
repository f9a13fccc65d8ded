import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_RECORD_KINDS, type HomeView, type OrganizationOverview } from '@meridian/domain';
import { DEMO_ADMIN, startTestApi } from '../support/app.js';
import {
  browserPerTest,
  computedStyle,
  localStorageItem,
  setLocalStorageItem,
  submitSignIn,
} from '../support/browser.js';

const TOKEN_KEY = 'meridian.accessToken';

describe('dashboard sign-in', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  // A fresh browser profile per test: no stored session, history or cache carried over.
  const browser = browserPerTest();

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => {
    await api?.close();
  });

  async function openSignedOut(path = '/login') {
    const { page } = browser;
    await page.goto(`${api.baseUrl}${path}`);
    return page;
  }

  function fillLogin(email: string, password: string) {
    return submitSignIn(browser.page, { email, password });
  }

  it('sends a signed-out visitor of an unknown route to the login page', async () => {
    const page = await openSignedOut('/clients/no-such-page');
    await page.waitForURL(`${api.baseUrl}/login`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });

  it('sends a visitor whose stored token the API refuses to the login page, saying why', async () => {
    const page = await openSignedOut();
    await setLocalStorageItem(page, TOKEN_KEY, 'not-a-valid-token');
    await page.goto(`${api.baseUrl}/`);

    await page.waitForURL(`${api.baseUrl}/login`);
    await page.getByTestId('session-expired').waitFor();
    expect(await localStorageItem(page, TOKEN_KEY)).toBeNull();
  });

  it("shows the API's validation details beside their fields", async () => {
    const page = await openSignedOut();
    await page.getByRole('button', { name: 'Sign in' }).click();

    const emailError = page.getByTestId('login-email-error');
    await emailError.waitFor();
    expect(await emailError.textContent()).toBe('Email is required');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${api.baseUrl}/login`);
  });

  it("shows the API's error for a wrong password", async () => {
    const page = await openSignedOut();
    await fillLogin(DEMO_ADMIN.email, 'not-the-password');

    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('login-error-message').textContent()).toBe('Invalid email or password');
    expect(page.url()).toBe(`${api.baseUrl}/login`);
    expect(await localStorageItem(page, TOKEN_KEY)).toBeNull();
    await browser.screenshot('login-wrong-password');
  });

  it('signs the demo admin in to the home page, keeps the session on reload and signs out', async () => {
    const page = await openSignedOut();
    await fillLogin(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${api.baseUrl}/`);

    // What the page shows must be what the API says.
    const token = await localStorageItem(page, TOKEN_KEY);
    expect(token).toBeTruthy();
    const response = await fetch(`${api.baseUrl}/api/organizations/current/overview`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const overview = (await response.json()) as OrganizationOverview;
    expect(overview.organization.isDemo).toBe(true);

    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('organization-name').textContent()).toBe(overview.organization.name);
    await page.getByTestId('demo-banner').waitFor();
    expect(await page.getByTestId('demo-banner').textContent()).toContain('Demo organization — sample data');

    const numbers = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
    // The cards count the firm's client records, as GET /home gives them (not its teams or users).
    const home = await fetch(`${api.baseUrl}/api/home`, { headers: { Authorization: `Bearer ${token}` } });
    expect(home.status).toBe(200);
    const { clientRecords } = (await home.json()) as HomeView;
    expect(clientRecords.map((count) => count.key)).toEqual([...CLIENT_RECORD_KINDS]);
    for (const count of clientRecords) {
      const card = page.getByTestId(`count-${count.key}`);
      await card.waitFor();
      expect(await card.textContent()).toContain(count.label);
      expect(await card.getByTestId('count-value').textContent()).toBe(numbers.format(count.value));
    }

    await page.locator('[data-testid="health-postgres"][data-status="up"]').waitFor();
    await page.locator('[data-testid="health-redis"][data-status="up"]').waitFor();
    expect(await page.getByTestId('health-postgres-status').textContent()).toBe('Up');
    expect(await page.getByTestId('health-redis-status').textContent()).toBe('Up');
    await page.getByTestId('queue-table').waitFor();
    const headers = await page.getByTestId('queue-table').locator('th').allTextContents();
    expect(headers).toEqual(['Queue', 'Waiting', 'Active', 'Delayed', 'Failed']);

    // Tremor colours its bars with safelisted Tailwind classes; a missing safelist renders them black.
    const bar = page.locator('[data-testid="records-chart"] .recharts-bar-rectangle rect').first();
    await bar.waitFor();
    const barFill = await computedStyle(bar, 'fill');
    expect(barFill).not.toBe('rgb(0, 0, 0)');

    const shot = await browser.screenshot('dashboard-home');
    expect(shot).toMatch(/dashboard-home\.png$/);

    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(page.url()).toBe(`${api.baseUrl}/`);
    expect(await page.getByTestId('user-name').textContent()).toBeTruthy();
    await page.getByTestId('demo-banner').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${api.baseUrl}/login`);
    expect(await localStorageItem(page, TOKEN_KEY)).toBeNull();

    await page.goto(`${api.baseUrl}/settings/unknown`);
    await page.waitForURL(`${api.baseUrl}/login`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_ACCOUNT_ID, FakeStripeServer } from '@meridian/connectors/testing';
import { DEMO_ADMIN, createTestEnvironment, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';

/** How long to wait for the page to show what the API now says. */
const POLL = { timeout: 15_000, interval: 100 };

describe('connecting Stripe on the Connections page (fake Stripe)', () => {
  let fake: FakeStripeServer;
  let api: TestApi;
  const browser = browserPerTest();

  beforeAll(async () => {
    fake = await FakeStripeServer.start();
    api = await startTestApi({ environment: await createTestEnvironment({ STRIPE_BASE_URL: fake.url }) });
  });

  afterAll(async () => {
    await api?.close();
    await api?.environment.dispose();
    await fake?.close();
  });

  it('refuses a key Stripe refuses with Stripe’s reason, connects with a good one, and disconnects', async () => {
    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/connections`);
    const card = page.getByTestId('stripe-card');
    await card.getByRole('button', { name: 'Connect Stripe' }).waitFor();

    await card.getByLabel('Secret key').fill('sk_test_not_the_key');
    await card.getByLabel('Webhook signing secret').fill('whsec_browser');
    await card.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect
      .poll(() => card.getByTestId('stripe-error').textContent(), POLL)
      .toMatch(/Stripe refused this secret key/);

    await card.getByLabel('Secret key').fill(fake.secretKey);
    await card.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect.poll(() => card.getByTestId('stripe-account').textContent(), POLL).toContain(FAKE_STRIPE_ACCOUNT_ID);
    expect(await card.getByTestId('stripe-last-event').textContent()).toBe('None received yet');
    // The keys are not on the page once stored.
    expect(await page.content()).not.toContain(fake.secretKey);
    await browser.screenshot('stripe-connected');

    await card.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByTestId('disconnect-stripe-dialog').getByRole('button', { name: 'Disconnect' }).click();
    await card.getByRole('button', { name: 'Connect Stripe' }).waitFor();
  });
});

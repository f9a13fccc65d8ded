import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, verifyOperatorAccount, type PrismaClient } from '@meridian/api';
import { DEMO_ADMIN, createTestEnvironment, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';

const POLL = { timeout: 15_000, interval: 100 };

describe('inviting a new firm', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();

  beforeAll(async () => {
    // The demo's admin is also the platform's operator here.
    const environment = await createTestEnvironment({ PLATFORM_OPERATOR_EMAILS: DEMO_ADMIN.email });
    api = await startTestApi({ environment });
    prisma = createPrismaClient(api.databaseUrl);
    // Listed, and vouched for on the server (`npm run operator:create`), as an operator must be.
    await verifyOperatorAccount(prisma, DEMO_ADMIN.email);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
    await api?.environment.dispose();
  });

  it('the operator invites a firm by e-mail; the founder accepts on the public page and lands signed in to it', async () => {
    const { page } = browser;
    await signInAs(page, api.baseUrl, DEMO_ADMIN);
    await page.getByTestId('nav-platform').click();
    await page.getByTestId('organization-invitations-page').waitFor();
    expect(await page.title()).toContain('New firms');

    await page.getByLabel('Firm’s name').fill('Nova Advisory');
    await page.getByLabel('Founder’s e-mail').fill('nora@nova.test');
    await page.getByTestId('organization-invite-submit').click();
    const row = page.getByTestId('organization-invitation-row').filter({ hasText: 'Nova Advisory' });
    await row.waitFor();
    // Sent once the worker has delivered it; until then the e-mail is waiting (no worker runs here).
    expect(await row.getByTestId('organization-invitation-status').textContent()).toBe('Waiting to be sent');
    await browser.screenshot('organization-invitations');

    // The founder's own browser: nobody signed in; the link read from the outbox as their mailbox would.
    await expect.poll(() => prisma.outboxEmail.count({ where: { toAddress: 'nora@nova.test' } }), POLL).toBe(1);
    const message = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: 'nora@nova.test' } });
    const acceptPath = /\/accept\/create-org\/[A-Za-z0-9_-]+/.exec(message.textBody)![0];
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await page.goto(`${api.baseUrl}${acceptPath}`);
    await page.getByTestId('accept-summary').waitFor();
    expect(await page.getByTestId('accept-summary').textContent()).toBe(
      'You are invited to set up Nova Advisory on Meridian and be its administrator as nora@nova.test.',
    );
    await page.getByLabel('Your name').fill('Nora Founder');
    await page.getByTestId('accept-password').fill('nora-password-1');
    await page.getByTestId('accept-confirm').fill('nora-password-1');
    await browser.screenshot('organization-invitation-accept');
    await page.getByTestId('accept-submit').click();

    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('organization-name').textContent()).toBe('Nova Advisory');
    expect(await page.getByTestId('user-role').textContent()).toBe('Administrator');
    // The founder operates a firm, not the platform.
    expect(await page.getByTestId('nav-platform').count()).toBe(0);
    await browser.screenshot('organization-invitation-signed-in');

    // The link has done its work.
    await page.goto(`${api.baseUrl}${acceptPath}`);
    await page.getByTestId('accept-invalid').waitFor();
  });
});

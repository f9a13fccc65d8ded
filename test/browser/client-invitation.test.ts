import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { DEMO_ADMIN, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest } from '../support/browser.js';
import { call, login } from '../support/http.js';

describe('a client accepts a portal invitation', () => {
  let api: TestApi;
  let prisma: PrismaClient;
  const browser = browserPerTest();

  beforeAll(async () => {
    api = await startTestApi();
    prisma = createPrismaClient(api.databaseUrl);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  it('shows the firm, takes an e-mail, records the acceptance; the link then no longer works', async () => {
    const contact = await prisma.contact.findFirstOrThrow({
      where: { type: 'CLIENT', portalAccess: 'NONE' },
      orderBy: { id: 'asc' },
    });
    const token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const invited = await call<{ invitation: { link: string } }>(
      api.baseUrl,
      'POST',
      `/api/contacts/${contact.id}/portal-invitation`,
      { token, body: { method: 'LINK', email: 'client@home.test' } },
    );
    expect(invited.status).toBe(201);
    const acceptPath = new URL(invited.body.invitation.link).pathname;

    const { page } = browser;
    await page.goto(`${api.baseUrl}${acceptPath}`);
    expect(await page.getByTestId('accept-summary').textContent()).toContain('invites you to its client portal');
    expect(await page.getByLabel('Your e-mail address').inputValue()).toBe('client@home.test');
    // Sent to that address, the invitation is accepted for it only.
    expect(await page.getByLabel('Your e-mail address').isDisabled()).toBe(true);
    await page.getByTestId('accept-submit').click();
    expect(await page.getByTestId('accept-done').textContent()).toContain(`Thank you, ${contact.firstName}.`);
    await browser.screenshot('client-invitation-accepted');

    await page.goto(`${api.baseUrl}${acceptPath}`);
    expect(await page.getByTestId('accept-invalid-message').textContent()).toBe(
      'It was already accepted, withdrawn, or it has expired.',
    );
  });
});

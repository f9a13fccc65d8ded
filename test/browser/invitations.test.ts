import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { DEMO_ADMIN, startTestApi, type TestApi } from '../support/app.js';
import { browserPerTest, signInAs, submitSignIn } from '../support/browser.js';
import { createHousehold } from '../support/crm-factories.js';
import { EntityType, newId } from '@meridian/domain';

const POLL = { timeout: 15_000, interval: 100 };

describe('inviting a team member', () => {
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

  /** The accept path an invitation e-mail carries, read from the outbox as the invitee's mailbox would. */
  async function emailedAcceptPath(to: string): Promise<string> {
    await expect.poll(() => prisma.outboxEmail.count({ where: { toAddress: to } }), POLL).toBe(1);
    const message = await prisma.outboxEmail.findFirstOrThrow({ where: { toAddress: to } });
    const path = /\/accept\/team-member\/[A-Za-z0-9_-]+/.exec(message.textBody)?.[0];
    if (!path) throw new Error(`no accept link in: ${message.textBody}`);
    return path;
  }

  it('an admin invites by e-mail; the invitee accepts with a password and signs in; the link then no longer works', async () => {
    const { page } = browser;
    await signInAs(page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/settings/invitations`);
    await page.getByTestId('invitations-table').waitFor();
    expect(await page.title()).toContain('Invitations');

    await page.getByTestId('invite-open').click();
    const dialog = page.getByTestId('invite-dialog');
    await dialog.getByLabel('E-mail addresses').fill('nora@firm.test, not an address');
    await dialog.getByTestId('invite-submit').click();
    await expect
      .poll(() => dialog.getByTestId('invite-email-error').textContent(), POLL)
      .toBe('Your input contains invalid email');
    await dialog.getByLabel('E-mail addresses').fill(' nora@firm.test ');
    await dialog.getByLabel('Role').selectOption({ label: 'Advising representative' });
    await dialog.getByTestId('invite-submit').click();

    const row = page.getByTestId('invitation-row').filter({ hasText: 'nora@firm.test' });
    await row.waitFor();
    // Sent once the worker has delivered it; until then the e-mail is waiting (no worker runs here).
    expect(await row.getByTestId('invitation-status').textContent()).toBe('Waiting to be sent');
    expect(await row.textContent()).toContain('Advising representative');
    await browser.screenshot('invitations-panel');

    // The invitee's own browser: nobody signed in.
    const acceptPath = await emailedAcceptPath('nora@firm.test');
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await page.goto(`${api.baseUrl}${acceptPath}`);
    await page.getByTestId('accept-summary').waitFor();
    expect(await page.getByTestId('accept-summary').textContent()).toContain('as nora@firm.test');
    // The account is the invited address's: shown, not typed.
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('nora@firm.test');
    expect(await page.getByLabel('E-mail address').isDisabled()).toBe(true);
    await page.getByLabel('Your name').fill('Nora Member');
    await page.getByTestId('accept-password').fill('nora-password-1');
    await page.getByTestId('accept-confirm').fill('nora-password-2');
    await page.getByTestId('accept-submit').click();
    expect(await page.getByTestId('accept-confirm-error').textContent()).toBe('The two passwords differ');
    await page.getByTestId('accept-confirm').fill('nora-password-1');
    await browser.screenshot('invitation-accept');
    await page.getByTestId('accept-submit').click();
    await page.getByTestId('accept-done').waitFor();

    await page.getByTestId('accept-sign-in').click();
    await page.waitForURL(/\/login$/);
    await submitSignIn(page, { email: 'nora@firm.test', password: 'nora-password-1' });
    await page.getByTestId('home-page').waitFor();
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: 'nora@firm.test' },
      include: { teamMembers: true },
    });
    expect(user).toMatchObject({ name: 'Nora Member', role: 'ADVISING_REPRESENTATIVE' });
    expect(user.teamMembers).toHaveLength(1);

    // She sees her team's households, not another team's of the same firm (docs/PERMISSIONS.md).
    const firm = { organizationId: user.organizationId, teamId: user.teamMembers[0]!.teamId, userId: user.id };
    const harbourTeamId = newId(EntityType.team);
    await prisma.team.create({
      data: { id: harbourTeamId, organizationId: firm.organizationId, name: 'Harbour desk' },
    });
    await createHousehold(prisma, firm, { name: 'Nora Desk Household' });
    const harbour = await createHousehold(prisma, firm, { name: 'Harbour Household', teamId: harbourTeamId });
    await page.goto(`${api.baseUrl}/crm/households?search=Household`);
    const table = page.getByTestId('households-table');
    await table.getByText('Nora Desk Household').waitFor();
    expect(await table.textContent()).not.toContain('Harbour Household');
    await browser.screenshot('invitation-member-households');
    await page.goto(`${api.baseUrl}/crm/households/${harbour}`);
    await page.getByText('Household not found').waitFor();
    await browser.screenshot('invitation-member-other-team');

    // The same link a second time: refused, and said so.
    await page.goto(`${api.baseUrl}${acceptPath}`);
    await page.getByTestId('accept-invalid').waitFor();
    expect(await page.getByTestId('accept-invalid').textContent()).toContain('This invitation can no longer be used');
    await browser.screenshot('invitation-used');
  });

  it('an admin copies a link invitation, then cancels it; the link says it was cancelled', async () => {
    const { page } = browser;
    await signInAs(page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/settings/invitations`);
    await page.getByTestId('invite-open').click();
    const dialog = page.getByTestId('invite-dialog');
    await dialog.getByLabel('E-mail addresses').fill('omar@firm.test');
    await dialog.getByLabel('Send by').selectOption('LINK');
    await dialog.getByTestId('invite-submit').click();
    const link = (await dialog.getByTestId('invite-link').textContent())!.trim();
    expect(link).toMatch(/\/accept\/team-member\/[A-Za-z0-9_-]{43}$/);
    await browser.screenshot('invitation-link');
    await dialog.getByTestId('invite-done').click();

    const row = page.getByTestId('invitation-row').filter({ hasText: 'omar@firm.test' });
    await row.getByTestId('invitation-cancel').click();
    await page.getByTestId('invitation-cancel-dialog').getByRole('button', { name: 'Cancel invitation' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await page.getByTestId('invitations-notice').textContent()).toContain('cancelled');

    await page.goto(`${api.baseUrl}${new URL(link).pathname}`);
    await page.getByTestId('accept-invalid').waitFor();
    expect(await page.getByTestId('accept-invalid').textContent()).toContain('This invitation can no longer be used');
    expect(await page.getByTestId('accept-invalid-message').textContent()).toBe(
      'It was already accepted, cancelled, or it has expired.',
    );
    expect(await prisma.user.count({ where: { email: 'omar@firm.test' } })).toBe(0);
  });
});

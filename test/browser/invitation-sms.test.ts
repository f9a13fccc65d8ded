import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTwilioServer, TWILIO_INVALID_TEST_NUMBER } from '@meridian/connectors/testing';
import type { RunningWorker } from '@meridian/workers';
import {
  DEMO_ADMIN,
  createTestEnvironment,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';

const POLL = { timeout: 15_000, interval: 100 };

describe('inviting a team member by SMS', () => {
  let twilio: FakeTwilioServer;
  let environment: TestEnvironment;
  let api: TestApi;
  let worker: RunningWorker;
  const browser = browserPerTest();

  beforeAll(async () => {
    twilio = await FakeTwilioServer.start({ accountSid: `AC${'cd'.repeat(16)}` });
    environment = await createTestEnvironment({
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM_NUMBER: twilio.fromNumber,
      TWILIO_BASE_URL: twilio.url,
    });
    api = await startTestApi({ environment });
    worker = await startTestWorker(environment);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await environment?.dispose();
    await twilio?.close();
  });

  async function inviteBySms(email: string, number: string): Promise<void> {
    const { page } = browser;
    await page.getByTestId('invite-open').click();
    const dialog = page.getByTestId('invite-dialog');
    await dialog.getByLabel('E-mail addresses').fill(email);
    await dialog.getByLabel('Send by').selectOption({ label: 'SMS' });
    await dialog.getByLabel('Mobile number').fill(number);
    await dialog.getByTestId('invite-submit').click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('texts the link and shows it sent; a refused number shows why, with Resend as the way out', async () => {
    const { page } = browser;
    await signInAs(page, api.baseUrl, DEMO_ADMIN);
    await page.goto(`${api.baseUrl}/settings/invitations`);
    await page.getByTestId('invitations-table').waitFor();

    // SMS asks for the number.
    await page.getByTestId('invite-open').click();
    const dialog = page.getByTestId('invite-dialog');
    await dialog.getByLabel('E-mail addresses').fill('sam@firm.test');
    await dialog.getByLabel('Send by').selectOption({ label: 'SMS' });
    await dialog.getByTestId('invite-submit').click();
    await expect
      .poll(() => dialog.getByTestId('invite-phone-number-error').textContent(), POLL)
      .toBe('A mobile phone number is required to invite by SMS');
    await browser.screenshot('invitation-sms-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await inviteBySms('sam@firm.test', '(416) 555-0199');
    expect(await page.getByTestId('invitations-notice').textContent()).toContain('texted to +14165550199');
    const sent = page.getByTestId('invitation-row').filter({ hasText: 'sam@firm.test' });
    // The list shows what it loaded; reload until the worker has sent the text.
    await expect
      .poll(async () => {
        await page.reload();
        await sent.waitFor();
        return sent.getByTestId('invitation-status').textContent();
      }, POLL)
      .toBe('Sent');
    expect(await sent.getByTestId('invitation-phone').textContent()).toBe('+14165550199');
    expect(twilio.messages.map((message) => message.to)).toEqual(['+14165550199']);

    await inviteBySms('tia@firm.test', TWILIO_INVALID_TEST_NUMBER.slice(2));
    const refused = page.getByTestId('invitation-row').filter({ hasText: 'tia@firm.test' });
    await expect
      .poll(async () => {
        await page.reload();
        await refused.waitFor();
        return refused.getByTestId('invitation-status').textContent();
      }, POLL)
      .toBe('Could not be sent');
    expect(await refused.getByTestId('invitation-delivery-error').textContent()).toContain(
      'is not a valid phone number',
    );
    expect(await refused.getByTestId('invitation-resend').textContent()).toBe('Resend');
    await browser.screenshot('invitation-sms-failed');
  });
});

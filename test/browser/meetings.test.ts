import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startTestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, launchBrowser, openAs, type BrowserSession } from '../support/browser.js';
import { call } from '../support/http.js';

describe('dashboard meetings: booking templates and the public booking page', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let firm: CreatedOrganization;

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Maple Practice', role: 'ADVISOR' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
  });

  const signIn = (path: string): Promise<Page> => openAs(browser.page, api.baseUrl, firm, path);

  it('an advisor makes a template; a client books a slot; the slot is gone for the next visitor', async () => {
    const page = await signIn('/meetings/templates');
    await page.getByTestId('templates-empty').waitFor();
    await page.getByTestId('template-new').click();
    const editor = page.getByTestId('template-editor');
    await editor.getByTestId('template-title').fill('First meeting');
    await editor.getByTestId('template-message').fill('A first talk about your plans.');
    await editor.getByTestId('template-minimumNotice').fill('0');
    // Open every day of the week, so the page offers times whatever day the test runs.
    for (const day of [0, 6]) await editor.getByTestId(`hours-day-${day}-open`).check();
    await editor.getByTestId('template-timeZone').selectOption({ label: 'Toronto' });

    // crm §5's form messages, before anything is sent.
    await editor.getByTestId('template-availableDaysInFuture').fill('400');
    await editor.getByTestId('template-save').click();
    expect(await editor.getByTestId('template-availableDaysInFuture-error').textContent()).toBe(
      'Please enter a number between 1 and 365',
    );
    await editor.getByTestId('template-availableDaysInFuture').fill('14');
    await editor.getByTestId('hours-day-3-end-0').fill('08:00');
    expect(await editor.getByTestId('hours-day-3-error').textContent()).toBe('End time must be after start time');
    await editor.getByTestId('hours-day-3-end-0').fill('17:00');

    // The live preview: the next starts on the template's wall clock, 30 minutes apart.
    const preview = editor.getByTestId('slot-preview');
    await preview.getByTestId('slot-preview-slot').first().waitFor();
    const starts = await preview.getByTestId('slot-preview-slot').allTextContents();
    expect(starts.every((start) => /^(09|1[0-6]):(00|30)$/.test(start))).toBe(true);
    await browser.screenshot('meetings-template-editor');

    await editor.getByTestId('template-save').click();
    await editor.waitFor({ state: 'detached' });
    const card = page.locator('[data-testid="template-card"][data-template-title="First meeting"]');
    await card.waitFor();
    expect(await card.getByTestId('template-hours-summary').textContent()).toBe(
      'Sunday, Monday, Tuesday, Wednesday, Thursday, Friday and Saturday: 09:00 to 17:00',
    );
    await card.getByTestId('template-status').waitFor();
    await browser.screenshot('meetings-templates-list');
    const bookingPath = await card.getByTestId('template-booking-link').getAttribute('href');
    expect(bookingPath).toMatch(/^\/book\//);

    // Two clients open the page at once; each sees the same first time.
    const first = await launchBrowser();
    const second = await launchBrowser();
    try {
      const open = async (visitor: BrowserSession) => {
        await visitor.page.goto(`${api.baseUrl}${bookingPath}`);
        await visitor.page
          .locator(
            '[data-testid="booking-slot"], [data-testid="booking-refused"], [data-testid="booking-no-slots"], [role="alert"]',
          )
          .first()
          .waitFor();
        if ((await visitor.page.getByTestId('booking-slot').count()) === 0) {
          await visitor.screenshot('meetings-booking-unexpected');
          throw new Error(`the booking page shows no time: ${await visitor.page.locator('main').innerText()}`);
        }
        return visitor.page;
      };
      const one = await open(first);
      const two = await open(second);
      expect(await one.getByTestId('booking-title').textContent()).toBe('First meeting');
      expect(await one.getByTestId('booking-facts').textContent()).toBe('30 min with Factory team');
      const wanted = await one.getByTestId('booking-slot').first().getAttribute('data-start');
      expect(await two.getByTestId('booking-slot').first().getAttribute('data-start')).toBe(wanted);

      await one.getByTestId('booking-slot').first().click();
      await one.getByTestId('booking-name').fill('Robin Client');
      await one.getByTestId('booking-email').fill('robin@example.com');
      await first.screenshot('meetings-booking-form');
      await one.getByTestId('booking-submit').click();
      await one.getByTestId('booking-done').waitFor();
      expect(await one.getByTestId('booking-done').textContent()).toContain('Thank you, Robin Client.');
      await first.screenshot('meetings-booking-done');

      // The second client still shows the time: booking it says it is gone and reads the times again.
      await two.getByTestId('booking-slot').first().click();
      await two.getByTestId('booking-name').fill('Sam Later');
      await two.getByTestId('booking-email').fill('sam@example.com');
      await two.getByTestId('booking-submit').click();
      await two.getByTestId('booking-taken').waitFor();
      expect(await two.getByTestId('booking-taken').textContent()).toContain(
        'This time was just booked by someone else; please choose another',
      );
      await two.locator(`[data-testid="booking-slot"][data-start="${wanted}"]`).waitFor({ state: 'detached' });
      await second.screenshot('meetings-booking-taken');

      // A new visitor is not offered it either.
      const configId = bookingPath!.slice('/book/'.length);
      const slots = await call<{ slots: { start: string }[] }>(
        api.baseUrl,
        'GET',
        `/api/meetings/booking/${configId}/slots`,
      );
      expect(slots.status).toBe(200);
      expect(slots.body.slots.map((slot) => slot.start)).not.toContain(wanted);
      const three = await open(first);
      expect(await three.locator(`[data-testid="booking-slot"][data-start="${wanted}"]`).count()).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000);
});

/**
 * Step 15's round trip through a connected calendar, as its users do it: an advisor connects a
 * Google calendar (the fake Nylas's hosted sign-in) from Settings; a client books a slot on the
 * template's public page; the slot is gone for the next visitor and the booking is an event of the
 * advisor's calendar; the event moved in the calendar moves the meeting here after its webhook,
 * and the advisor's meeting page shows the new time. The API's own tests cover each part's rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakeNylasServer } from '@meridian/connectors/testing';
import type { RunningWorker } from '@meridian/workers';
import { createTestEnvironment, startTestApi, startTestWorker, type TestApi } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { browserPerTest, launchBrowser, openAs } from '../support/browser.js';
import { call, login } from '../support/http.js';
import { waitFor } from '../support/wait.js';

const REDIRECT_URI = 'https://app.meridian.test/settings/calendars';
const WEBHOOK_SECRET = 'calendar-sync-browser-webhook-secret';
const HOUR = 3_600_000;

describe('a connected calendar, end to end in the dashboard', () => {
  const browser = browserPerTest();
  let fake: FakeNylasServer;
  let api: TestApi;
  let worker: RunningWorker;
  let prisma: PrismaClient;
  let firm: CreatedOrganization;

  beforeAll(async () => {
    fake = await FakeNylasServer.start();
    const environment = await createTestEnvironment({
      NYLAS_API_KEY: fake.apiKey,
      NYLAS_CLIENT_ID: fake.clientId,
      NYLAS_API_URI: fake.url,
      NYLAS_REDIRECT_URI: REDIRECT_URI,
      NYLAS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    api = await startTestApi({ seedDemo: false, environment });
    worker = await startTestWorker(environment);
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Harbour Advisory', role: 'ADVISOR' });
  }, 120_000);

  afterAll(async () => {
    fake?.setWebhookEndpoint(null);
    await worker?.close();
    await prisma?.$disconnect();
    await api?.close();
    await api?.environment.dispose();
    await fake?.close();
  });

  it('connect a calendar, a client books, the event is in the calendar, and a move there moves it here', async () => {
    // The advisor connects their Google calendar from Settings > Calendars.
    const page = await openAs(browser.page, api.baseUrl, firm, '/settings/calendars');
    // Nylas sends the user back to the configured address: here, this test's own server.
    await page.route(`${new URL(REDIRECT_URI).origin}/**`, (route) => {
      const back = new URL(route.request().url());
      return route.fulfill({ status: 302, headers: { location: `${api.baseUrl}${back.pathname}${back.search}` } });
    });
    await page.getByTestId('calendar-provider-google').check();
    await page.getByTestId('calendar-connect').click();
    await page.getByTestId('calendar-connected').waitFor();
    const connection = await waitFor('the calendar connection', () =>
      prisma.connection.findFirst({ where: { organizationId: firm.organizationId, service: 'NYLAS' } }),
    );
    const grant = fake.state.grantByEmail(firm.email, 'google');
    expect(grant).toBeDefined();
    const grantId = grant!.id;
    // The connection's sync runs, once none is queued or reading.
    const runsSettled = () =>
      waitFor('the calendar syncs to settle', async () => {
        const runs = await prisma.syncRun.findMany({ where: { connectionId: connection.id } });
        return runs.length > 0 && runs.every((run) => run.status === 'SUCCEEDED') ? runs : undefined;
      });
    await runsSettled();
    fake.setWebhookEndpoint({ url: `${api.baseUrl}/api/webhooks/nylas`, secret: WEBHOOK_SECRET });

    // A booking template, open every day (the template editor has its own test).
    const token = await login(api.baseUrl, firm.email, firm.password);
    const template = await call<{ id: string }>(api.baseUrl, 'POST', '/api/meetings/template', {
      token,
      body: {
        teamId: firm.teamId,
        title: 'Discovery call',
        message: 'A first talk about your plans',
        duration: 30,
        availableDaysInFuture: 14,
        openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '09:00', end: '17:00' }],
        minimumNotice: 60,
        minimumCancellationNotice: 60,
        timeZone: 'America/Toronto',
      },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);

    // A client books the first time offered on the public page.
    const client = await launchBrowser();
    let booked: string;
    try {
      await client.page.goto(`${api.baseUrl}/book/${template.body.id}`);
      const slot = client.page.getByTestId('booking-slot').first();
      await slot.waitFor();
      booked = (await slot.getAttribute('data-start'))!;
      await slot.click();
      await client.page.getByTestId('booking-name').fill('Robin Client');
      await client.page.getByTestId('booking-email').fill('robin@example.com');
      await client.page.getByTestId('booking-submit').click();
      await client.page.getByTestId('booking-done').waitFor();
      await client.screenshot('calendar-sync-booked');

      // The next visitor is not offered that time.
      await client.page.goto(`${api.baseUrl}/book/${template.body.id}`);
      await client.page.getByTestId('booking-slot').first().waitFor();
      expect(await client.page.locator(`[data-testid="booking-slot"][data-start="${booked}"]`).count()).toBe(0);
    } finally {
      await client.close();
    }

    // The booking is an event of the advisor's calendar, with the client invited.
    const meeting = await waitFor('the booking written to the calendar', () =>
      prisma.meeting.findFirst({ where: { organizationId: firm.organizationId, eventId: { not: null } } }),
    );
    const event = fake.state.event(grantId, meeting.eventId!);
    expect(event.startsAt * 1000).toBe(Date.parse(booked));
    expect(event.participants.map((participant) => participant.email)).toContain('robin@example.com');

    // The advisor sees the meeting's time on its page.
    await page.goto(`${api.baseUrl}/meetings/${meeting.id}`);
    const when = page.getByTestId('meeting-when');
    await when.waitFor();
    const shownBefore = await when.textContent();

    // The event Meridian wrote comes back as a webhook and a run, which reads it unchanged; the move
    // is made after it (a webhook while a run is reading waits for the next run: a known limit).
    await fake.webhooksSettled();
    await runsSettled();

    // Moved two hours later in the calendar: its webhook brings the move here.
    const moved = new Date(Date.parse(booked) + 2 * HOUR);
    fake.changeEventAsProvider(grantId, meeting.eventId!, {
      start: moved,
      end: new Date(moved.getTime() + 30 * 60_000),
    });
    await fake.webhooksSettled();
    await waitFor('the meeting moved by the calendar', async () => {
      const current = await prisma.meeting.findUniqueOrThrow({ where: { id: meeting.id } });
      return current.startTime.getTime() === moved.getTime() ? current : undefined;
    });
    expect(await prisma.meeting.count({ where: { organizationId: firm.organizationId } })).toBe(1);
    await page.reload();
    await expect.poll(async () => page.getByTestId('meeting-when').textContent()).not.toBe(shownBefore);
    await browser.screenshot('calendar-sync-moved');
  }, 180_000);
});

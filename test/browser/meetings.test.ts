import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MeetingView } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakeNylasServer } from '@meridian/connectors/testing';
import { createTestEnvironment, startTestApi, type TestEnvironment } from '../support/app.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import {
  browserPerTest,
  launchBrowser,
  openAs,
  RESULTS_DIR,
  transitionsSettled,
  type BrowserSession,
} from '../support/browser.js';
import { call, login } from '../support/http.js';

/** Where Nylas's hosted sign-in sends the user back: Settings > Calendars. */
const REDIRECT_URI = 'https://app.meridian.test/settings/calendars';

describe('dashboard meetings: booking templates and the public booking page', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let firm: CreatedOrganization;

  let fake: FakeNylasServer;
  let environment: TestEnvironment;

  beforeAll(async () => {
    // Calendars connect through a fake Nylas, as the API's own tests do.
    fake = await FakeNylasServer.start();
    environment = await createTestEnvironment({
      NYLAS_API_KEY: fake.apiKey,
      NYLAS_CLIENT_ID: fake.clientId,
      NYLAS_API_URI: fake.url,
      NYLAS_REDIRECT_URI: REDIRECT_URI,
    });
    api = await startTestApi({ seedDemo: false, environment });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Maple Practice', role: 'ADVISOR' });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await api?.close();
    await environment?.dispose();
    await fake?.close();
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

    // A copy can be deleted; the template a meeting was booked through cannot, and the dialog says why.
    await card.getByTestId('template-duplicate').click();
    const copy = page.locator('[data-testid="template-card"][data-template-title="First meeting (copy)"]');
    await copy.waitFor();
    // Edited: the form opens with the copy's own values, and the card shows what was saved.
    await copy.getByTestId('template-edit').click();
    const editing = page.getByTestId('template-editor');
    expect(await editing.getByTestId('template-title').inputValue()).toBe('First meeting (copy)');
    expect(await editing.getByTestId('hours-day-6-start-0').inputValue()).toBe('09:00');
    await editing.getByTestId('template-title').fill('Follow-up call');
    await editing.getByTestId('template-duration').fill('45');
    await editing.getByTestId('template-save').click();
    await editing.waitFor({ state: 'detached' });
    const followUp = page.locator('[data-testid="template-card"][data-template-title="Follow-up call"]');
    await followUp.getByText('45 min', { exact: false }).first().waitFor();
    await followUp.getByTestId('template-delete').click();
    await page.getByTestId('template-delete-dialog').getByRole('button', { name: 'Delete template' }).click();
    await followUp.waitFor({ state: 'detached' });
    await card.getByTestId('template-delete').click();
    const dialog = page.getByTestId('template-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'This template cannot be deleted: 1 meeting was booked through it',
    );
    await transitionsSettled(page);
    await browser.screenshot('meetings-template-delete-refused');
  }, 120_000);

  it('moves a meeting on the week calendar, and works its tasks, transcript and cancel on its page', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const organizer = await prisma.teamMember.findFirstOrThrow({ where: { userId: firm.userId } });
    // Wednesday of next week at 10:00 UTC (the browser's zone): one click on Next shows it.
    const today = new Date();
    const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + 7);
    const at = (days: number, hour: number) =>
      new Date(Date.UTC(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() + days, hour));
    const created = await call<MeetingView>(api.baseUrl, 'POST', '/api/meetings', {
      token,
      body: {
        teamId: firm.teamId,
        organizer: organizer.id,
        title: 'Annual review with the Roys',
        message: 'Where the plan stands, a year on.',
        type: 'PHONE',
        duration: 30,
        startTime: at(2, 10).toISOString(),
        timeZone: 'America/Toronto',
        participants: [{ email: 'pat.roy@example.com', name: 'Pat Roy', role: 'EXTERNAL' }],
        agendaItems: [{ type: 'FREEFORM', value: 'Contributions this year' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const meetingId = created.body.id;
    const stored = async () =>
      (await call<MeetingView>(api.baseUrl, 'GET', `/api/meetings/${meetingId}`, { token })).body;

    // And an internal meeting today at noon, for the day view.
    const noon = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12));
    const huddle = await call<MeetingView>(api.baseUrl, 'POST', '/api/meetings', {
      token,
      body: {
        teamId: firm.teamId,
        organizer: organizer.id,
        title: 'Team huddle',
        message: 'The week ahead.',
        type: 'INTERNAL',
        duration: 60,
        startTime: noon.toISOString(),
        participants: [{ email: firm.email, name: 'Factory User', role: 'TEAM_MEMBER', participant: organizer.id }],
      },
    });
    expect(huddle.status, JSON.stringify(huddle.body)).toBe(201);

    const page = await signIn('/meetings');
    await page.getByTestId('calendar-page').waitFor();
    await page.getByTestId('calendar-view-day').click();
    const huddleBlock = page.locator('[data-testid="calendar-meeting"][data-meeting-title="Team huddle"]');
    await huddleBlock.waitFor();
    expect(await huddleBlock.textContent()).toBe('Team huddle12:00 to 13:00');
    expect(await page.getByTestId('calendar-day').count()).toBe(1);
    await browser.screenshot('meetings-calendar-day');
    await page.getByTestId('calendar-view-week').click();
    await page.getByTestId('calendar-today').click();
    await page.getByTestId('meeting-legend').getByText('Phone').waitFor();
    await page.getByTestId('calendar-next').click();
    const block = page.locator('[data-testid="calendar-meeting"][data-meeting-title="Annual review with the Roys"]');
    await block.waitFor();
    expect(await block.textContent()).toBe('10:00 Annual review with the Roys');
    // Dragged by its top to Thursday 14:00: the grid starts at 07:00, 48 px an hour.
    await block.dragTo(page.getByTestId('calendar-day').nth(3), {
      sourcePosition: { x: 10, y: 4 },
      targetPosition: { x: 20, y: (14 - 7) * 48 + 4 },
    });
    await expect.poll(async () => (await stored()).startTime).toBe(at(3, 14).toISOString());
    await block.getByText('14:00').waitFor();
    await browser.screenshot('meetings-calendar-week');

    await block.click();
    await page.getByTestId('meeting-page').waitFor();
    expect(await page.getByTestId('meeting-title').textContent()).toBe('Annual review with the Roys');
    // The organizer takes part beside the client.
    const participants = await page.getByTestId('meeting-participant').allTextContents();
    expect(participants).toEqual([
      expect.stringMatching(/^Factory User.*Team member$/),
      'Pat Roypat.roy@example.comExternal guest',
    ]);
    await page.getByTestId('meeting-agenda').getByText('Contributions this year').waitFor();

    // A task before the meeting, then dragged to after it.
    await page.getByTestId('meeting-task-add-pre').click();
    const form = page.getByTestId('meeting-task-form-pre');
    await form.getByTestId('meeting-task-save').click();
    expect(await form.getByTestId('meeting-task-title-error').textContent()).toBe('Task title is required');
    await form.getByTestId('meeting-task-title').fill('Send the contribution summary');
    await form.getByTestId('meeting-task-description').fill('This year’s RRSP and TFSA contributions, on one page.');
    await form.getByTestId('meeting-task-assignee').selectOption({ label: 'Factory User' });
    await form.getByTestId('meeting-task-save').click();
    const task = page.locator('[data-testid="meeting-task"][data-task-title="Send the contribution summary"]');
    await page.getByTestId('meeting-tasks-pre').locator(task).waitFor();
    await task.dragTo(page.getByTestId('meeting-tasks-post'));
    await page.getByTestId('meeting-tasks-post').locator(task).waitFor();
    await expect
      .poll(async () => (await stored()).tasks.POST.map((item) => item.title))
      .toEqual(['Send the contribution summary']);

    // Without a mouse: the task moved by its select, the meeting by a typed start.
    await task.getByTestId('meeting-task-move').selectOption({ label: 'During the meeting' });
    await page.getByTestId('meeting-tasks-during').locator(task).waitFor();
    await expect
      .poll(async () => (await stored()).tasks.DURING.map((item) => item.title))
      .toEqual(['Send the contribution summary']);
    await page.getByTestId('meeting-reschedule').click();
    await page.getByTestId('meeting-reschedule-start').fill(at(4, 9).toISOString().slice(0, 16));
    await page.getByTestId('meeting-reschedule-save').click();
    await expect.poll(async () => (await stored()).startTime).toBe(at(4, 9).toISOString());
    await page.getByTestId('meeting-when').getByText('09:00 to 09:30').waitFor();

    // The transcript, uploaded as the text file a meeting tool saves.
    await page.getByTestId('meeting-transcript-edit').click();
    await page.getByTestId('meeting-transcript-file').setInputFiles({
      name: 'call.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Pat: We raised the RRSP this year.\nAdvisor: Then the room is used.'),
    });
    await expect.poll(() => page.getByTestId('meeting-transcript-input').inputValue()).toContain('We raised the RRSP');
    await page.getByTestId('meeting-transcript-save').click();
    await page.getByTestId('meeting-transcript-text').getByText('Then the room is used.').waitFor();
    expect((await stored()).transcript).toBe('Pat: We raised the RRSP this year.\nAdvisor: Then the room is used.');
    await browser.screenshot('meetings-meeting-page');

    await page.getByTestId('meeting-cancel').click();
    await page.getByTestId('meeting-cancel-dialog').getByRole('button', { name: 'Cancel the meeting' }).click();
    await page.getByTestId('meeting-status').getByText('Cancelled').waitFor();
    expect((await stored()).cancelledAt).not.toBeNull();
    expect(await page.getByTestId('meeting-cancel').count()).toBe(0);
  }, 120_000);

  it('shows a template bookable two months ahead a month at a time, in the visitor’s own time zone', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const made = await call<{ id: string }>(api.baseUrl, 'POST', '/api/meetings/template', {
      token,
      body: {
        teamId: firm.teamId,
        title: 'Annual review',
        duration: 60,
        availableDaysInFuture: 60,
        openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '09:00', end: '11:00' }],
        minimumNotice: 0,
        timeZone: 'America/Vancouver',
      },
    });
    expect(made.status).toBe(201);
    // A visitor in Halifax: Vancouver's 09:00 and 10:00 are 13:00 and 14:00 there.
    const context = await browser.context.browser()!.newContext({ timezoneId: 'America/Halifax', locale: 'en-CA' });
    try {
      const page = await context.newPage();
      await page.goto(`${api.baseUrl}/book/${made.body.id}`);
      await page.getByTestId('booking-day').first().waitFor();
      expect(await page.getByTestId('booking-zone').textContent()).toMatch(/Atlantic/);
      const days = await page.getByTestId('booking-day').count();
      expect(days).toBeLessThanOrEqual(31);
      const times = await page.getByTestId('booking-slot').allTextContents();
      expect(times.length).toBeGreaterThan(0);
      // Both zones move their clocks on the same dates: always four hours apart.
      expect(times.every((time) => ['13:00', '14:00'].includes(time))).toBe(true);
      await page.getByTestId('booking-later').click();
      await expect.poll(() => page.getByTestId('booking-day').count()).toBeGreaterThan(days);
      expect(await page.getByTestId('booking-later').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  /** The links of the latest booking e-mail to `to`, read from the outbox as the client's mailbox would. */
  async function emailedLinks(
    to: string,
    count: number,
  ): Promise<{ subject: string; reschedule: string; cancel: string }> {
    await expect.poll(() => prisma.outboxEmail.count({ where: { toAddress: to } })).toBe(count);
    const [message] = await prisma.outboxEmail.findMany({ where: { toAddress: to }, orderBy: { createdAt: 'desc' } });
    const link = (purpose: string) => {
      const found = new RegExp(`/book/[^\\s?]+\\?${purpose}=[A-Za-z0-9_.-]+`).exec(message!.textBody)?.[0];
      if (!found) throw new Error(`no ${purpose} link in: ${message!.textBody}`);
      return found;
    };
    return { subject: message!.subject, reschedule: link('reschedule'), cancel: link('cancel') };
  }

  it('a client moves their booking by the e-mailed link, then cancels it; inside the notice the page says why and offers nothing', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const template = {
      title: 'Portfolio check-in',
      duration: 30,
      availableDaysInFuture: 14,
      openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '09:00', end: '17:00' }],
      beforeBuffer: 0,
      afterBuffer: 0,
      minimumNotice: 0,
      timeZone: 'America/Toronto',
    };
    const made = await call<{ id: string }>(api.baseUrl, 'POST', '/api/meetings/template', {
      token,
      body: { ...template, teamId: firm.teamId },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const setNotice = async (minutes: number | null) => {
      const edited = await call(api.baseUrl, 'PATCH', `/api/meetings/templates/${made.body.id}`, {
        token,
        body: { ...template, minimumCancellationNotice: minutes },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    };

    // The client books the first time of the second day with free times.
    const client = 'jordan.client@example.com';
    const { page } = browser;
    await page.goto(`${api.baseUrl}/book/${made.body.id}`);
    const secondDay = page.getByTestId('booking-day').nth(1);
    await secondDay.click();
    await expect.poll(() => secondDay.getAttribute('aria-current')).toBe('date');
    const booked = page.getByTestId('booking-slot').first();
    const bookedStart = (await booked.getAttribute('data-start'))!;
    await booked.click();
    await page.getByTestId('booking-name').fill('Jordan Client');
    await page.getByTestId('booking-email').fill(client);
    await page.getByTestId('booking-submit').click();
    await page.getByTestId('booking-done').waitFor();
    const confirmed = await emailedLinks(client, 1);
    expect(confirmed.subject).toContain('is confirmed');

    // Their mailbox's link opens the booking in their own zone (Halifax), with the free times.
    const context = await browser.context.browser()!.newContext({ timezoneId: 'America/Halifax', locale: 'en-CA' });
    try {
      const visitor = await context.newPage();
      await visitor.goto(`${api.baseUrl}${confirmed.reschedule}`);
      await visitor.getByTestId('manage-current').waitFor();
      const clock = (iso: string) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'America/Halifax',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date(iso));
      expect(await visitor.getByTestId('manage-when').textContent()).toContain(`${clock(bookedStart)} to `);
      expect(await visitor.getByTestId('manage-status').textContent()).toBe('Confirmed');
      expect(await visitor.title()).toContain('Move: Portfolio check-in');
      await visitor.getByTestId('booking-slot').first().waitFor();
      // Its own time is not offered again.
      expect(await visitor.locator(`[data-testid="booking-slot"][data-start="${bookedStart}"]`).count()).toBe(0);
      const target = visitor.getByTestId('booking-slot').first();
      const movedStart = (await target.getAttribute('data-start'))!;
      await target.click();
      await visitor.getByTestId('manage-move').waitFor();
      await visitor.screenshot({ path: `${RESULTS_DIR}meetings-booking-move.png`, fullPage: true });
      await visitor.getByTestId('manage-move-submit').click();
      await visitor.getByTestId('manage-done').waitFor();
      expect(await visitor.getByTestId('manage-done').textContent()).toContain(`${clock(movedStart)} to `);
      await visitor.screenshot({ path: `${RESULTS_DIR}meetings-booking-moved.png`, fullPage: true });
      const live = await prisma.meeting.findMany({ where: { templateId: made.body.id, cancelledAt: null } });
      expect(live.map((meeting) => meeting.startTime.toISOString())).toEqual([movedStart]);

      // The e-mail of the move carries the links again; its cancel link, inside a notice the
      // advisor has meanwhile set, is refused with the API's sentence and nothing to retry.
      const moved = await emailedLinks(client, 2);
      expect(moved.subject).toContain('has moved');
      await visitor.goto(`${api.baseUrl}${moved.cancel}`);
      await visitor.getByTestId('manage-cancel').waitFor();
      expect(await visitor.getByTestId('booking-slot').count()).toBe(0);
      await setNotice(30 * 24 * 60);
      await visitor.getByTestId('manage-cancel-submit').click();
      await visitor.getByTestId('manage-final').waitFor();
      expect(await visitor.getByTestId('manage-final').textContent()).toContain(
        'This meeting can no longer be changed online; please contact your advisor',
      );
      expect(await visitor.getByRole('button').count()).toBe(0);
      await visitor.screenshot({ path: `${RESULTS_DIR}meetings-booking-too-late.png`, fullPage: true });

      // Without the notice, the same link cancels it.
      await setNotice(null);
      await visitor.reload();
      await visitor.getByTestId('manage-cancel-submit').click();
      await visitor.getByTestId('manage-cancelled').waitFor();
      expect(await visitor.getByTestId('manage-status').textContent()).toBe('Cancelled');
      await visitor.screenshot({ path: `${RESULTS_DIR}meetings-booking-cancelled.png`, fullPage: true });
      expect(await prisma.meeting.count({ where: { templateId: made.body.id, cancelledAt: null } })).toBe(0);
      await expect.poll(() => prisma.outboxEmail.count({ where: { toAddress: client } })).toBe(3);

      // A link that is not one answers the API's sentence.
      await visitor.goto(`${api.baseUrl}/book/${made.body.id}?cancel=not.valid`);
      await visitor.getByTestId('manage-refused').waitFor();
      expect(await visitor.getByTestId('manage-refused').textContent()).toContain('Booking not found');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('an advisor schedules a meeting with a contact from the calendar and sees it there', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const contact = await call<{ id: string }>(api.baseUrl, 'POST', '/api/contacts', {
      token,
      body: {
        type: 'OTHER',
        name: { first: 'Dana', last: 'Okafor' },
        email: 'dana.okafor@example.com',
        teamId: firm.teamId,
      },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);

    const page = await signIn('/meetings');
    await page.getByTestId('calendar-page').waitFor();
    await page.getByTestId('calendar-new-meeting').waitFor();
    await page.getByTestId('calendar-today').click();
    await page.getByTestId('calendar-next').click();
    // Tuesday of next week, 15:00 (the browser's zone is UTC): the grid starts at 07:00, 48 px an hour.
    await page
      .getByTestId('calendar-day')
      .nth(1)
      .dblclick({ position: { x: 20, y: (15 - 7) * 48 + 10 } });
    const form = page.getByTestId('new-meeting');
    await form.waitFor();
    expect(await form.getByTestId('new-meeting-start').inputValue()).toMatch(/T15:00$/);
    // The organizer is the user.
    await expect
      .poll(() => form.getByTestId('new-meeting-organizer').locator('option:checked').textContent())
      .toBe('Factory User');

    // crm §5's messages, before anything is sent.
    await form.getByTestId('new-meeting-type').selectOption({ label: 'In person' });
    await form.getByTestId('new-meeting-save').click();
    expect(await form.getByTestId('new-meeting-title-error').textContent()).toBe('Title is required');
    expect(await form.getByTestId('new-meeting-location-error').textContent()).toBe('Location is required');
    expect(await form.getByTestId('new-meeting-message-error').textContent()).toBe('Message is required');
    expect(await form.getByTestId('new-meeting-participants-error').textContent()).toBe(
      'Please add at least one participant',
    );

    await form.getByTestId('new-meeting-title').fill('Estate planning with Dana');
    await form.getByTestId('new-meeting-location').fill('Our Toronto office, 100 King St W');
    await form.getByTestId('new-meeting-duration').fill('45');
    await form.getByTestId('new-meeting-timeZone').selectOption({ label: 'Vancouver' });
    await form.getByTestId('new-meeting-message').fill('Wills, powers of attorney and beneficiaries.');
    await form.getByTestId('new-meeting-participant-search').fill('okafor');
    await form.locator('[data-testid="new-meeting-add-person"][data-person-name="Dana Okafor"]').click();
    expect(await form.getByTestId('new-meeting-chosen-person').textContent()).toContain('dana.okafor@example.com');
    await transitionsSettled(page);
    await browser.screenshot('meetings-new-meeting-form');
    await form.getByTestId('new-meeting-save').click();
    await form.waitFor({ state: 'detached' });

    const block = page.locator('[data-testid="calendar-meeting"][data-meeting-title="Estate planning with Dana"]');
    await block.waitFor();
    expect(await block.textContent()).toBe('Estate planning with Dana15:00 to 15:45');
    await page.getByTestId('calendar-notice').getByText('“Estate planning with Dana” was scheduled.').waitFor();
    await browser.screenshot('meetings-new-meeting-calendar');

    const stored = await prisma.meeting.findFirstOrThrow({
      where: { title: 'Estate planning with Dana' },
      include: { participants: true },
    });
    expect(stored.timeZone).toBe('America/Vancouver');
    expect(stored.location).toBe('Our Toronto office, 100 King St W');
    expect(stored.participants.map((participant) => participant.role).sort()).toEqual(['CONTACT', 'TEAM_MEMBER']);
  }, 120_000);

  it('connects a Google calendar from Settings through the provider’s sign-in, and lists its calendars', async () => {
    const page = await signIn('/settings/organization');
    // Nylas sends the user back to the configured address: here, this test's own server.
    await page.route(`${new URL(REDIRECT_URI).origin}/**`, (route) => {
      const back = new URL(route.request().url());
      return route.fulfill({ status: 302, headers: { location: `${api.baseUrl}${back.pathname}${back.search}` } });
    });
    await page.getByTestId('settings-tab-calendars').click();
    const connect = page.getByTestId('connect-calendar');
    await connect.waitFor();
    expect(await connect.getByTestId('calendar-provider-name').allTextContents()).toEqual([
      'Google Calendar',
      'Microsoft Outlook',
      'iCloud',
      'IMAP',
      'Virtual calendar',
    ]);
    await page.getByTestId('connected-calendars-empty').waitFor();
    expect(await connect.getByTestId('calendar-email').inputValue()).toBe(firm.email);
    await connect.getByTestId('calendar-provider-google').check();
    await connect.getByTestId('calendar-connect').click();

    await page.getByTestId('calendar-connected').waitFor();
    expect(await page.getByTestId('calendar-connected').textContent()).toBe(`${firm.email} is connected.`);
    // The code and state are not left in the address bar.
    expect(new URL(page.url()).search).toBe('');
    const connected = page.getByTestId('connected-calendar');
    await connected.first().waitFor();
    expect(await connected.count()).toBe(1);
    expect(await connected.textContent()).toContain(firm.email);
    expect(await connected.textContent()).toContain('Google Calendar');
    expect(await connected.textContent()).toContain('Primary');
    await browser.screenshot('meetings-settings-calendars');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakeNylasServer } from '@meridian/connectors/testing';
import type { RunningWorker } from '@meridian/workers';
import { createTestEnvironment, startTestApi, startTestWorker, type TestApi } from '../support/app.js';
import { launchBrowser, signInAs, transitionsSettled, type BrowserSession } from '../support/browser.js';
import { createContact } from '../support/crm-factories.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { call, login } from '../support/http.js';

/** Conditions are waited for this long: the page reads from the API, the worker from the fake Nylas. */
const POLL = { timeout: 20_000 };
const REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
const MAILBOX = 'amelie@lavoie-wealth.test';

/** A full-page screenshot from the top (a scrolled page draws the fixed shell over its middle). */
async function screenshot(session: BrowserSession, name: string) {
  await session.page.evaluate('window.scrollTo(0, 0)');
  await session.screenshot(name);
}

describe('dashboard: a contact’s e-mail threads from a connected mailbox', () => {
  let fake: FakeNylasServer;
  let api: TestApi;
  let worker: RunningWorker;
  let prisma: PrismaClient;
  let firm: CreatedOrganization;
  let contactId: string;
  let quietContactId: string;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    fake = await FakeNylasServer.start();
    const environment = await createTestEnvironment({
      NYLAS_API_KEY: fake.apiKey,
      NYLAS_CLIENT_ID: fake.clientId,
      NYLAS_API_URI: fake.url,
      NYLAS_REDIRECT_URI: REDIRECT_URI,
    });
    api = await startTestApi({ seedDemo: false, environment });
    worker = await startTestWorker(environment);
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Lavoie Wealth', role: 'ADVISOR' });
    await prisma.user.update({ where: { id: firm.userId }, data: { name: 'Amélie Roy' } });
    contactId = (
      await createContact(prisma, firm, { firstName: 'Marie', lastName: 'Tremblay', emails: ['marie@tremblay.test'] })
    ).contactId;
    quietContactId = (
      await createContact(prisma, firm, { firstName: 'Paul', lastName: 'Gagnon', emails: ['paul@gagnon.test'] })
    ).contactId;

    // The advisor's mailbox, connected through Nylas's hosted authentication (the fake's).
    const token = await login(api.baseUrl, firm.email, firm.password);
    const member = await prisma.teamMember.findFirstOrThrow({ where: { userId: firm.userId } });
    const started = await call<{ url: string }>(api.baseUrl, 'GET', `/api/nylas/google?email=${MAILBOX}`, { token });
    const code = fake.authorize({ email: MAILBOX, provider: 'google', redirectUri: REDIRECT_URI });
    const connected = await call(api.baseUrl, 'POST', '/api/nylas', {
      token,
      body: {
        code,
        owner: member.id,
        creator: firm.userId,
        state: new URL(started.body.url).searchParams.get('state'),
      },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);

    const grantId = fake.state.grantByEmail(MAILBOX, 'google')!.id;
    const me = { email: MAILBOX, name: 'Amélie Roy' };
    const marie = { email: 'marie@tremblay.test', name: 'Marie Tremblay' };
    const hours = (n: number) => new Date(Date.now() - n * 3_600_000);
    fake.state.addThread(grantId, {
      subject: 'RRSP contribution before the deadline',
      messages: [
        {
          from: marie,
          to: [me],
          body: '<p>Hello Amélie,</p><p>Can I still put money in my RRSP for last year?</p><p>Marie</p>',
          date: hours(30),
          unread: false,
        },
        {
          from: me,
          to: [marie],
          body: '<p>Hi Marie,</p><p>Yes &mdash; until March 3. I will send the form.</p>',
          date: hours(28),
          unread: false,
        },
      ],
    });
    fake.state.addThread(grantId, {
      subject: 'Documents for the annual review',
      messages: [
        {
          from: marie,
          to: [me],
          cc: [{ email: 'luc@tremblay.test', name: 'Luc Tremblay' }],
          body: '<p>Here are last year’s statements.</p>',
          date: hours(2),
        },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    for (const session of sessions) await session.close();
    await worker?.close();
    await prisma?.$disconnect();
    await api?.close();
    await fake?.close();
  });

  it('reads the mailbox on demand, lists the contact’s threads and opens one', async () => {
    const session = await launchBrowser();
    sessions.push(session);
    const page = session.page;
    await signInAs(page, api.baseUrl, firm);

    // A contact with no thread yet says so.
    await page.goto(`${api.baseUrl}/crm/contacts/${quietContactId}`);
    const quiet = page.getByTestId('email-threads');
    await quiet.getByText('No e-mail with this contact yet.').waitFor(POLL);
    await quiet.scrollIntoViewIfNeeded();
    await session.screenshot('email-threads-empty');

    await page.goto(`${api.baseUrl}/crm/contacts/${contactId}`);
    const section = page.getByTestId('email-threads');
    await section.getByText('No e-mail with this contact yet.').waitFor(POLL);
    await section.getByRole('button', { name: 'Update from mailbox' }).click();
    await section.getByTestId('email-update-notice').waitFor(POLL);

    const rows = section.getByTestId('email-thread');
    await rows.nth(1).waitFor(POLL);
    expect(await section.getByTestId('email-thread-subject').allInnerTexts()).toEqual([
      'Documents for the annual review',
      'RRSP contribution before the deadline',
    ]);
    const newest = rows.nth(0);
    expect(await newest.getByTestId('email-thread-people').innerText()).toBe(
      'Marie Tremblay, Amélie Roy, Luc Tremblay',
    );
    await newest.getByText('2 h ago').waitFor();
    await newest.getByTestId('email-unread').waitFor();
    expect(await rows.nth(1).getByTestId('email-unread').count()).toBe(0);
    expect(await rows.nth(1).innerText()).toContain('(2)');
    // No id or markup on the page.
    expect(await section.innerText()).not.toMatch(/email_thread-|connection-|<p>|grant/);
    expect(await rows.nth(1).innerText()).toContain('Hi Marie, Yes — until March 3.');
    await screenshot(session, 'email-threads-list');

    // Opening a thread reads its messages from the mailbox, as text.
    await rows.nth(1).click();
    const dialog = page.getByTestId('email-thread-dialog');
    const messages = dialog.getByTestId('email-message');
    await messages.nth(1).waitFor(POLL);
    expect(await messages.nth(0).innerText()).toContain('Can I still put money in my RRSP for last year?');
    expect(await messages.nth(1).innerText()).toContain('Yes — until March 3. I will send the form.');
    expect(await dialog.innerText()).not.toMatch(/<p>|&mdash;/);
    await transitionsSettled(page);
    await screenshot(session, 'email-thread-open');
    await dialog.getByTestId('email-thread-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('without a connected mailbox, says where to connect one', async () => {
    const other = await createOrganization(prisma, { name: 'Gagnon Advisors', role: 'ADVISOR' });
    const contact = await createContact(prisma, other, {
      firstName: 'Lise',
      lastName: 'Roy',
      emails: ['lise@roy.test'],
    });
    const session = await launchBrowser();
    sessions.push(session);
    await signInAs(session.page, api.baseUrl, other);
    await session.page.goto(`${api.baseUrl}/crm/contacts/${contact.contactId}`);
    const section = session.page.getByTestId('email-threads');
    await section.getByText('connect your calendar and mailbox', { exact: false }).waitFor(POLL);
    expect(await section.getByRole('link', { name: 'Settings, Calendars' }).getAttribute('href')).toBe(
      '/settings/calendars',
    );
    expect(await section.getByRole('button', { name: 'Update from mailbox' }).count()).toBe(0);
  });
});

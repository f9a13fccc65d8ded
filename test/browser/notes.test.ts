import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { EntityType, newId } from '@meridian/domain';
import { startTestApi } from '../support/app.js';
import { addUser, createOrganization, type CreatedOrganization, type CreatedUser } from '../support/factories.js';
import { launchBrowser, signInAs, type BrowserSession } from '../support/browser.js';
import { createContact, createHousehold, createNote } from '../support/crm-factories.js';
import { call, login } from '../support/http.js';

/** A one-page PDF, small enough to write here: what an advisor attaches after a meeting. */
/** Conditions are waited for this long: the page reads from the API. */
const POLL = { timeout: 15_000 };

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A full-page screenshot from the top (a scrolled page draws the fixed shell over its middle). */
async function screenshot(session: BrowserSession, name: string) {
  await session.page.evaluate('window.scrollTo(0, 0)');
  await session.screenshot(name);
}

/** Drops `file` on the element of `testId` as a browser does when a file is dragged from the desktop. */
async function dropFile(page: Page, testId: string, file: { name: string; type: string; bytes: Buffer }) {
  const transfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      // The page's own DataTransfer and File (the test sources compile without the DOM library).
      const window = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown;
        atob(text: string): string;
      };
      const bytes = Uint8Array.from(window.atob(base64), (char) => char.charCodeAt(0));
      const data = new window.DataTransfer();
      data.items.add(new window.File([bytes], name, { type }));
      return data;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
  await page.getByTestId(testId).dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer: transfer });
}

describe('dashboard: notes, documents, a contact’s tasks and the activity timeline', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let prisma: PrismaClient;
  let firm: CreatedOrganization;
  let colleague: CreatedUser;
  let householdId: string;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    api = await startTestApi({ seedDemo: false });
    prisma = createPrismaClient(api.databaseUrl);
    firm = await createOrganization(prisma, { name: 'Notes Wealth', role: 'ADVISOR' });
    await prisma.user.update({ where: { id: firm.userId }, data: { name: 'Amélie Roy' } });
    colleague = await addUser(prisma, firm, 'ADVISOR');
    await prisma.user.update({ where: { id: colleague.userId }, data: { name: 'Bruno Caron' } });
    householdId = await createHousehold(prisma, firm, { name: 'Lavoie household' });
  });

  afterAll(async () => {
    for (const session of sessions) await session.close();
    await prisma?.$disconnect();
    await api?.close();
  });

  async function open(user: { email: string; password: string }) {
    const session = await launchBrowser();
    sessions.push(session);
    await signInAs(session.page, api.baseUrl, user);
    return session;
  }

  it('a note mentions a colleague and carries a PDF; the colleague is told and downloads it', async () => {
    const advisor = await open(firm);
    const page = advisor.page;
    await page.goto(`${api.baseUrl}/crm/households/${householdId}?tab=notes`);
    const notes = page.getByTestId('notes');
    await notes.getByText('No note about Lavoie household yet').waitFor();
    await screenshot(advisor, 'notes-empty');

    const editor = page.getByTestId('note-new');
    await editor.getByLabel('Title').fill('Annual review');
    const text = editor.getByLabel('Note');
    await text.pressSequentially('Spoke about the RRIF. @Bru');
    const option = page.getByTestId('mention-option').filter({ hasText: 'Bruno Caron' });
    await option.waitFor();
    await screenshot(advisor, 'notes-mention-list');
    await text.press('Enter');
    await text.pressSequentially('please send the form.');
    expect(await text.inputValue()).toBe('Spoke about the RRIF. @Bruno Caron please send the form.');

    await dropFile(page, 'note-new', { name: 'rrif-form.pdf', type: 'application/pdf', bytes: PDF });
    await editor.getByTestId('note-new-attachment').filter({ hasText: 'rrif-form.pdf' }).waitFor();
    await editor.getByRole('button', { name: 'Add note' }).click();

    const note = notes.getByTestId('note').filter({ hasText: 'Annual review' });
    await note.waitFor();
    // The mention reads as a name; no id or markup on the page.
    expect(await note.getByTestId('note-content').innerText()).toBe(
      'Spoke about the RRIF. @Bruno Caron please send the form.',
    );
    expect(await notes.innerText()).not.toMatch(/team_member-|user-|\]\(|files\//);
    expect(await note.getByTestId('note-attachment').innerText()).toBe('rrif-form.pdf');

    // Starred, then unstarred; the list keeps it.
    await note.getByTestId('note-star').click();
    await note.getByTestId('note-starred').waitFor();
    await screenshot(advisor, 'notes-written');
    await note.getByTestId('note-star').click();
    await note.getByTestId('note-starred').waitFor({ state: 'detached' });

    // Ctrl-K finds the note by a word of it and opens the household's Notes tab.
    await page.goto(`${api.baseUrl}/`);
    await page.getByTestId('home-page').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').fill('RRIF');
    const found = page.getByTestId('palette-result').filter({ hasText: 'Annual review' });
    await found.waitFor();
    expect(await found.innerText()).toContain('About Lavoie household');
    await found.click();
    await page.waitForURL(`**/crm/households/${householdId}?tab=notes`);
    await page.getByTestId('notes').getByTestId('note').first().waitFor();

    // The Notes section finds it by another form of a word ("forms" for "form") and links to it.
    await page.getByTestId('nav-notes').click();
    await page.getByTestId('notes-idle').waitFor();
    await page.getByTestId('notes-search').fill('forms');
    const hit = page.getByTestId('note-hit').filter({ hasText: 'Annual review' });
    await hit.waitFor();
    expect(await hit.innerText()).toContain('About Lavoie household');
    expect(await page.getByTestId('notes-count').innerText()).toBe('1 note found, best first.');
    expect(await page.getByTestId('notes-page').innerText()).not.toMatch(/household-|HOUSEHOLD|\]\(/);
    await screenshot(advisor, 'notes-search');
    await page.getByTestId('notes-search').fill('zebra');
    await page.getByText('No note has these words').waitFor();
    await page.getByTestId('notes-search').fill('forms');
    await hit.getByTestId('note-hit-link').click();
    await page.waitForURL(`**/crm/households/${householdId}?tab=notes`);

    // The colleague, in a browser of their own, is told and downloads the file from the note.
    const other = await open(colleague);
    const bell = other.page.getByTestId('notification-bell');
    await bell.waitFor();
    await other.page.getByTestId('notification-count').waitFor();
    await bell.click();
    const notice = other.page.getByTestId('notification').first();
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Lavoie household');
    await screenshot(other, 'notes-colleague-notified');

    await other.page.goto(`${api.baseUrl}/crm/households/${householdId}?tab=notes`);
    const attachment = other.page
      .getByTestId('note')
      .filter({ hasText: 'Annual review' })
      .getByTestId('note-attachment');
    const [download] = await Promise.all([other.page.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe('rrif-form.pdf');
    const saved = await download.path();
    expect(saved).toBeTruthy();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(saved!)).equals(PDF)).toBe(true);
  });

  it('a document is uploaded and downloaded; a file of a refused type is refused with a sentence', async () => {
    const session = await open(firm);
    const page = session.page;
    await page.goto(`${api.baseUrl}/crm/households/${householdId}?tab=documents`);
    const documents = page.getByTestId('documents');
    await documents.getByText('No document for Lavoie household yet').waitFor();

    await page.getByTestId('document-file-input').setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    expect(await page.getByTestId('documents-error').innerText()).toContain('A document cannot be a .exe file');

    await page.getByTestId('document-file-input').setInputFiles({
      name: 'statement-2026.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    const row = documents.getByTestId('document').filter({ hasText: 'statement-2026.pdf' });
    // Either the row or a sentence saying why not (the refusal above is cleared by the new upload).
    await row.or(page.getByTestId('documents-error')).waitFor();
    expect(await page.getByTestId('documents-error').allInnerTexts()).toEqual([]);
    expect(await row.innerText()).toContain('PDF document');
    await screenshot(session, 'documents-list');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('document-download').click()]);
    expect(download.suggestedFilename()).toBe('statement-2026.pdf');

    // The Documents section lists it among the firm's, finds it by name, and downloads it there too.
    await page.getByTestId('nav-docs').click();
    await page.getByTestId('documents-search').fill('STATEMENT');
    const listed = page.getByTestId('documents-page').getByTestId('document').filter({ hasText: 'statement-2026.pdf' });
    await listed.waitFor();
    expect(await listed.getByTestId('document-where').innerText()).toBe('Lavoie household (Household)');
    expect(await page.getByTestId('list-count').innerText()).toBe('1 result · page 1 of 1');
    await screenshot(session, 'documents-page');
    const [again] = await Promise.all([page.waitForEvent('download'), listed.getByTestId('document-download').click()]);
    expect(again.suggestedFilename()).toBe('statement-2026.pdf');
    await page.getByTestId('documents-search').fill('invoice');
    await page.getByTestId('documents-empty').waitFor();
    await page.getByTestId('documents-search').fill('statement');
    await listed.getByRole('link', { name: 'Lavoie household' }).click();
    await page.waitForURL(`**/crm/households/${householdId}?tab=documents`);
  });

  it('the activity timeline shows the note, the task and the document, newest first, filtered by kind', async () => {
    const token = await login(api.baseUrl, firm.email, firm.password);
    const task = await call(api.baseUrl, 'POST', '/api/tasks', {
      token,
      body: { title: 'Send the RRIF form', owner: { kind: 'HOUSEHOLD', id: householdId }, dueDate: '2030-01-15' },
    });
    expect(task.status).toBe(201);

    const session = await open(firm);
    const page = session.page;
    await page.goto(`${api.baseUrl}/crm/households/${householdId}`);
    const timeline = page.getByTestId('activity-timeline');
    const sentences = () => timeline.getByTestId('activity-entry-sentence').allInnerTexts();
    await expect.poll(sentences, POLL).toContainEqual(expect.stringContaining('Task Send the RRIF form was created'));
    const all = await sentences();
    // Newest first: the task was made after the note and the document.
    expect(all[0]).toContain('Send the RRIF form');
    expect(all).toContainEqual(expect.stringContaining('Amélie Roy wrote the note Annual review with a file'));
    expect(all).toContainEqual(expect.stringContaining('The document statement-2026.pdf was added'));
    expect(await timeline.innerText()).not.toMatch(/household-|TODO|CREATED_AT|\{/);
    await screenshot(session, 'activity-timeline');

    await page.getByTestId('activity-filter').selectOption({ label: 'Notes' });
    await expect.poll(sentences, POLL).toEqual([expect.stringContaining('wrote the note Annual review')]);
    await timeline.getByRole('link', { name: 'Annual review' }).click();
    const note = page.getByTestId('notes').getByTestId('note').first();
    await note.waitFor();

    // Edited in place: the mention stays a mention, the file stays attached.
    await note.getByTestId('note-edit-button').click();
    const editor = page.getByTestId('note-edit');
    expect(await editor.getByLabel('Note').inputValue()).toBe(
      'Spoke about the RRIF. @Bruno Caron please send the form.',
    );
    await editor.getByLabel('Title').fill('Annual review 2026');
    await editor.getByRole('button', { name: 'Save note' }).click();
    const edited = page.getByTestId('note').filter({ hasText: 'Annual review 2026' });
    await edited.waitFor();
    expect(await edited.getByTestId('note-attachment').innerText()).toBe('rrif-form.pdf');

    // Deleted after the question, which says what goes with it.
    await edited.getByTestId('note-delete').click();
    const dialog = page.getByTestId('note-delete-dialog');
    expect(await dialog.innerText()).toContain(
      '“Annual review 2026” and its attached file leave every list and search',
    );
    await dialog.getByRole('button', { name: 'Delete note' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('notes').getByText('No note about Lavoie household yet').waitFor();
  });

  it('a contact’s Tasks tab adds a follow-up for the contact and completes it', async () => {
    const { contactId } = await createContact(prisma, firm, { firstName: 'Noor', lastName: 'Haddad', type: 'LEAD' });
    const session = await open(firm);
    const page = session.page;
    await page.goto(`${api.baseUrl}/crm/contacts/${contactId}?tab=tasks`);
    expect(await page.getByTestId('contact-tasks-empty').innerText()).toBe(
      'No open task for Noor Haddad. Add one with New task, such as a follow-up call.',
    );
    await page.getByTestId('contact-new-task').click();
    const drawer = page.getByTestId('task-drawer');
    expect(await drawer.getByTestId('task-owner').innerText()).toBe('Noor Haddad · Contact');
    await drawer.getByTestId('task-title').fill('Call Noor back about the transfer');
    await drawer.getByTestId('task-save').click();
    await drawer.waitFor({ state: 'detached' });
    const row = page.getByTestId('contact-open-tasks').getByTestId('task-row');
    await row.getByText('Call Noor back about the transfer').waitFor();
    await screenshot(session, 'contact-tasks');
    await row.getByTestId('task-row-complete').click();
    await page.getByTestId('contact-tasks-empty').waitFor();
    await page.getByTestId('contact-closed-toggle').click();
    expect(await page.getByTestId('contact-closed-tasks').getByTestId('task-status').innerText()).toBe('Done');
  });

  it('a long history shows no gap: older changes, and what came before them, wait for Show older activity', async () => {
    const busyId = await createHousehold(prisma, firm, { name: 'Busy household' });
    const start = Date.now();
    await createNote(prisma, firm, { date: new Date(start), householdId: busyId });
    // Sixty renames after the note: the timeline reads the newest fifty changes first.
    await prisma.auditLog.createMany({
      data: Array.from({ length: 60 }, (_, index) => ({
        id: newId(EntityType.auditLog),
        organizationId: firm.organizationId,
        occurredAt: new Date(start + (index + 1) * 1000),
        actorKind: 'USER' as const,
        actorId: firm.userId,
        action: 'UPDATE' as const,
        entityType: 'household',
        entityId: busyId,
        before: { name: `Busy ${index}` },
        after: { name: `Busy ${index + 1}` },
      })),
    });
    const session = await open(firm);
    const page = session.page;
    await page.goto(`${api.baseUrl}/crm/households/${busyId}?tab=activity`);
    const entries = page.getByTestId('activity-timeline').getByTestId('activity-entry');
    await expect.poll(() => entries.count(), POLL).toBe(50);
    // The note is older than the fiftieth change: shown only once the changes before it are read.
    expect(await page.getByTestId('activity-timeline').innerText()).not.toContain('wrote the note');
    await page.getByTestId('activity-older').click();
    await expect.poll(() => entries.count(), POLL).toBe(61);
    expect(await entries.last().innerText()).toContain('wrote the note');
    await page.getByTestId('activity-older').waitFor({ state: 'detached' });
  });
});

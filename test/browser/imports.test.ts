import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { RunningWorker } from '@meridian/workers';
import { ContactMessage, type ContactListItem, type ImportBatchView, type ListPage } from '@meridian/domain';
import {
  createTestEnvironment,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '../support/app.js';
import { browserPerTest, signInAs } from '../support/browser.js';
import { createContact } from '../support/crm-factories.js';
import { createOrganization, type CreatedOrganization } from '../support/factories.js';
import { call, login } from '../support/http.js';

/** How long the page may take to show what the worker did (a queued job, then a poll). */
const LIVE = { timeout: 45_000, interval: 200 };

/** Headers no built-in profile knows: the user maps them. Row 5 has an e-mail the spec refuses. */
const PEOPLE_CSV = [
  'Ref,Given,Family,Mail,Cell',
  'R-100,Amara,Okonkwo,amara.okonkwo@example.com,416-555-0101',
  'R-101,Bastien,Lefebvre,bastien.lefebvre@example.com,514-555-0102',
  'R-102,Chiara,Moretti,chiara.moretti@example.com,604-555-0103',
  'R-103,Dmitri,Volkov,dmitri-at-example,403-555-0104',
  '',
].join('\n');
const IMPORTED_EMAILS = ['amara.okonkwo@example.com', 'bastien.lefebvre@example.com', 'chiara.moretti@example.com'];
const PROFILE_NAME = 'Generic people export';
/** A Redtail export: its category (the contact type) and status have a value map the user can change. */
const REDTAIL_CSV = [
  'id,first_name,last_name,email,category,status',
  '7001,Olu,Adeyemi,olu.adeyemi@example.com,Client,Active',
  '7002,Priya,Raman,priya.raman@example.com,Prospect,Inactive',
  '7003,Quinn,Sato,quinn.sato@example.com,Vendor,Deceased',
  '7004,Rosa,Diaz,rosa.diaz@example.com,Client,Former client',
  '',
].join('\n');
/** No source id column: row 2 shares its e-mail with a contact the firm has, row 3 is new. */
const PROSPECTS_CSV = 'Given,Family,Mail\nZed,Stone-Okafor,ZED.STONE@example.com\nAmy,Lake,amy.lake@example.com\n';

describe('import wizard: a generic CSV mapped by hand, dry run, commit, re-import and roll back', () => {
  let files: string;
  let environment: TestEnvironment;
  let api: TestApi;
  let worker: RunningWorker;
  let prisma: PrismaClient;
  const browser = browserPerTest();
  let user: CreatedOrganization;
  let token: string;
  /** The first test's batch, rolled back by the second. */
  let firstBatchId: string;

  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), 'meridian-import-wizard-'));
    await writeFile(join(files, 'people.csv'), PEOPLE_CSV);
    await writeFile(join(files, 'people-headers-only.csv'), `${PEOPLE_CSV.split('\n')[0]}\n`);
    await writeFile(join(files, 'prospects.csv'), PROSPECTS_CSV);
    await writeFile(join(files, 'redtail.csv'), REDTAIL_CSV);
    environment = await createTestEnvironment({ IMPORT_DIR: join(files, 'uploads') });
    api = await startTestApi({ seedDemo: false, environment });
    worker = await startTestWorker(environment);
    prisma = createPrismaClient(api.databaseUrl);
    // An organization of its own: the contacts the API lists are only the ones imported here.
    user = await createOrganization(prisma, { name: 'Harbour Imports', role: 'ADMIN' });
    token = await login(api.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await worker?.close();
    await prisma?.$disconnect();
    await api?.close();
    await environment?.dispose();
    await rm(files, { recursive: true, force: true });
  });

  function signIn(): Promise<Page> {
    return signInAs(browser.page, api.baseUrl, user);
  }

  /** Picks the file on the upload step and sends it; resolves with the new batch's id from the URL. */
  async function uploadFile(page: Page, fileName: string): Promise<string> {
    await page.getByLabel('File to import').setInputFiles(join(files, fileName));
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/\/imports\/(?!new$)[^/]+$/);
    await page.getByRole('table', { name: 'Column mapping' }).waitFor();
    return page.url().split('/').at(-1)!;
  }

  function currentStep(page: Page) {
    return page.getByRole('list', { name: 'Import steps' }).locator('[aria-current="step"]').textContent();
  }

  async function batchOf(batchId: string): Promise<ImportBatchView> {
    const response = await call<ImportBatchView>(api.baseUrl, 'GET', `/api/imports/${batchId}`, { token });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function contactEmails(): Promise<string[]> {
    const response = await call<ListPage<ContactListItem>>(api.baseUrl, 'GET', '/api/contacts?limit=50', { token });
    expect(response.status).toBe(200);
    return response.body.items.map((contact) => contact.email ?? '').sort();
  }

  it('refuses an empty file with its reason, then maps a generic file, dry-runs it and commits', async () => {
    const page = await signIn();
    await page.getByTestId('nav-imports').click();
    await page.getByTestId('imports-page').waitFor();
    await page.getByRole('link', { name: 'New import' }).click();
    await page.getByTestId('new-import-page').waitFor();
    expect(await currentStep(page)).toContain('Upload');

    // A file with headers and no rows: the API's 400 is shown, and another file can be picked.
    await page.getByLabel('File to import').setInputFiles(join(files, 'people-headers-only.csv'));
    await page.getByRole('button', { name: 'Upload' }).click();
    const refusal = page.getByTestId('upload-error');
    await refusal.waitFor();
    expect(await refusal.getByTestId('upload-error-message').textContent()).toMatch(/no data rows/);
    expect(await refusal.textContent()).toContain('EMPTY_FILE');
    await browser.screenshot('imports-upload-refused');

    const batchId = await uploadFile(page, 'people.csv');
    firstBatchId = batchId;
    expect(await currentStep(page)).toContain('Mapping');
    expect(await page.getByTestId('import-profile').textContent()).toContain('No profile');
    expect(await page.getByTestId('import-detection').textContent()).toBe(
      'CSV · UTF-8 · comma delimited · headers on row 1',
    );
    expect(await page.getByTestId('unmapped-headers').textContent()).toBe(
      'Not imported: Ref, Given, Family, Mail, Cell',
    );

    await page.getByLabel('Source id column').selectOption('Ref');
    await page.getByLabel('Field for Given').selectOption('firstName');
    await page.getByLabel('Field for Family').selectOption('lastName');
    await page.getByLabel('Field for Mail').selectOption('email');
    expect(await page.getByLabel('Field for Ref').inputValue()).toBe('sourceId');
    expect(await page.getByTestId('unmapped-headers').textContent()).toBe('Not imported: Cell');
    // Saved for the next file of this export (the second test uses it); the batch now uses it.
    await page.getByLabel('Profile name').fill(PROFILE_NAME);
    await page.getByRole('button', { name: 'Save as custom profile' }).click();
    await page.getByText(`Saved as the profile “${PROFILE_NAME}”`).waitFor();
    expect(await page.getByTestId('import-profile').textContent()).toBe(PROFILE_NAME);
    expect(await page.getByLabel('Field for Mail').inputValue()).toBe('email');
    await browser.screenshot('imports-mapping');
    await page.getByRole('button', { name: 'Continue to the dry run' }).click();

    expect(await currentStep(page)).toContain('Dry run');
    await page.getByRole('button', { name: 'Start dry run' }).click();
    const result = page.getByTestId('dry-run-result');
    await result.waitFor(LIVE);
    expect(await page.getByTestId('count-create').textContent()).toBe('3');
    expect(await page.getByTestId('count-invalid').textContent()).toBe('1');
    expect(await page.getByTestId('count-update').textContent()).toBe('0');
    expect(await page.getByTestId('count-unchanged').textContent()).toBe('0');

    // Only the invalid row, with the spec's message and the cell it came from.
    await page.getByLabel('Show rows').selectOption('INVALID');
    const rows = page.getByRole('table', { name: 'Dry-run rows' });
    await expect.poll(() => rows.locator('tbody tr').count(), LIVE).toBe(1);
    const invalid = rows.getByTestId('row-5');
    expect(await invalid.textContent()).toContain('R-103');
    expect(await invalid.getByTestId('row-error').textContent()).toBe(
      `Mail “dmitri-at-example”: ${ContactMessage.emailInvalid}`,
    );
    // Every column of the file, with what happens to it, in words (step 12).
    const columnReport = page.getByRole('table', { name: 'Every column of the file' }).getByTestId('column-report-row');
    expect((await columnReport.allTextContents()).map((text) => text.replace(/“.*$/, ''))).toEqual([
      'RefImported as source id',
      'GivenImported as first name',
      'FamilyImported as last name',
      'MailImported as email',
      'CellNot imported',
    ]);
    // The column left unmapped shows what it holds (issue 14: nothing is lost silently).
    expect(await columnReport.filter({ hasText: 'Not imported' }).allTextContents()).toEqual([
      'CellNot imported“416-555-0101”, “514-555-0102”, “604-555-0103”',
    ]);
    await browser.screenshot('imports-dry-run');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report (CSV)' }).click();
    const report = await download;
    expect(report.suggestedFilename()).toBe('people-report.csv');
    const reportText = await readFile((await report.path())!, 'utf8');
    expect(reportText.split('\r\n')[0]).toBe('row,action,source_id,entity_id,errors,changes,warnings');
    const invalidLine = reportText.split('\r\n').find((line) => line.startsWith('5,'));
    expect(invalidLine).toMatch(/^5,INVALID,R-103,,/);
    expect(invalidLine).toContain(ContactMessage.emailInvalid);

    await page.getByRole('button', { name: 'Continue to commit' }).click();
    expect(await currentStep(page)).toContain('Commit');
    await page.getByRole('button', { name: 'Commit import' }).click();
    const committed = page.getByTestId('commit-result');
    await committed.waitFor(LIVE);
    expect(await committed.textContent()).toContain('Import committed');
    expect(await page.getByTestId('import-status').textContent()).toBe('Applied');

    const batch = await batchOf(batchId);
    expect(batch).toMatchObject({ status: 'APPLIED', stage: 'DONE', counts: { create: 3, invalid: 1 } });
    expect(await page.getByRole('link', { name: 'View the sync run in Connections' }).getAttribute('href')).toBe(
      `/connections/runs/${batch.syncRunId}`,
    );
    expect(await contactEmails()).toEqual(IMPORTED_EMAILS);
    await browser.screenshot('imports-committed');

    // The run is one of the operations view's runs: partial, as one row was not written.
    await page.getByRole('link', { name: 'View the sync run in Connections' }).click();
    await page.getByTestId('run-detail-page').waitFor();
    await expect.poll(() => page.getByTestId('run-detail-status').textContent(), LIVE).toBe('Partial');
    expect(await page.getByTestId('run-import-not-written').textContent()).toBe('1 invalid, 0 left in review');

    // Its connection is a file connection: no "Run now" that could only fail, a way to import instead.
    await page.getByRole('link', { name: 'Connections', exact: true }).first().click();
    const connection = page.getByTestId(`connection-${batch.connectionId}`);
    await connection.waitFor(LIVE);
    expect(await connection.getByRole('button', { name: /^Run now/ }).count()).toBe(0);
    expect(await connection.getByRole('link', { name: /^Import a file/ }).getAttribute('href')).toBe('/imports/new');
  });

  it('re-imports the same file with the saved profile (all unchanged), then rolls the first import back', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/imports/new`);
    const batchId = await uploadFile(page, 'people.csv');
    expect(await page.getByTestId('import-profile').textContent()).toContain('No profile');

    await page.getByLabel('Saved profile').selectOption({ label: `${PROFILE_NAME} (Contacts)` });
    await page.getByRole('button', { name: 'Use saved profile' }).click();
    await expect.poll(() => page.getByTestId('import-profile').textContent(), LIVE).toBe(PROFILE_NAME);
    expect(await page.getByTestId('unmapped-headers').textContent()).toBe('Not imported: Cell');
    await page.getByRole('button', { name: 'Continue to the dry run' }).click();
    await page.getByRole('button', { name: 'Start dry run' }).click();
    await page.getByTestId('dry-run-result').waitFor(LIVE);
    expect(await page.getByTestId('count-unchanged').textContent()).toBe('3');
    expect(await page.getByTestId('count-create').textContent()).toBe('0');
    expect(await page.getByTestId('count-update').textContent()).toBe('0');
    expect(await page.getByTestId('count-invalid').textContent()).toBe('1');
    expect((await batchOf(batchId)).counts).toMatchObject({ create: 0, update: 0, unchanged: 3 });

    // The list shows both imports; the first opens at its result, where it is rolled back.
    await page.getByRole('link', { name: 'Imports', exact: true }).first().click();
    const list = page.getByRole('table', { name: 'Recent imports' });
    await list.waitFor();
    await expect.poll(() => list.locator('tbody tr').count(), LIVE).toBe(2);
    // Every row is unchanged or invalid: nothing to write, so not "Ready to commit".
    expect(await list.getByTestId(`import-${batchId}`).getByTestId('import-status').textContent()).toBe(
      'Nothing to write',
    );
    const first = list.getByTestId(`import-${firstBatchId}`);
    expect(await first.getByTestId('import-status').textContent()).toBe('Applied');
    await first.getByRole('link', { name: 'people.csv' }).click();
    await page.getByTestId('commit-result').waitFor();
    await page.getByRole('button', { name: 'Roll back' }).click();
    // The dialog's root has no box of its own (its panel is positioned): wait for what it holds.
    const dialog = page.getByRole('dialog', { name: 'Roll back import' });
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect.poll(() => page.getByTestId('commit-result').textContent(), LIVE).toContain('Import rolled back');
    expect(await page.getByTestId('rollback-summary').textContent()).toBe(' Removed 3 contacts.');
    expect((await batchOf(firstBatchId)).status).toBe('ROLLED_BACK');
    expect(await contactEmails()).toEqual([]);
  });

  it('queues a row that looks like an existing contact for review; accepting it makes it an update with its diff', async () => {
    const existing = await createContact(prisma, user, {
      firstName: 'Zed',
      lastName: 'Stone',
      emails: ['zed.stone@example.com'],
    });
    const page = await signIn();
    await page.goto(`${api.baseUrl}/imports/new`);
    const batchId = await uploadFile(page, 'prospects.csv');
    await page.getByLabel('Field for Given').selectOption('firstName');
    await page.getByLabel('Field for Family').selectOption('lastName');
    await page.getByLabel('Field for Mail').selectOption('email');
    expect(await page.getByLabel('Source id column').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save mapping and continue' }).click();
    await page.getByRole('button', { name: 'Start dry run' }).click();
    await page.getByTestId('dry-run-result').waitFor(LIVE);
    expect(await page.getByTestId('count-create').textContent()).toBe('1');
    expect(await page.getByTestId('count-review').textContent()).toBe('1');

    const queue = page.getByRole('table', { name: 'Rows to review' });
    const item = queue.getByTestId('review-2');
    await item.waitFor();
    expect(await item.getByRole('link', { name: 'Zed Stone' }).getAttribute('href')).toBe(
      `/crm/contacts/${existing.contactId}`,
    );
    expect(await item.textContent()).toContain('Matched on e-mail');
    // Both have a last name, and they differ: shown side by side, the contact's kept unless chosen.
    const lastName = item.getByTestId('conflict-lastName');
    expect(await lastName.textContent()).toContain('Stone');
    expect(await lastName.textContent()).toContain('Stone-Okafor');
    await item.getByRole('group', { name: 'Last name, row 2' }).getByLabel('This row').check();
    await browser.screenshot('imports-review-queue');
    await item.getByRole('button', { name: 'Same person, row 2' }).click();
    await expect.poll(() => item.textContent(), LIVE).toContain('Same person: update');
    await expect.poll(() => page.getByTestId('count-update').textContent(), LIVE).toBe('1');
    expect(await page.getByTestId('count-review').textContent()).toBe('0');

    // The accepted row is now an update of that contact, its changed field shown before -> after.
    await page.getByLabel('Show rows').selectOption('UPDATE');
    const update = page.getByRole('table', { name: 'Dry-run rows' }).getByTestId('row-2');
    await update.waitFor(LIVE);
    expect(await update.getByTestId('row-change').allTextContents()).toContain('Last name: Stone → Stone-Okafor');
    expect((await batchOf(batchId)).counts).toMatchObject({ create: 1, update: 1, review: 0 });
  });

  it('shows the value map of a Redtail export after the dry run by labels; a changed value runs the dry run again and the commit follows it', async () => {
    const page = await signIn();
    await page.goto(`${api.baseUrl}/imports/new`);
    const batchId = await uploadFile(page, 'redtail.csv');
    expect(await page.getByTestId('import-profile').textContent()).toBe('Redtail contacts');
    await page.getByRole('button', { name: 'Continue to the dry run' }).click();
    await page.getByRole('button', { name: 'Start dry run' }).click();
    await page.getByTestId('dry-run-result').waitFor(LIVE);
    expect(await page.getByTestId('count-create').textContent()).toBe('4');

    // Every value the file holds, each with what it becomes: the category's 3, the status's 4.
    const valueMap = page.getByTestId('value-map');
    await expect.poll(() => valueMap.getByTestId('value-map-row').count(), LIVE).toBe(7);
    const chosen = (label: string) => valueMap.getByLabel(label).locator('option:checked').textContent();
    expect(await chosen('category: Vendor')).toBe('Other');
    expect(await chosen('status: Inactive')).toBe('Keep on the contact’s note');
    expect(await valueMap.getByLabel('status: Active').locator('option').allTextContents()).toEqual([
      'Client',
      'Lead',
      'Onboarding',
      'Other',
      'Prospect',
      'Keep on the contact’s note',
      'Keep as a tag',
    ]);
    // Labels only: no enumeration constant anywhere in the map.
    expect(await valueMap.innerText()).not.toMatch(/KEEP_|\b(CLIENT|PROSPECT|OTHER|LEAD)\b/);

    await valueMap.getByLabel('status: Inactive').selectOption({ label: 'Keep as a tag' });
    await valueMap.getByLabel('category: Vendor').selectOption({ label: 'Prospect' });
    await valueMap.getByLabel('status: Former client').selectOption({ label: 'Other' });
    await browser.screenshot('imports-value-map');
    await valueMap.getByRole('button', { name: 'Save the values and run the dry run again' }).click();
    // The dry run runs again with the map; the page shows the map as saved.
    await expect.poll(async () => (await batchOf(batchId)).stage, LIVE).toBe('DRY_RUN_DONE');
    await page.getByTestId('dry-run-result').waitFor(LIVE);
    await expect.poll(() => chosen('status: Inactive'), LIVE).toBe('Keep as a tag');
    expect(await chosen('category: Vendor')).toBe('Prospect');
    const statusReport = page
      .getByRole('table', { name: 'Every column of the file' })
      .getByRole('list', { name: 'Values of status' });
    // The report comes with the new dry run's result, which may land after the saved map shows.
    await expect
      .poll(() => statusReport.getByRole('listitem').allTextContents(), LIVE)
      .toEqual([
        '“Active” → Keep on the contact’s note',
        '“Inactive” → Keep as a tag',
        '“Deceased” → Keep on the contact’s note',
        '“Former client” → Other',
      ]);

    await page.getByRole('button', { name: 'Continue to commit' }).click();
    await page.getByRole('button', { name: 'Commit import' }).click();
    await page.getByTestId('commit-result').waitFor(LIVE);
    const contacts = await prisma.contact.findMany({
      where: { organizationId: user.organizationId, firstName: { in: ['Olu', 'Priya', 'Quinn', 'Rosa'] } },
      include: { tags: { include: { tag: true } }, ownedNotes: true },
      orderBy: { firstName: 'asc' },
    });
    expect(
      contacts.map((contact) => [
        contact.firstName,
        contact.type,
        contact.tags.map((link) => link.tag.name),
        contact.ownedNotes.map((note) => note.body),
      ]),
    ).toEqual([
      ['Olu', 'CLIENT', [], ['Status: Active']],
      ['Priya', 'PROSPECT', ['Inactive'], []],
      ['Quinn', 'PROSPECT', [], ['Status: Deceased']],
      // The category is the contact type: it wins over the status's.
      ['Rosa', 'CLIENT', [], []],
    ]);
  });
});

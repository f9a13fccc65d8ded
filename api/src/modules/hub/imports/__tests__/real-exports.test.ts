// Issue 14, "Imports from real exports" (part A): files as firms really send them, through the
// API: a plain sheet without ids under every profile, a zip of CSV files, nothing lost silently
// (unmapped columns with their values, job titles, extensions, street lines, type labels, deleted
// records), Salesforce and Redtail, the contact type of created contacts, the built-in profiles
// listed, and rows imported without an optional part, with a warning.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import { IMPORT_PROFILES, type ImportBatchView } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { IMPORT_FIXTURES } from '#test/support/fixtures.js';
import { waitFor } from '#test/support/wait.js';
import { deflatedPart, repeatedPart, zipOf } from '../../../../../../connectors/src/files/__tests__/zip-builder.js';
import { importApi, type ImportUpload } from './import-api.js';

let api: TestApi;
let prisma: PrismaClient;
const flow = importApi(() => api.baseUrl);

let world: ImportWorld;
beforeAll(async () => {
  world = await startImportWorld();
  ({ api, prisma } = world);
}, 120_000);
afterAll(() => world?.close());

/** A fresh organization per test: what one imports cannot match another's rows. */
async function organization(name: string): Promise<{ org: CreatedOrganization; token: string }> {
  const org = await createOrganization(prisma, { name, role: 'ADMIN' });
  return { org, token: await login(api.baseUrl, org.email, org.password) };
}

interface ErrorBody {
  code: string;
  message: string;
  details: { path: string; message: string }[];
}

/** The upload as a client sends it, any answer kept (the flow helper expects a 201). */
async function upload(token: string, fileName: string, body: Buffer | string, query = '') {
  const response = await fetch(`${api.baseUrl}/api/imports?fileName=${encodeURIComponent(fileName)}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
  });
  return { status: response.status, body: (await response.json()) as ImportUpload & ErrorBody };
}

function contactsOf(organizationId: string) {
  return prisma.contact.findMany({
    where: { organizationId },
    include: { phoneNumbers: true, emails: true, addresses: true, employments: true },
    orderBy: { firstName: 'asc' },
  });
}

const PLAIN_SHEET =
  'First Name,Last Name,Email,Phone\nAnn,Roy,ann@example.com,416-555-0100\nBo,Ek,bo@example.com,416-555-0101\n';

describe('a plain spreadsheet without an id column', () => {
  it('is accepted at upload under every built-in contacts profile, suggested or chosen', async () => {
    const { token } = await organization('Plain sheet everywhere');
    const contactProfiles = IMPORT_PROFILES.filter((profile) => profile.kind === 'contacts');
    expect(contactProfiles.length).toBeGreaterThan(15);
    for (const profile of contactProfiles) {
      // The file as the profile's own system would be named for it...
      const uploaded = await upload(token, 'contacts.csv', PLAIN_SHEET, `&source=${profile.source}`);
      expect(uploaded.status, `${profile.id}: ${JSON.stringify(uploaded.body)}`).toBe(201);
      expect(uploaded.body.batch.source).toBe(profile.source);
      // ...and the profile itself chosen for it.
      const chosen = await call<{ profileId: string }>(
        api.baseUrl,
        'PUT',
        `/api/imports/${uploaded.body.batch.id}/mapping`,
        { token, body: { profileId: profile.id } },
      );
      expect(chosen.status, `${profile.id}: ${JSON.stringify(chosen.body)}`).toBe(200);
      expect(chosen.body.profileId).toBe(profile.id);
    }
  });

  it('without a source gets the plain-spreadsheet profile; its rows are created, then matched on e-mail', async () => {
    const { org, token } = await organization('Plain sheet');
    const uploaded = await flow.upload(token, 'contacts.csv', PLAIN_SHEET);
    expect(uploaded.batch.source).toBe('MANUAL_LOAD');
    expect(uploaded.mapping).toMatchObject({
      profileId: 'spreadsheet-contacts',
      mapping: { 'First Name': 'firstName', 'Last Name': 'lastName', Email: 'email', Phone: 'phone' },
      unmappedHeaders: [],
    });
    const dry = await flow.dryRun(token, uploaded.batch.id);
    expect(dry.counts).toEqual({ create: 2, update: 0, unchanged: 0, invalid: 0, review: 0 });
    await flow.commit(token, uploaded.batch.id);
    const contacts = await contactsOf(org.organizationId);
    expect(contacts.map((contact) => [contact.firstName, contact.type])).toEqual([
      ['Ann', 'LEAD'],
      ['Bo', 'LEAD'],
    ]);

    // The same sheet again, with a HubSpot profile that wants a Record ID it does not have: its
    // rows, without ids, are matched on e-mail, phone and name, as rows without ids always were.
    const again = await flow.prepare(token, 'contacts.csv', PLAIN_SHEET, {
      source: 'SALES_CRM',
      profileId: 'hubspot-contacts',
    });
    expect(again.batch.counts).toMatchObject({ create: 0, review: 2 });
  });
});

describe('a zip of CSV files', () => {
  it('opens the archive and imports its contacts file, saying which one', async () => {
    const { org, token } = await organization('Zip export');
    const archive = zipOf([
      deflatedPart('Account.csv', 'Id,Name,Type\n0015e00000Xy01AAB,Dubois Consulting,Customer\n'),
      deflatedPart('Contact.csv', await readFile(join(IMPORT_FIXTURES, 'salesforce-contacts.csv'))),
      deflatedPart('Opportunity.csv', 'Id,AccountId,Name,StageName\n0065e0000001,0015e00000Xy01AAB,Plan,Closed Won\n'),
    ]);
    const uploaded = await upload(token, 'WE_00D5e000001.zip', archive);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.batch).toMatchObject({
      archiveEntry: 'Contact.csv',
      format: 'csv',
      source: 'SALESFORCE',
      rowCount: 3,
    });
    expect(uploaded.body.mapping.profileId).toBe('salesforce-contacts');
    const dry = await flow.dryRun(token, uploaded.body.batch.id);
    expect(dry.counts.create).toBe(3);
    await flow.commit(token, uploaded.body.batch.id);
    expect(await prisma.contact.count({ where: { organizationId: org.organizationId } })).toBe(3);
  });

  it('refuses an archive without a CSV file, or of several none recognisable, saying so', async () => {
    const { org, token } = await organization('Zip refusals');
    const none = await upload(token, 'export.zip', zipOf([deflatedPart('report.pdf', '%PDF-1.4')]));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(
      'The zip archive holds no CSV file (it holds report.pdf): export the data as CSV, or upload the CSV file itself.',
    );
    const several = await upload(
      token,
      'export.zip',
      zipOf([deflatedPart('a.csv', 'Alpha,Beta\n1,2\n'), deflatedPart('b.csv', 'Gamma,Delta\n3,4\n')]),
    );
    expect(several.status).toBe(400);
    expect(several.body.details).toEqual([
      {
        path: 'ARCHIVE_AMBIGUOUS',
        message:
          'The zip archive holds several CSV files (a.csv, b.csv) and none is recognisably the contacts file: unzip it and upload the file to import.',
      },
    ]);
    expect(await prisma.importBatch.count({ where: { organizationId: org.organizationId } })).toBe(0);
  });

  it('refuses a zipped CSV that inflates like a bomb with a 413, before writing it out', async () => {
    const { token } = await organization('Zip bomb');
    // 20 MB of rows in some 20 KB: a thousand times, where real exports compress 5 to 30 times.
    const bomb = await repeatedPart('Contact.csv', 'Id,FirstName,LastName\n', '1,Ann,Roy\n', 2_000_000, '');
    const refused = await upload(token, 'export.zip', zipOf([bomb]));
    expect(refused.status).toBe(413);
    expect(refused.body.details[0]!.path).toBe('ARCHIVE_TOO_LARGE');
    expect(refused.body.message).toContain('compressed more than 100 times');
  });
});

describe('nothing is lost silently', () => {
  it('every column is mapped or listed as unmapped with a few of its values', async () => {
    const { token } = await organization('Unmapped columns');
    const file = await readFile(join(IMPORT_FIXTURES, 'salesforce-contacts.csv'));
    const uploaded = await flow.upload(token, 'Contact.csv', file);
    const { mapping } = uploaded;
    expect(mapping.profileId).toBe('salesforce-contacts');
    const headers = uploaded.batch.headers;
    expect([...Object.keys(mapping.mapping), ...mapping.unmappedColumns.map((column) => column.header)].sort()).toEqual(
      [...headers].sort(),
    );
    expect(mapping.unmappedColumns).toEqual(
      expect.arrayContaining([
        { header: 'AccountId', samples: ['0015e00000Xy01AAB'] },
        { header: 'Salutation', samples: ['Mrs.', 'Mr.', 'Ms.'] },
        { header: 'MasterRecordId', samples: [] },
        {
          header: 'CreatedDate',
          samples: ['2023-05-01T14:00:00.000Z', '2023-05-01T14:05:00.000Z', '2023-06-12T09:30:00.000Z'],
        },
      ]),
    );
    // Every column's values, mapped or not, for the wizard's mapping table.
    expect(Object.keys(mapping.samples).sort()).toEqual([...headers].sort());
    expect(mapping.samples.Title).toEqual(['President', 'Architect']);
    // The same list after the dry run, where the report is read.
    await flow.dryRun(token, uploaded.batch.id);
    const after = await call<ImportUpload['mapping']>(api.baseUrl, 'GET', `/api/imports/${uploaded.batch.id}/mapping`, {
      token,
    });
    expect(after.body.unmappedColumns).toEqual(mapping.unmappedColumns);
  });

  it('job titles, extensions, street lines, type labels and deleted records (Salesforce, both spellings)', async () => {
    const { org, token } = await organization('Salesforce');
    // A Data Export (API field names), with a deleted record and a contact type label.
    const dataExport = [
      'Id,IsDeleted,FirstName,LastName,Title,Phone,MailingStreet,MailingCity,MailingState,MailingPostalCode,MailingCountry,Type,Email',
      '003A,false,Claire,Dubois,President,613-555-0120 ext. 204,"100 Wellington St\nSuite 400",Ottawa,ON,K1A 0A9,Canada,Client,claire@example.com',
      '003B,true,Gone,Person,,613-555-0199,,,,,,,not-an-email',
      '003C,false,Linh,Nguyen,,416-555-0170,,,,,,,linh@example.com',
    ].join('\n');
    const first = await flow.prepare(token, 'Contact.csv', dataExport);
    expect(first.batch).toMatchObject({ source: 'SALESFORCE', skippedRows: 1 });
    expect(first.batch.counts).toEqual({ create: 2, update: 0, unchanged: 0, invalid: 0, review: 0 });
    const skipped = first.rows.find((row) => row.sourceId === '003B')!;
    expect(skipped).toMatchObject({
      action: 'SKIPPED',
      errors: [],
      warnings: [
        { field: 'deleted', column: 'IsDeleted', value: 'true', message: 'Deleted at the source: not imported' },
      ],
    });
    const skippedOnly = await call<{ items: { sourceId: string }[] }>(
      api.baseUrl,
      'GET',
      `/api/imports/${first.batch.id}/rows?action=SKIPPED`,
      { token },
    );
    expect(skippedOnly.body.items.map((row) => row.sourceId)).toEqual(['003B']);
    const report = await fetch(`${api.baseUrl}/api/imports/${first.batch.id}/report.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await report.text()).split('\r\n')).toContain(
      // Line 4: the first record's street runs over lines 2 and 3.
      '4,SKIPPED,003B,,,,IsDeleted: Deleted at the source: not imported',
    );
    await flow.commit(token, first.batch.id);
    const [claire, linh] = await contactsOf(org.organizationId);
    expect(claire).toMatchObject({ firstName: 'Claire', type: 'CLIENT' });
    expect(claire!.employments).toEqual([expect.objectContaining({ jobTitle: 'President', isPrimary: true })]);
    expect(claire!.phoneNumbers).toEqual([
      expect.objectContaining({ number: '6135550120', label: 'Work ext. 204', type: 'LANDLINE' }),
    ]);
    expect(claire!.addresses).toEqual([
      expect.objectContaining({ line1: '100 Wellington St', line2: 'Suite 400', city: 'Ottawa', province: 'ON' }),
    ]);
    expect(linh).toMatchObject({ firstName: 'Linh', type: 'LEAD' });
    expect(await prisma.contact.count({ where: { organizationId: org.organizationId, firstName: 'Gone' } })).toBe(0);

    // A report export of the same records (field labels): the same contacts, nothing changes.
    const reportExport = [
      'Contact ID,First Name,Last Name,Title,Business Phone,Mailing Street,Mailing City,Mailing State/Province,Mailing Zip/Postal Code,Mailing Country,Type,Email',
      '003A,Claire,Dubois,President,613-555-0120 ext. 204,"100 Wellington St\nSuite 400",Ottawa,ON,K1A 0A9,Canada,Client,claire@example.com',
      '003C,Linh,Nguyen,,416-555-0170,,,,,,,linh@example.com',
    ].join('\n');
    const again = await flow.prepare(token, 'Contacts report.csv', reportExport, { source: 'SALESFORCE' });
    expect(again.batch.counts).toEqual({ create: 0, update: 0, unchanged: 2, invalid: 0, review: 0 });
  });

  it('Redtail: the category as contact type, the status kept on the note, the work extension', async () => {
    const { org, token } = await organization('Redtail');
    const file = await readFile(join(IMPORT_FIXTURES, 'redtail-contacts.csv'));
    const imported = await flow.importFile(token, 'contacts.csv', file, { source: 'REDTAIL' });
    expect(imported.dryRun.profileId).toBe('redtail-contacts');
    const contacts = await prisma.contact.findMany({
      where: { organizationId: org.organizationId },
      include: { phoneNumbers: true, tags: { include: { tag: true } } },
      orderBy: { firstName: 'asc' },
    });
    expect(contacts.map((contact) => [contact.firstName, contact.type])).toEqual([
      ['Marc', 'PROSPECT'],
      ['Paul', 'CLIENT'],
      ['Sophie', 'CLIENT'],
    ]);
    const sophie = contacts.find((contact) => contact.firstName === 'Sophie')!;
    // Step 12: the status has no field of ours; it is kept on the contact's note, not made a tag.
    expect(sophie.tags.map((tag) => tag.tag.name)).toEqual([]);
    const notes = await prisma.note.findMany({ where: { ownerContactId: sophie.id } });
    expect(notes.map((note) => note.body)).toEqual(['Status: Active\nServicing advisor: Sam Advisor']);
    expect(sophie.phoneNumbers.map((phone) => phone.label).sort()).toEqual(['Home', 'Mobile', 'Work ext. 12']);
  });
});

describe('the contact type of created contacts whose row says none', () => {
  it('is chosen at upload or dry run (LEAD when not), and a row that says one keeps it', async () => {
    const { org, token } = await organization('Contact type');
    const sheet = 'First Name,Last Name,Email,Type\nAnn,Roy,ann@example.com,\nBo,Ek,bo@example.com,Lead\n';
    const refused = await upload(token, 'contacts.csv', sheet, '&defaultContactType=FRIEND');
    expect(refused.status).toBe(400);
    const uploaded = await upload(token, 'contacts.csv', sheet, '&defaultContactType=CLIENT');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.batch.defaultContactType).toBe('CLIENT');
    const id = uploaded.body.batch.id;
    const queued = await call<ImportBatchView>(api.baseUrl, 'POST', `/api/imports/${id}/dry-run`, {
      token,
      body: { defaultContactType: 'PROSPECT' },
    });
    expect(queued.status).toBe(202);
    expect(queued.body.defaultContactType).toBe('PROSPECT');
    await waitFor('the dry run', async () => {
      const batch = await flow.batchOf(token, id);
      return batch.stage === 'DRY_RUN_DONE' ? batch : undefined;
    });
    const badBody = await call(api.baseUrl, 'POST', `/api/imports/${id}/dry-run`, {
      token,
      body: { defaultContactType: 'FRIEND' },
    });
    expect(badBody.status).toBe(400);
    await flow.commit(token, id);
    const contacts = await contactsOf(org.organizationId);
    expect(contacts.map((contact) => [contact.firstName, contact.type])).toEqual([
      ['Ann', 'PROSPECT'],
      ['Bo', 'LEAD'],
    ]);
  });
});

describe('the built-in profiles over the API', () => {
  it('are listed with their columns, read-only, and one can be chosen for an upload', async () => {
    const { token } = await organization('Profiles list');
    const listed = await call<
      {
        id: string;
        kind: string;
        builtIn: boolean;
        editable: boolean;
        columns: { field: string; headers: string[]; required: boolean }[];
      }[]
    >(api.baseUrl, 'GET', '/api/import-profiles/built-in', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((profile) => profile.id)).toEqual(IMPORT_PROFILES.map((profile) => profile.id));
    expect(listed.body.every((profile) => profile.builtIn && !profile.editable && profile.columns.length > 0)).toBe(
      true,
    );
    const salesforce = listed.body.find((profile) => profile.id === 'salesforce-contacts')!;
    expect(salesforce.columns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'sourceId', headers: ['Id', 'Contact ID'], required: true }),
        expect.objectContaining({ field: 'deleted', headers: ['IsDeleted', 'Deleted'] }),
      ]),
    );
    // The custom list stays the organization's own.
    const custom = await call<unknown[]>(api.baseUrl, 'GET', '/api/import-profiles', { token });
    expect(custom.body).toEqual([]);
    const uploaded = await flow.upload(token, 'contacts.csv', PLAIN_SHEET);
    await flow.setMapping(token, uploaded.batch.id, { profileId: salesforce.id });
  });
});

describe('a row that fails only on an optional part', () => {
  it('imports the rest and reports the part as a warning (rows, report.csv)', async () => {
    const { org, token } = await organization('Warnings');
    const file = [
      'Record ID,First Name,Last Name,Email,Work email,Phone Number,Mobile Phone Number,City',
      'H1,Ann,Roy,ann@example.com,ann at work,416-555-0100,12,Laval',
      'H2,Bo,Ek,bo@example.com,,416-555-0101,,',
    ].join('\n');
    const prepared = await flow.prepare(token, 'hubspot.csv', file, { source: 'SALES_CRM' });
    expect(prepared.batch.counts).toMatchObject({ create: 2, invalid: 0 });
    const ann = prepared.rows.find((row) => row.sourceId === 'H1')!;
    expect(ann).toMatchObject({ action: 'CREATE', errors: [] });
    expect(ann.warnings.map((warning) => [warning.column, warning.message])).toEqual([
      ['Work email', 'E-mail not imported: Please enter a valid email address'],
      ['Mobile Phone Number', 'Phone not imported: Phone number must be 4 to 12 digits'],
      ['City', 'Address not imported: Line 1 is required; Province is required; Postal code is required'],
    ]);
    expect(prepared.rows.find((row) => row.sourceId === 'H2')!.warnings).toEqual([]);
    const report = await fetch(`${api.baseUrl}/api/imports/${prepared.batch.id}/report.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const lines = (await report.text()).trim().split('\r\n');
    expect(lines[0]).toBe('row,action,source_id,entity_id,errors,changes,warnings');
    expect(lines[1]).toContain('Mobile Phone Number: Phone not imported: Phone number must be 4 to 12 digits');
    await flow.commit(token, prepared.batch.id);
    const [imported] = await contactsOf(org.organizationId);
    expect(imported).toMatchObject({ firstName: 'Ann', addresses: [] });
    expect(imported!.emails.map((email) => email.email)).toEqual(['ann@example.com']);
    expect(imported!.phoneNumbers.map((phone) => phone.number)).toEqual(['4165550100']);
  });
});

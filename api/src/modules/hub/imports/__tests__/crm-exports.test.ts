// Step 12, "Imports that keep every field": Wealthbox, Redtail and Salesforce Financial Services
// Cloud exports, written here from the columns each system documents, with the messiness real files
// have (two-digit years, ZIPs without their leading zero, streets of two lines, UTF-8 read twice,
// tags split either way, ALL CAPS headers, every value quoted, sensitive columns). A dry run
// accounts for every column; the commit keeps every mapped field; the three imported one after
// another make one contact per person, with one external link per system.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization } from '#test/support/factories.js';
import { deflatedPart, zipOf } from '../../../../../../connectors/src/files/__tests__/zip-builder.js';
import { importApi, type ImportUpload } from './import-api.js';
import {
  REDTAIL_COLUMNS,
  SALESFORCE_COLUMNS,
  WEALTHBOX_COLUMNS,
  WEALTHBOX_SENSITIVE,
} from '#test/support/crm-export-columns.js';

let api: TestApi;
let prisma: PrismaClient;
const flow = importApi(() => api.baseUrl);

let world: ImportWorld;
beforeAll(async () => {
  world = await startImportWorld();
  ({ api, prisma } = world);
}, 120_000);
afterAll(() => world?.close());

/** A CSV as the systems write it: quoted where needed (or everywhere, as Data Loader does). */
function csvOf(headers: readonly string[], rows: readonly Record<string, string>[], quoteAll = false): string {
  const cell = (value: string) => (quoteAll || /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [headers, ...rows.map((row) => headers.map((header) => row[header] ?? ''))];
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Three people as each system holds them. */
const JANE = { first: 'Jane', last: 'Doe', email: 'jane.doe@example.com', phone: '617-555-0101', dob: '1952-03-14' };
const JOSE = {
  first: 'José',
  last: 'Núñez',
  email: 'jose.nunez@example.com',
  phone: '212-555-0102',
  dob: '1948-07-01',
};
const MARY = {
  first: 'Mary',
  last: "O'Brien",
  email: 'mary.obrien@example.com',
  phone: '860-555-0103',
  dob: '1975-11-30',
};

const SECRET = { ssn: '123-45-6789', passport_number: 'X1234567', taxpayer_id: '98-7654321' };

function wealthboxExport(janeBackground = 'Prefers mornings.'): Buffer {
  const rows: Record<string, string>[] = [
    {
      id: 'WB-1',
      first_name: JANE.first,
      middle_name: 'Ann',
      last_name: JANE.last,
      name: 'Jane Ann Doe',
      prefix: 'Dr.',
      suffix: 'PhD',
      nickname: 'Janie',
      type: 'Person',
      contact_type: 'Client',
      status: 'Active',
      assigned_to: 'Sam Advisor',
      contact_source: 'Referral',
      birth_date: '3/14/52',
      client_since: '2015-06-01',
      marital_status: 'Widowed',
      job_title: 'Architect',
      company_name: 'Doe Design',
      primary_email: JANE.email,
      primary_phone: JANE.phone,
      mailing_address_street: '12 Beacon St\nApt 3',
      mailing_address_city: 'Boston',
      mailing_address_state: 'MA',
      mailing_address_zip_code: '2108',
      mailing_address_country: 'United States',
      tags: 'VIP; Estate, Retirement',
      background_information: janeBackground,
      ...SECRET,
      medical_conditions: 'Asthma',
    },
    {
      id: 'WB-2',
      // UTF-8 read twice on its way through a spreadsheet.
      first_name: 'JosÃ©',
      last_name: 'NÃºÃ±ez',
      contact_type: 'Client',
      status: 'Active',
      birth_date: '07/01/1948',
      marital_status: 'Married',
      primary_email: JOSE.email,
      primary_phone: JOSE.phone,
      mailing_address_street: '350 5th Ave',
      mailing_address_city: 'New York',
      mailing_address_state: 'NY',
      mailing_address_zip_code: '10118',
      tags: 'Income',
    },
    {
      id: 'WB-3',
      first_name: MARY.first,
      last_name: MARY.last,
      contact_type: 'Prospect',
      birth_date: '11/30/75',
      primary_email: MARY.email,
      primary_phone: MARY.phone,
      mailing_address_street: '1 Main St',
      mailing_address_city: 'Hartford',
      mailing_address_state: 'CT',
      mailing_address_zip_code: '6103',
      drivers_license_number: 'CT-55512',
    },
  ];
  const csv = csvOf([...WEALTHBOX_COLUMNS, ...WEALTHBOX_SENSITIVE], rows);
  // Wealthbox sends a zip holding the contacts file.
  return zipOf([deflatedPart('contacts.csv', csv)]);
}

function redtailExport(): string {
  return csvOf(REDTAIL_COLUMNS, [
    {
      id: '9001',
      type: 'Individual',
      salutation: 'Dr.',
      first_name: JANE.first,
      last_name: JANE.last,
      full_name: 'Jane Doe',
      dob: '03/14/1952',
      gender: 'Female',
      tax_id: '123-45-6789',
      category: 'Client',
      status: 'Active',
      source: 'Referral',
      referred_by: 'Tom Smith',
      servicing_advisor: 'Sam Advisor',
      writing_advisor: 'Lee Writer',
      job_title: 'Architect',
      company_name: 'Doe Design',
      street_address: '12 Beacon St',
      secondary_address: 'Apt 3',
      city: 'Boston',
      state: 'MA',
      zip: '02108',
      country: 'United States',
      cell_phone: '(617) 555-0199',
      email: JANE.email,
      work_email: 'jane@doedesign.example.com',
      tags: 'VIP,Legacy',
      important_information: 'Power of attorney on file.',
    },
    {
      id: '9002',
      first_name: JOSE.first,
      last_name: JOSE.last,
      dob: '7/1/48',
      gender: 'Male',
      category: 'Client',
      home_phone: JOSE.phone,
      email: JOSE.email,
      important_information: 'Speaks Spanish at home.',
    },
    {
      // No e-mail or phone in common: the same person by name and birth date.
      id: '9003',
      first_name: 'MARY',
      last_name: "o'brien",
      dob: '11/30/1975',
      category: 'Prospect',
      home_phone: '860-555-0177',
    },
  ]);
}

/** Data Loader 63 with allCapsHeaders: the headers in capitals, every value quoted. */
function salesforceExport(jane: Record<string, string> = {}): string {
  const rows = [
    {
      Id: '001A000001',
      FirstName: JANE.first,
      LastName: JANE.last,
      PersonEmail: JANE.email,
      PersonMobilePhone: '617-555-0199',
      PersonBirthdate: JANE.dob,
      Description: 'Annual review in May.',
      FinServ__ClientCategory__c: 'Platinum',
      FinServ__Status__c: 'Active',
      FinServ__ServiceModel__c: 'Comprehensive',
      FinServ__ReviewFrequency__c: 'Annually',
      FinServ__LastReview__c: '2024-05-10',
      FinServ__NextReview__c: '2025-05-10',
      FinServ__RiskTolerance__c: 'Moderate',
      FinServ__InvestmentObjectives__c: 'Growth',
      FinServ__MaritalStatus__pc: 'Widowed',
      FinServ__Occupation__pc: 'Architect',
      ...jane,
    },
    {
      Id: '001A000002',
      FirstName: JOSE.first,
      LastName: JOSE.last,
      PersonHomePhone: JOSE.phone,
      PersonBirthdate: JOSE.dob,
      FinServ__RiskTolerance__c: 'Conservative',
    },
    {
      Id: '001A000003',
      FirstName: MARY.first,
      LastName: MARY.last,
      PersonEmail: MARY.email,
      PersonBirthdate: MARY.dob,
      PersonMailingStreet: '1 Main St',
      PersonMailingCity: 'Hartford',
      PersonMailingState: 'CT',
      PersonMailingPostalCode: '6103',
      PersonMailingCountry: 'United States',
    },
  ];
  return csvOf(
    SALESFORCE_COLUMNS.map((column) => column.toUpperCase()),
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column.toUpperCase(), value]))),
    true,
  );
}

type Columns = (ImportUpload['mapping'] & {
  columns: {
    header: string;
    outcome: string;
    field: string | null;
    keptAs: string | null;
    customField: string | null;
    reason: string | null;
    values: { from: string; to: string | null; known: boolean }[] | null;
    targets: (string | null)[] | null;
  }[];
})['columns'];

async function mappingOf(token: string, batchId: string) {
  const response = await call<ImportUpload['mapping'] & { columns: Columns }>(
    api.baseUrl,
    'GET',
    `/api/imports/${batchId}/mapping`,
    { token },
  );
  expect(response.status).toBe(200);
  return response.body;
}

/** After the dry run: every header listed once, in file order; none left unsaid. */
function expectEveryColumnAccounted(columns: Columns, headers: readonly string[], refused: readonly string[]) {
  expect(columns.map((column) => column.header)).toEqual(headers);
  expect(columns.filter((column) => column.outcome === 'NOT_IMPORTED')).toEqual([]);
  expect(columns.filter((column) => column.outcome === 'REFUSED').map((column) => column.header)).toEqual(refused);
  for (const column of columns)
    if (column.outcome === 'REFUSED') expect(column.reason).toMatch(/^Sensitive/);
    else expect(column.field, column.header).not.toBeNull();
}

function contactsOf(organizationId: string) {
  return prisma.contact.findMany({
    where: { organizationId, deletedAt: null },
    include: {
      emails: { orderBy: { createdAt: 'asc' } },
      phoneNumbers: { orderBy: { createdAt: 'asc' } },
      addresses: true,
      employments: true,
      tags: { include: { tag: true } },
      person: true,
    },
    orderBy: { lastName: 'asc' },
  });
}

async function notesOf(contactId: string) {
  const notes = await prisma.note.findMany({ where: { ownerContactId: contactId, deletedAt: null } });
  return notes.map((note) => note.body).join('\n---\n');
}

/** A contact's notes by title: an import writes one per source system. */
async function notesByTitle(contactId: string): Promise<Record<string, string>> {
  const notes = await prisma.note.findMany({
    where: { ownerContactId: contactId, deletedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return Object.fromEntries(notes.map((note) => [note.title ?? '(untitled)', note.body]));
}

/** A contact's custom field values by field name: a date as its day, a text or choice as is. */
async function customFieldsOf(contactId: string): Promise<Record<string, string | null>> {
  const values = await prisma.customFieldValue.findMany({ where: { contactId }, include: { definition: true } });
  return Object.fromEntries(
    values.map((value) => [
      value.definition.name,
      value.valueDate ? value.valueDate.toISOString().slice(0, 10) : value.valueText,
    ]),
  );
}

async function linksOf(organizationId: string, contactId: string) {
  const links = await prisma.externalLink.findMany({
    where: { organizationId, entityType: 'contact', entityId: contactId },
    select: { source: true, sourceId: true },
  });
  return links.map((link) => `${link.source}:${link.sourceId}`).sort();
}

describe('Wealthbox, Redtail and Salesforce exports, one after another', () => {
  let token: string;
  let organizationId: string;

  it('Wealthbox: the dry run accounts for every column; the commit keeps every mapped field', async () => {
    const org = await createOrganization(prisma, { name: 'Three Systems Wealth', role: 'ADMIN' });
    organizationId = org.organizationId;
    token = await login(api.baseUrl, org.email, org.password);
    const uploaded = await flow.upload(token, 'wealthbox-export.zip', wealthboxExport(), 'WEALTHBOX');
    expect(uploaded.mapping.profileId).toBe('wealthbox-contacts');
    // Sensitive values are not even sampled for the wizard.
    for (const header of WEALTHBOX_SENSITIVE) expect(uploaded.mapping.samples[header]).toEqual([]);
    expect(JSON.stringify(uploaded)).not.toContain('123-45-6789');

    const dry = await flow.dryRun(token, uploaded.batch.id);
    expect(dry.counts).toEqual({ create: 3, update: 0, unchanged: 0, invalid: 0, review: 0 });
    const mapping = await mappingOf(token, uploaded.batch.id);
    expectEveryColumnAccounted(mapping.columns, [...WEALTHBOX_COLUMNS, ...WEALTHBOX_SENSITIVE], WEALTHBOX_SENSITIVE);
    expect(mapping.columns.find((column) => column.header === 'marital_status')).toMatchObject({
      outcome: 'KEPT',
      keptAs: 'Marital status',
    });
    // A column mapped to one of our types shows what each of its values becomes.
    expect(mapping.columns.find((column) => column.header === 'contact_type')!.values).toEqual([
      { from: 'Client', to: 'CLIENT', known: true },
      { from: 'Prospect', to: 'PROSPECT', known: true },
    ]);
    expect(mapping.columns.find((column) => column.header === 'first_name')!.values).toBeNull();
    // The status, a category of Wealthbox's with no field of ours, stays on the note unless the
    // user maps its values: to a contact type, or a tag.
    expect(mapping.columns.find((column) => column.header === 'status')).toMatchObject({
      outcome: 'MAPPED',
      field: 'category',
      keptAs: 'Status',
      values: [{ from: 'Active', to: 'KEEP_ON_NOTE', known: true }],
      targets: ['CLIENT', 'LEAD', 'ONBOARDING', 'OTHER', 'PROSPECT', 'KEEP_ON_NOTE', 'KEEP_AS_TAG'],
    });
    expect(mapping.columns.find((column) => column.header === 'marital_status')).toMatchObject({
      values: [
        { from: 'Widowed', to: 'KEEP_ON_NOTE', known: true },
        { from: 'Married', to: 'KEEP_ON_NOTE', known: true },
      ],
      targets: ['KEEP_ON_NOTE', 'KEEP_AS_TAG'],
    });
    const rows = await flow.rows(token, uploaded.batch.id);
    // The repaired row says so.
    expect(rows[1]!.warnings).toEqual([
      expect.objectContaining({ column: 'first_name', value: 'JosÃ©', message: expect.stringMatching(/repaired/) }),
      expect.objectContaining({ column: 'last_name', value: 'NÃºÃ±ez', message: expect.stringMatching(/repaired/) }),
    ]);

    await flow.commit(token, uploaded.batch.id);
    const contacts = await contactsOf(organizationId);
    expect(contacts.map((contact) => `${contact.firstName} ${contact.lastName}`)).toEqual([
      'Jane Doe',
      'José Núñez',
      "Mary O'Brien",
    ]);
    const [jane, jose, mary] = contacts;
    expect(jane).toMatchObject({ middleName: 'Ann', preferredName: 'Janie', type: 'CLIENT', source: 'REFERRAL' });
    expect(jane!.person?.dateOfBirth?.toISOString().slice(0, 10)).toBe('1952-03-14');
    expect(jane!.emails.map((email) => email.email)).toEqual([JANE.email]);
    expect(jane!.phoneNumbers.map((phone) => phone.number)).toEqual(['6175550101']);
    expect(jane!.addresses).toEqual([
      expect.objectContaining({
        line1: '12 Beacon St',
        line2: 'Apt 3',
        city: 'Boston',
        province: 'MA',
        postalCode: '02108',
        countryName: 'United States',
      }),
    ]);
    expect(jane!.employments).toEqual([expect.objectContaining({ employerName: 'Doe Design', jobTitle: 'Architect' })]);
    expect(jane!.tags.map((link) => link.tag.name).sort()).toEqual(['Estate', 'Retirement', 'VIP']);
    expect(Object.keys(await notesByTitle(jane!.id))).toEqual(['Imported from Wealthbox']);
    expect(await notesOf(jane!.id)).toBe(
      [
        'Prefers mornings.',
        '',
        'Prefix: Dr.',
        'Suffix: PhD',
        'Record type: Person',
        'Status: Active',
        'Assigned to: Sam Advisor',
        'Client since: 2015-06-01',
        'Marital status: Widowed',
      ].join('\n'),
    );
    expect(jose!.person?.dateOfBirth?.toISOString().slice(0, 10)).toBe('1948-07-01');
    expect(jose!.tags.map((link) => link.tag.name)).toEqual(['Income']);
    expect(mary).toMatchObject({ type: 'PROSPECT' });
    expect(mary!.person?.dateOfBirth?.toISOString().slice(0, 10)).toBe('1975-11-30');
    expect(mary!.addresses[0]).toMatchObject({ postalCode: '06103', province: 'CT' });
    for (const contact of contacts) expect(await linksOf(organizationId, contact.id)).toHaveLength(1);
    // Nothing sensitive was written anywhere the batch reaches.
    const staged = await prisma.importRowResult.findMany({ where: { importBatchId: uploaded.batch.id } });
    expect(JSON.stringify(staged)).not.toMatch(/123-45-6789|X1234567|Asthma|CT-55512/);
  });

  it('Redtail: every column accounted for; its people merge into the same contacts, by e-mail or by name and birth date', async () => {
    const uploaded = await flow.upload(token, 'redtail.csv', redtailExport(), 'REDTAIL');
    expect(uploaded.mapping.profileId).toBe('redtail-contacts');
    const dry = await flow.dryRun(token, uploaded.batch.id);
    const mapping = await mappingOf(token, uploaded.batch.id);
    expectEveryColumnAccounted(mapping.columns, REDTAIL_COLUMNS, ['tax_id']);
    expect(dry.counts).toEqual({ create: 0, update: 3, unchanged: 0, invalid: 0, review: 0 });

    await flow.commit(token, uploaded.batch.id);
    const contacts = await contactsOf(organizationId);
    expect(contacts).toHaveLength(3);
    const [jane, jose, mary] = contacts;
    // Lists gain what the second system adds; what the first wrote stays.
    expect(jane!.emails.map((email) => email.email)).toEqual([JANE.email, 'jane@doedesign.example.com']);
    expect(jane!.phoneNumbers.map((phone) => phone.number)).toEqual(['6175550101', '6175550199']);
    expect(jane!.addresses).toHaveLength(1);
    expect(jane!.gender).toBe('FEMALE');
    expect(jane!.tags.map((link) => link.tag.name).sort()).toEqual(['Estate', 'Legacy', 'Retirement', 'VIP']);
    // Each system's note is its own: Wealthbox's stays as it was written, Redtail's beside it.
    const janeNotes = await notesByTitle(jane!.id);
    expect(Object.keys(janeNotes)).toEqual(['Imported from Wealthbox', 'Imported from Redtail']);
    expect(janeNotes['Imported from Wealthbox']).toMatch(/^Prefers mornings\.\n\nPrefix: Dr\./);
    expect(janeNotes['Imported from Wealthbox']).toContain('Marital status: Widowed');
    expect(janeNotes['Imported from Redtail']).toBe(
      [
        'Power of attorney on file.',
        '',
        'Record type: Individual',
        'Salutation: Dr.',
        'Status: Active',
        'Referred by: Tom Smith',
        'Servicing advisor: Sam Advisor',
        'Writing advisor: Lee Writer',
      ].join('\n'),
    );
    expect(await notesOf(jane!.id)).not.toContain('123-45-6789');
    expect(jose!.gender).toBe('MALE');
    expect(await notesOf(jose!.id)).toContain('Speaks Spanish at home.');
    expect(mary!.phoneNumbers.map((phone) => phone.number)).toEqual(['8605550103', '8605550177']);
    expect(await linksOf(organizationId, mary!.id)).toEqual(['REDTAIL:9003', 'WEALTHBOX:WB-3']);
  });

  it('Salesforce (ALL CAPS, all quoted): every column accounted for; still one contact per person, one link per system', async () => {
    const uploaded = await flow.upload(token, 'Account.csv', salesforceExport(), 'SALESFORCE');
    expect(uploaded.mapping.profileId).toBe('salesforce-person-accounts');
    const dry = await flow.dryRun(token, uploaded.batch.id);
    const mapping = await mappingOf(token, uploaded.batch.id);
    expectEveryColumnAccounted(
      mapping.columns,
      SALESFORCE_COLUMNS.map((column) => column.toUpperCase()),
      [],
    );
    // Review dates and risk tolerance have no field of ours: each goes into a custom field, as the dry run says.
    expect(
      Object.fromEntries(
        mapping.columns.filter((column) => column.customField).map((column) => [column.header, column.customField]),
      ),
    ).toEqual({
      FINSERV__SERVICEMODEL__C: 'Service model',
      FINSERV__REVIEWFREQUENCY__C: 'Review frequency',
      FINSERV__LASTREVIEW__C: 'Last review',
      FINSERV__NEXTREVIEW__C: 'Next review',
      FINSERV__RISKTOLERANCE__C: 'Risk tolerance',
      FINSERV__INVESTMENTOBJECTIVES__C: 'Investment objectives',
    });
    expect(mapping.columns.find((column) => column.header === 'FINSERV__CLIENTCATEGORY__C')).toMatchObject({
      field: 'category',
      values: [{ from: 'Platinum', to: 'KEEP_ON_NOTE', known: true }],
    });
    expect(dry.counts).toEqual({ create: 0, update: 3, unchanged: 0, invalid: 0, review: 0 });
    await flow.commit(token, uploaded.batch.id);

    const contacts = await contactsOf(organizationId);
    expect(contacts).toHaveLength(3);
    for (const [contact, ids] of [
      [contacts[0]!, ['REDTAIL:9001', 'SALESFORCE:001A000001', 'WEALTHBOX:WB-1']],
      [contacts[1]!, ['REDTAIL:9002', 'SALESFORCE:001A000002', 'WEALTHBOX:WB-2']],
      [contacts[2]!, ['REDTAIL:9003', 'SALESFORCE:001A000003', 'WEALTHBOX:WB-3']],
    ] as const)
      expect(await linksOf(organizationId, contact.id)).toEqual(ids);
    const janeNotes = await notesByTitle(contacts[0]!.id);
    expect(Object.keys(janeNotes)).toEqual([
      'Imported from Wealthbox',
      'Imported from Redtail',
      'Imported from Salesforce',
    ]);
    expect(janeNotes['Imported from Salesforce']).toBe(
      ['Annual review in May.', '', 'Client category: Platinum', 'Status: Active', 'Marital status: Widowed'].join(
        '\n',
      ),
    );
    expect(await customFieldsOf(contacts[0]!.id)).toEqual({
      'Service model': 'Comprehensive',
      'Review frequency': 'Annually',
      'Last review': '2024-05-10',
      'Next review': '2025-05-10',
      'Risk tolerance': 'Moderate',
      'Investment objectives': 'Growth',
    });
    expect(await customFieldsOf(contacts[1]!.id)).toEqual({ 'Risk tolerance': 'Conservative' });
    expect(await customFieldsOf(contacts[2]!.id)).toEqual({});
    // The fields are the organization's, of the kind each value needs; a choice lists the values met.
    const fields = await prisma.customFieldDefinition.findMany({
      where: { organizationId },
      orderBy: { position: 'asc' },
    });
    expect(fields.map((field) => [field.entityKind, field.type, field.name, field.options])).toEqual([
      ['CONTACT', 'SINGLE_SELECT', 'Service model', ['Comprehensive']],
      ['CONTACT', 'SINGLE_SELECT', 'Review frequency', ['Annually']],
      ['CONTACT', 'DATE', 'Last review', null],
      ['CONTACT', 'DATE', 'Next review', null],
      ['CONTACT', 'SINGLE_SELECT', 'Risk tolerance', ['Moderate', 'Conservative']],
      ['CONTACT', 'TEXT', 'Investment objectives', null],
    ]);
    // The contact's page shows them as any custom field.
    const shown = await call<{ customFields: { name: string; value: unknown }[] }>(
      api.baseUrl,
      'GET',
      `/api/contacts/${contacts[0]!.id}`,
      { token },
    );
    expect(shown.status).toBe(200);
    expect(shown.body.customFields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Last review', value: '2024-05-10' }),
        expect.objectContaining({ name: 'Risk tolerance', value: 'Moderate' }),
      ]),
    );
  });

  it('a re-import of a system is matched by its ids: nothing new, and an edit updates', async () => {
    const same = await flow.prepare(token, 'redtail.csv', redtailExport(), { source: 'REDTAIL' });
    expect(same.batch.counts).toEqual({ create: 0, update: 0, unchanged: 3, invalid: 0, review: 0 });
    const edited = redtailExport().replace(',,,,11/30/1975,', ',,Mo,,11/30/1975,');
    expect(edited).not.toBe(redtailExport());
    const again = await flow.prepare(token, 'redtail.csv', edited, { source: 'REDTAIL' });
    expect(again.batch.counts).toEqual({ create: 0, update: 1, unchanged: 2, invalid: 0, review: 0 });
    expect(again.rows.find((row) => row.action === 'UPDATE')).toMatchObject({
      sourceId: '9003',
      changes: [{ field: 'preferredName', before: null, after: 'Mo' }],
    });
  });

  it('a re-import of one system writes only its own note and its own custom field values', async () => {
    const jane = (await contactsOf(organizationId))[0]!;
    const before = await notesByTitle(jane.id);
    await flow.importFile(token, 'wealthbox-export.zip', wealthboxExport('Prefers afternoons now.'), {
      source: 'WEALTHBOX',
    });
    const after = await notesByTitle(jane.id);
    expect(after['Imported from Wealthbox']).toMatch(/^Prefers afternoons now\.\n\nPrefix: Dr\./);
    expect(after['Imported from Redtail']).toBe(before['Imported from Redtail']);
    expect(after['Imported from Salesforce']).toBe(before['Imported from Salesforce']);

    // Salesforce again: a new risk tolerance (a new option of its field), the next review gone.
    const { rows } = await flow.importFile(
      token,
      'Account.csv',
      salesforceExport({ FinServ__RiskTolerance__c: 'Aggressive', FinServ__NextReview__c: '' }),
      { source: 'SALESFORCE' },
    );
    expect(
      rows.filter((row) => row.action === 'UPDATE').map((row) => row.changes.map((change) => change.field)),
    ).toEqual([['customFields']]);
    expect(await customFieldsOf(jane.id)).toEqual({
      'Service model': 'Comprehensive',
      'Review frequency': 'Annually',
      'Last review': '2024-05-10',
      'Risk tolerance': 'Aggressive',
      'Investment objectives': 'Growth',
    });
    const risk = await prisma.customFieldDefinition.findFirstOrThrow({
      where: { organizationId, name: 'Risk tolerance' },
    });
    expect(risk.options).toEqual(['Moderate', 'Conservative', 'Aggressive']);
    expect(await notesByTitle(jane.id)).toEqual(after);
  });
});

describe('one file naming one person twice', () => {
  it('takes names that differ only in case or spacing, with the same birth date, for the same person', async () => {
    const org = await createOrganization(prisma, { name: 'Same Person Twice', role: 'ADMIN' });
    const token = await login(api.baseUrl, org.email, org.password);
    const file = csvOf(
      ['id', 'first_name', 'last_name', 'birth_date'],
      [
        { id: 'WB-1', first_name: 'JANE', last_name: 'DOE', birth_date: '3/14/52' },
        { id: 'WB-2', first_name: 'Jane', last_name: ' Doe', birth_date: '1952-03-14' },
        { id: 'WB-3', first_name: 'Jane', last_name: 'Doe', birth_date: '1960-01-01' },
      ],
    );
    const { batch, rows } = await flow.prepare(token, 'contacts.csv', file, {
      source: 'WEALTHBOX',
      profileId: 'wealthbox-contacts',
    });
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'REVIEW', 'CREATE']);
    expect(batch.counts).toMatchObject({ create: 2, review: 1 });
    const items = await call<{ duplicateOfRow: number | null; reason: string }[]>(
      api.baseUrl,
      'GET',
      `/api/imports/${batch.id}/review-items`,
      { token },
    );
    expect(items.status).toBe(200);
    expect(items.body).toEqual([expect.objectContaining({ reason: 'SAME_IN_FILE', duplicateOfRow: 2 })]);
  });
});

describe('the value map of an import, seen and changed by the user', () => {
  it('lists every value the file holds after the dry run, refuses a target the column cannot take, and the commit uses the edited map', async () => {
    const org = await createOrganization(prisma, { name: 'Value Map Wealth', role: 'ADMIN' });
    const token = await login(api.baseUrl, org.email, org.password);
    const file = csvOf(REDTAIL_COLUMNS, [
      {
        id: 'R1',
        first_name: 'Ann',
        last_name: 'Lee',
        category: 'Client',
        status: 'Active',
        marital_status: 'Married',
      },
      {
        id: 'R2',
        first_name: 'Bob',
        last_name: 'Ray',
        category: 'Prospect',
        status: 'Inactive',
        marital_status: 'Single',
      },
      { id: 'R3', first_name: 'Cy', last_name: 'Moe', category: 'Centre of influence', status: 'Deceased' },
      { id: 'R4', first_name: 'Di', last_name: 'Fox', category: 'Vendor', status: 'Former client' },
      { id: 'R5', first_name: 'Ed', last_name: 'Kim', category: 'client', status: 'ACTIVE' },
    ]);
    const uploaded = await flow.upload(token, 'redtail.csv', file, 'REDTAIL');
    const batchId = uploaded.batch.id;
    // The upload samples a few values of each column; the dry run reads them all.
    expect(uploaded.mapping.samples.status).toEqual(['Active', 'Inactive', 'Deceased']);
    const dry = await flow.dryRun(token, batchId);
    const valuesOf = (columns: Columns, header: string) => columns.find((column) => column.header === header)!.values;
    const found = await mappingOf(token, batchId);
    expect(valuesOf(found.columns, 'status')).toEqual(
      ['Active', 'Inactive', 'Deceased', 'Former client'].map((from) => ({ from, to: 'KEEP_ON_NOTE', known: true })),
    );
    expect(valuesOf(found.columns, 'category')).toEqual([
      { from: 'Client', to: 'CLIENT', known: true },
      { from: 'Prospect', to: 'PROSPECT', known: true },
      { from: 'Centre of influence', to: 'OTHER', known: true },
      { from: 'Vendor', to: 'OTHER', known: true },
    ]);

    // A target the column cannot take, or a column without a value map: 400 with a sentence, nothing changed.
    const putValues = (values: unknown) =>
      call<{ message: string; columns: Columns }>(api.baseUrl, 'PUT', `/api/imports/${batchId}/value-map`, {
        token,
        body: { values },
      });
    const refused = await putValues({ status: { Active: 'CLIENT', Inactive: 'GOLD' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The column “status” cannot map “Inactive” to “GOLD”: choose Client, Lead, Onboarding, Other, Prospect, Keep on the contact’s note or Keep as a tag.',
    );
    const notMapped = await putValues({ first_name: { Ann: 'CLIENT' } });
    expect(notMapped.status).toBe(400);
    expect(notMapped.body.message).toBe('The column “first_name” has no value map: its values are not mapped to ours.');
    expect(await flow.batchOf(token, batchId)).toMatchObject({ stage: 'DRY_RUN_DONE', counts: dry.counts });
    expect(await mappingOf(token, batchId)).toEqual(found);

    const saved = await putValues({
      status: { Active: 'CLIENT', Inactive: 'KEEP_AS_TAG', Deceased: 'KEEP_ON_NOTE', 'Former client': 'OTHER' },
      category: { 'Centre of influence': 'KEEP_AS_TAG', Vendor: null },
      marital_status: { Married: 'KEEP_AS_TAG' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(valuesOf(saved.body.columns, 'category')).toEqual([
      { from: 'Client', to: 'CLIENT', known: true },
      { from: 'Prospect', to: 'PROSPECT', known: true },
      { from: 'Centre of influence', to: 'KEEP_AS_TAG', known: true },
      { from: 'Vendor', to: null, known: true },
    ]);
    // The dry run no longer holds: the commit waits for the next one.
    expect((await flow.batchOf(token, batchId)).stage).toBe('UPLOADED');
    const early = await call(api.baseUrl, 'POST', `/api/imports/${batchId}/commit`, { token });
    expect(early.status).toBe(409);

    await flow.dryRun(token, batchId);
    const again = await mappingOf(token, batchId);
    expect(valuesOf(again.columns, 'status')).toEqual([
      { from: 'Active', to: 'CLIENT', known: true },
      { from: 'Inactive', to: 'KEEP_AS_TAG', known: true },
      { from: 'Deceased', to: 'KEEP_ON_NOTE', known: true },
      { from: 'Former client', to: 'OTHER', known: true },
    ]);
    expect(valuesOf(again.columns, 'marital_status')).toEqual([
      { from: 'Married', to: 'KEEP_AS_TAG', known: true },
      { from: 'Single', to: 'KEEP_ON_NOTE', known: true },
    ]);
    await flow.commit(token, batchId);

    const contacts = await contactsOf(org.organizationId);
    const byName = Object.fromEntries(contacts.map((contact) => [contact.firstName, contact]));
    const tags = (name: string) => byName[name]!.tags.map((link) => link.tag.name).sort();
    // The category (the contact type column) wins; a status gives the type when the category gives none.
    expect(byName.Ann).toMatchObject({ type: 'CLIENT' });
    expect(tags('Ann')).toEqual(['Married']);
    expect(byName.Bob).toMatchObject({ type: 'PROSPECT' });
    expect(tags('Bob')).toEqual(['Inactive']);
    expect(await notesOf(byName.Bob!.id)).toBe('Marital status: Single');
    // Neither column gives a type: the import's (Lead) applies.
    expect(byName.Cy).toMatchObject({ type: 'LEAD' });
    expect(tags('Cy')).toEqual(['Centre of influence']);
    expect(await notesOf(byName.Cy!.id)).toBe('Status: Deceased');
    expect(byName.Di).toMatchObject({ type: 'OTHER' });
    expect(byName.Ed).toMatchObject({ type: 'CLIENT' });
    // The map stays with the import.
    expect(valuesOf((await mappingOf(token, batchId)).columns, 'status')).toEqual(valuesOf(again.columns, 'status'));
  });

  it('custom fields: a field of the name is reused when it can hold the value, else one is made beside it; a rollback removes what the import made', async () => {
    const org = await createOrganization(prisma, { name: 'Custom Field Wealth', role: 'ADMIN' });
    const token = await login(api.baseUrl, org.email, org.password);
    for (const field of [
      { entityKind: 'CONTACT', type: 'TEXT', name: 'last review' },
      { entityKind: 'CONTACT', type: 'NUMBER', name: 'Risk tolerance' },
    ]) {
      const created = await call(api.baseUrl, 'POST', '/api/custom-fields', { token, body: field });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const { batch } = await flow.importFile(token, 'Account.csv', salesforceExport(), { source: 'SALESFORCE' });
    const jane = (await contactsOf(org.organizationId))[0]!;
    expect(await customFieldsOf(jane.id)).toEqual({
      'Service model': 'Comprehensive',
      'Review frequency': 'Annually',
      'last review': '2024-05-10',
      'Next review': '2025-05-10',
      'Risk tolerance (imported)': 'Moderate',
      'Investment objectives': 'Growth',
    });
    const rolledBack = await flow.rollback(token, batch.id);
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.rollback).toEqual({
      removed: { contact: 3, person: 3, note: 1, custom_field_definition: 5 },
      restored: 0,
    });
    const left = await prisma.customFieldDefinition.findMany({
      where: { organizationId: org.organizationId },
      orderBy: { position: 'asc' },
    });
    expect(left.map((field) => field.name)).toEqual(['last review', 'Risk tolerance']);
  });
});

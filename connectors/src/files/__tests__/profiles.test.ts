import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type AnyImportProfile,
  createRowMapper,
  createSourceIdCheck,
  diffImportRecords,
  headerExpectation,
  IMPORT_PROFILES,
  type ImportedRecord,
  importRecordHash,
} from '@meridian/domain';
import { type ImportFileInput, readImportFile } from '../index.js';
import { mondayBoard } from '../__fixtures__/monday-board.js';

const FIXTURES = fileURLToPath(new URL('../__fixtures__/', import.meta.url));

/** Every row of a file through a profile: all must map (or be skipped as layout rows). */
async function importRecords(profile: AnyImportProfile, input: ImportFileInput): Promise<Map<string, ImportedRecord>> {
  const file = await readImportFile(input, { expectation: headerExpectation(profile) });
  const mapper = createRowMapper(profile, file.headers);
  const duplicate = createSourceIdCheck();
  const records = new Map<string, ImportedRecord>();
  for await (const row of file.rows) {
    const mapped = mapper.mapRow(row);
    if (mapped.status === 'skipped') continue;
    expect(mapped, `${profile.id} row ${row.rowNumber}`).toMatchObject({ status: 'valid' });
    if (mapped.status !== 'valid' || mapped.sourceId === null) throw new Error(`row ${row.rowNumber} has no source id`);
    expect(duplicate(mapped.sourceId, row.rowNumber)).toBeNull();
    records.set(mapped.sourceId, mapped.record);
  }
  return records;
}

async function sample(profile: AnyImportProfile, edited: boolean): Promise<ImportFileInput> {
  if (profile.id === 'monday-tasks') return Readable.from([await mondayBoard('tasks', edited)]);
  if (profile.id === 'monday-contacts') return Readable.from([await mondayBoard('contacts', edited)]);
  return join(FIXTURES, `${profile.id}${edited ? '.edited' : ''}.csv`);
}

interface Expectation {
  count: number;
  /** The record of one source id, in part. */
  record: [string, Record<string, unknown>];
  /** Source id -> the fields the edited copy changes (unmapped columns are edited too, and must not count). */
  changed: Record<string, string[]>;
}

const accounts = (prefix: string): Expectation => ({
  count: 3,
  record: [
    `${prefix}1003`,
    {
      accountType: 'NRSP',
      marketValue: { amount: '-1250', currency: 'USD' },
      costBasis: null,
      asOfDate: '2024-01-31',
      owners: [
        { sourceId: 'C-2', firstName: 'Marc', lastName: 'Côté', dateOfBirth: '1970-07-04' },
        { sourceId: null, firstName: 'Julie', lastName: 'Côté', dateOfBirth: null },
      ],
      isJoint: true,
      household: { sourceId: 'HH-11', name: null, role: null },
      institution: 'NBIN',
      name: 'Joint cash',
    },
  ],
  changed: { [`${prefix}1002`]: ['marketValue'], [`${prefix}1003`]: ['institution'] },
});

const assumedContacts = (prefix: string, first: string, last: string, province: string): Expectation => ({
  count: 2,
  record: [
    `${prefix}-1`,
    { firstName: first, lastName: last, addresses: [expect.objectContaining({ province, countryName: 'Canada' })] },
  ],
  changed: { [`${prefix}-2`]: ['phones'] },
});

const EXPECTED: Record<string, Expectation> = {
  'pipedrive-people': {
    count: 3,
    record: [
      '103',
      {
        firstName: 'Priya',
        lastName: 'Shah',
        emails: [{ email: 'priya.shah@example.com', label: 'Work', primary: true }],
        phones: [{ countryCode: '1', number: '4165550104', type: 'MOBILE', label: 'Mobile', primary: true }],
        addresses: [],
        employment: { employerName: 'Northwind', jobTitle: 'CFO' },
      },
    ],
    changed: { '102': ['emails'] },
  },
  'pipedrive-notes': {
    count: 2,
    record: [
      '9001',
      {
        body: 'Called about RRSP top-up before the deadline.',
        date: '2024-02-20T14:05:00',
        owner: { sourceId: null, name: 'Hélène Tremblay' },
      },
    ],
    changed: { '9002': ['body'] }, // 'Update time' changed too, but no field reads it
  },
  'pipedrive-activities': {
    count: 2,
    record: [
      '5002',
      { title: 'Call back about RESP', status: 'DONE', dueDate: '2024-06-04', type: 'call', assignee: 'Sam Advisor' },
    ],
    changed: { '5001': ['dueDate'] },
  },
  'hubspot-contacts': {
    count: 3,
    record: [
      '3152079000000153',
      {
        firstName: 'Olivia',
        emails: [{ email: 'olivia.martin@example.com', label: null, primary: true }],
        addresses: [
          {
            label: null,
            line1: '1055 W Georgia St',
            line2: null,
            city: 'Vancouver',
            province: 'BC',
            postalCode: 'V6E 3P3',
            countryName: 'Canada',
            primary: true,
          },
        ],
        type: 'CLIENT',
        source: 'REFERRAL',
        employment: { employerName: 'Acme Corp', jobTitle: 'Engineer' },
      },
    ],
    // `WA` became `Washington`: the same province once normalized, so the address did not change.
    changed: { '3152079000000154': ['phones'] },
  },
  'zoho-contacts': {
    count: 2,
    record: [
      '4876876000000112',
      {
        source: 'TRADE_SHOW',
        dateOfBirth: '1980-11-03',
        emails: [
          { email: 'luc.gagnon@example.com', label: null, primary: true },
          { email: 'luc@home.example.com', label: 'Secondary', primary: false },
        ],
        phones: [{ countryCode: '1', number: '4185550122', type: 'MOBILE', label: 'Mobile', primary: true }],
        addresses: [expect.objectContaining({ label: 'Mailing', province: 'QC', city: 'Québec' })],
      },
    ],
    changed: { '4876876000000111': ['employment'] },
  },
  'wealthbox-contacts': {
    count: 2,
    record: [
      'W-2001',
      {
        middleName: 'Anne',
        preferredName: 'Soph',
        gender: 'FEMALE',
        type: 'CLIENT',
        dateOfBirth: '1968-09-21',
        household: { sourceId: null, name: 'Lavoie Family', role: 'HEAD' },
        note: 'Retiring in 2027.\n\nPrefix: Dr.\nRecord type: Person\nStatus: Active\nAssigned to: Sam Advisor',
        addresses: [expect.objectContaining({ line2: 'Apt 4', province: 'NS' })],
      },
    ],
    // The edited copy also changes the assignee, which is kept on the note.
    changed: { 'W-2002': ['phones', 'note'] },
  },
  'equisoft-contacts': {
    count: 2,
    record: [
      'EQ-301',
      {
        firstName: 'Geneviève',
        lastName: 'Bélanger',
        gender: 'FEMALE',
        phones: [
          { countryCode: '1', number: '4505550140', type: 'LANDLINE', label: 'Home', primary: true },
          { countryCode: '1', number: '5145550141', type: 'MOBILE', label: 'Mobile', primary: false },
        ],
        tags: ['A', 'Retraite'],
        source: 'CONFERENCE',
        household: { sourceId: 'HH-1', name: null, role: null },
      },
    ],
    changed: { 'EQ-301': ['employment'] },
  },
  'equisoft-accounts': accounts('EQ'),
  'ifast-accounts': accounts('IF'),
  'ndex-accounts': accounts('NX'),
  'rittinger-accounts': accounts('RT'),
  'odyssey-accounts': {
    count: 3,
    record: [
      'OD4403',
      {
        accountType: 'RRIF',
        accountTypeNote: 'Spousal RRIF',
        marketValue: { amount: '210000', currency: 'CAD' },
        asOfDate: '2024-01-31',
        owners: [
          { sourceId: 'Q-2', firstName: 'Luc', lastName: 'Gagnon', dateOfBirth: '1958-11-02' },
          { sourceId: null, firstName: 'Élise', lastName: 'Gagnon', dateOfBirth: null },
        ],
        institution: 'Desjardins',
      },
    ],
    changed: { OD4401: ['marketValue'], OD4403: ['institution'] },
  },
  'westmount-accounts': {
    count: 2,
    record: [
      'WM7001',
      {
        accountType: 'RRIF',
        marketValue: { amount: '310000.5', currency: 'CAD' },
        asOfDate: '2024-01-31',
        // Only the client's id: the Clients table, imported first, names the person.
        owners: [{ sourceId: 'WC-1', firstName: null, lastName: null, dateOfBirth: null }],
      },
    ],
    changed: { WM7002: ['marketValue'] },
  },
  'westmount-clients': {
    count: 2,
    record: [
      'WC-2',
      {
        kind: 'persons',
        firstName: 'Fiona',
        dateOfBirth: '1957-09-09',
        household: { sourceId: 'WH-1', name: null, role: 'MEMBER' },
      },
    ],
    changed: { 'WC-2': ['email'] },
  },
  'monday-tasks': {
    count: 3,
    record: [
      '4876876000000113',
      { title: 'Transfer TFSA for Côté', status: 'BLOCKED', dueDate: '2024-05-09', assignee: 'Jo Advisor' },
    ],
    changed: { '4876876000000111': ['status'] },
  },
  'monday-contacts': {
    count: 2,
    record: [
      '5000000001',
      {
        firstName: 'Olivia',
        lastName: 'Martin',
        type: 'CLIENT',
        tags: ['VIP', 'Estate'],
        phones: [{ countryCode: '1', number: '6045550110', type: 'LANDLINE', label: null, primary: true }],
      },
    ],
    changed: { '5000000002': ['type'] },
  },
  'approach-advisory-contacts': assumedContacts('AA', 'Liam', 'Nguyen', 'AB'),
  'cloven-contacts': assumedContacts('CL', 'Ava', 'Singh', 'SK'),
  'cedar-point-contacts': assumedContacts('CP', 'Jacob', 'Fraser', 'NB'),
  'modern-cents-contacts': assumedContacts('MC', 'Ethan', 'Brown', 'MB'),
  'playbook-contacts': assumedContacts('PB', 'Lucas', 'Taylor', 'NL'),
  'manual-load-contacts': {
    count: 2,
    record: ['ML-2', { type: 'PROSPECT', source: 'CONFERENCE', dateOfBirth: '1983-02-28', addresses: [] }],
    changed: { 'ML-1': ['addresses'] },
  },
};

// Issue 14: Salesforce (a Data Export: API field names, a street of two lines, an extension in the
// phone), Redtail (category, status, work extension) and a plain spreadsheet (a type label, an
// extension column, a column nothing reads).
Object.assign(EXPECTED, {
  'salesforce-contacts': {
    count: 3,
    record: [
      '0035e00000AbCd1AAB',
      {
        firstName: 'Claire',
        lastName: 'Dubois',
        dateOfBirth: '1975-07-14',
        employment: { employerName: null, jobTitle: 'President' },
        addresses: [
          expect.objectContaining({ label: 'Mailing', line1: '100 Wellington St', line2: 'Suite 400', province: 'ON' }),
        ],
        phones: [
          expect.objectContaining({ number: '6135550120', type: 'LANDLINE', label: 'Work ext. 204' }),
          expect.objectContaining({ number: '6135550121', type: 'MOBILE', label: 'Mobile' }),
        ],
      },
    ],
    changed: { '0035e00000AbCd2AAB': ['employment'] },
  },
  'redtail-contacts': {
    count: 3,
    record: [
      '1001',
      {
        type: 'CLIENT',
        tags: [],
        note: 'Status: Active\nServicing advisor: Sam Advisor',
        source: 'REFERRAL',
        preferredName: 'Soph',
        household: { sourceId: null, name: 'Lavoie Family', role: 'HEAD' },
        phones: [
          expect.objectContaining({ number: '9025550130', label: 'Home' }),
          expect.objectContaining({ number: '9025550131', type: 'MOBILE' }),
          expect.objectContaining({ number: '9025550132', label: 'Work ext. 12' }),
        ],
      },
    ],
    changed: { '1003': ['phones'] },
  },
  // Data Loader with allCapsHeaders: every value quoted, a street of two lines, a ZIP without its
  // leading zero, the FSC category and status kept on the note, its review fields in custom fields.
  'salesforce-person-accounts': {
    count: 2,
    record: [
      '0015e00000PaAc1AAB',
      {
        firstName: 'Rosa',
        lastName: 'Alvarez',
        dateOfBirth: '1961-04-30',
        emails: [expect.objectContaining({ email: 'rosa.alvarez@example.com' })],
        employment: { employerName: null, jobTitle: 'Architect' },
        addresses: [
          expect.objectContaining({ line1: '12 Beacon St', line2: 'Apt 3', province: 'MA', postalCode: '02108' }),
        ],
        note: [
          'Prefers mornings.',
          '',
          'Salutation: Ms.',
          'Client category: Gold',
          'Status: Active',
          'Marital status: Married',
        ].join('\n'),
        // Review dates, frequency, service model, risk tolerance and objectives go to custom fields.
        customFields: expect.arrayContaining([
          { name: 'Service model', type: 'SINGLE_SELECT', value: 'Comprehensive' },
          { name: 'Review frequency', type: 'SINGLE_SELECT', value: 'Quarterly' },
          { name: 'Last review', type: 'DATE', value: '2024-01-15' },
          { name: 'Next review', type: 'DATE', value: '2024-04-15' },
          { name: 'Risk tolerance', type: 'SINGLE_SELECT', value: 'Moderate' },
          { name: 'Investment objectives', type: 'TEXT', value: 'Growth' },
        ]),
      },
    ],
    changed: { '0015e00000PaAc2AAB': ['phones'] },
  },
  'spreadsheet-contacts': {
    count: 2,
    record: [
      'S-1',
      {
        type: 'CLIENT',
        employment: { employerName: 'Kim Dental', jobTitle: 'Dentist' },
        addresses: [expect.objectContaining({ line1: '9 Bay St', line2: 'Unit 1200', city: 'Toronto' })],
        phones: [
          expect.objectContaining({ number: '4165550180', type: 'LANDLINE', label: 'ext. 22' }),
          expect.objectContaining({ number: '4165550190', type: 'MOBILE', label: 'Mobile' }),
        ],
      },
    ],
    changed: { 'S-2': ['employment'] },
  },
} satisfies Record<string, Expectation>);

describe('source profiles against sample exports', () => {
  it('has a sample for every built-in profile', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(IMPORT_PROFILES.map((profile) => profile.id).sort());
  });

  for (const profile of IMPORT_PROFILES) {
    it(`${profile.id}: maps its sample, re-reads it unchanged, and sees only the edited fields`, async () => {
      const expected = EXPECTED[profile.id];
      if (!expected) throw new Error(`no expectation for ${profile.id}`);
      const original = await importRecords(profile, await sample(profile, false));
      expect(original.size).toBe(expected.count);
      const [sourceId, partial] = expected.record;
      expect(original.get(sourceId)).toMatchObject({ kind: profile.kind, sourceId, ...partial });

      const again = await importRecords(profile, await sample(profile, false));
      for (const [id, record] of original) expect(importRecordHash(again.get(id)), id).toBe(importRecordHash(record));

      const edited = await importRecords(profile, await sample(profile, true));
      expect([...edited.keys()].sort()).toEqual([...original.keys()].sort());
      const changed: Record<string, string[]> = {};
      for (const [id, record] of original) {
        const after = edited.get(id) as ImportedRecord;
        const fields = diffImportRecords(record, after).map((change) => change.field);
        expect(importRecordHash(after) === importRecordHash(record), id).toBe(fields.length === 0);
        if (fields.length > 0) changed[id] = fields;
      }
      expect(changed).toEqual(expected.changed);
    });
  }
});

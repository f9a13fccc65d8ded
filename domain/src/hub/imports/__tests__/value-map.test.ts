// Issue 23: the value map a user sees and can change, and the FSC columns kept in custom fields.
import { describe, expect, it } from 'vitest';
import {
  createRowMapper,
  createValueCollector,
  KEEP_AS_TAG,
  KEEP_ON_NOTE,
  mergeAcrossSystems,
  redtailContacts,
  salesforcePersonAccounts,
  valueMapProblems,
  valueTargetLabel,
  valueTargets,
  withValueMap,
  type ImportedContact,
  type MappedRow,
} from '../index.js';

function valid(mapped: MappedRow<'contacts'>) {
  if (mapped.status !== 'valid') throw new Error(`expected a valid row, got ${JSON.stringify(mapped)}`);
  return mapped;
}

const REDTAIL_HEADERS = ['id', 'first_name', 'last_name', 'category', 'status', 'marital_status', 'tags'];

describe('the value map of a file', () => {
  it('by default, a category or status stays on the note under its label', () => {
    const mapper = createRowMapper(redtailContacts, REDTAIL_HEADERS);
    const { record } = valid(
      mapper.mapRow({
        values: {
          id: '1',
          first_name: 'Jane',
          last_name: 'Doe',
          category: 'Client',
          status: 'Deceased',
          marital_status: 'Widowed',
          tags: 'VIP',
        },
      }),
    );
    expect(record).toMatchObject({
      type: 'CLIENT',
      tags: ['VIP'],
      note: 'Marital status: Widowed\nStatus: Deceased',
    });
  });

  it('the user’s choices come first: a status becomes a contact type, a category a tag, a marital status a tag', () => {
    const profile = withValueMap(redtailContacts, REDTAIL_HEADERS, {
      category: { 'Centre of influence': KEEP_AS_TAG, client: 'OTHER' },
      status: { Prospect: 'PROSPECT', Inactive: KEEP_AS_TAG },
      marital_status: { Married: KEEP_AS_TAG },
    });
    // The built-in profile itself is left as it was.
    expect(redtailContacts.columns.find((column) => column.headers[0] === 'status')!.values).toBeUndefined();
    const mapper = createRowMapper(profile, REDTAIL_HEADERS);
    const base = { id: '1', first_name: 'Jane', last_name: 'Doe', tags: 'VIP' };
    // The category gives no type (kept as a tag): the status's type applies.
    expect(
      valid(
        mapper.mapRow({
          values: { ...base, category: 'CENTRE OF INFLUENCE', status: 'prospect', marital_status: 'Married' },
        }),
      ).record,
    ).toMatchObject({ type: 'PROSPECT', tags: ['Married', 'CENTRE OF INFLUENCE', 'VIP'], note: null });
    // The contact type column wins over a category's type; folded keys match whatever the case.
    expect(
      valid(mapper.mapRow({ values: { ...base, category: 'CLIENT', status: 'Prospect', marital_status: 'Single' } }))
        .record,
    ).toMatchObject({ type: 'OTHER', tags: ['VIP'], note: 'Marital status: Single' });
    // Values the user did not map keep the profile's rules (Redtail's '*': OTHER, the note).
    expect(
      valid(mapper.mapRow({ values: { ...base, category: 'Vendor', status: 'Inactive', marital_status: null } }))
        .record,
    ).toMatchObject({ type: 'OTHER', tags: ['Inactive', 'VIP'], note: null });
  });

  it('offers our values by label, with the ways of keeping a value, and refuses anything else with a sentence', () => {
    const category = redtailContacts.columns.find((column) => column.headers[0] === 'category')!;
    const status = redtailContacts.columns.find((column) => column.headers[0] === 'status')!;
    const marital = redtailContacts.columns.find((column) => column.headers[0] === 'marital_status')!;
    expect(valueTargets('contacts', category)).toEqual([
      'CLIENT',
      'LEAD',
      'ONBOARDING',
      'OTHER',
      'PROSPECT',
      null,
      KEEP_ON_NOTE,
      KEEP_AS_TAG,
    ]);
    expect(valueTargets('contacts', status)).toEqual([
      'CLIENT',
      'LEAD',
      'ONBOARDING',
      'OTHER',
      'PROSPECT',
      KEEP_ON_NOTE,
      KEEP_AS_TAG,
    ]);
    expect(valueTargets('contacts', marital)).toEqual([KEEP_ON_NOTE, KEEP_AS_TAG]);
    expect(valueTargets('tasks', { field: 'status' })).not.toContain(KEEP_AS_TAG);
    expect(valueTargetLabel('category', 'PROSPECT')).toBe('Prospect');
    expect(valueTargetLabel('contactType', null)).toBe('The import’s contact type');
    expect(valueTargetLabel('kept', KEEP_AS_TAG)).toBe('Keep as a tag');

    expect(valueMapProblems(redtailContacts, REDTAIL_HEADERS, { status: { Active: 'CLIENT' } })).toEqual([]);
    expect(valueMapProblems(redtailContacts, REDTAIL_HEADERS, { marital_status: { Married: 'CLIENT' } })).toEqual([
      {
        path: 'values.marital_status',
        message:
          'The column “marital_status” cannot map “Married” to “CLIENT”: choose Keep on the contact’s note or Keep as a tag.',
      },
    ]);
    expect(valueMapProblems(redtailContacts, REDTAIL_HEADERS, { first_name: { Jane: 'CLIENT' } })).toEqual([
      {
        path: 'values.first_name',
        message: 'The column “first_name” has no value map: its values are not mapped to ours.',
      },
    ]);
    expect(valueMapProblems(redtailContacts, REDTAIL_HEADERS, { Category: { Client: 'CLIENT' } })).toEqual([
      { path: 'values.Category', message: 'The file has no column “Category”.' },
    ]);
    expect(valueMapProblems(redtailContacts, REDTAIL_HEADERS, { status: { Active: 'GOLD' } })[0]!.message).toBe(
      'The column “status” cannot map “Active” to “GOLD”: choose Client, Lead, Onboarding, Other, Prospect, Keep on the contact’s note or Keep as a tag.',
    );
  });

  it('collects every distinct value of a column as the import reads it, once whatever its case', () => {
    const collector = createValueCollector(['status']);
    for (const status of ['Active', 'ACTIVE', ' Inactive ', '', 'DÃ©cÃ©dÃ©', 'x'.repeat(101), 'Prospect'])
      collector.add({ status, other: 'ignored' });
    expect(collector.values()).toEqual({ status: ['Active', 'Inactive', 'Décédé', 'Prospect'] });
  });
});

describe('Salesforce FSC: review dates and risk tolerance in custom fields', () => {
  const headers = [
    'ID',
    'FIRSTNAME',
    'LASTNAME',
    'FINSERV__LASTREVIEW__C',
    'FINSERV__NEXTREVIEW__C',
    'FINSERV__REVIEWFREQUENCY__C',
    'FINSERV__RISKTOLERANCE__C',
    'FINSERV__SERVICEMODEL__C',
    'FINSERV__INVESTMENTOBJECTIVES__C',
    'FINSERV__CLIENTCATEGORY__C',
  ];
  const mapper = createRowMapper(salesforcePersonAccounts, headers);

  it('says which custom field each column fills', () => {
    expect(
      mapper.columns.filter((column) => column.customField).map((column) => [column.header, column.customField]),
    ).toEqual([
      ['FINSERV__LASTREVIEW__C', 'Last review'],
      ['FINSERV__NEXTREVIEW__C', 'Next review'],
      ['FINSERV__REVIEWFREQUENCY__C', 'Review frequency'],
      ['FINSERV__RISKTOLERANCE__C', 'Risk tolerance'],
      ['FINSERV__SERVICEMODEL__C', 'Service model'],
      ['FINSERV__INVESTMENTOBJECTIVES__C', 'Investment objectives'],
    ]);
  });

  it('dates as the other import dates are read; an unreadable one leaves the person imported without it', () => {
    const { record, warnings } = valid(
      mapper.mapRow({
        values: {
          ID: '001',
          FIRSTNAME: 'Jane',
          LASTNAME: 'Doe',
          FINSERV__LASTREVIEW__C: '5/10/2024',
          FINSERV__NEXTREVIEW__C: 'next spring',
          FINSERV__REVIEWFREQUENCY__C: 'Annually',
          FINSERV__RISKTOLERANCE__C: 'Moderate',
          FINSERV__INVESTMENTOBJECTIVES__C: 'Growth;Income',
          FINSERV__CLIENTCATEGORY__C: 'Platinum',
        },
      }),
    );
    // In the profile's order of columns.
    expect(record.customFields).toEqual([
      { name: 'Review frequency', type: 'SINGLE_SELECT', value: 'Annually' },
      { name: 'Last review', type: 'DATE', value: '2024-05-10' },
      { name: 'Risk tolerance', type: 'SINGLE_SELECT', value: 'Moderate' },
      { name: 'Investment objectives', type: 'TEXT', value: 'Growth;Income' },
    ]);
    expect(record.note).toBe('Client category: Platinum');
    expect(warnings).toEqual([
      expect.objectContaining({
        column: 'FINSERV__NEXTREVIEW__C',
        value: 'next spring',
        message: expect.stringMatching(/^Custom field not imported: /),
      }),
    ]);
  });

  it('a record without such values has no custom fields at all (its content hash is as before)', () => {
    const { record } = valid(mapper.mapRow({ values: { ID: '002', FIRSTNAME: 'José', LASTNAME: 'Núñez' } }));
    expect('customFields' in record).toBe(false);
  });
});

describe('merging a row of another system', () => {
  const contact: ImportedContact = {
    kind: 'contacts',
    sourceId: null,
    firstName: 'Jane',
    lastName: 'Doe',
    middleName: null,
    preferredName: null,
    gender: null,
    type: 'CLIENT',
    source: null,
    emails: [{ email: 'jane@example.com', label: null, primary: true }],
    phones: [],
    addresses: [],
    employment: null,
    tags: [],
    note: null,
    dateOfBirth: null,
    household: null,
    customFields: [{ name: 'Risk tolerance', type: 'SINGLE_SELECT', value: 'Low' }],
  };

  it('writes the row’s note as its system’s own, and adds only the custom fields the contact lacks', () => {
    const row: ImportedContact = {
      ...contact,
      sourceId: '001',
      note: 'Annual review in May.',
      customFields: [
        { name: 'risk tolerance', type: 'SINGLE_SELECT', value: 'Moderate' },
        { name: 'Last review', type: 'DATE', value: '2024-05-10' },
      ],
    };
    const merge = mergeAcrossSystems(contact, row)!;
    expect(merge.merged.note).toBe('Annual review in May.');
    expect(merge.merged.customFields).toEqual([
      { name: 'Risk tolerance', type: 'SINGLE_SELECT', value: 'Low' },
      { name: 'Last review', type: 'DATE', value: '2024-05-10' },
    ]);
    // The same system's note written again: the row's replaces it (the other systems' are not this note).
    const again = mergeAcrossSystems({ ...contact, note: 'Old text.' }, row)!;
    expect(again.merged.note).toBe('Annual review in May.');
  });
});

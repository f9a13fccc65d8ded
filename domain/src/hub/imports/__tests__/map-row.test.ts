import { describe, expect, it } from 'vitest';
import {
  buildCustomProfile,
  createRowMapper,
  createSourceIdCheck,
  diffImportRecords,
  headerExpectation,
  hubspotContacts,
  IMPORT_PROFILES,
  IMPORT_SOURCES,
  importRecordHash,
  mondayTasks,
  odysseyAccounts,
  pipedrivePeople,
  profilesForSource,
  sourcesWithoutProfile,
  canonicalJson,
  sha256Hex,
  type ImportRecordKind,
  type MappedRow,
} from '../index.js';

function row(values: Record<string, string | null>) {
  return { values, cells: Object.values(values) };
}

function valid<K extends ImportRecordKind>(mapped: MappedRow<K>): Extract<MappedRow<K>, { status: 'valid' }> {
  if (mapped.status !== 'valid') throw new Error(`expected a valid row, got ${JSON.stringify(mapped)}`);
  return mapped;
}

describe('createRowMapper: contacts', () => {
  const headers = [
    'Person - ID',
    'Person - Name',
    'Person - Email - Work',
    'Person - Email - Home',
    'Person - Phone - Work',
    'Person - Phone - Mobile',
    'Person - Postal address - Street/road name',
    'Person - Postal address - City/town/village/locality',
    'Person - Postal address - State/county',
    'Person - Postal address - ZIP/Postal code',
    'Person - Labels',
    'Person - Marketing status',
  ];
  const mapper = createRowMapper(pipedrivePeople, headers);

  it('binds the profile columns to the file headers and lists the rest', () => {
    expect(mapper.unmappedHeaders).toEqual(['Person - Marketing status']);
  });

  it('maps a row to a normalized contact', () => {
    const mapped = valid(
      mapper.mapRow(
        row({
          'Person - ID': '17',
          'Person - Name': 'Hélène Tremblay',
          'Person - Email - Work': 'Helene.Tremblay@Example.com, h.t@example.com',
          'Person - Email - Home': null,
          'Person - Phone - Work': '(514) 555-0142',
          'Person - Phone - Mobile': '+1 438 555 0143',
          'Person - Postal address - Street/road name': '1200 rue Sainte-Catherine O',
          'Person - Postal address - City/town/village/locality': 'Montréal',
          'Person - Postal address - State/county': 'Québec',
          'Person - Postal address - ZIP/Postal code': 'h3b1k9',
          'Person - Labels': 'VIP, Referral source',
          'Person - Marketing status': 'Subscribed',
        }),
      ),
    );
    expect(mapped.sourceId).toBe('17');
    expect(mapped.record).toEqual({
      kind: 'contacts',
      sourceId: '17',
      firstName: 'Hélène',
      lastName: 'Tremblay',
      middleName: null,
      preferredName: null,
      gender: null,
      type: null,
      source: null,
      emails: [
        { email: 'helene.tremblay@example.com', label: 'Work', primary: true },
        { email: 'h.t@example.com', label: 'Work', primary: false },
      ],
      phones: [
        { countryCode: '1', number: '5145550142', type: 'LANDLINE', label: 'Work', primary: true },
        { countryCode: '1', number: '4385550143', type: 'MOBILE', label: 'Mobile', primary: false },
      ],
      addresses: [
        {
          label: 'Postal',
          line1: '1200 rue Sainte-Catherine O',
          line2: null,
          city: 'Montréal',
          province: 'QC',
          postalCode: 'H3B 1K9',
          countryName: 'Canada',
          primary: true,
        },
      ],
      employment: null,
      tags: ['VIP', 'Referral source'],
      note: null,
      dateOfBirth: null,
      household: null,
    });
  });

  it('reports every problem of an invalid row with the spec messages and the column', () => {
    const mapped = mapper.mapRow(
      row({
        'Person - ID': '18',
        'Person - Name': null,
        'Person - Email - Work': 'not-an-email',
        'Person - Phone - Work': '12',
        'Person - Postal address - City/town/village/locality': 'Laval',
      }),
    );
    expect(mapped.status).toBe('invalid');
    if (mapped.status !== 'invalid') return;
    expect(mapped.sourceId).toBe('18');
    expect(mapped.errors).toEqual([
      {
        field: 'email',
        column: 'Person - Email - Work',
        value: 'not-an-email',
        message: 'Please enter a valid email address',
      },
      { field: 'phone', column: 'Person - Phone - Work', value: '12', message: 'Phone number must be 4 to 12 digits' },
      { field: 'firstName', column: null, value: null, message: 'Please enter first name' },
      { field: 'lastName', column: null, value: null, message: 'Please enter last name' },
      {
        field: 'addresses.0.line1',
        column: 'Person - Postal address - City/town/village/locality',
        value: null,
        message: 'Line 1 is required',
      },
      {
        field: 'addresses.0.province',
        column: 'Person - Postal address - City/town/village/locality',
        value: null,
        message: 'Province is required',
      },
      {
        field: 'addresses.0.postalCode',
        column: 'Person - Postal address - City/town/village/locality',
        value: null,
        message: 'Postal code is required',
      },
    ]);
  });

  it('maps enum columns through synonym maps, with a fallback for lead sources', () => {
    const hubspot = createRowMapper(hubspotContacts, [
      'Record ID',
      'First Name',
      'Last Name',
      'Lifecycle Stage',
      'Original Source',
      'Gender',
    ]);
    const mapped = valid(
      hubspot.mapRow(
        row({
          'Record ID': '501',
          'First Name': 'Marc',
          'Last Name': 'Côté',
          'Lifecycle Stage': 'Customer',
          'Original Source': 'Offline Sources',
          Gender: 'M',
        }),
      ),
    );
    expect(mapped.record).toMatchObject({ type: 'CLIENT', source: 'OTHER', gender: 'MALE' });
    const bad = hubspot.mapRow(row({ 'Record ID': '502', 'First Name': 'A', 'Last Name': 'B', Gender: 'Sometimes' }));
    expect(bad).toMatchObject({
      status: 'invalid',
      errors: [{ field: 'gender', message: 'Please select a valid gender' }],
    });
  });
});

describe('createRowMapper: other kinds', () => {
  it('maps a French back-office account row with decimal commas and day-first dates', () => {
    const mapper = createRowMapper(odysseyAccounts, [
      'No de compte',
      'Type de compte',
      'Nom du client',
      'Valeur marchande',
      'Devise',
      'En date du',
      'Co-titulaire',
    ]);
    const mapped = valid(
      mapper.mapRow(
        row({
          'No de compte': '4401-2201',
          'Type de compte': 'REER de conjoint',
          'Nom du client': 'Gagnon, Élise',
          'Valeur marchande': '125 430,17 $',
          Devise: 'CAD',
          'En date du': '05/02/2024',
          'Co-titulaire': 'Luc Gagnon',
        }),
      ),
    );
    expect(mapped.record).toMatchObject({
      kind: 'financialRecords',
      sourceId: '44012201',
      recordType: 'INVESTMENT_ACCOUNT',
      accountType: 'RRSP',
      accountTypeNote: 'Spousal RRSP',
      marketValue: { amount: '125430.17', currency: 'CAD' },
      asOfDate: '2024-02-05',
      owners: [
        { sourceId: null, firstName: 'Élise', lastName: 'Gagnon', dateOfBirth: null },
        { sourceId: null, firstName: 'Luc', lastName: 'Gagnon', dateOfBirth: null },
      ],
      isJoint: true,
      jurisdiction: 'CA',
    });
    expect(mapped.warnings).toEqual([
      {
        field: 'accountType',
        column: 'Type de compte',
        value: 'Spousal RRSP',
        message: 'Account type kept as RRSP: Spousal RRSP',
      },
    ]);
  });

  it('skips monday.com group, header, subitem and summary rows', () => {
    const headers = ['Name', 'Subitems', 'Person', 'Status', 'Date', 'Item ID (auto generated)'];
    const mapper = createRowMapper(mondayTasks, headers);
    const cells = (...values: (string | null)[]) => ({
      values: Object.fromEntries(headers.map((header, index) => [header, values[index] ?? null])),
      cells: values,
    });
    expect(mapper.mapRow(cells('Onboarding'))).toEqual({ status: 'skipped', reason: 'group title row' });
    expect(mapper.mapRow(cells('Name', 'Subitems', 'Person'))).toEqual({
      status: 'skipped',
      reason: 'repeated header row',
    });
    expect(mapper.mapRow(cells('Subitems', 'Name', 'Owner'))).toEqual({
      status: 'skipped',
      reason: 'subitem header row',
    });
    expect(mapper.mapRow(cells(null, 'Collect KYC', 'Ann'))).toEqual({
      status: 'skipped',
      reason: 'subitem or summary row',
    });
    const item = valid(
      mapper.mapRow(cells('Send RRSP forms', null, 'Ann Lee', 'Working on it', '2024-05-02', '4876876000000111')),
    );
    expect(item.record).toEqual({
      kind: 'tasks',
      sourceId: '4876876000000111',
      title: 'Send RRSP forms',
      note: null,
      dueDate: '2024-05-02',
      status: 'IN_PROGRESS',
      type: null,
      priority: null,
      assignee: 'Ann Lee',
      owner: null,
    });
  });

  it('refuses a second row with the same source id', () => {
    const check = createSourceIdCheck();
    expect(check('A1', 2)).toBeNull();
    expect(check(null, 3)).toBeNull();
    expect(check('A1', 7)).toEqual({
      field: 'sourceId',
      column: null,
      value: 'A1',
      message: 'Source id appears more than once in the file (first on row 2)',
    });
  });
});

describe('custom profiles', () => {
  it('maps a file with the columns a user chose', () => {
    const profile = buildCustomProfile('custom-1', {
      name: 'Old spreadsheet',
      kind: 'contacts',
      mapping: {
        'Client #': 'sourceId',
        Given: 'firstName',
        Family: 'lastName',
        Mail: 'email',
        Tel: 'phone',
        Sex: 'gender',
        Junk: null,
      },
      values: { gender: { Madame: 'FEMALE', Monsieur: 'MALE' } },
      transforms: { dateOrder: 'DMY' },
    });
    expect(headerExpectation(profile)).toEqual({
      knownHeaders: ['Client #', 'Given', 'Family', 'Mail', 'Tel', 'Sex'],
      required: [{ field: 'sourceId', aliases: ['Client #'] }],
      minMatches: 2,
    });
    const mapper = createRowMapper(profile, ['Client #', 'Given', 'Family', 'Mail', 'Tel', 'Sex', 'Junk']);
    const mapped = valid(
      mapper.mapRow(
        row({
          'Client #': 'C-9',
          Given: 'Anne',
          Family: 'Roy',
          Mail: 'ANNE@EXAMPLE.COM',
          Tel: '819 555 0170',
          Sex: 'Madame',
          Junk: 'x',
        }),
      ),
    );
    expect(mapped.record).toMatchObject({
      sourceId: 'C-9',
      firstName: 'Anne',
      lastName: 'Roy',
      gender: 'FEMALE',
      emails: [{ email: 'anne@example.com', label: null, primary: true }],
      phones: [{ countryCode: '1', number: '8195550170', type: 'LANDLINE', label: null, primary: true }],
    });
  });

  it('refuses a mapping to an unknown field, or one field from two columns', () => {
    expect(() => buildCustomProfile('x', { name: 'Bad', kind: 'tasks', mapping: { A: 'firstName' } })).toThrow(
      'Please select a valid field',
    );
    expect(() => buildCustomProfile('x', { name: 'Bad', kind: 'tasks', mapping: { A: 'title', B: 'title' } })).toThrow(
      'Each field can be mapped from one column only',
    );
    expect(() => buildCustomProfile('x', { name: ' ', kind: 'tasks', mapping: {} })).toThrow(
      'Profile name is required',
    );
  });
});

describe('content hash and diff', () => {
  it('computes SHA-256', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // Multi-byte characters across more than one 64-byte block.
    expect(sha256Hex(`${'é'.repeat(100)}${'x'.repeat(70)}`)).toBe(
      '428889419745bd7c046a4df4e00f5fbf76ab0bcafb2ffb4d3b92b9af90c90c4d',
    );
  });

  it('hashes equal records equally whatever the key order, and differently when a value changes', () => {
    const a = { kind: 'tasks', title: 'Call', owner: { name: 'Ann', sourceId: null } };
    const b = { owner: { sourceId: null, name: 'Ann' }, title: 'Call', kind: 'tasks' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(importRecordHash(a)).toBe(importRecordHash(b));
    expect(importRecordHash({ ...a, title: 'Call back' })).not.toBe(importRecordHash(a));
  });

  it('lists only the fields that changed', () => {
    const before = {
      sourceId: '1',
      firstName: 'Ann',
      emails: [{ email: 'a@example.com' }],
      marketValue: { amount: '10', currency: 'CAD' },
    };
    const after = {
      sourceId: '1',
      firstName: 'Anne',
      emails: [{ email: 'a@example.com' }],
      marketValue: { amount: '10.5', currency: 'CAD' },
    };
    expect(diffImportRecords(before, after)).toEqual([
      { field: 'firstName', before: 'Ann', after: 'Anne' },
      { field: 'marketValue', before: { amount: '10', currency: 'CAD' }, after: { amount: '10.5', currency: 'CAD' } },
    ]);
    expect(diffImportRecords(before, { ...before })).toEqual([]);
  });
});

describe('profile registry', () => {
  it('has a profile for every source system, with unique ids', () => {
    expect(sourcesWithoutProfile()).toEqual([]);
    expect(IMPORT_SOURCES.every((source) => profilesForSource(source).length > 0)).toBe(true);
    // TEST exists for the suite's own links: no profile offers it to users.
    expect(profilesForSource('TEST')).toEqual([]);
    expect(new Set(IMPORT_PROFILES.map((profile) => profile.id)).size).toBe(IMPORT_PROFILES.length);
  });

  it('gives every profile a source id column, required (it ranks the suggestion) but in the plain-spreadsheet one', () => {
    for (const profile of IMPORT_PROFILES) {
      const columns: readonly { field: string }[] = profile.columns;
      expect(
        columns.map((column) => column.field),
        profile.id,
      ).toContain('sourceId');
      const expectation = headerExpectation(profile);
      if (profile.id === 'spreadsheet-contacts') expect(expectation.required).toEqual([]);
      else
        expect(
          expectation.required.map((group) => group.field),
          profile.id,
        ).toContain('sourceId');
    }
  });
});

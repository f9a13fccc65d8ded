// Issue 14, "Imports from real exports": what the row mapper makes of files the samples never
// showed (Salesforce's two header spellings, Redtail, a plain spreadsheet), deleted-record flags,
// street cells of several lines, phone extensions, and rows imported without an optional part.
import { describe, expect, it } from 'vitest';
import {
  createColumnSampler,
  createRowMapper,
  hubspotContacts,
  ImportMessage,
  redtailContacts,
  salesforceContacts,
  spreadsheetContacts,
  streetLines,
  withCreateDefaults,
  zohoContacts,
  type ImportedContact,
  type MappedRow,
} from '../index.js';

function mapOne(profile: Parameters<typeof createRowMapper>[0], values: Record<string, string | null>) {
  return createRowMapper(profile, Object.keys(values)).mapRow({ values, cells: Object.values(values) });
}

function valid(mapped: MappedRow): Extract<MappedRow<'contacts'>, { status: 'valid' }> {
  if (mapped.status !== 'valid') throw new Error(`expected a valid row, got ${JSON.stringify(mapped)}`);
  return mapped as Extract<MappedRow<'contacts'>, { status: 'valid' }>;
}

describe('Salesforce contacts: API field names (Data Export, Data Loader) and report labels', () => {
  const apiNames = {
    Id: '0035e00000AbCdEAAV',
    IsDeleted: 'false',
    AccountId: '0015e00000XyZaBAAV',
    FirstName: 'Claire',
    LastName: 'Dubois',
    MailingStreet: '100 Wellington St\nSuite 400',
    MailingCity: 'Ottawa',
    MailingState: 'ON',
    MailingPostalCode: 'K1A 0A9',
    MailingCountry: 'Canada',
    Phone: '613-555-0120 x204',
    MobilePhone: '613-555-0121',
    Email: 'claire@example.com',
    Title: 'President',
    Birthdate: '1975-07-14',
    LeadSource: 'Web',
  };
  const labels = {
    'Contact ID': '0035e00000AbCdEAAV',
    'First Name': 'Claire',
    'Last Name': 'Dubois',
    'Mailing Street': '100 Wellington St\r\nSuite 400',
    'Mailing City': 'Ottawa',
    'Mailing State/Province': 'ON',
    'Mailing Zip/Postal Code': 'K1A 0A9',
    'Mailing Country': 'Canada',
    'Business Phone': '613-555-0120 x204',
    Mobile: '613-555-0121',
    Email: 'claire@example.com',
    Title: 'President',
    Birthdate: '07/14/1975',
    'Lead Source': 'Web',
  };

  it('reads both spellings into the same record, with the street split and the extension kept', () => {
    const fromApi = valid(mapOne(salesforceContacts, apiNames));
    const fromReport = valid(mapOne(salesforceContacts, labels));
    expect(fromReport.record).toEqual(fromApi.record);
    expect(fromApi.record).toMatchObject({
      sourceId: '0035e00000AbCdEAAV',
      firstName: 'Claire',
      lastName: 'Dubois',
      employment: { employerName: null, jobTitle: 'President' },
      dateOfBirth: '1975-07-14',
      source: 'COMPANY_WEBSITE',
      addresses: [
        expect.objectContaining({ line1: '100 Wellington St', line2: 'Suite 400', city: 'Ottawa', province: 'ON' }),
      ],
      phones: [
        { countryCode: '1', number: '6135550120', type: 'LANDLINE', label: 'Work ext. 204', primary: true },
        { countryCode: '1', number: '6135550121', type: 'MOBILE', label: 'Mobile', primary: false },
      ],
    });
    expect(fromApi.warnings).toEqual([]);
  });

  it('leaves the columns no field reads visible as unmapped', () => {
    const mapper = createRowMapper(salesforceContacts, Object.keys(apiNames));
    expect(mapper.unmappedHeaders).toEqual(['AccountId']);
  });

  it('skips a record flagged deleted, with the reason, even when its other values are wrong', () => {
    const mapped = mapOne(salesforceContacts, { ...apiNames, IsDeleted: 'true', Email: 'not-an-email' });
    expect(mapped).toEqual({
      status: 'excluded',
      sourceId: '0035e00000AbCdEAAV',
      reasons: [{ field: 'deleted', column: 'IsDeleted', value: 'true', message: ImportMessage.deletedAtSource }],
    });
  });
});

describe('Redtail contacts', () => {
  it('takes the category as the contact type, keeps the status on the note, and puts the work extension into the label', () => {
    const mapped = valid(
      mapOne(redtailContacts, {
        'Contact ID': '1042',
        'First Name': 'Sophie',
        'Last Name': 'Lavoie',
        Status: 'Active',
        Category: 'Client',
        Source: 'Referral',
        'Job Title': 'Physician',
        'Work Phone': '902-555-0130',
        'Work Extension': '12',
        'Cell Phone': '902-555-0131',
      }),
    );
    expect(mapped.record).toMatchObject({
      type: 'CLIENT',
      tags: [],
      note: 'Status: Active',
      source: 'REFERRAL',
      employment: { employerName: null, jobTitle: 'Physician' },
      phones: [
        expect.objectContaining({ number: '9025550131', type: 'MOBILE', label: 'Mobile' }),
        expect.objectContaining({ number: '9025550130', type: 'LANDLINE', label: 'Work ext. 12' }),
      ],
    });
    const other = valid(
      mapOne(redtailContacts, { 'Contact ID': '1043', 'First Name': 'A', 'Last Name': 'B', Category: 'Vendor' }),
    );
    expect(other.record.type).toBe('OTHER');
  });

  it('reports an extension that has no phone to go with', () => {
    const mapped = valid(
      mapOne(redtailContacts, { 'Contact ID': '1', 'First Name': 'A', 'Last Name': 'B', 'Work Extension': '7' }),
    );
    expect(mapped.warnings).toEqual([
      { field: 'phoneExtension', column: 'Work Extension', value: '7', message: ImportMessage.extensionWithoutPhone },
    ]);
  });
});

describe('a plain spreadsheet', () => {
  it('imports without an id column, reading the type label and the job title', () => {
    const mapped = valid(
      mapOne(spreadsheetContacts, {
        'First Name': 'Ann',
        'Last Name': 'Roy',
        Email: 'ann@example.com',
        Phone: '416-555-0100',
        Type: 'Prospect',
        'Job Title': 'Architect',
      }),
    );
    expect(mapped.sourceId).toBeNull();
    expect(mapped.record).toMatchObject({
      type: 'PROSPECT',
      employment: { employerName: null, jobTitle: 'Architect' },
      emails: [{ email: 'ann@example.com', label: null, primary: true }],
    });
  });
});

describe('a row that fails only on an optional part imports the rest, with a warning', () => {
  it('an incomplete address is left out', () => {
    const mapped = valid(
      mapOne(hubspotContacts, { 'Record ID': '1', 'First Name': 'Ann', 'Last Name': 'Roy', City: 'Laval' }),
    );
    expect(mapped.record.addresses).toEqual([]);
    expect(mapped.warnings).toEqual([
      {
        field: 'addresses.0',
        column: 'City',
        value: null,
        message: 'Address not imported: Line 1 is required; Province is required; Postal code is required',
      },
    ]);
  });

  it('of two addresses, the whole one stays and becomes the primary one', () => {
    const mapped = valid(
      mapOne(zohoContacts, {
        'Record Id': '1',
        'First Name': 'Ann',
        'Last Name': 'Roy',
        'Mailing Street': '9 Elm St',
        'Other Street': '1 Main St',
        'Other City': 'Ottawa',
        'Other State': 'ON',
        'Other Zip': 'K1A 0A9',
      }),
    );
    expect(mapped.record.addresses).toEqual([
      expect.objectContaining({ label: 'Other', line1: '1 Main St', primary: true }),
    ]);
    expect(mapped.warnings.map((warning) => [warning.field, warning.column])).toEqual([
      ['addresses.0', 'Mailing Street'],
    ]);
  });

  it('a malformed second phone and a bad secondary e-mail are left out; the first ones stay', () => {
    const mapped = valid(
      mapOne(zohoContacts, {
        'Record Id': '1',
        'First Name': 'Ann',
        'Last Name': 'Roy',
        Email: 'ann@example.com',
        'Secondary Email': 'ann at home',
        Phone: '416-555-0100',
        Mobile: '12',
      }),
    );
    expect(mapped.record.emails).toEqual([{ email: 'ann@example.com', label: null, primary: true }]);
    expect(mapped.record.phones).toEqual([expect.objectContaining({ number: '4165550100', primary: true })]);
    expect(mapped.warnings).toEqual([
      {
        field: 'email',
        column: 'Secondary Email',
        value: 'ann at home',
        message: 'E-mail not imported: Please enter a valid email address',
      },
      {
        field: 'phone',
        column: 'Mobile',
        value: '12',
        message: 'Phone not imported: Phone number must be 4 to 12 digits',
      },
    ]);
  });

  it('an unknown contact type label is left for the import’s type', () => {
    const mapped = valid(mapOne(spreadsheetContacts, { 'First Name': 'Ann', 'Last Name': 'Roy', Type: 'Golf buddy' }));
    expect(mapped.record.type).toBeNull();
    expect(mapped.warnings).toEqual([
      { field: 'contactType', column: 'Type', value: 'Golf buddy', message: ImportMessage.contactTypeDropped },
    ]);
  });

  it('the first e-mail stays required to be valid, and a missing name still fails the row', () => {
    expect(
      mapOne(zohoContacts, { 'Record Id': '1', 'First Name': 'Ann', 'Last Name': 'Roy', Email: 'nope' }),
    ).toMatchObject({ status: 'invalid', errors: [{ field: 'email', message: 'Please enter a valid email address' }] });
    expect(
      mapOne(hubspotContacts, { 'Record ID': '1', 'First Name': 'Ann', 'Last Name': null, City: 'Laval' }),
    ).toMatchObject({ status: 'invalid' });
  });
});

describe('helpers', () => {
  it('splits a street of several lines into line 1 and line 2', () => {
    expect(streetLines('12 Main St\nSuite 4\n\nBuilding B', null)).toEqual({
      line1: '12 Main St',
      line2: 'Suite 4, Building B',
    });
    expect(streetLines('12 Main St\r\nSuite 4', 'c/o Ann')).toEqual({ line1: '12 Main St', line2: 'Suite 4, c/o Ann' });
    expect(streetLines('12 Main St', 'Suite 4')).toEqual({ line1: '12 Main St', line2: 'Suite 4' });
  });

  it('gives created contacts without a type the import’s, and leaves other records alone', () => {
    const contact = { kind: 'contacts', type: null } as unknown as ImportedContact;
    expect(withCreateDefaults(contact, { contactType: 'CLIENT' })).toMatchObject({ type: 'CLIENT' });
    expect(withCreateDefaults({ ...contact, type: 'PROSPECT' }, { contactType: 'CLIENT' })).toMatchObject({
      type: 'PROSPECT',
    });
  });

  it('samples a few distinct non-empty values per column, cut when long', () => {
    const sampler = createColumnSampler(['A', 'B']);
    for (const value of ['x', 'x', null, 'y', 'z', 'w'])
      sampler.add({ A: value, B: value === 'w' ? 'b'.repeat(80) : null });
    expect(sampler.samples()).toEqual({ A: ['x', 'y', 'z'], B: [`${'b'.repeat(59)}…`] });
  });
});

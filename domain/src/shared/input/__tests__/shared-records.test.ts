import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addContactAddressSchema,
  additionalCardSchema,
  addressFormSchema,
  addressSchema,
  bankAccountOwnerRemovalSchema,
  contactAddressSchema,
  editCardSchema,
  fileDeleteSchema,
  mentionableEntityTypeSchema,
  personNameSchema,
  phoneSchema,
  renameFinancialRecordSchema,
  uploadRequestSchema,
} from '../../../index.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('person name (foundations §5)', () => {
  const name = { first: 'Ada', last: 'Lovelace' };

  it('requires first and last', () => {
    expect(issues(personNameSchema, {})).toEqual(['first: Please enter first name', 'last: Please enter last name']);
    expect(issues(personNameSchema, { first: '  ', last: '' })).toEqual([
      'first: Please enter first name',
      'last: Please enter last name',
    ]);
    expect(issues(personNameSchema, { first: null, last: 7 })).toEqual([
      'first: Please enter first name',
      'last: Please enter last name',
    ]);
  });

  it('limits every part to 50 characters, naming the part', () => {
    const long = 'x'.repeat(51);
    expect(issues(personNameSchema, { first: long, last: long, middle: long, preferred: long, short: long })).toEqual([
      'first: First name must be at most 50 characters',
      'last: Last name must be at most 50 characters',
      'middle: Middle name must be at most 50 characters',
      'preferred: Preferred name must be at most 50 characters',
      'short: Short name must be at most 50 characters',
    ]);
    const fifty = 'x'.repeat(50);
    expect(issues(personNameSchema, { first: fifty, last: fifty, middle: fifty })).toEqual([]);
  });

  it('trims, keeps middle, preferred and short nullable, display and full optional', () => {
    expect(personNameSchema.parse({ ...name, first: ' Ada ' })).toEqual({
      first: 'Ada',
      last: 'Lovelace',
      middle: null,
      preferred: null,
      short: null,
    });
    expect(
      personNameSchema.parse({
        ...name,
        middle: 'King',
        preferred: '',
        short: null,
        display: 'Ada L.',
        full: 'Ada King',
      }),
    ).toEqual({ ...name, middle: 'King', preferred: null, short: null, display: 'Ada L.', full: 'Ada King' });
  });
});

describe('phone (foundations §5)', () => {
  it('accepts a 1-3 digit country code and a 4-12 digit number', () => {
    expect(phoneSchema.parse({ countryCode: '1', number: '4165550100' })).toEqual({
      countryCode: '1',
      number: '4165550100',
    });
    expect(issues(phoneSchema, { countryCode: '353', number: '1234' })).toEqual([]);
    expect(issues(phoneSchema, { countryCode: ' 44 ', number: '123456789012' })).toEqual([]);
  });

  it('takes a number as people type it: spaces, hyphens, dots, brackets and a plus are dropped', () => {
    expect(phoneSchema.parse({ countryCode: '+1', number: '(416) 555-0100' })).toEqual({
      countryCode: '1',
      number: '4165550100',
    });
    expect(phoneSchema.parse({ countryCode: ' 44 ', number: '20.7946.0958' })).toEqual({
      countryCode: '44',
      number: '2079460958',
    });
  });

  it('says "only digits" for anything but digits and separators', () => {
    expect(issues(phoneSchema, { countryCode: '+1x', number: '416-555-CALL' })).toEqual([
      'countryCode: Country code must be only digits',
      'number: Phone number must be only digits',
    ]);
    expect(issues(phoneSchema, { countryCode: 'a', number: '12 34 #56' })).toEqual([
      'countryCode: Country code must be only digits',
      'number: Phone number must be only digits',
    ]);
  });

  it('enforces the lengths', () => {
    expect(issues(phoneSchema, { countryCode: '', number: '123' })).toEqual([
      'countryCode: Country code must be 1 to 3 digits',
      'number: Phone number must be 4 to 12 digits',
    ]);
    expect(issues(phoneSchema, { countryCode: '1234', number: '1234567890123' })).toEqual([
      'countryCode: Country code must be 1 to 3 digits',
      'number: Phone number must be 4 to 12 digits',
    ]);
    expect(issues(phoneSchema, {})).toEqual([
      'countryCode: Country code must be 1 to 3 digits',
      'number: Phone number must be 4 to 12 digits',
    ]);
  });
});

describe('card digits (foundations §5)', () => {
  const card = { description: 'Spouse card', firstFourDigits: '4111', lastFourDigits: '1111' };

  it('accepts exactly four digits each and a description', () => {
    expect(additionalCardSchema.parse(card)).toEqual(card);
    expect(editCardSchema.parse({ ...card, cardId: 'card-1' })).toEqual({ ...card, cardId: 'card-1' });
  });

  it('pins the digit messages', () => {
    for (const digits of ['411', '41111', 'abcd', '41 1', '', undefined, 4111]) {
      expect(issues(additionalCardSchema, { ...card, firstFourDigits: digits, lastFourDigits: digits })).toEqual([
        'firstFourDigits: First four digits should be exactly 4 numbers',
        'lastFourDigits: Last four digits should be exactly 4 numbers',
      ]);
    }
  });

  it('requires the description, and the card id when editing', () => {
    expect(issues(additionalCardSchema, { ...card, description: ' ' })).toEqual([
      'description: Description is required',
    ]);
    expect(issues(editCardSchema, card)).toEqual(['cardId: Card ID is required']);
  });
});

describe('address (foundations §5, crm §5)', () => {
  const address = {
    line1: '1 Main St',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5V 1A1',
    countryName: 'Canada',
  };

  it('requires line 1, city, province, postal code and country, with the spec messages', () => {
    expect(issues(addressSchema, {})).toEqual([
      'line1: Line 1 is required',
      'city: City is required',
      'province: Province is required',
      'postalCode: Postal code is required',
      'countryName: Country is required',
    ]);
    expect(issues(addressSchema, { ...address, city: '  ' })).toEqual(['city: City is required']);
  });

  it('makes line 2 and the lookup id optional, stored as null when absent', () => {
    expect(addressSchema.parse(address)).toEqual({ ...address, line2: null, postCodeAnywhereId: null });
    expect(addressSchema.parse({ ...address, line2: ' Unit 4 ', postCodeAnywhereId: 'CA|CP|A|123' })).toEqual({
      ...address,
      line2: 'Unit 4',
      postCodeAnywhereId: 'CA|CP|A|123',
    });
  });

  it('leaves absent optional fields absent in the form variant', () => {
    expect(addressFormSchema.parse(address)).toEqual(address);
    expect(issues(addressFormSchema, { ...address, line1: '' })).toEqual(['line1: Line 1 is required']);
  });

  it('validates the contact address with its capitalised keys', () => {
    const contactAddress = {
      Line1: '1 Main St',
      City: 'Toronto',
      Province: 'ON',
      PostalCode: 'M5V 1A1',
      CountryName: 'Canada',
    };
    expect(contactAddressSchema.parse(contactAddress)).toEqual({ ...contactAddress, Line2: null, primary: false });
    expect(issues(contactAddressSchema, { primary: true })).toEqual([
      'Line1: Line 1 is required',
      'City: City is required',
      'Province: Province is required',
      'PostalCode: Postal code is required',
      'CountryName: Country is required',
    ]);
    expect(
      contactAddressSchema.parse({
        ...contactAddress,
        Id: 'a1',
        Label: 'Home',
        PostCodeAnywhereId: 'x',
        primary: true,
      }),
    ).toMatchObject({ Id: 'a1', Label: 'Home', PostCodeAnywhereId: 'x', primary: true });
    expect(addContactAddressSchema.parse({ primary: true, address: contactAddress })).toEqual({
      primary: true,
      address: { ...contactAddress, Line2: null },
    });
  });
});

describe('bank account owner removal and renaming (foundations §5)', () => {
  it('requires the bank account and the entity', () => {
    expect(issues(bankAccountOwnerRemovalSchema, {})).toEqual([
      'bankAccountId: Bank Account ID is required',
      'entityId: Entity ID is required',
    ]);
    expect(bankAccountOwnerRemovalSchema.parse({ bankAccountId: 'bank_account-1', entityId: 'person-1' })).toEqual({
      bankAccountId: 'bank_account-1',
      entityId: 'person-1',
    });
  });

  it('requires a nickname to rename a record', () => {
    expect(issues(renameFinancialRecordSchema, { nickname: '' })).toEqual(['nickname: Nickname is required']);
  });
});

describe('upload request (foundations §5)', () => {
  it('requires the file name and defaults useVault to false', () => {
    expect(uploadRequestSchema.parse({ fileName: 'statement.pdf' })).toEqual({
      fileName: 'statement.pdf',
      useVault: false,
    });
    expect(uploadRequestSchema.parse({ fileName: 'id.png', useVault: true })).toEqual({
      fileName: 'id.png',
      useVault: true,
    });
    expect(issues(uploadRequestSchema, { useVault: true })).toEqual(['fileName: File name is required']);
    expect(issues(fileDeleteSchema, { fileName: ' ' })).toEqual(['fileName: File name is required']);
  });
});

describe('mentionable entity type (foundations §5)', () => {
  it('accepts a lower-cased entity kind only', () => {
    expect(mentionableEntityTypeSchema.parse('contact')).toBe('contact');
    expect(mentionableEntityTypeSchema.parse('acount_owner')).toBe('acount_owner');
    for (const value of ['Contact', 'CONTACT', 'account_owner', 'super_admin', '', 3, undefined]) {
      expect(issues(mentionableEntityTypeSchema, value)).toEqual([': Invalid mentionable entity type']);
    }
  });
});

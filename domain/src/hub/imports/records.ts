import { z } from 'zod';
import { isStorableIsoDate } from '../../shared/input/common.js';
import { ContactType, Gender, LeadSource, PhoneType } from '../../crm/contacts/enums.js';
import { BankAccountType, InvestmentAccountType } from '../../financials/records/enums.js';
import { CountryCode } from '../../shared/regions/regions.js';
import { FamilyMemberRole } from '../../crm/households/enums.js';
import { TaskStatus } from '../../practice/tasks/enums.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { AddressMessage } from '../../shared/input/address.js';
import { optionalText, requiredString } from '../../shared/input/common.js';
import { ContactMessage, PHONE_LABEL_MAX_LENGTH } from '../../crm/contacts/schemas.js';
import { emailSchema } from '../../shared/input/email.js';
import { HOUSEHOLD_NAME_MAX_LENGTH, HouseholdMessage } from '../../crm/households/schemas.js';
import { nameParts } from '../../shared/input/person-name.js';
import { phoneSchema } from '../../shared/input/phone.js';
import { TaskMessage } from '../../practice/tasks/schemas.js';
import { ImportMessage } from './transforms/result.js';
import {
  CUSTOM_FIELD_NAME_MAX_LENGTH,
  CUSTOM_FIELD_TEXT_MAX_LENGTH,
  CustomFieldMessage,
} from '../../crm/custom-fields/schemas.js';

/**
 * The normalized records a mapped row becomes, one shape per kind, and their validation. The
 * schemas reuse the domain's rules and messages (names, e-mails, phones, addresses, households,
 * tasks); what they check is what the write side will need, so a row that passes here can be
 * written, and a row that fails is reported with the same messages the forms show.
 */

const nullableText = optionalText();
/** Notes and task notes keep their line breaks. */
const nullableNote = optionalText({ kind: 'note' });
const isoDate = z.iso.date({ error: ImportMessage.dateInvalid }).refine(isStorableIsoDate, ImportMessage.dateInvalid);

const sourceId = z.string().trim().min(1, ImportMessage.sourceIdRequired).nullable();

export const importedEmailSchema = z.object({
  email: emailSchema(ContactMessage.emailInvalid),
  label: nullableText,
  primary: z.boolean(),
});

export const importedPhoneSchema = z.object({
  countryCode: phoneSchema.shape.countryCode,
  number: phoneSchema.shape.number,
  type: z.enum(PhoneType, { error: ContactMessage.phoneTypeInvalid }),
  label: z.string().max(PHONE_LABEL_MAX_LENGTH, ContactMessage.phoneLabelTooLong).nullable(),
  primary: z.boolean(),
});

/** An address must be whole (crm §5): a partial one gets the spec's message for each missing part. */
export const importedAddressSchema = z.object({
  label: nullableText,
  line1: requiredString(AddressMessage.line1Required),
  line2: nullableText,
  city: requiredString(AddressMessage.cityRequired),
  province: requiredString(AddressMessage.provinceRequired),
  postalCode: requiredString(AddressMessage.postalCodeRequired),
  countryName: requiredString(AddressMessage.countryRequired),
  primary: z.boolean(),
});

export const importedHouseholdRefSchema = z.object({
  sourceId: nullableText,
  name: z.string().trim().max(HOUSEHOLD_NAME_MAX_LENGTH, HouseholdMessage.nameTooLong).nullable(),
  role: z.enum(FamilyMemberRole, { error: HouseholdMessage.roleInvalid }).nullable(),
});

/** The kinds of custom field an import makes (and fills): a date, a single choice, a text. */
export const ImportedCustomFieldType = ['DATE', 'SINGLE_SELECT', 'TEXT'] as const;
export type ImportedCustomFieldType = (typeof ImportedCustomFieldType)[number];

/** A value the contact keeps in a custom field of its organization, named as the profile names it. */
export const importedCustomFieldSchema = z.discriminatedUnion('type', [
  z.object({
    name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX_LENGTH),
    type: z.literal('DATE'),
    value: isoDate,
  }),
  z.object({
    name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX_LENGTH),
    type: z.enum(['SINGLE_SELECT', 'TEXT']),
    value: z.string().trim().min(1).max(CUSTOM_FIELD_TEXT_MAX_LENGTH, CustomFieldMessage.textTooLong),
  }),
]);
export type ImportedCustomField = z.output<typeof importedCustomFieldSchema>;

export const importedContactSchema = z.object({
  kind: z.literal('contacts'),
  sourceId,
  firstName: nameParts.first,
  lastName: nameParts.last,
  middleName: nameParts.middle,
  preferredName: nameParts.preferred,
  gender: z.enum(Gender, { error: ContactMessage.genderInvalid }).nullable(),
  type: z.enum(ContactType).nullable(),
  source: z.enum(LeadSource, { error: ContactMessage.sourceInvalid }).nullable(),
  emails: z.array(importedEmailSchema),
  phones: z.array(importedPhoneSchema),
  addresses: z.array(importedAddressSchema),
  employment: z.object({ employerName: nullableText, jobTitle: nullableText }).nullable(),
  tags: z.array(z.string()),
  note: nullableNote,
  dateOfBirth: isoDate.nullable(),
  household: importedHouseholdRefSchema.nullable(),
  /**
   * Values kept in the organization's custom fields of contacts (review dates, risk tolerance),
   * one per field name. Absent rather than empty, so the records (and content hashes) of files
   * without such columns are what they were before custom fields were imported.
   */
  customFields: z.array(importedCustomFieldSchema).min(1).optional(),
});
export type ImportedContact = z.output<typeof importedContactSchema>;

export const importedPersonSchema = z.object({
  kind: z.literal('persons'),
  sourceId,
  firstName: nameParts.first,
  lastName: nameParts.last,
  middleName: nameParts.middle,
  preferredName: nameParts.preferred,
  dateOfBirth: isoDate.nullable(),
  gender: z.enum(Gender, { error: ContactMessage.genderInvalid }).nullable(),
  email: emailSchema(ContactMessage.emailInvalid).nullable(),
  household: importedHouseholdRefSchema.nullable(),
});
export type ImportedPerson = z.output<typeof importedPersonSchema>;

export const importedHouseholdSchema = z.object({
  kind: z.literal('households'),
  sourceId,
  name: requiredString(HouseholdMessage.nameRequired, {
    max: HOUSEHOLD_NAME_MAX_LENGTH,
    tooLong: HouseholdMessage.nameTooLong,
  }),
  salutation: nullableText,
  advisor: nullableText,
});
export type ImportedHousehold = z.output<typeof importedHouseholdSchema>;

const moneySchema = z.object({ amount: z.string(), currency: z.enum(CURRENCY_CODES) });

/**
 * An account owner: named (a person found or created by name), or known only by its source id (a
 * person imported from the same system, which must exist when the account is written).
 */
export const importedOwnerSchema = z.union([
  z.object({
    sourceId: nullableText,
    firstName: nameParts.first,
    lastName: nameParts.last,
    dateOfBirth: isoDate.nullable(),
  }),
  z.object({
    sourceId: z.string().trim().min(1),
    firstName: z.null(),
    lastName: z.null(),
    dateOfBirth: z.null(),
  }),
]);

export const importedFinancialRecordSchema = z
  .object({
    kind: z.literal('financialRecords'),
    /** The account number: the record's identity at the source. */
    sourceId: z.string({ error: ImportMessage.sourceIdRequired }).trim().min(1, ImportMessage.sourceIdRequired),
    recordType: z.enum(['INVESTMENT_ACCOUNT', 'BANK_ACCOUNT']),
    accountType: z.enum(InvestmentAccountType, { error: ImportMessage.accountTypeInvalid }).nullable(),
    bankAccountType: z.enum(BankAccountType).nullable(),
    /** Set when the source's type has no exact match (`Spousal RRSP` kept as RRSP). */
    accountTypeNote: nullableText,
    name: nullableText,
    marketValue: moneySchema.nullable(),
    costBasis: moneySchema.nullable(),
    asOfDate: isoDate.nullable(),
    institution: nullableText,
    jurisdiction: z.enum(CountryCode).nullable(),
    owners: z.array(importedOwnerSchema),
    isJoint: z.boolean(),
    household: importedHouseholdRefSchema.nullable(),
    advisor: nullableText,
  })
  .refine((record) => record.recordType !== 'INVESTMENT_ACCOUNT' || record.accountType !== null, {
    message: ImportMessage.accountTypeInvalid,
    path: ['accountType'],
  });
export type ImportedFinancialRecord = z.output<typeof importedFinancialRecordSchema>;

const ownerRefSchema = z.object({ sourceId: nullableText, name: nullableText });

export const importedTaskSchema = z.object({
  kind: z.literal('tasks'),
  sourceId,
  title: requiredString(TaskMessage.titleRequired),
  note: nullableNote,
  dueDate: isoDate.nullable(),
  status: z.enum(TaskStatus, { error: TaskMessage.statusInvalid }),
  type: nullableText,
  priority: nullableText,
  assignee: nullableText,
  owner: ownerRefSchema.nullable(),
});
export type ImportedTask = z.output<typeof importedTaskSchema>;

export const importedNoteSchema = z.object({
  kind: z.literal('notes'),
  sourceId,
  title: nullableText,
  body: requiredString(ImportMessage.noteBodyRequired, { kind: 'note' }),
  /** `YYYY-MM-DDTHH:mm:ss` or a date, without zone: the firm's time zone applies. */
  date: z.string().nullable(),
  owner: ownerRefSchema.nullable(),
  author: nullableText,
});
export type ImportedNote = z.output<typeof importedNoteSchema>;

export interface ImportedRecordByKind {
  contacts: ImportedContact;
  persons: ImportedPerson;
  households: ImportedHousehold;
  financialRecords: ImportedFinancialRecord;
  tasks: ImportedTask;
  notes: ImportedNote;
}
export type ImportedRecord = ImportedRecordByKind[keyof ImportedRecordByKind];

export const IMPORTED_RECORD_SCHEMAS = {
  contacts: importedContactSchema,
  persons: importedPersonSchema,
  households: importedHouseholdSchema,
  financialRecords: importedFinancialRecordSchema,
  tasks: importedTaskSchema,
  notes: importedNoteSchema,
} as const;

/** The contact type an import gives the contacts it creates when their row says none (today's default). */
export const DEFAULT_IMPORT_CONTACT_TYPE: ContactType = 'LEAD';

/** What the user chose for the records an import creates (issue 14). */
export interface ImportCreateDefaults {
  contactType: ContactType;
}

/**
 * The record a CREATE row is written as: a contact whose row gives no type gets the import's. Only
 * at the write: the staged record (and its content hash) keep the file's own values, so a later
 * file without types changes nothing, and a type the advisor set since stays.
 */
export function withCreateDefaults(record: ImportedRecord, defaults: ImportCreateDefaults): ImportedRecord {
  return record.kind === 'contacts' && record.type === null ? { ...record, type: defaults.contactType } : record;
}

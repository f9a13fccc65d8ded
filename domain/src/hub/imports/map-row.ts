import type { z } from 'zod';
import type { PhoneType } from '../../crm/contacts/enums.js';
import { normalizeHeader } from './headers.js';
import type { AnyImportProfile, ImportColumn, ImportFieldType, ImportProfile, ImportRecordKind } from './profile.js';
import { IMPORT_FIELDS } from './profile.js';
import { IMPORTED_RECORD_SCHEMAS, type ImportedRecordByKind } from './records.js';
import { parseAccountType } from './transforms/account-types.js';
import { parseAmount, parseCurrency } from './transforms/amounts.js';
import { parseImportDate, parseImportDateTime } from './transforms/dates.js';
import { parsePhone } from './transforms/phones.js';
import { COUNTRY_NAMES, normalizeCountry, normalizePostalCode, normalizeRegion } from './transforms/places.js';
import { ImportMessage, ok, type TransformResult } from './transforms/result.js';
import { mapValue, parseBoolean, parseEmail, splitFullName, splitValues } from './transforms/values.js';
import { ENUM_FIELDS } from './value-maps.js';

/** One problem of a row: the record field, the file column it came from, the text, and the rule's message. */
export interface ImportFieldError {
  field: string;
  column: string | null;
  value: string | null;
  message: string;
}

/** A data row as the file reader gives it: values by header, and the cells in file order. */
export interface ImportRowInput {
  values: Readonly<Record<string, string | null>>;
  cells?: readonly (string | null)[];
}

export type MappedRow<K extends ImportRecordKind = ImportRecordKind> =
  | { status: 'valid'; sourceId: string | null; record: ImportedRecordByKind[K]; warnings: string[] }
  | {
      status: 'invalid';
      sourceId: string | null;
      errors: ImportFieldError[];
      /** The record as far as the row gave it, unvalidated: a row missing only a name is completed from it. */
      draft: Record<string, unknown>;
    }
  /** Not a record: a group title, a repeated header, a subitem or summary row (monday.com). */
  | { status: 'skipped'; reason: string };

/** A column of the profile bound to the header it has in this file. */
export interface ColumnBinding<K extends ImportRecordKind = ImportRecordKind> {
  column: ImportColumn<K>;
  header: string;
}

export interface RowMapper<K extends ImportRecordKind = ImportRecordKind> {
  profile: AnyImportProfile;
  bindings: readonly ColumnBinding<K>[];
  /** Headers of the file no column of the profile reads (shown in the wizard; ignored on import). */
  unmappedHeaders: readonly string[];
  mapRow(row: ImportRowInput): MappedRow<K>;
}

interface Entry {
  value: unknown;
  column: ImportColumn;
  header: string;
}

type Bag = Map<string, Entry[]>;

function transform(
  type: ImportFieldType,
  field: string,
  text: string,
  column: ImportColumn,
  profile: ImportProfile,
): TransformResult<unknown> {
  const { options } = profile;
  switch (type) {
    case 'id':
    case 'text':
    case 'name':
      return ok(text.trim());
    case 'accountNumber':
      // Exports print the same account as `123-456 78` and `12345678`.
      return ok(text.replace(/[\s-]+/g, ''));
    case 'fullName':
      return ok(splitFullName(text));
    case 'email':
      return parseEmail(text);
    case 'phone':
      return parsePhone(text, options.phoneCountryCode);
    case 'date':
      return parseImportDate(text, options.dateOrder);
    case 'dateTime': {
      const parsed = parseImportDateTime(text, options.dateOrder);
      return parsed.ok
        ? ok(parsed.value.time ? `${parsed.value.date}T${parsed.value.time}` : parsed.value.date)
        : parsed;
    }
    case 'amount':
      return parseAmount(text, { decimalComma: options.decimalComma });
    case 'currency':
      return parseCurrency(text);
    case 'accountType':
      return parseAccountType(text);
    case 'boolean':
      return parseBoolean(text);
    case 'province':
      return ok(normalizeRegion(text));
    case 'country':
      return ok(normalizeCountry(text));
    case 'postalCode':
      return ok(normalizePostalCode(text));
    case 'list':
      return ok(splitValues(text, column.separator ?? ','));
    case 'enum': {
      const defaults = ENUM_FIELDS[field];
      return mapValue(text, column.values ?? defaults?.values ?? {}, defaults?.message);
    }
    default:
      return ok(text.trim());
  }
}

/** Binds each column of the profile to the first header of the file matching one of its spellings. */
export function bindColumns<K extends ImportRecordKind>(
  profile: ImportProfile<K>,
  headers: readonly string[],
): ColumnBinding<K>[] {
  const byFolded = new Map<string, string>();
  for (const header of headers)
    if (!byFolded.has(normalizeHeader(header))) byFolded.set(normalizeHeader(header), header);
  const bindings: ColumnBinding<K>[] = [];
  for (const column of profile.columns) {
    const header = column.headers
      .map((alias) => byFolded.get(normalizeHeader(alias)))
      .find((found) => found !== undefined);
    if (header !== undefined) bindings.push({ column, header });
  }
  return bindings;
}

/** monday.com boards mix group titles, repeated headers, subitem blocks and summaries into the rows. */
function mondayRowKind(row: ImportRowInput, headers: readonly string[]): string | null {
  const cells = row.cells ?? headers.map((header) => row.values[header] ?? null);
  const first = cells[0]?.trim() ?? null;
  if (first === null) return 'subitem or summary row';
  const folded = normalizeHeader(first);
  if (folded === 'subitems') return 'subitem header row';
  if (folded === normalizeHeader(headers[0] ?? '')) return 'repeated header row';
  if (cells.slice(1).every((cell) => cell === null)) return 'group title row';
  return null;
}

/**
 * A mapper for the rows of one file: binds the profile's columns to the file's headers once, then
 * maps each row to its normalized record, or to the list of what is wrong with it.
 */
export function createRowMapper<K extends ImportRecordKind>(
  profile: ImportProfile<K>,
  headers: readonly string[],
): RowMapper<K>;
export function createRowMapper(profile: AnyImportProfile, headers: readonly string[]): RowMapper;
export function createRowMapper<K extends ImportRecordKind>(
  profile: ImportProfile<K>,
  headers: readonly string[],
): RowMapper<K> {
  const bindings = bindColumns(profile, headers);
  const bound = new Set(bindings.map((binding) => binding.header));
  const fieldTypes = IMPORT_FIELDS[profile.kind] as Readonly<Record<string, ImportFieldType>>;
  return {
    profile: profile as unknown as AnyImportProfile,
    bindings,
    unmappedHeaders: headers.filter((header) => !bound.has(header)),
    mapRow(row) {
      if (profile.rowLayout === 'monday') {
        const skip = mondayRowKind(row, headers);
        if (skip) return { status: 'skipped', reason: skip };
      }
      const bag: Bag = new Map();
      const errors: ImportFieldError[] = [];
      for (const { column, header } of bindings) {
        const text = row.values[header];
        if (text === null || text === undefined || text.trim() === '') continue;
        const type = fieldTypes[column.field] as ImportFieldType;
        const many =
          (type === 'email' || type === 'phone') && column.separator ? splitValues(text, column.separator) : [text];
        for (const part of many) {
          const result = transform(
            type,
            column.field,
            part,
            column as ImportColumn,
            profile as unknown as ImportProfile,
          );
          if (!result.ok) errors.push({ field: column.field, column: header, value: part, message: result.message });
          else if (result.value !== null) {
            const entries = bag.get(column.field) ?? [];
            entries.push({ value: result.value, column: column as ImportColumn, header });
            bag.set(column.field, entries);
          }
        }
      }
      const draft = BUILDERS[profile.kind](bag, profile as unknown as ImportProfile);
      const sourceId = typeof draft.record.sourceId === 'string' ? draft.record.sourceId : null;
      const schema = IMPORTED_RECORD_SCHEMAS[profile.kind] as z.ZodType;
      const parsed = schema.safeParse(draft.record);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = issue.path.map(String).join('.');
          // Transform errors already explain a field that is empty because its text was refused.
          if (errors.some((error) => path.startsWith(draft.fieldOf(error.field)))) continue;
          errors.push({ field: path, column: draft.columnOf(path), value: null, message: issue.message });
        }
      }
      if (errors.length > 0) return { status: 'invalid', sourceId, errors, draft: draft.record };
      return { status: 'valid', sourceId, record: parsed.data as ImportedRecordByKind[K], warnings: draft.warnings };
    },
  };
}

interface Draft {
  record: Record<string, unknown>;
  warnings: string[];
  /** The file column a record path came from, for the row report. */
  columnOf(path: string): string | null;
  /** The record path an import field fills. */
  fieldOf(field: string): string;
}

class DraftBuilder {
  readonly warnings: string[] = [];
  private readonly columns = new Map<string, string>();
  private readonly fields = new Map<string, string>();

  constructor(private readonly bag: Bag) {}

  first<T>(field: string, path = field): T | null {
    const entry = this.bag.get(field)?.[0];
    if (!entry) return null;
    this.columns.set(path, entry.header);
    this.fields.set(field, path);
    return entry.value as T;
  }

  all(field: string): Entry[] {
    return this.bag.get(field) ?? [];
  }

  note(path: string, header: string, field?: string): void {
    if (!this.columns.has(path)) this.columns.set(path, header);
    if (field) this.fields.set(field, path);
  }

  /** First and last name from their own columns, else split from a full-name column. */
  names(first: string, last: string, full: string): { firstName: string | null; lastName: string | null } {
    let firstName = this.first<string>(first, 'firstName');
    let lastName = this.first<string>(last, 'lastName');
    const split = this.first<{ firstName: string | null; lastName: string | null }>(full, 'lastName');
    if (split) {
      if (firstName === null && split.firstName !== null) {
        firstName = split.firstName;
        this.note('firstName', this.all(full)[0]?.header ?? '', full);
      }
      lastName ??= split.lastName;
    }
    return { firstName, lastName };
  }

  household(): { sourceId: string | null; name: string | null; role: string | null } | null {
    const ref = {
      sourceId: this.first<string>('householdSourceId', 'household.sourceId'),
      name: this.first<string>('householdName', 'household.name'),
      role: this.first<string>('householdRole', 'household.role'),
    };
    return ref.sourceId === null && ref.name === null && ref.role === null ? null : ref;
  }

  done(record: Record<string, unknown>): Draft {
    return {
      record,
      warnings: this.warnings,
      columnOf: (path) => {
        for (let parts = path.split('.'); parts.length > 0; parts.pop()) {
          const found = this.columns.get(parts.join('.'));
          if (found) return found;
        }
        return null;
      },
      fieldOf: (field) => this.fields.get(field) ?? field,
    };
  }
}

function phoneTypeOf(entry: Entry): PhoneType {
  if (entry.column.phoneType) return entry.column.phoneType;
  return /mobile|cell/i.test(`${entry.column.label ?? ''} ${entry.header}`) ? 'MOBILE' : 'LANDLINE';
}

const ADDRESS_PARTS = [
  'addressLine1',
  'addressLine2',
  'addressCity',
  'addressProvince',
  'addressPostalCode',
  'addressCountry',
] as const;

function buildAddresses(builder: DraftBuilder, profile: ImportProfile): Record<string, unknown>[] {
  const groups = new Map<string, Partial<Record<(typeof ADDRESS_PARTS)[number], Entry>>>();
  for (const part of ADDRESS_PARTS) {
    for (const entry of builder.all(part)) {
      const key = entry.column.group ?? 'main';
      const group = groups.get(key) ?? {};
      group[part] ??= entry;
      groups.set(key, group);
    }
  }
  const addresses: Record<string, unknown>[] = [];
  for (const group of groups.values()) {
    // A country alone (many exports fill it by default) is not an address.
    if (!group.addressLine1 && !group.addressCity && !group.addressProvince && !group.addressPostalCode) continue;
    const index = addresses.length;
    const region = group.addressProvince?.value as ReturnType<typeof normalizeRegion> | undefined;
    const country = group.addressCountry?.value as ReturnType<typeof normalizeCountry> | undefined;
    const label = ADDRESS_PARTS.map((part) => group[part]?.column.label).find((found) => found !== undefined) ?? null;
    addresses.push({
      label,
      line1: (group.addressLine1?.value as string | undefined) ?? null,
      line2: (group.addressLine2?.value as string | undefined) ?? null,
      city: (group.addressCity?.value as string | undefined) ?? null,
      province: region?.code ?? null,
      postalCode: (group.addressPostalCode?.value as string | undefined) ?? null,
      countryName: country?.name ?? COUNTRY_NAMES[region?.country ?? profile.options.country],
      primary: index === 0,
    });
    const parts: Record<string, (typeof ADDRESS_PARTS)[number]> = {
      line1: 'addressLine1',
      line2: 'addressLine2',
      city: 'addressCity',
      province: 'addressProvince',
      postalCode: 'addressPostalCode',
      countryName: 'addressCountry',
    };
    for (const [key, part] of Object.entries(parts)) {
      const header = group[part]?.header ?? Object.values(group)[0]?.header;
      if (header) builder.note(`addresses.${index}.${key}`, header, part);
    }
  }
  return addresses;
}

function buildContact(bag: Bag, profile: ImportProfile): Draft {
  const builder = new DraftBuilder(bag);
  const { firstName, lastName } = builder.names('firstName', 'lastName', 'fullName');
  const emails: Record<string, unknown>[] = [];
  for (const entry of builder.all('email')) {
    if (emails.some((email) => email.email === entry.value)) continue;
    builder.note(`emails.${emails.length}`, entry.header, 'email');
    emails.push({ email: entry.value, label: entry.column.label ?? null, primary: emails.length === 0 });
  }
  const phones: Record<string, unknown>[] = [];
  for (const entry of builder.all('phone')) {
    const phone = entry.value as { countryCode: string; number: string };
    if (phones.some((known) => known.number === phone.number && known.countryCode === phone.countryCode)) continue;
    builder.note(`phones.${phones.length}`, entry.header, 'phone');
    phones.push({
      ...phone,
      type: phoneTypeOf(entry),
      label: entry.column.label ?? null,
      primary: phones.length === 0,
    });
  }
  const employerName = builder.first<string>('employerName', 'employment.employerName');
  const jobTitle = builder.first<string>('jobTitle', 'employment.jobTitle');
  const tags = [...new Set(builder.all('tags').flatMap((entry) => entry.value as string[]))];
  const notes = builder.all('note').map((entry) => entry.value as string);
  return builder.done({
    kind: 'contacts',
    sourceId: builder.first<string>('sourceId'),
    firstName,
    lastName,
    middleName: builder.first<string>('middleName'),
    preferredName: builder.first<string>('preferredName'),
    gender: builder.first<string>('gender'),
    type: builder.first<string>('contactType', 'type'),
    source: builder.first<string>('leadSource', 'source'),
    emails,
    phones,
    addresses: buildAddresses(builder, profile),
    employment: employerName === null && jobTitle === null ? null : { employerName, jobTitle },
    tags,
    note: notes.length > 0 ? notes.join('\n\n') : null,
    dateOfBirth: builder.first<string>('dateOfBirth'),
    household: builder.household(),
  });
}

function buildPerson(bag: Bag): Draft {
  const builder = new DraftBuilder(bag);
  const { firstName, lastName } = builder.names('firstName', 'lastName', 'fullName');
  return builder.done({
    kind: 'persons',
    sourceId: builder.first<string>('sourceId'),
    firstName,
    lastName,
    middleName: builder.first<string>('middleName'),
    preferredName: builder.first<string>('preferredName'),
    dateOfBirth: builder.first<string>('dateOfBirth'),
    gender: builder.first<string>('gender'),
    email: builder.first<string>('email'),
    household: builder.household(),
  });
}

function buildHousehold(bag: Bag): Draft {
  const builder = new DraftBuilder(bag);
  return builder.done({
    kind: 'households',
    sourceId: builder.first<string>('sourceId'),
    name: builder.first<string>('name'),
    salutation: builder.first<string>('salutation'),
    advisor: builder.first<string>('advisor'),
  });
}

function buildFinancialRecord(bag: Bag, profile: ImportProfile): Draft {
  const builder = new DraftBuilder(bag);
  const type =
    builder.first<ReturnType<typeof parseAccountType> extends TransformResult<infer T> ? T : never>('accountType');
  if (type?.note)
    builder.warnings.push(
      `Account type kept as ${type.recordType === 'INVESTMENT_ACCOUNT' ? type.accountType : type.bankAccountType}: ${type.note}`,
    );
  const currencyColumn = builder.first<string>('currency');
  const money = (field: 'marketValue' | 'costBasis') => {
    const amount = builder.first<{ amount: string; currency: string | null }>(field);
    return amount
      ? { amount: amount.amount, currency: amount.currency ?? currencyColumn ?? profile.options.currency }
      : null;
  };
  const owners: Record<string, unknown>[] = [];
  const { firstName, lastName } = builder.names('ownerFirstName', 'ownerLastName', 'ownerName');
  const ownerSourceId = builder.first<string>('ownerSourceId', 'owners.0.sourceId');
  // An owner known only by its id (Westmount's Accounts table names just the ClientID) is a
  // reference to a person imported from the same system; the write side resolves it.
  if (firstName === null && lastName === null && ownerSourceId !== null) {
    owners.push({ sourceId: ownerSourceId, firstName: null, lastName: null, dateOfBirth: null });
  } else if (firstName !== null || lastName !== null) {
    owners.push({
      sourceId: ownerSourceId,
      firstName,
      lastName,
      dateOfBirth: builder.first<string>('ownerDateOfBirth', 'owners.0.dateOfBirth'),
    });
    builder.note(
      'owners.0.firstName',
      builder.all('ownerFirstName')[0]?.header ?? builder.all('ownerName')[0]?.header ?? '',
    );
    builder.note(
      'owners.0.lastName',
      builder.all('ownerLastName')[0]?.header ?? builder.all('ownerName')[0]?.header ?? '',
    );
  }
  const joint = builder.first<string>('jointOwnerName', 'owners.1');
  if (joint) owners.push({ sourceId: null, ...splitFullName(joint), dateOfBirth: null });
  const jurisdiction = builder.first<ReturnType<typeof normalizeCountry>>('jurisdiction');
  return builder.done({
    kind: 'financialRecords',
    sourceId: builder.first<string>('sourceId'),
    recordType: type?.recordType ?? 'INVESTMENT_ACCOUNT',
    accountType: type?.recordType === 'INVESTMENT_ACCOUNT' ? type.accountType : null,
    bankAccountType: type?.recordType === 'BANK_ACCOUNT' ? type.bankAccountType : null,
    accountTypeNote: type?.note ?? null,
    name: builder.first<string>('name'),
    marketValue: money('marketValue'),
    costBasis: money('costBasis'),
    asOfDate: builder.first<string>('asOfDate'),
    institution: builder.first<string>('institution'),
    jurisdiction: jurisdiction ? (jurisdiction.country ?? jurisdiction.name) : profile.options.country,
    owners,
    isJoint: joint !== null,
    household: builder.household(),
    advisor: builder.first<string>('advisor'),
  });
}

function ownerRef(builder: DraftBuilder): { sourceId: string | null; name: string | null } | null {
  const ref = {
    sourceId: builder.first<string>('ownerSourceId', 'owner.sourceId'),
    name: builder.first<string>('ownerName', 'owner.name'),
  };
  return ref.sourceId === null && ref.name === null ? null : ref;
}

function buildTask(bag: Bag): Draft {
  const builder = new DraftBuilder(bag);
  const status = builder.first<string>('status');
  const done = builder.first<boolean>('done', 'status');
  return builder.done({
    kind: 'tasks',
    sourceId: builder.first<string>('sourceId'),
    title: builder.first<string>('title'),
    note: builder.first<string>('note'),
    dueDate: builder.first<string>('dueDate'),
    status: status ?? (done ? 'DONE' : 'TODO'),
    type: builder.first<string>('type'),
    priority: builder.first<string>('priority'),
    assignee: builder.first<string>('assignee'),
    owner: ownerRef(builder),
  });
}

function buildNote(bag: Bag): Draft {
  const builder = new DraftBuilder(bag);
  return builder.done({
    kind: 'notes',
    sourceId: builder.first<string>('sourceId'),
    title: builder.first<string>('title'),
    body: builder.first<string>('body'),
    date: builder.first<string>('date'),
    owner: ownerRef(builder),
    author: builder.first<string>('author'),
  });
}

const BUILDERS: Readonly<Record<ImportRecordKind, (bag: Bag, profile: ImportProfile) => Draft>> = {
  contacts: buildContact,
  persons: buildPerson,
  households: buildHousehold,
  financialRecords: buildFinancialRecord,
  tasks: buildTask,
  notes: buildNote,
};

/**
 * Keeps the source ids seen in one file, to refuse the second row carrying the same id (issue #8:
 * duplicate source ids inside one file are bad input). Holds one string per row: about 50 bytes
 * each, so a million-row file costs some 50 MB here.
 */
export function createSourceIdCheck(): (sourceId: string | null, rowNumber: number) => ImportFieldError | null {
  const seen = new Map<string, number>();
  return (sourceId, rowNumber) => {
    if (sourceId === null) return null;
    const first = seen.get(sourceId);
    if (first === undefined) {
      seen.set(sourceId, rowNumber);
      return null;
    }
    return {
      field: 'sourceId',
      column: null,
      value: sourceId,
      message: `${ImportMessage.duplicateSourceId} (first on row ${first})`,
    };
  };
}

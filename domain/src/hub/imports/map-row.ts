import type { z } from 'zod';
import type { PhoneType } from '../../crm/contacts/enums.js';
import { normalizeHeader } from './headers.js';
import type { AnyImportProfile, ImportColumn, ImportFieldType, ImportProfile, ImportRecordKind } from './profile.js';
import { IMPORT_FIELDS } from './profile.js';
import { IMPORTED_RECORD_SCHEMAS, type ImportedRecordByKind } from './records.js';
import { parseAccountType } from './transforms/account-types.js';
import { parseAmount, parseCurrency } from './transforms/amounts.js';
import { parseImportDate, parseImportDateTime } from './transforms/dates.js';
import { parsePhone, phoneExtension } from './transforms/phones.js';
import { COUNTRY_NAMES } from '../../shared/regions/regions.js';
import { normalizeCountry, normalizePostalCode, normalizeRegion } from './transforms/places.js';
import { ImportMessage, ok, type TransformResult } from './transforms/result.js';
import { normalizeUsZip, parseBirthDate, repairDoubleUtf8, splitTags } from './transforms/text.js';
import { accountColumns, refusalOf, type ColumnAccount } from './column-accounts.js';
import { mapValue, parseBoolean, parseEmail, splitFullName, splitValues } from './transforms/values.js';
import { ENUM_FIELDS, KEEP_AS_TAG, KEEP_ON_NOTE } from './value-maps.js';
import type { ImportedCustomField } from './records.js';

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

/**
 * What a row is imported without, and why (issue 14): an optional part that fails its rule (an
 * incomplete address, a malformed second phone or e-mail, an unknown contact type) is left out
 * instead of failing the row. Same shape as an error, so the report shows both alike.
 */
export type ImportRowWarning = ImportFieldError;

export type MappedRow<K extends ImportRecordKind = ImportRecordKind> =
  | { status: 'valid'; sourceId: string | null; record: ImportedRecordByKind[K]; warnings: ImportRowWarning[] }
  | {
      status: 'invalid';
      sourceId: string | null;
      errors: ImportFieldError[];
      /** The record as far as the row gave it, unvalidated: a row missing only a name is completed from it. */
      draft: Record<string, unknown>;
    }
  /** A record the source marks deleted: not imported, and reported as skipped with the reason. */
  | { status: 'excluded'; sourceId: string | null; reasons: ImportRowWarning[] }
  /** Not a record: a group title, a repeated header, a subitem or summary row (monday.com). */
  | { status: 'skipped'; reason: string };

/** A parsed phone with the extension written after its number, if any. */
interface PhoneValue {
  countryCode: string;
  number: string;
  extension: string | null;
}

/** A column of the profile bound to the header it has in this file. */
export interface ColumnBinding<K extends ImportRecordKind = ImportRecordKind> {
  column: ImportColumn<K>;
  header: string;
}

export interface RowMapper<K extends ImportRecordKind = ImportRecordKind> {
  profile: AnyImportProfile;
  bindings: readonly ColumnBinding<K>[];
  /** Headers of the file no column of the profile reads nor refuses (shown in the wizard; ignored on import). */
  unmappedHeaders: readonly string[];
  /** Every header of the file with what the import does with it, in file order. */
  columns: readonly ColumnAccount[];
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
    case 'phone': {
      const parsed = parsePhone(text, options.phoneCountryCode);
      return parsed.ok ? ok<PhoneValue>({ ...parsed.value, extension: phoneExtension(text) }) : parsed;
    }
    case 'date':
      return parseImportDate(text, options.dateOrder);
    case 'birthDate':
      return parseBirthDate(text, options.dateOrder);
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
      // Tag cells use commas or semicolons, whichever the column's separator.
      return ok(
        column.separator && !/[,;]/.test(column.separator) ? splitValues(text, column.separator) : splitTags(text),
      );
    case 'enum':
      return mapThroughValues(column, text);
    default:
      return ok(text.trim());
  }
}

/** A value through its column's map, else its field's default map. */
function mapThroughValues(column: Pick<ImportColumn, 'field' | 'values'>, text: string) {
  const defaults = ENUM_FIELDS[column.field];
  return mapValue(text, column.values ?? defaults?.values ?? {}, defaults?.message);
}

/**
 * Whether a column of the kind has a value map the user sees and can change (issue 23): an enum
 * field's column (contact type, category, gender, source, role, task status), or a `kept` column
 * given a `values` map for its short list of values (marital status).
 */
export function hasValueMap(
  kind: ImportRecordKind,
  column: { field: string; values?: ImportColumn['values'] | undefined },
): boolean {
  const type = (IMPORT_FIELDS[kind] as Readonly<Record<string, ImportFieldType>>)[column.field];
  return type === 'enum' || (column.field === 'kept' && column.values !== undefined);
}

/**
 * What a value-mapped column makes of a value of the file, as the mapping shows it (`Past Client`
 * -> OTHER): our value, KEEP_AS_TAG or KEEP_ON_NOTE, null when the value is dropped on purpose,
 * undefined when it is not in the column's map (the row then gets the field's message, or for a
 * contact type, the import's type).
 */
export function enumValueOf(
  column: { field: string; values?: ImportColumn['values'] | undefined },
  text: string,
): string | null | undefined {
  const mapped = mapThroughValues(column as Pick<ImportColumn, 'field' | 'values'>, text);
  return mapped.ok ? mapped.value : undefined;
}

/** The field a value-mapped column's value goes to: a kept value to the note or the tags, a category's type to the type. */
function destinationOf(field: string, value: unknown): string {
  if (value === KEEP_ON_NOTE) return 'kept';
  if (value === KEEP_AS_TAG) return 'tags';
  return field === 'category' ? 'contactType' : field;
}

/** Binds each column of the profile to the first header of the file matching one of its spellings. */
export function bindColumns<K extends ImportRecordKind>(
  profile: ImportProfile<K>,
  headers: readonly string[],
): ColumnBinding<K>[] {
  const byFolded = new Map<string, string>();
  // A refused column (sensitive data) is never bound, whatever a mapping says of it.
  for (const header of headers)
    if (!byFolded.has(normalizeHeader(header)) && !refusalOf(profile, header))
      byFolded.set(normalizeHeader(header), header);
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
  const fieldTypes = IMPORT_FIELDS[profile.kind] as Readonly<Record<string, ImportFieldType>>;
  const columns = accountColumns(profile, headers, bindings);
  return {
    profile: profile as unknown as AnyImportProfile,
    bindings,
    unmappedHeaders: columns.filter((column) => column.outcome === 'NOT_IMPORTED').map((column) => column.header),
    columns,
    mapRow(row) {
      if (profile.rowLayout === 'monday') {
        const skip = mondayRowKind(row, headers);
        if (skip) return { status: 'skipped', reason: skip };
      }
      const bag: Bag = new Map();
      const errors: ImportFieldError[] = [];
      const warnings: ImportRowWarning[] = [];
      /** Non-empty values seen per field: the first e-mail or phone is the primary one, the rest optional. */
      const seen = new Map<string, number>();
      for (const { column, header } of bindings) {
        const cell = row.values[header];
        if (cell === null || cell === undefined || cell.trim() === '') continue;
        // UTF-8 read twice on its way here (`JosÃ©`): repaired, and the row says so.
        const repaired = repairDoubleUtf8(cell);
        const text = repaired ?? cell;
        if (repaired !== null)
          warnings.push({ field: column.field, column: header, value: cell, message: ImportMessage.textRepaired });
        const valueMapped = hasValueMap(profile.kind, column);
        const type = valueMapped ? 'enum' : (fieldTypes[column.field] as ImportFieldType);
        const many =
          (type === 'email' || type === 'phone') && column.separator ? splitValues(text, column.separator) : [text];
        for (const part of many) {
          const position = seen.get(column.field) ?? 0;
          seen.set(column.field, position + 1);
          const result = transform(
            type,
            column.field,
            part,
            column as ImportColumn,
            profile as unknown as ImportProfile,
          );
          if (!result.ok) {
            const problem = { field: column.field, column: header, value: part, message: result.message };
            const dropped = droppedPartMessage(profile.kind, column.field, type, position);
            // An unknown type label needs no reason after it: the warning says what happens instead.
            if (dropped === ImportMessage.contactTypeDropped) warnings.push({ ...problem, message: dropped });
            else if (dropped) warnings.push({ ...problem, message: `${dropped}: ${result.message}` });
            else errors.push(problem);
          } else if (result.value !== null) {
            // A value the map keeps rather than converts goes to the note (under the column's
            // label) or the tags, as the file writes it.
            const field = valueMapped ? destinationOf(column.field, result.value) : column.field;
            const value =
              field === 'kept' && valueMapped
                ? part.trim()
                : field === 'tags' && valueMapped
                  ? [part.trim()]
                  : result.value;
            const entries = bag.get(field) ?? [];
            entries.push({ value, column: column as ImportColumn, header });
            bag.set(field, entries);
          }
        }
      }
      const deleted = bag.get('deleted')?.[0];
      if (deleted?.value === true) {
        const id = bag.get('sourceId')?.[0]?.value;
        return {
          status: 'excluded',
          sourceId: typeof id === 'string' && id !== '' ? id : null,
          reasons: [
            {
              field: 'deleted',
              column: deleted.header,
              value: row.values[deleted.header] ?? null,
              message: ImportMessage.deletedAtSource,
            },
          ],
        };
      }
      const draft = BUILDERS[profile.kind](bag, profile as unknown as ImportProfile);
      warnings.push(...draft.warnings);
      const sourceId = typeof draft.record.sourceId === 'string' ? draft.record.sourceId : null;
      const schema = IMPORTED_RECORD_SCHEMAS[profile.kind] as z.ZodType;
      let parsed = schema.safeParse(draft.record);
      if (!parsed.success && errors.length === 0) {
        // Only optional parts fail: the row is imported without them, each reported as a warning.
        const parts = optionalParts(profile.kind, parsed.error.issues);
        if (parts) {
          warnings.push(...parts.warnings(draft));
          parsed = schema.safeParse(parts.without(draft.record));
        }
      }
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = issue.path.map(String).join('.');
          // Transform errors already explain a field that is empty because its text was refused.
          if (errors.some((error) => path.startsWith(draft.fieldOf(error.field)))) continue;
          errors.push({ field: path, column: draft.columnOf(path), value: null, message: issue.message });
        }
      }
      if (errors.length > 0 || !parsed.success) return { status: 'invalid', sourceId, errors, draft: draft.record };
      return { status: 'valid', sourceId, record: parsed.data as ImportedRecordByKind[K], warnings };
    },
  };
}

/**
 * The warning's lead when a value that failed its transform is an optional part of the record,
 * left out of it; null when the failure makes the row invalid. A contact's first e-mail and first
 * phone are its primary ones and stay required to be valid; the later ones are optional, as is a
 * contact type label we do not know (the import's contact type applies instead).
 */
function droppedPartMessage(
  kind: ImportRecordKind,
  field: string,
  type: ImportFieldType,
  position: number,
): string | null {
  if (kind !== 'contacts') return null;
  if (field === 'contactType') return ImportMessage.contactTypeDropped;
  // A review date the file writes in no way we read is left out, not the person with it.
  if (field in CUSTOM_FIELD_TYPES) return ImportMessage.customFieldDropped;
  if (position === 0) return null;
  if (type === 'email') return ImportMessage.emailDropped;
  if (type === 'phone') return ImportMessage.phoneDropped;
  return null;
}

/**
 * The parts of a contact that may be left out when they fail: every address, e-mails and phones
 * after the first, every custom field value; `primary`: the list has one primary item.
 */
const OPTIONAL_LISTS: Readonly<Record<string, { from: number; message: string; primary: boolean }>> = {
  addresses: { from: 0, message: ImportMessage.addressDropped, primary: true },
  emails: { from: 1, message: ImportMessage.emailDropped, primary: true },
  phones: { from: 1, message: ImportMessage.phoneDropped, primary: true },
  customFields: { from: 0, message: ImportMessage.customFieldDropped, primary: false },
};

/**
 * When every failed rule of a row is in an optional part (see OPTIONAL_LISTS), how to leave those
 * parts out and what to report; null when something else fails too (the row is invalid).
 */
function optionalParts(kind: ImportRecordKind, issues: readonly z.core.$ZodIssue[]) {
  if (kind !== 'contacts') return null;
  const failed = new Map<string, { list: string; index: number; path: string; messages: string[] }>();
  for (const issue of issues) {
    const [list, index] = issue.path;
    const rule = typeof list === 'string' ? OPTIONAL_LISTS[list] : undefined;
    if (!rule || typeof index !== 'number' || index < rule.from) return null;
    const key = `${list as string}.${index}`;
    const path = issue.path.map(String).join('.');
    const part = failed.get(key) ?? { list: list as string, index, path, messages: [] };
    if (!part.messages.includes(issue.message)) part.messages.push(issue.message);
    failed.set(key, part);
  }
  const parts = [...failed.values()];
  return {
    warnings: (draft: Draft): ImportRowWarning[] =>
      parts.map((part) => ({
        field: `${part.list}.${part.index}`,
        column: draft.columnOf(part.path),
        value: null,
        message: `${OPTIONAL_LISTS[part.list]!.message}: ${part.messages.join('; ')}`,
      })),
    without: (record: Record<string, unknown>): Record<string, unknown> => {
      const next = { ...record };
      for (const list of new Set(parts.map((part) => part.list))) {
        const drop = new Set(parts.filter((part) => part.list === list).map((part) => part.index));
        const kept = (record[list] as Record<string, unknown>[]).filter((_, index) => !drop.has(index));
        // The first part left is the primary one (exactly one of each list is primary, crm §5).
        if (OPTIONAL_LISTS[list]!.primary) next[list] = kept.map((item, index) => ({ ...item, primary: index === 0 }));
        else if (kept.length > 0) next[list] = kept;
        // An empty list of custom fields is no list (see importedContactSchema).
        else delete next[list];
      }
      return next;
    },
  };
}

interface Draft {
  record: Record<string, unknown>;
  warnings: ImportRowWarning[];
  /** The file column a record path came from, for the row report. */
  columnOf(path: string): string | null;
  /** The record path an import field fills. */
  fieldOf(field: string): string;
}

class DraftBuilder {
  readonly warnings: ImportRowWarning[] = [];
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

/** A phone's label with its extension, which our phones keep there (`Work ext. 204`). */
function phoneLabel(label: string | null, extension: string | null): string | null {
  if (!extension) return label;
  return label ? `${label} ext. ${extension}` : `ext. ${extension}`;
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

/**
 * A street cell of several lines (Salesforce's `MailingStreet` holds `12 Main St` and `Suite 400`
 * on two lines) becomes line 1 and line 2; the lines after the first go before any line 2 the file
 * gives on its own.
 */
export function streetLines(
  street: string | null,
  second: string | null,
): { line1: string | null; line2: string | null } {
  if (street === null || !/[\r\n]/.test(street)) return { line1: street, line2: second };
  const lines = street
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const rest = [...lines.slice(1), ...(second ? [second] : [])];
  return { line1: lines[0] ?? null, line2: rest.length > 0 ? rest.join(', ') : null };
}

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
    const { line1, line2 } = streetLines(
      (group.addressLine1?.value as string | undefined) ?? null,
      (group.addressLine2?.value as string | undefined) ?? null,
    );
    const region = group.addressProvince?.value as ReturnType<typeof normalizeRegion> | undefined;
    const country = group.addressCountry?.value as ReturnType<typeof normalizeCountry> | undefined;
    const postalCode = (group.addressPostalCode?.value as string | undefined) ?? null;
    const inUs = (country?.country ?? region?.country ?? profile.options.country) === 'US';
    const label = ADDRESS_PARTS.map((part) => group[part]?.column.label).find((found) => found !== undefined) ?? null;
    addresses.push({
      label,
      line1,
      line2,
      city: (group.addressCity?.value as string | undefined) ?? null,
      province: region?.code ?? null,
      postalCode: postalCode !== null && inUs ? normalizeUsZip(postalCode) : postalCode,
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
  const extensions = builder.all('phoneExtension');
  const usedExtensions = new Set<Entry>();
  builder.all('phone').forEach((entry, position) => {
    const { extension, ...phone } = entry.value as PhoneValue;
    if (phones.some((known) => known.number === phone.number && known.countryCode === phone.countryCode)) return;
    // An extension column joins the phone of its group, or the first phone when it has no group.
    const column = extensions.find((candidate) =>
      candidate.column.group !== undefined ? candidate.column.group === entry.column.group : position === 0,
    );
    if (column) usedExtensions.add(column);
    builder.note(`phones.${phones.length}`, entry.header, 'phone');
    phones.push({
      ...phone,
      type: phoneTypeOf(entry),
      label: phoneLabel(entry.column.label ?? null, extension ?? (column?.value as string | undefined) ?? null),
      primary: phones.length === 0,
    });
  });
  for (const entry of extensions.filter((candidate) => !usedExtensions.has(candidate)))
    builder.warnings.push({
      field: 'phoneExtension',
      column: entry.header,
      value: entry.value as string,
      message: ImportMessage.extensionWithoutPhone,
    });
  const employerName = builder.first<string>('employerName', 'employment.employerName');
  const jobTitle = builder.first<string>('jobTitle', 'employment.jobTitle');
  const tags = [...new Set(builder.all('tags').flatMap((entry) => entry.value as string[]))];
  const notes = builder.all('note').map((entry) => entry.value as string);
  // Documented columns without a field of ours stay on the contact's note, one labelled line each.
  const kept = builder
    .all('kept')
    .map((entry) => `${entry.column.label ?? entry.header}: ${(entry.value as string).replace(/\s*[\r\n]+\s*/g, ' ')}`);
  for (const entry of builder.all('kept')) builder.note('note', entry.header, 'kept');
  if (kept.length > 0) notes.push(kept.join('\n'));
  const customFields = customFieldsOf(builder, profile);
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
    ...(customFields.length > 0 && { customFields }),
  });
}

const CUSTOM_FIELD_TYPES = { customDate: 'DATE', customChoice: 'SINGLE_SELECT', customText: 'TEXT' } as const;

/** The row's custom field values in the profile's column order, one per field name (the first column naming it wins). */
function customFieldsOf(builder: DraftBuilder, profile: ImportProfile): ImportedCustomField[] {
  const entries = Object.keys(CUSTOM_FIELD_TYPES)
    .flatMap((field) => builder.all(field))
    .sort((a, b) => profile.columns.indexOf(a.column) - profile.columns.indexOf(b.column));
  const fields: ImportedCustomField[] = [];
  for (const entry of entries) {
    const name = entry.column.label ?? entry.header;
    if (fields.some((known) => known.name.toLowerCase() === name.toLowerCase())) continue;
    const type = CUSTOM_FIELD_TYPES[entry.column.field as keyof typeof CUSTOM_FIELD_TYPES];
    builder.note(`customFields.${fields.length}`, entry.header, entry.column.field);
    fields.push({ name, type, value: entry.value as string } as ImportedCustomField);
  }
  return fields;
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
  if (type?.note) {
    const entry = builder.all('accountType')[0];
    builder.warnings.push({
      field: 'accountType',
      column: entry?.header ?? null,
      value: type.note,
      message: `Account type kept as ${type.recordType === 'INVESTMENT_ACCOUNT' ? type.accountType : type.bankAccountType}: ${type.note}`,
    });
  }
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

import type { PhoneType } from '../../crm/contacts/enums.js';
import type { ExternalSourceSystem } from '../connections/enums.js';
import type { CurrencyCode } from '../../shared/money/currency.js';
import type { HeaderExpectation } from './headers.js';
import type { DateOrder } from './transforms/dates.js';
import type { RegionCountry } from './transforms/places.js';

/** The kinds of record an import carries (issue #8). */
export const ImportRecordKind = ['contacts', 'households', 'persons', 'financialRecords', 'tasks', 'notes'] as const;
export type ImportRecordKind = (typeof ImportRecordKind)[number];

/**
 * The fields a column can feed, per kind, and the transform each gets. The value types:
 * `text` trimmed text; `name` a name part; `fullName` split into first and last; `email`, `phone`,
 * `date`, `dateTime`, `amount`, `currency`, `accountType`, `boolean`, `province`, `country`,
 * `postalCode`; `enum` through the column's `values` map (or the field's default map); `list` split
 * on the column's separator.
 */
export const IMPORT_FIELDS = {
  contacts: {
    sourceId: 'id',
    firstName: 'name',
    lastName: 'name',
    fullName: 'fullName',
    middleName: 'name',
    preferredName: 'name',
    gender: 'enum',
    contactType: 'enum',
    leadSource: 'enum',
    email: 'email',
    phone: 'phone',
    /** An extension kept apart from its number: it joins the phone of its column's group (else the first phone). */
    phoneExtension: 'text',
    addressLine1: 'text',
    addressLine2: 'text',
    addressCity: 'text',
    addressProvince: 'province',
    addressPostalCode: 'postalCode',
    addressCountry: 'country',
    employerName: 'text',
    jobTitle: 'text',
    tags: 'list',
    note: 'text',
    /**
     * A documented column we have no field for, kept on the contact's note as `<label>: <value>`.
     * With a `values` map (a short list of values: marital status), the user may keep each value
     * as a tag instead (issue 23).
     */
    kept: 'text',
    /**
     * A source's category or status (Redtail `status`, Salesforce's client category): through its
     * value map a contact type (when no contact type column gives one), a tag, or by default a
     * line `<label>: <value>` of the contact's note.
     */
    category: 'enum',
    /**
     * A documented column the product has no field for but the firm can keep as one of its own
     * (review dates, risk tolerance): a custom field of contacts named by the column's `label`,
     * made on the first import that needs it. `customDate` a date field, `customChoice` a
     * single-select field whose options grow with the values met, `customText` a text field.
     */
    customDate: 'date',
    customChoice: 'text',
    customText: 'text',
    dateOfBirth: 'birthDate',
    householdSourceId: 'id',
    householdName: 'text',
    householdRole: 'enum',
    /** The source's deleted-record flag (Salesforce `IsDeleted`): a row flagged so is skipped and reported. */
    deleted: 'boolean',
  },
  persons: {
    sourceId: 'id',
    firstName: 'name',
    lastName: 'name',
    fullName: 'fullName',
    middleName: 'name',
    preferredName: 'name',
    dateOfBirth: 'birthDate',
    gender: 'enum',
    email: 'email',
    householdSourceId: 'id',
    householdName: 'text',
    householdRole: 'enum',
  },
  households: {
    sourceId: 'id',
    name: 'text',
    salutation: 'text',
    advisor: 'text',
  },
  financialRecords: {
    sourceId: 'accountNumber',
    accountType: 'accountType',
    name: 'text',
    marketValue: 'amount',
    costBasis: 'amount',
    currency: 'currency',
    asOfDate: 'date',
    institution: 'text',
    jurisdiction: 'country',
    ownerSourceId: 'id',
    ownerName: 'fullName',
    ownerFirstName: 'name',
    ownerLastName: 'name',
    ownerDateOfBirth: 'birthDate',
    jointOwnerName: 'text',
    householdSourceId: 'id',
    householdName: 'text',
    advisor: 'text',
  },
  tasks: {
    sourceId: 'id',
    title: 'text',
    note: 'text',
    dueDate: 'date',
    status: 'enum',
    done: 'boolean',
    type: 'text',
    priority: 'text',
    assignee: 'text',
    ownerSourceId: 'id',
    ownerName: 'text',
  },
  notes: {
    sourceId: 'id',
    title: 'text',
    body: 'text',
    date: 'dateTime',
    ownerSourceId: 'id',
    ownerName: 'text',
    author: 'text',
  },
} as const satisfies Record<ImportRecordKind, Record<string, ImportFieldType>>;

export type ImportFieldType =
  | 'id'
  | 'accountNumber'
  | 'text'
  | 'name'
  | 'fullName'
  | 'email'
  | 'phone'
  | 'date'
  /** A date never in the future: a two-digit year lands in the past. */
  | 'birthDate'
  | 'dateTime'
  | 'amount'
  | 'currency'
  | 'accountType'
  | 'boolean'
  | 'province'
  | 'country'
  | 'postalCode'
  | 'list'
  | 'enum';
/** The fields of a kind; over several kinds, the fields of any of them. */
export type ImportFieldOf<K extends ImportRecordKind> = K extends ImportRecordKind
  ? keyof (typeof IMPORT_FIELDS)[K] & string
  : never;

/** One column of a profile: the headers it may have in a file, the field it feeds, and how. */
export interface ImportColumn<K extends ImportRecordKind = ImportRecordKind> {
  field: ImportFieldOf<K>;
  /** Header spellings seen in real exports; compared folded (case, accents, punctuation ignored). */
  headers: readonly string[];
  /**
   * The column the profile's files are known by (the source id): a file that has it is a surer
   * match when a profile is suggested. It never refuses a file: rows without a source id are
   * matched on e-mail, phone and name (issue 14).
   */
  required?: boolean;
  /**
   * Label of the e-mail, phone or address this column fills (`Work`, `Home`, `Mobile`); for a
   * `kept` or `category` column, the label its value is kept under on the contact's note (`Marital
   * status`); for a custom field column, the custom field's name (`Last review`).
   */
  label?: string;
  /** For phones: landline unless said. */
  phoneType?: PhoneType;
  /**
   * Columns of one address share a group (`mailing`, `other`); the first group is primary. A phone
   * extension column joins the phone column of its group.
   */
  group?: string;
  /** Splits a cell holding several values (`,` for Pipedrive e-mails, `;` for HubSpot multi-selects). */
  separator?: string;
  /**
   * For `enum` fields (and `kept` columns with a short list of values): source values (folded) to
   * ours, or to KEEP_AS_TAG / KEEP_ON_NOTE for a contact column; null drops the value. Overrides the
   * field's default map; the user's value map of an import overrides both (see withValueMap).
   */
  values?: Readonly<Record<string, string | null>>;
}

/**
 * A column a profile refuses by design: sensitive data (government ids, health) the product must
 * never hold. Its values are neither imported nor shown; the column is listed as refused.
 */
export interface RefusedColumn {
  headers: readonly string[];
  /** Also refuses every header starting with one of `headers` (`drivers_license_*`). */
  prefix?: boolean;
  reason: string;
}

/** Where a profile's header set comes from, shown to users so a guess is visible as one. */
export type ProfileEvidence = 'documented' | 'observed' | 'assumed' | 'custom';

/** Defaults of a profile's transforms. */
export interface ImportProfileOptions {
  dateOrder: DateOrder;
  decimalComma: boolean;
  currency: CurrencyCode;
  phoneCountryCode: string;
  country: RegionCountry;
}

export const DEFAULT_PROFILE_OPTIONS: ImportProfileOptions = {
  dateOrder: 'MDY',
  decimalComma: false,
  currency: 'CAD',
  phoneCountryCode: '1',
  country: 'CA',
};

/**
 * Row types some exports mix into the data: monday.com's group-name rows, repeated headers,
 * subitem blocks and group summaries. `monday` skips all but item rows.
 */
export type RowLayout = 'plain' | 'monday';

export interface ImportProfile<K extends ImportRecordKind = ImportRecordKind> {
  /** Stable id (`pipedrive-people`); custom profiles get theirs from where they are saved. */
  id: string;
  name: string;
  /** The source system; null for a custom profile of a file from elsewhere. */
  source: ExternalSourceSystem | null;
  kind: K;
  evidence: ProfileEvidence;
  columns: readonly ImportColumn<K>[];
  /** Columns refused by design (see RefusedColumn); none when absent. */
  refused?: readonly RefusedColumn[];
  options: ImportProfileOptions;
  rowLayout: RowLayout;
  /** Known headers a row needs to be taken as the header row. */
  minHeaderMatches: number;
}

/** A profile of any kind (a union, so `profile.kind` narrows it). */
export type AnyImportProfile = { [K in ImportRecordKind]: ImportProfile<K> }[ImportRecordKind];

/** A profile's columns feeding `field`. */
export function columnsFor<K extends ImportRecordKind>(
  profile: ImportProfile<K>,
  field: ImportFieldOf<K>,
): ImportColumn<K>[] {
  return profile.columns.filter((column) => column.field === field);
}

/**
 * What the file reader needs of a profile to find its header row. Its `required` columns are those
 * a drop folder lists; the import flow does not pass them on to the reader (see `required` above).
 */
export function headerExpectation(profile: AnyImportProfile): HeaderExpectation {
  const columns: readonly { field: string; headers: readonly string[]; required?: boolean }[] = profile.columns;
  return {
    knownHeaders: columns.flatMap((column) => column.headers),
    required: columns
      .filter((column) => column.required)
      .map((column) => ({ field: column.field, aliases: column.headers })),
    minMatches: profile.minHeaderMatches,
  };
}

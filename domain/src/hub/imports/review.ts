import { PersonNameMessage } from '../../shared/input/person-name.js';
import {
  IMPORT_REVIEW_CHOICE_FIELDS,
  type ImportReviewChoice,
  type ImportReviewChoiceField,
  type ImportReviewConflict,
} from './api.js';
import { diffImportRecords, type ImportFieldChange } from './diff.js';
import { canonicalJson } from './hash.js';
import type { ImportFieldError } from './map-row.js';
import type { ImportedContact } from './records.js';

/**
 * The review queue's rules (issue 14): which refused rows the user may complete, and what
 * "the same person" writes to the contact. Accepting adds and never removes: the contact keeps its
 * e-mails, phones (with their types), addresses and tags and gains the row's others; a field
 * only one side fills takes that value; a field both fill differently is a conflict, kept as the
 * contact has it unless the user takes the file's.
 */

/** The required fields a row may lack and still be queued for review, with the message each gets. */
const COMPLETABLE: Readonly<Record<string, string>> = {
  firstName: PersonNameMessage.firstRequired,
  lastName: PersonNameMessage.lastRequired,
};

/**
 * The names a refused contact row lacks, when those are all that is wrong with it (then the row
 * goes to the review queue, where the user can give them); null when anything else is wrong.
 */
export function missingNameFields(errors: readonly ImportFieldError[]): string[] | null {
  if (errors.length === 0) return null;
  const missing = new Set<string>();
  for (const error of errors) {
    if (COMPLETABLE[error.field] !== error.message) return null;
    missing.add(error.field);
  }
  return [...missing];
}

type Email = ImportedContact['emails'][number];
type Phone = ImportedContact['phones'][number];
type Address = ImportedContact['addresses'][number];

const folded = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** What makes two items of a list the same item, whatever their labels, types and primary flags. */
export const LIST_ITEM_KEYS = {
  emails: (email: Email) => folded(email.email),
  phones: (phone: Phone) => `${phone.countryCode}:${phone.number}`,
  addresses: (address: Address) =>
    [address.line1, address.line2, address.city, address.postalCode].map(folded).join('|'),
} as const;

/** The current items, then the file's items the current ones lack (never primary when the contact has items). */
function unionOf<T extends { primary: boolean }>(current: readonly T[], file: readonly T[], key: (item: T) => string) {
  const known = new Set(current.map(key));
  const added: T[] = [];
  for (const item of file) {
    const itemKey = key(item);
    if (known.has(itemKey)) continue;
    known.add(itemKey);
    added.push(item);
  }
  if (current.length === 0) return added.map((item, index) => ({ ...item, primary: index === 0 }));
  return [...current, ...added.map((item) => ({ ...item, primary: false }))];
}

type CustomField = NonNullable<ImportedContact['customFields']>[number];

/**
 * The contact's custom field values, then the file's for fields it has no value in: a value the
 * contact has (perhaps the advisor's) is never replaced by a merge. Absent when neither has any.
 */
function customFieldUnion(current: readonly CustomField[] = [], file: readonly CustomField[] = []) {
  const known = new Set(current.map((field) => folded(field.name)));
  const merged = [...current, ...file.filter((field) => !known.has(folded(field.name)))];
  return merged.length > 0 ? merged : undefined;
}

function tagUnion(current: readonly string[], file: readonly string[]): string[] {
  const known = new Set(current.map(folded));
  const added = file.filter((name) => {
    const key = folded(name);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  return [...current, ...added];
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

type Employment = NonNullable<ImportedContact['employment']>;

/** Employer and title merged part by part; a conflict when both give a part and differ. */
function mergeEmployment(
  current: Employment | null,
  file: Employment | null,
  choice: ImportReviewChoice,
): { value: Employment | null; conflict: boolean } {
  if (!file || (isEmpty(file.employerName) && isEmpty(file.jobTitle))) return { value: current, conflict: false };
  if (!current) return { value: file, conflict: false };
  const parts = ['employerName', 'jobTitle'] as const;
  const conflict = parts.some(
    (part) => !isEmpty(current[part]) && !isEmpty(file[part]) && current[part] !== file[part],
  );
  const merged = { ...current };
  for (const part of parts) {
    const takeFile = isEmpty(current[part]) || (choice === 'FILE' && !isEmpty(file[part]));
    if (takeFile && !isEmpty(file[part])) merged[part] = file[part];
  }
  return { value: merged, conflict };
}

export interface ContactMergeOptions {
  /** Per field in conflict: KEEP (the default) or FILE. */
  choices?: Partial<Record<ImportReviewChoiceField, ImportReviewChoice>>;
  /**
   * The row names the contact's household (by a source id linked to it, found by the caller) even
   * though the names differ: not a conflict.
   */
  sameHousehold?: boolean;
}

export interface ContactMerge {
  /** The contact as accepting writes it. */
  merged: ImportedContact;
  /** The fields both sides fill differently. */
  conflicts: ImportReviewConflict[];
  /** What accepting changes, field by field (lists only gain items). */
  changes: ImportFieldChange[];
}

/**
 * "The same person": the stored contact (or an earlier row of the file) and a row merged. Lists
 * are united (the current items as they are, with their types, labels and primary flags); a field
 * the file leaves empty is kept; a field only the file fills is taken; a field both fill
 * differently is a conflict, resolved by `choices` (KEEP by default).
 */
export function mergeContactRecords(
  current: ImportedContact,
  file: ImportedContact,
  options: ContactMergeOptions = {},
): ContactMerge {
  const choices = options.choices ?? {};
  const conflicts: ImportReviewConflict[] = [];
  const merged: ImportedContact = {
    ...current,
    emails: unionOf(current.emails, file.emails, LIST_ITEM_KEYS.emails),
    phones: unionOf(current.phones, file.phones, LIST_ITEM_KEYS.phones),
    addresses: unionOf(current.addresses, file.addresses, LIST_ITEM_KEYS.addresses),
    tags: tagUnion(current.tags, file.tags),
  };
  const customFields = customFieldUnion(current.customFields, file.customFields);
  if (customFields) merged.customFields = customFields;
  const take = <F extends ImportReviewChoiceField>(field: F, value: ImportedContact[F]) => {
    (merged as Record<string, unknown>)[field] = value;
  };
  for (const field of IMPORT_REVIEW_CHOICE_FIELDS) {
    const choice = choices[field] ?? 'KEEP';
    if (field === 'employment') {
      const employment = mergeEmployment(current.employment, file.employment, choice);
      if (employment.conflict) conflicts.push({ field, current: current.employment, file: file.employment });
      take(field, employment.value);
      continue;
    }
    const mine = current[field];
    const theirs = file[field];
    if (isEmpty(theirs) || same(mine, theirs)) continue;
    if (isEmpty(mine)) {
      take(field, theirs);
      continue;
    }
    if (field === 'household' && sameHousehold(current.household, file.household, options.sameHousehold)) continue;
    conflicts.push({ field, current: mine, file: theirs });
    if (choice === 'FILE') take(field, theirs);
  }
  const changes = diffImportRecords(current, merged).filter(
    (change) => change.field !== 'kind' && change.field !== 'sourceId',
  );
  return { merged, conflicts, changes };
}

/** The row's household is the contact's: by name (case aside) or by the caller's link, with no other role. */
function sameHousehold(
  current: ImportedContact['household'],
  file: ImportedContact['household'],
  linked: boolean | undefined,
): boolean {
  if (!current || !file) return false;
  const sameName = file.name !== null && folded(file.name) === folded(current.name);
  const sameRole = file.role === null || file.role === current.role;
  return (Boolean(linked) || sameName) && sameRole;
}

/**
 * Whether an update of a list only adds to it: every item it had is still there, unchanged. The
 * writer then inserts the new items and leaves the others as they are, instead of replacing the list.
 */
export function onlyAdds(before: readonly unknown[] | null | undefined, after: readonly unknown[]): boolean {
  const kept = new Set(after.map((item) => canonicalJson(item)));
  return (before ?? []).every((item) => kept.has(canonicalJson(item)));
}

/**
 * A row of another system surely the same person as a stored contact (the same e-mail or phone
 * and first name, or the same name and birth date): merged without asking when nothing conflicts.
 * The note is each system's own (`current.note` is the note this row's system wrote, see
 * storedContactRecord): the row's replaces only that one, never another system's. Any other field
 * both fill differently makes the match doubtful (null: the row goes to the review queue).
 */
export function mergeAcrossSystems(current: ImportedContact, file: ImportedContact): ContactMerge | null {
  // A name typed in other case or spacing (`MARY`, `o'brien`) is the same name: the contact's spelling stays.
  const names = { ...file };
  for (const part of ['firstName', 'lastName', 'middleName', 'preferredName'] as const)
    if (file[part] && foldPersonName(file[part]) === foldPersonName(current[part])) names[part] = current[part]!;
  const merge = mergeContactRecords(current, names, { choices: { note: 'FILE' } });
  return merge.conflicts.every((conflict) => conflict.field === 'note') ? { ...merge, conflicts: [] } : null;
}

/** A name as people may type it: case and runs of spaces aside. */
export function foldPersonName(name: string | null | undefined): string {
  return (name ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

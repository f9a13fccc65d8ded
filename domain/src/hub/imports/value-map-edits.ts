import { bindColumns, hasValueMap } from './map-row.js';
import type { AnyImportProfile, ImportColumn, ImportProfile, ImportRecordKind } from './profile.js';
import { foldValue } from './transforms/result.js';
import { wordList } from '../../shared/format/words.js';
import { repairDoubleUtf8 } from './transforms/text.js';
import { ENUM_FIELDS, KEEP_AS_TAG, KEEP_ON_NOTE, valueTargetLabel } from './value-maps.js';

/**
 * The value map a user sees and can change (issue 23): for each column of ours with a short list
 * of values (contact type, category, status, marital status, gender, source, role), what each
 * value the file holds becomes. The profile's rules give the defaults; the user's choices, kept
 * with the import, come first.
 */

/** An import's value map as the user set it: per column of the file, source value (as written) -> target. */
export type ImportValueMap = Record<string, Record<string, string | null>>;

/**
 * What a value-mapped column's values may become, in the order a select offers them: our values
 * of its field, empty when the field allows it (null), and for a contact column, kept on the
 * contact's note or as a tag.
 */
export function valueTargets(kind: ImportRecordKind, column: { field: string }): (string | null)[] {
  const field = ENUM_FIELDS[column.field];
  return [
    ...(field?.ours ?? []),
    ...(field?.none ? [null] : []),
    ...(kind === 'contacts' ? [KEEP_ON_NOTE, KEEP_AS_TAG] : []),
  ];
}

/** The user's choices first (one per folded value), then the column's own rules for the other values. */
function mergedValues(
  edits: Readonly<Record<string, string | null>>,
  base: Readonly<Record<string, string | null>>,
): Record<string, string | null> {
  const merged: Record<string, string | null> = {};
  const chosen = new Set<string>();
  for (const [value, target] of Object.entries(edits)) {
    const key = foldValue(value);
    if (key === '' || chosen.has(key)) continue;
    chosen.add(key);
    merged[value] = target;
  }
  for (const [value, target] of Object.entries(base))
    if (!(value in merged) && (value === '*' || !chosen.has(foldValue(value)))) merged[value] = target;
  return merged;
}

/** The profile as this file is read with the user's value map: the columns bound to its headers take their edits. */
export function withValueMap<K extends ImportRecordKind>(
  profile: ImportProfile<K>,
  headers: readonly string[],
  valueMap: ImportValueMap | null | undefined,
): ImportProfile<K>;
export function withValueMap(
  profile: AnyImportProfile,
  headers: readonly string[],
  valueMap: ImportValueMap | null | undefined,
): AnyImportProfile;
export function withValueMap<K extends ImportRecordKind>(
  profile: ImportProfile<K>,
  headers: readonly string[],
  valueMap: ImportValueMap | null | undefined,
): ImportProfile<K> {
  if (!valueMap || Object.keys(valueMap).length === 0) return profile;
  const replaced = new Map<ImportColumn<K>, ImportColumn<K>>();
  for (const { column, header } of bindColumns(profile, headers)) {
    const edits = valueMap[header];
    if (!edits || !hasValueMap(profile.kind, column)) continue;
    const base = column.values ?? ENUM_FIELDS[column.field]?.values ?? {};
    replaced.set(column, { ...column, values: mergedValues(edits, base) });
  }
  if (replaced.size === 0) return profile;
  return { ...profile, columns: profile.columns.map((column) => replaced.get(column) ?? column) };
}

/**
 * What is wrong with a value map for this file and profile, each problem a sentence at its path
 * (`values.<header>`): a header the file lacks, a column without a value map, an empty value, a
 * target the column cannot take. Empty when the map can be kept.
 */
export function valueMapProblems(
  profile: AnyImportProfile,
  headers: readonly string[],
  valueMap: ImportValueMap,
): { path: string; message: string }[] {
  const bindings: readonly { column: { field: string; values?: ImportColumn['values'] }; header: string }[] =
    bindColumns(profile as ImportProfile, headers);
  const problems: { path: string; message: string }[] = [];
  for (const [header, edits] of Object.entries(valueMap)) {
    const path = `values.${header}`;
    const column = bindings.find((binding) => binding.header === header)?.column;
    if (!headers.includes(header)) {
      problems.push({ path, message: `The file has no column “${header}”.` });
      continue;
    }
    if (!column || !hasValueMap(profile.kind, column)) {
      problems.push({ path, message: `The column “${header}” has no value map: its values are not mapped to ours.` });
      continue;
    }
    const targets = valueTargets(profile.kind, column);
    for (const [value, target] of Object.entries(edits)) {
      if (foldValue(value) === '') {
        problems.push({
          path,
          message: `The column “${header}” has an empty value in the map: map the values it holds.`,
        });
      } else if (!targets.includes(target)) {
        const choices = wordList(
          targets.map((choice) => valueTargetLabel(column.field, choice)),
          'or',
        );
        problems.push({
          path,
          message: `The column “${header}” cannot map “${value}” to “${target ?? 'nothing'}”: choose ${choices}.`,
        });
      }
    }
  }
  return problems;
}

/** Distinct values kept per value-mapped column by the dry run. */
export const VALUE_MAP_MAX_VALUES = 100;
/** Longer text is no value of a short list (a note typed in a status column): not offered in the map. */
export const VALUE_MAP_VALUE_LENGTH = 100;

export interface ValueCollector {
  add(values: Readonly<Record<string, string | null>>): void;
  /** Header -> its distinct values (case, accents and punctuation aside), in file order. */
  values(): Record<string, string[]>;
}

/**
 * Collects, row by row, every distinct value of the value-mapped columns (up to
 * VALUE_MAP_MAX_VALUES each), repaired as the import reads them: the value map after a dry run
 * shows each value the file holds, not only the few the upload sampled.
 */
export function createValueCollector(headers: readonly string[]): ValueCollector {
  const found = new Map(headers.map((header) => [header, { keys: new Set<string>(), values: [] as string[] }]));
  return {
    add(values) {
      for (const [header, column] of found) {
        const cell = values[header]?.trim();
        if (!cell || cell.length > VALUE_MAP_VALUE_LENGTH || column.values.length >= VALUE_MAP_MAX_VALUES) continue;
        const text = repairDoubleUtf8(cell) ?? cell;
        const key = foldValue(text);
        if (key === '' || column.keys.has(key)) continue;
        column.keys.add(key);
        column.values.push(text);
      }
    },
    values() {
      return Object.fromEntries([...found].map(([header, column]) => [header, column.values]));
    },
  };
}

import { canonicalJson } from './hash.js';

/** One changed field of a record: its name, and the value before and after. */
export interface ImportFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields of a mapped record that differ between the last import and this one, by top-level
 * field (a list such as `emails` or an object such as `marketValue` compares as a whole, since its
 * items have no identity of their own at the source). Fields only one side has count as changed.
 */
export function diffImportRecords<T extends object>(before: T, after: T): ImportFieldChange[] {
  const previous = before as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(previous), ...Object.keys(next)])];
  return fields
    .filter((field) => canonicalJson(previous[field] ?? null) !== canonicalJson(next[field] ?? null))
    .map((field) => ({ field, before: previous[field] ?? null, after: next[field] ?? null }));
}

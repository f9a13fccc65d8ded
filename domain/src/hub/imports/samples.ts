/**
 * A few values of each column of a file, read while the file is first read through: the wizard
 * and the dry run's report show them beside the columns nothing imports, so a user sees what would
 * be left behind (issue 14: nothing is lost silently).
 */

import { refusalOf } from './column-accounts.js';

/** Distinct non-empty values kept per column. */
export const COLUMN_SAMPLE_VALUES = 3;
/** Characters kept of a sample value; longer ones are cut with an ellipsis. */
export const COLUMN_SAMPLE_LENGTH = 60;

/** Header -> up to COLUMN_SAMPLE_VALUES distinct non-empty values, in file order. */
export type ColumnSamples = Record<string, string[]>;

export interface ColumnSampler {
  add(values: Readonly<Record<string, string | null>>): void;
  samples(): ColumnSamples;
}

/** Collects samples row by row; a column stops being looked at once it has its values. */
export function createColumnSampler(headers: readonly string[]): ColumnSampler {
  const collected = new Map<string, string[]>(headers.map((header) => [header, []]));
  // Sensitive columns (social security numbers, health) are never sampled: their values are not kept anywhere.
  let open = headers.filter((header) => !refusalOf(null, header));
  return {
    add(values) {
      if (open.length === 0) return;
      let filled = false;
      for (const header of open) {
        const text = values[header]?.trim();
        if (!text) continue;
        const shown = text.length > COLUMN_SAMPLE_LENGTH ? `${text.slice(0, COLUMN_SAMPLE_LENGTH - 1)}…` : text;
        const list = collected.get(header)!;
        if (list.includes(shown)) continue;
        list.push(shown);
        if (list.length >= COLUMN_SAMPLE_VALUES) filled = true;
      }
      if (filled) open = open.filter((header) => collected.get(header)!.length < COLUMN_SAMPLE_VALUES);
    },
    samples() {
      return Object.fromEntries(collected);
    },
  };
}

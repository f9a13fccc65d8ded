import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';

/** A figure per whole year or age, e.g. `{ 2023: 6500, 2024: 7000 }`. */
export type FigureTable = Readonly<Record<number, number>>;

export function assertWholeNumber(value: number, what: string): void {
  if (!Number.isInteger(value)) {
    throw new DomainError(ErrorCode.VALIDATION_ERROR, `${what} must be a whole number, got ${String(value)}`);
  }
}

export function tableKeys(table: FigureTable): number[] {
  return Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * The figure for `key`. Keys past the last entry take the last (latest known) figure; keys before
 * the first use `before`, or are refused with `beforeMessage` when `before` is undefined.
 */
export function lookup(table: FigureTable, key: number, before: number | undefined, beforeMessage: string): number {
  const keys = tableKeys(table);
  const first = keys[0]!;
  const last = keys[keys.length - 1]!;
  if (key < first) {
    if (before === undefined) throw new DomainError(ErrorCode.VALIDATION_ERROR, beforeMessage);
    return before;
  }
  const figure = table[Math.min(key, last)];
  if (figure === undefined) throw new DomainError(ErrorCode.UNHANDLED_CASE_ERROR, `No figure for ${key}`);
  return figure;
}

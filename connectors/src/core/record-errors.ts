import type { z } from 'zod';
import type { RecordKind } from './records.js';

/**
 * Why a single record could not be mapped:
 * - MALFORMED: it does not have the shape we read (a field missing or of the wrong type);
 * - UNSUPPORTED_CURRENCY: its money is in a currency we do not hold (crypto, an unofficial code);
 * - UNSUPPORTED_TYPE: a kind of account we have no record type for.
 */
export const RecordErrorReason = ['MALFORMED', 'UNSUPPORTED_CURRENCY', 'UNSUPPORTED_TYPE'] as const;
export type RecordErrorReason = (typeof RecordErrorReason)[number];

/**
 * A record the connector could not map. It is counted and reported (a `SyncRecordError` row) and
 * does not fail its page: the rest of the page is written.
 */
export interface RecordError {
  kind: RecordKind;
  /** The provider's id of the record, when the payload had a readable one. */
  sourceId: string | null;
  reason: RecordErrorReason;
  message: string;
  /** The payload as received, for the operations view. */
  payload: unknown;
}

/** Thrown by a mapper to reject the record it is mapping; `mapEach` turns it into a RecordError. */
export class RecordRejection extends Error {
  override readonly name = 'RecordRejection';
  constructor(
    readonly reason: RecordErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** `accounts.0.balances.current: expected number, received string; ...` */
export function describeZodIssues(error: z.ZodError, limit = 5): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  if (error.issues.length > limit) parts.push(`and ${error.issues.length - limit} more`);
  return parts.join('; ');
}

export interface MapEachResult<T> {
  records: T[];
  errors: RecordError[];
}

/**
 * Parses each raw item with `schema` and maps it. An item that fails the schema, or whose mapper
 * throws a RecordRejection, becomes a RecordError (with the id read from `idField` when the raw
 * item has one as a string); every other item is mapped. Any other exception propagates: it is a
 * bug, not a bad record.
 */
export function mapEach<S extends z.ZodType, T>(
  items: readonly unknown[],
  options: {
    kind: RecordKind;
    idField: string;
    schema: S;
    map: (item: z.output<S>) => T;
  },
): MapEachResult<T> {
  const records: T[] = [];
  const errors: RecordError[] = [];
  for (const raw of items) {
    const sourceId = readId(raw, options.idField);
    const parsed = options.schema.safeParse(raw);
    if (!parsed.success) {
      errors.push({
        kind: options.kind,
        sourceId,
        reason: 'MALFORMED',
        message: describeZodIssues(parsed.error),
        payload: raw,
      });
      continue;
    }
    try {
      records.push(options.map(parsed.data));
    } catch (error) {
      if (!(error instanceof RecordRejection)) throw error;
      errors.push({ kind: options.kind, sourceId, reason: error.reason, message: error.message, payload: raw });
    }
  }
  return { records, errors };
}

function readId(raw: unknown, field: string): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = (raw as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The Plaid connector's cursor: where a sync of one item stands. A run goes through three phases,
 * one or more pages each:
 *
 *   accounts      /accounts/get: every open account with its balances (one page);
 *   transactions  /transactions/sync from Plaid's cursor, page after page while has_more;
 *   recurring     /transactions/recurring/get: every stream (one page, when enabled).
 *
 * During the transactions phase the cursor keeps two of Plaid's cursors: `next`, where the next
 * page starts, and `start`, where this update began. Plaid requires a pagination that fails (e.g.
 * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION) to restart from the cursor of its first page, so
 * `start` survives a crash between pages too. Re-reading pages is harmless: records are upserts.
 *
 * Stored as JSON (readable in a sync run's cursor columns).
 */
import { z } from 'zod';
import { ConnectorError } from '../core/errors.js';

const plaidCursorSchema = z.discriminatedUnion('phase', [
  z.object({ v: z.literal(1), phase: z.literal('accounts'), transactions: z.string() }),
  z.object({ v: z.literal(1), phase: z.literal('transactions'), start: z.string(), next: z.string() }),
  z.object({ v: z.literal(1), phase: z.literal('recurring'), transactions: z.string() }),
]);
export type PlaidSyncCursor = z.output<typeof plaidCursorSchema>;

/** A connection's first sync: accounts first, then every transaction from the beginning (''). */
export const INITIAL_PLAID_CURSOR: PlaidSyncCursor = { v: 1, phase: 'accounts', transactions: '' };

export function encodePlaidCursor(cursor: PlaidSyncCursor): string {
  return JSON.stringify(cursor);
}

/** Reads a saved cursor; null is a first sync. A cursor we cannot read is a PERMANENT error. */
export function decodePlaidCursor(cursor: string | null): PlaidSyncCursor {
  if (cursor === null || cursor === '') return INITIAL_PLAID_CURSOR;
  let json: unknown;
  try {
    json = JSON.parse(cursor);
  } catch {
    json = undefined;
  }
  const parsed = plaidCursorSchema.safeParse(json);
  if (!parsed.success) {
    throw new ConnectorError('PERMANENT', `Not a Plaid sync cursor: ${cursor.slice(0, 200)}`, {
      code: 'INVALID_CURSOR',
    });
  }
  return parsed.data;
}

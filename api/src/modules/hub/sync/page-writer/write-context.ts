import type { SyncCounts } from '@meridian/domain';
import type { IntegrationService } from '../../../../generated/prisma/client.js';
import type { TenantTransaction } from '../../../../common/tenancy/tenant-transaction.js';

/** The client of one interactive transaction of the tenant client. */
export type Tx = TenantTransaction;

/** What every writer of one page needs: the transaction, whose rows these are, and the moment of the write. */
export interface WriteContext {
  tx: Tx;
  organizationId: string;
  syncRunId: string;
  connectionId: string;
  /** The connection's service: the `service` of every external link it writes. */
  service: IntegrationService;
  /** One timestamp for the whole page (updated_at, last_seen_at, deleted_at). */
  now: Date;
}

/**
 * A record the writer could not store although the connector mapped it (e.g. a transaction of an
 * account we do not hold). Reported like a connector RecordError, as a SyncRecordError row.
 */
export interface WriteFailure {
  sourceId: string;
  reason: string;
  message: string;
  payload: unknown;
}

export function zeroCounts(): SyncCounts {
  return { created: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0 };
}

export function addCounts(total: SyncCounts, more: Partial<SyncCounts>): void {
  total.created += more.created ?? 0;
  total.updated += more.updated ?? 0;
  total.unchanged += more.unchanged ?? 0;
  total.deleted += more.deleted ?? 0;
  total.failed += more.failed ?? 0;
}

/** The last record of each sourceId: a page may carry one record twice (added, then modified). */
export function lastBySourceId<T extends { sourceId: string }>(records: readonly T[]): T[] {
  return [...new Map(records.map((record) => [record.sourceId, record])).values()];
}

/** A JSON parameter for `jsonb_to_recordset`: the set-based writes send a whole page as one value. */
export function jsonRows(rows: readonly object[]): string {
  return JSON.stringify(rows);
}

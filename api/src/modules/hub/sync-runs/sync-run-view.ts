import {
  importRollbackSummarySchema,
  readableRecordErrorReason,
  type SyncRecordErrorView,
  type SyncRunView,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';

/** What a run's response needs besides its own row: what it syncs, and an import's batch. */
export const SYNC_RUN_INCLUDE = {
  connection: { select: { service: true, source: true, displayName: true, needsReauthSince: true } },
  importBatches: {
    select: {
      id: true,
      fileName: true,
      status: true,
      invalidCount: true,
      reviewCount: true,
      rolledBackAt: true,
      rollbackSummary: true,
    },
    take: 1,
  },
} satisfies Prisma.SyncRunInclude;

export type SyncRunRow = Prisma.SyncRunGetPayload<{ include: typeof SYNC_RUN_INCLUDE }>;
export type SyncRecordErrorRow = Prisma.SyncRecordErrorGetPayload<object>;

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

export function toSyncRunView(row: SyncRunRow): SyncRunView {
  return {
    id: row.id,
    connectionId: row.connectionId,
    connection: {
      service: row.connection.service,
      source: row.connection.source,
      displayName: row.connection.displayName,
      needsReauth: row.connection.needsReauthSince !== null,
    },
    status: row.status,
    trigger: row.trigger,
    driver: row.driver,
    attempt: row.attempt,
    counts: {
      created: row.createdCount,
      updated: row.updatedCount,
      unchanged: row.unchangedCount,
      deleted: row.deletedCount,
      failed: row.failedCount,
    },
    cursorBefore: row.cursorBefore,
    cursorAfter: row.cursorAfter,
    queuedAt: row.queuedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    durationMs:
      row.startedAt !== null && row.finishedAt !== null ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    error:
      row.errorCode === null && row.errorMessage === null
        ? null
        : { code: row.errorCode ?? 'ERROR', message: row.errorMessage ?? '' },
    import: importOf(row),
  };
}

function importOf(row: SyncRunRow): SyncRunView['import'] {
  const batch = row.importBatches[0];
  if (row.driver !== 'IMPORT' || !batch) return null;
  const rollback = importRollbackSummarySchema.safeParse(batch.rollbackSummary);
  return {
    batchId: batch.id,
    fileName: batch.fileName,
    status: batch.status,
    invalidRows: batch.invalidCount,
    reviewRows: batch.reviewCount,
    rolledBackAt: iso(batch.rolledBackAt),
    rollback: rollback.success ? rollback.data : null,
  };
}

export function toSyncRecordErrorView(row: SyncRecordErrorRow): SyncRecordErrorView {
  return {
    id: row.id,
    outsideId: row.outsideId,
    // Stored as `CODE: message`; read as words.
    reason: readableRecordErrorReason(row.reason),
    payload: row.payload ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

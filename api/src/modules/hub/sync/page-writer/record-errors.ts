import { EntityType, newId } from '@meridian/domain';
import type { RecordError } from '@meridian/connectors';
import type { WriteContext, WriteFailure } from './write-context.js';

/**
 * One SyncRecordError row per record of the page that was not written: those the connector could
 * not map and those the writer could not store. `reason` is `CODE: message` (the operations view
 * shows it as is); the payload is kept for support.
 */
export async function writeRecordErrors(
  ctx: WriteContext,
  mapping: readonly RecordError[],
  writing: readonly WriteFailure[],
): Promise<void> {
  const rows = [
    ...mapping.map((error) => ({
      outsideId: error.sourceId ?? '',
      reason: `${error.reason}: ${error.message}`,
      payload: error.payload,
    })),
    ...writing.map((failure) => ({
      outsideId: failure.sourceId,
      reason: `${failure.reason}: ${failure.message}`,
      payload: failure.payload,
    })),
  ];
  if (rows.length === 0) return;
  await ctx.tx.syncRecordError.createMany({
    data: rows.map((row) => ({
      id: newId(EntityType.syncRecordError),
      organizationId: ctx.organizationId,
      syncRunId: ctx.syncRunId,
      outsideId: row.outsideId,
      reason: row.reason,
      // JSON null is not a valid Json input; a missing payload is stored as SQL NULL.
      payload: row.payload === undefined || row.payload === null ? undefined : (row.payload as object),
      createdAt: ctx.now,
    })),
  });
}

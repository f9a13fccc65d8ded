import { EntityType, newId } from '@meridian/domain';
import type { RecordError } from '@meridian/connectors';
import { jsonRows } from '../../../../common/persistence/sql.js';
import type { SyncPageScope, WriteFailure } from './sync-page.js';

/**
 * One SyncRecordError row per record of the page that was not written: those the connector could
 * not map and those the writer could not store. `reason` is `CODE: message` (the operations view
 * shows it as is); the payload is kept for support.
 */
export async function writeRecordErrors(
  scope: SyncPageScope,
  mapping: readonly RecordError[],
  writing: readonly WriteFailure[],
): Promise<void> {
  const rows = [
    ...mapping.map((error) => ({
      outside_id: error.sourceId ?? '',
      reason: `${error.reason}: ${error.message}`,
      payload: error.payload,
    })),
    ...writing.map((failure) => ({
      outside_id: failure.sourceId,
      reason: `${failure.reason}: ${failure.message}`,
      payload: failure.payload,
    })),
  ];
  if (rows.length === 0) return;
  await scope.sql.execute(
    `INSERT INTO sync_record_errors (id, organization_id, sync_run_id, outside_id, reason, payload, created_at)
     SELECT e.id, $1, $2, e.outside_id, e.reason, e.payload, $3
       FROM jsonb_to_recordset($4::jsonb) AS e(id text, outside_id text, reason text, payload jsonb)`,
    scope.organizationId,
    scope.syncRunId,
    scope.now,
    // A missing payload (or JSON null) is stored as SQL NULL.
    jsonRows(rows.map((row) => ({ id: newId(EntityType.syncRecordError), ...row, payload: row.payload ?? null }))),
  );
}

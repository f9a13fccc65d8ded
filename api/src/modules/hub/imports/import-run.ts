import type { ExternalSourceSystem, SyncTrigger } from '@meridian/domain';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import type { SyncRunLifecycle } from '../sync/index.js';

/**
 * Opens the sync run of an import's commit, so the import shows in the operations views like any
 * sync: on the source system's file connection (created on first import), and marks the batch
 * COMMIT_QUEUED. Null when another run of that connection is active (see SyncRunLifecycle.openImport).
 */
export async function openImportRun(
  tx: TenantTransaction,
  lifecycle: SyncRunLifecycle,
  input: { batchId: string; source: ExternalSourceSystem; trigger: SyncTrigger },
) {
  const { batchId, source, trigger } = input;
  const connectionId = await lifecycle.fileConnection(tx, source);
  const syncRunId = await lifecycle.openImport(tx, connectionId, trigger);
  if (!syncRunId) return null;
  return tx.importBatch.update({
    where: { id: batchId },
    data: { stage: 'COMMIT_QUEUED', connectionId, syncRunId },
  });
}

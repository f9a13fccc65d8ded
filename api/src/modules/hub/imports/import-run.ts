import { EntityType, newId, type ExternalSourceSystem } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';

type RunTrigger = Prisma.SyncRunUncheckedCreateInput['trigger'];

/**
 * Opens the sync run of an import's commit, so the import shows in the operations views like any
 * sync: on the source system's file connection (created on first import), and marks the batch
 * COMMIT_QUEUED. Null when another run of that connection is active; the one-active-run index
 * still refuses (P2002) a run that started between the check and the insert.
 */
export async function openImportRun(
  tx: Prisma.TransactionClient,
  input: { organizationId: string; batchId: string; source: ExternalSourceSystem; trigger: RunTrigger },
) {
  const { organizationId, batchId, source, trigger } = input;
  const existing = await tx.connection.findFirst({
    where: { organizationId, source, service: null },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  const connectionId =
    existing?.id ??
    (
      await tx.connection.create({
        data: { id: newId(EntityType.connection), organizationId, source, displayName: source },
        select: { id: true },
      })
    ).id;
  const active = await tx.syncRun.findFirst({
    where: { organizationId, connectionId, status: { in: ['QUEUED', 'RUNNING'] } },
    select: { id: true },
  });
  if (active) return null;
  const syncRunId = newId(EntityType.syncRun);
  await tx.syncRun.create({
    data: { id: syncRunId, organizationId, connectionId, status: 'RUNNING', trigger, startedAt: new Date() },
  });
  return tx.importBatch.update({
    where: { organizationId, id: batchId },
    data: { stage: 'COMMIT_QUEUED', connectionId, syncRunId },
  });
}

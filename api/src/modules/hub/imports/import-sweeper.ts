import { Inject, Injectable } from '@nestjs/common';
import type { JobType } from 'bullmq';
import type { Logger } from 'pino';
import { ImportErrorCode, type ImportBatchStage } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { LOGGER } from '../../../common/logging/logger.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { SyncRunLifecycle } from '../sync/index.js';

export const IMPORT_SWEEP_EVERY_MS = 60_000;
/** A batch unchanged for less than this is not judged (its job may be about to start). */
export const IMPORT_STUCK_GRACE_MS = 60_000;
/** Batches handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;
/** Jobs read per page while listing the live ones. */
const JOB_PAGE = 500;

const DRY_RUN_STAGES: readonly ImportBatchStage[] = ['DRY_RUN_QUEUED', 'DRY_RUN_RUNNING'];
const COMMIT_STAGES: readonly ImportBatchStage[] = ['COMMIT_QUEUED', 'COMMITTING'];
const IMPORT_JOBS = new Set(['imports.dry-run', 'imports.commit']);
/**
 * Job states in which a job will still run (or is running), read in the order jobs move through
 * them, so a job that moves on while the list is read is met again in its next state.
 */
const LIVE_STATES: JobType[] = ['delayed', 'prioritized', 'waiting', 'paused', 'waiting-children', 'active'];

interface StuckBatch {
  id: string;
  organizationId: string;
  stage: ImportBatchStage;
  updatedAt: Date;
  syncRunId: string | null;
  connectionId: string | null;
  dropFolderId: string | null;
}

/** The id the sweep enqueues a batch's job under: one per batch, so it can tell it already tried. */
export function sweepJobId(jobName: string, batchId: string): string {
  return `${jobName}-${batchId}-sweep`;
}

/**
 * Repairs import batches stuck in a queued or running stage whose job is gone (Redis flushed, the
 * enqueue lost, the job removed) or failed for good (a worker killed more often than BullMQ
 * tolerates):
 * - a job gone: the batch's job is enqueued again, once per episode, under `sweepJobId`. A dry run
 *   starts over; a commit resumes after the last chunk written (rows are marked applied per chunk);
 * - that job failed for good too: the batch fails with a code and message the dashboard shows, and
 *   a commit's sync run fails with it, so the system's connection is free again;
 * - a drop-folder batch whose scan died during the dry run (the scan runs it in-process, without a
 *   job): it fails; the file goes back to the folder and the next scan imports it again.
 * Batches of a folder being scanned right now are left alone: the scan holds them.
 */
@Injectable()
export class ImportSweeper {
  constructor(
    // Only to find stuck batches across organizations; each repair runs in its batch's organization.
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sweep(): Promise<void> {
    const now = new Date();
    // A running job may be silent for a lock duration; give it twice that.
    const grace = Math.max(IMPORT_STUCK_GRACE_MS, 2 * this.config.SYNC_LOCK_DURATION_MS);
    const candidates: StuckBatch[] = await this.system.importBatch.findMany({
      where: {
        status: 'PENDING',
        stage: { in: [...DRY_RUN_STAGES, ...COMMIT_STAGES] },
        updatedAt: { lt: new Date(now.getTime() - grace) },
        OR: [
          { dropFolderId: null },
          { dropFolder: { OR: [{ scanLeaseUntil: null }, { scanLeaseUntil: { lt: now } }] } },
        ],
      },
      select: {
        id: true,
        organizationId: true,
        stage: true,
        updatedAt: true,
        syncRunId: true,
        connectionId: true,
        dropFolderId: true,
      },
      orderBy: { updatedAt: 'asc' },
      take: SWEEP_BATCH,
    });
    if (candidates.length === 0) return;
    const live = await this.batchesWithLiveJobs();
    for (const batch of candidates) {
      if (live.has(batch.id)) continue;
      await inOrganization(batch.organizationId, () => this.repair(batch));
    }
  }

  /** Ids of the batches an import job will still run for (or is running for). */
  private async batchesWithLiveJobs(): Promise<Set<string>> {
    const queue = this.queues.queue('sync');
    const batchIds = new Set<string>();
    for (const state of LIVE_STATES) {
      for (let start = 0; ; start += JOB_PAGE) {
        const jobs = await queue.getJobs([state], start, start + JOB_PAGE - 1, true);
        for (const job of jobs) {
          const batchId = (job?.data as { batchId?: unknown } | undefined)?.batchId;
          if (job && IMPORT_JOBS.has(job.name) && typeof batchId === 'string') batchIds.add(batchId);
        }
        if (jobs.length < JOB_PAGE) break;
      }
    }
    return batchIds;
  }

  private async repair(batch: StuckBatch): Promise<void> {
    const dryRun = DRY_RUN_STAGES.includes(batch.stage);
    if (dryRun && batch.dropFolderId) {
      await this.fail(
        batch,
        ImportErrorCode.WORKER_LOST,
        'The scan importing this file stopped; the next scan imports the file again',
      );
      return;
    }
    const jobName = dryRun ? 'imports.dry-run' : 'imports.commit';
    const jobId = sweepJobId(jobName, batch.id);
    const requeue = await this.queues.requeue(
      jobName,
      { organizationId: batch.organizationId, batchId: batch.id },
      { jobId },
    );
    if (requeue.outcome === 'failed') {
      const reason = requeue.reason ? `: ${requeue.reason}` : '';
      await this.fail(batch, ImportErrorCode.IMPORT_JOB_FAILED, `The import's job failed for good${reason}`);
      return;
    }
    if (requeue.outcome === 'requeued')
      this.logger.info({ batchId: batch.id, stage: batch.stage, jobId }, 'stuck import batch re-enqueued by the sweep');
  }

  /**
   * Fails the batch, unless it moved on since it was read. A dry run goes back to UPLOADED with the
   * error (it can be run again, as when the engine refuses a file); a commit ends the batch FAILED
   * with its sync run, and the connection shows the error.
   */
  private async fail(batch: StuckBatch, errorCode: ImportErrorCode, errorMessage: string): Promise<void> {
    const unchanged = { id: batch.id, stage: batch.stage, updatedAt: batch.updatedAt };
    const dryRun = DRY_RUN_STAGES.includes(batch.stage);
    if (dryRun && !batch.dropFolderId) {
      await this.prisma.importBatch.updateMany({
        where: unchanged,
        data: { stage: 'UPLOADED', errorCode, errorMessage },
      });
      this.logger.warn({ batchId: batch.id, errorCode }, 'stuck import dry run failed by the sweep');
      return;
    }
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.importBatch.updateMany({
        where: unchanged,
        data: { status: 'FAILED', stage: 'DONE', errorCode, errorMessage },
      });
      if (count === 0 || !batch.syncRunId || !batch.connectionId) return;
      await this.lifecycle.failIn(
        tx,
        { organizationId: batch.organizationId, syncRunId: batch.syncRunId, connectionId: batch.connectionId },
        { code: errorCode, message: errorMessage },
      );
    });
    this.logger.warn({ batchId: batch.id, errorCode }, 'stuck import batch failed by the sweep');
  }
}

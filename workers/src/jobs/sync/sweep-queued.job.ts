import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, LOGGER, QueueService, SyncRunLauncher, SystemPrisma, type AppConfig } from '@meridian/api';
import { jobIdFor } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** How long a QUEUED run may wait for its own job before the sweep enqueues it. */
export const SYNC_QUEUED_GRACE_MS = 60_000;
export const SYNC_SWEEP_EVERY_MS = 60_000;
/** Runs handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Only runs of provider connections have `sync.run` jobs; an import's run (a connection with a
 * file `source`) is driven by the import jobs and must not be judged by a missing sync job.
 */
const PROVIDER_CONNECTIONS = { service: { not: null } };

/** Job states in which the job will still run (or is running) the run. */
const LIVE_STATES = new Set(['waiting', 'waiting-children', 'prioritized', 'delayed', 'active']);

/**
 * Repairs runs whose job is gone:
 * - QUEUED runs whose enqueue was lost (Redis down after the row was committed, a flushed queue)
 *   are enqueued again (the fixed job id keeps a run to one job);
 * - RUNNING runs whose job ended without finishing them (a job failed by BullMQ itself, e.g.
 *   stalled more often than allowed, or removed) are FAILED, so the connection is free again.
 */
@Injectable()
export class SweepQueuedSyncRunsJob implements JobHandler<'sync.sweep-queued'> {
  readonly jobName = 'sync.sweep-queued' as const;

  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(): Promise<void> {
    const queue = this.queues.queue('sync');
    const queued = await this.prisma.syncRun.findMany({
      where: {
        status: 'QUEUED',
        queuedAt: { lt: new Date(Date.now() - SYNC_QUEUED_GRACE_MS) },
        connection: PROVIDER_CONNECTIONS,
      },
      select: { id: true, organizationId: true },
      orderBy: { queuedAt: 'asc' },
      take: SWEEP_BATCH,
    });
    for (const run of queued) {
      const jobId = jobIdFor('sync.run', { organizationId: run.organizationId, syncRunId: run.id });
      const state = await queue.getJobState(jobId);
      if (LIVE_STATES.has(state)) continue;
      // A finished job under the run's fixed id would swallow the new one: remove it first.
      if (state !== 'unknown') await queue.remove(jobId);
      if (await this.launcher.enqueueRun(run.organizationId, run.id)) {
        this.logger.info({ syncRunId: run.id }, 'queued sync run re-enqueued by the sweep');
      }
    }

    // A run whose job is active may be silent for a lock duration; give it twice that.
    const running = await this.prisma.syncRun.findMany({
      where: {
        status: 'RUNNING',
        startedAt: { lt: new Date(Date.now() - 2 * this.config.SYNC_LOCK_DURATION_MS) },
        connection: PROVIDER_CONNECTIONS,
      },
      select: { id: true, organizationId: true, connectionId: true },
      take: SWEEP_BATCH,
    });
    for (const run of running) {
      const state = await queue.getJobState(
        jobIdFor('sync.run', { organizationId: run.organizationId, syncRunId: run.id }),
      );
      if (LIVE_STATES.has(state)) continue;
      const now = new Date();
      const message = 'The worker running this sync stopped and its job ended; run it again';
      await this.prisma.$transaction(async (tx) => {
        const { count } = await tx.syncRun.updateMany({
          where: { organizationId: run.organizationId, id: run.id, status: 'RUNNING' },
          data: { status: 'FAILED', finishedAt: now, errorCode: 'WORKER_LOST', errorMessage: message },
        });
        if (count === 0) return;
        await tx.connection.update({
          where: { organizationId_id: { organizationId: run.organizationId, id: run.connectionId } },
          data: { status: 'FAILED', lastError: `WORKER_LOST: ${message}` },
        });
      });
      this.logger.warn({ syncRunId: run.id, jobState: state }, 'running sync run without a live job marked failed');
    }
  }
}

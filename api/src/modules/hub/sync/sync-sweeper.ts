import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { jobIdFor } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { LOGGER } from '../../../common/logging/logger.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { SyncRunLauncher } from './sync-run-launcher.js';
import { SyncRunLifecycle } from './sync-run-lifecycle.service.js';

/** How long a QUEUED run may wait for its own job before the sweep enqueues it. */
export const SYNC_QUEUED_GRACE_MS = 60_000;
export const SYNC_SWEEP_EVERY_MS = 60_000;
/** Runs handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** Job states in which the job will still run (or is running) the run. */
const LIVE_STATES = new Set(['waiting', 'waiting-children', 'prioritized', 'delayed', 'active']);

/**
 * Repairs provider runs whose job is gone (import runs have no sync job and are never swept here):
 * - QUEUED runs whose enqueue was lost (Redis down after the row was committed, a flushed queue)
 *   are enqueued again (the fixed job id keeps a run to one job);
 * - RUNNING runs whose job ended without finishing them (a job failed by BullMQ itself, e.g.
 *   stalled more often than allowed, or removed) are FAILED, so the connection is free again.
 */
@Injectable()
export class SyncSweeper {
  constructor(
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sweep(): Promise<void> {
    const queue = this.queues.queue('sync');
    const jobStateOf = (run: { organizationId: string; syncRunId: string }) =>
      queue.getJobState(jobIdFor('sync.run', { organizationId: run.organizationId, syncRunId: run.syncRunId }));

    for (const run of await this.lifecycle.queuedSince(SYNC_QUEUED_GRACE_MS, SWEEP_BATCH)) {
      const state = await jobStateOf(run);
      if (LIVE_STATES.has(state)) continue;
      // A finished job under the run's fixed id would swallow the new one: remove it first.
      if (state !== 'unknown')
        await queue.remove(jobIdFor('sync.run', { organizationId: run.organizationId, syncRunId: run.syncRunId }));
      if (await this.launcher.enqueueRun(run.organizationId, run.syncRunId)) {
        this.logger.info({ syncRunId: run.syncRunId }, 'queued sync run re-enqueued by the sweep');
      }
    }

    // A run whose job is active may be silent for a lock duration; give it twice that.
    for (const run of await this.lifecycle.runningSince(2 * this.config.SYNC_LOCK_DURATION_MS, SWEEP_BATCH)) {
      const state = await jobStateOf(run);
      if (LIVE_STATES.has(state)) continue;
      const failed = await this.lifecycle.fail(run, {
        code: 'WORKER_LOST',
        message: 'The worker running this sync stopped and its job ended; run it again',
      });
      if (failed)
        this.logger.warn(
          { syncRunId: run.syncRunId, jobState: state },
          'running sync run without a live job marked failed',
        );
    }
  }
}

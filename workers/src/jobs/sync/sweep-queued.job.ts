import { Inject, Injectable } from '@nestjs/common';
import { SyncSweeper } from '@meridian/api';
import type { JobHandler } from '../../job-registry.js';

/** Scheduled: provider runs whose job is gone are enqueued again or failed (see SyncSweeper). */
@Injectable()
export class SweepQueuedSyncRunsJob implements JobHandler<'sync.sweep-queued'> {
  readonly jobName = 'sync.sweep-queued' as const;

  constructor(@Inject(SyncSweeper) private readonly sweeper: SyncSweeper) {}

  async handle(): Promise<void> {
    await this.sweeper.sweep();
  }
}

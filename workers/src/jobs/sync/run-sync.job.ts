import { Inject, Injectable } from '@nestjs/common';
import type { JobPayload } from '@meridian/domain';
import type { JobContext, JobHandler } from '../../job-registry.js';
import { SyncRunExecutor } from '@meridian/api';

/** One attempt of a sync run; the executor holds the logic, retries are BullMQ's (the sync queue's backoff). */
@Injectable()
export class RunSyncJob implements JobHandler<'sync.run'> {
  readonly jobName = 'sync.run' as const;

  constructor(@Inject(SyncRunExecutor) private readonly executor: SyncRunExecutor) {}

  async handle({ organizationId, syncRunId }: JobPayload<'sync.run'>, context: JobContext): Promise<void> {
    await this.executor.execute(organizationId, syncRunId, {
      attempt: context.attempt,
      isFinalAttempt: context.isFinalAttempt,
      signal: context.signal,
      updateProgress: (progress) => context.updateProgress(progress),
    });
  }
}

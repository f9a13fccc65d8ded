import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, SyncRunLauncher, SyncScheduler } from '@meridian/api';
import { DomainError, ErrorCode, type JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** Fired by a connection's job scheduler: queues a SCHEDULE run (or finds the one already active). */
@Injectable()
export class ScheduleSyncJob implements JobHandler<'sync.schedule'> {
  readonly jobName = 'sync.schedule' as const;

  constructor(
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(SyncScheduler) private readonly scheduler: SyncScheduler,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle({ organizationId, connectionId }: JobPayload<'sync.schedule'>): Promise<void> {
    try {
      await this.launcher.requestRun(organizationId, connectionId, 'SCHEDULE');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A connection gone since its schedule was made: drop the schedule with it.
      if (error.code === ErrorCode.NOT_FOUND) {
        await this.scheduler.removeConnection(connectionId);
        return;
      }
      // Waiting for re-authentication (or not syncable): the schedule resumes once it is fixed.
      if (error.code === ErrorCode.CONFLICT) {
        this.logger.debug({ connectionId, reason: error.message }, 'scheduled sync skipped');
        return;
      }
      throw error;
    }
  }
}

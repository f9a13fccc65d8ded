import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { SchedulerConfigurationRefused, SchedulerConfigurationSync } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/**
 * Keeps a booking template's Nylas Scheduler configuration in step (`SchedulerConfigurationSync`).
 * A refusal that cannot pass (the connection gone, its grant expired, Nylas refusing for good) is
 * discarded; Nylas unreachable or rate-limiting is retried by the queue.
 */
@Injectable()
export class SyncSchedulerConfigurationJob implements JobHandler<'meetings.sync-scheduler-configuration'> {
  readonly jobName = 'meetings.sync-scheduler-configuration' as const;

  constructor(@Inject(SchedulerConfigurationSync) private readonly sync: SchedulerConfigurationSync) {}

  async handle(payload: JobPayload<'meetings.sync-scheduler-configuration'>): Promise<void> {
    try {
      await this.sync.run(payload);
    } catch (error) {
      if (error instanceof SchedulerConfigurationRefused) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}

import { Module } from '@nestjs/common';
import { NylasModule } from '../../hub/providers/nylas/index.js';
import { MeetingTemplatesRepository } from './meeting-templates.repository.js';
import { MeetingTemplatesWriter } from './meeting-templates.writer.js';
import { SchedulerConfigurationQueue, SchedulerConfigurationSync } from './scheduler-configurations.js';

/**
 * Booking templates' Nylas Scheduler configurations: `SchedulerConfigurationQueue`, which the
 * templates' routes call once a change has committed, and `SchedulerConfigurationSync`, the work
 * of the worker's `meetings.sync-scheduler-configuration` job. No routes, so the worker imports it
 * alone.
 */
@Module({
  imports: [NylasModule],
  providers: [
    SchedulerConfigurationSync,
    SchedulerConfigurationQueue,
    MeetingTemplatesRepository,
    MeetingTemplatesWriter,
  ],
  exports: [SchedulerConfigurationSync, SchedulerConfigurationQueue],
})
export class SchedulerConfigurationsModule {}

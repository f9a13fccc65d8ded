import { Module } from '@nestjs/common';
import { MeetingTemplatesController } from './meeting-templates.controller.js';
import { MeetingTemplatesRepository } from './meeting-templates.repository.js';
import { MeetingTemplatesService } from './meeting-templates.service.js';
import { MeetingTemplatesWriter } from './meeting-templates.writer.js';
import { MeetingsModule } from './meetings.module.js';
import { SchedulerConfigurationsModule } from './scheduler-configurations.module.js';

/**
 * Booking templates (crm §3, §5, §7 Meetings): the routes, and `MeetingTemplatesWriter`, the one
 * writer of meeting_templates and meeting_template_opening_hours, for the modules that keep a
 * template in step with a calendar provider. It brings in `MeetingsModule` (the public booking
 * routes and the meetings' writer), so the app registers the folder once.
 */
@Module({
  imports: [MeetingsModule, SchedulerConfigurationsModule],
  controllers: [MeetingTemplatesController],
  providers: [MeetingTemplatesService, MeetingTemplatesRepository, MeetingTemplatesWriter],
  exports: [MeetingTemplatesWriter],
})
export class MeetingTemplatesModule {}

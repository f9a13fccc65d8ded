export { MeetingTemplatesModule } from './meeting-templates.module.js';
export { SchedulerConfigurationsModule } from './scheduler-configurations.module.js';
export {
  SchedulerConfigurationRefused,
  SchedulerConfigurationSync,
  type SchedulerConfigurationOutcome,
} from './scheduler-configurations.js';
export {
  MeetingTemplatesWriter,
  type MeetingTemplateColumns,
  type MeetingTemplateDraft,
  type OpeningHoursDraft,
} from './meeting-templates.writer.js';
export { MeetingsModule } from './meetings.module.js';
export {
  MeetingsWriter,
  type MeetingAgendaItemDraft,
  type MeetingColumns,
  type MeetingDraft,
  type MeetingParticipantDraft,
} from './meetings.writer.js';
export { BUSY_TIMES, type BusyTimes, type BusyTimesQuery } from './busy-times.js';

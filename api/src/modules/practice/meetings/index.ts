export { MeetingTemplatesModule } from './meeting-templates.module.js';
export {
  MeetingTemplatesWriter,
  type MeetingTemplateColumns,
  type MeetingTemplateDraft,
  type OpeningHoursDraft,
} from './meeting-templates.writer.js';

import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import {
  AgendaItemType,
  CalendarProvider,
  MeetingParticipantRole,
  MeetingTimeZone,
  MeetingType,
  Weekday,
} from './enums.js';
import { dateTime, evenWhenFieldsFail, isBlank, isRecord, requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { EMAIL_PATTERN } from '../../shared/input/email.js';
import { minutesOfDay, timeSchema } from '../../shared/input/times.js';

/** Limits of booking templates and meetings (crm §9). */
export const MEETING_TEMPLATE_TITLE_MAX_LENGTH = 100;
/** The one variant that allows longer template titles: the API's (see `MeetingTemplateVariant`). */
export const MEETING_TEMPLATE_TITLE_MAX_LENGTH_API = 200;
export const MEETING_TITLE_MAX_LENGTH = 100;
export const AVAILABLE_DAYS_RANGE = { min: 1, max: 365 } as const;

/**
 * Meeting and template messages. Those of crm §5 are the spec's wording; `ours` marks the rest.
 * Where the spec gives two messages for one rule, `...Api` is the API's and `...Form` the form's.
 */
export const MeetingMessage = {
  openingHoursRequiredApi: 'Opening hours must not be empty',
  openingHoursRequiredForm: 'Please add at least one set of opening hours',
  daysRequiredApi: 'At least one day must be selected',
  daysRequiredForm: 'Please select at least one day of the week',
  titleTooLong: (max: number) => `Title cannot exceed ${max} characters`,
  availableDaysRange: 'Please enter a number between 1 and 365',
  durationInvalid: 'Please enter a valid duration',
  locationRequired: 'Location is required',
  typeInvalid: 'Please enter a valid type',
  participantsRequired: 'Please add at least one participant',
  participantEmailInvalid: 'Please enter a valid email address',
  participantEmailRequired: 'Please ensure all participants have an associated email',
  taskTitleRequired: 'Task title is required',
  taskDescriptionRequired: 'Task description is required',
  startTimeRequired: 'Start Time is required',
  transcriptInvalid: 'Invalid transcript format',
  // ours
  dayInvalid: 'Days are numbered 0 (Sunday) to 6 (Saturday)',
  endBeforeStart: 'End time must be after start time',
  timeZoneInvalid: 'Please select one of the supported time zones',
  titleRequired: 'Title is required',
  teamRequired: 'Team is required',
  bufferInvalid: 'Please enter a valid number of minutes',
  providerInvalid: 'Please select a valid calendar provider',
  messageRequired: 'Message is required',
  participantNameRequired: 'Name is required',
  participantRoleRequired: 'Role is required',
  organizerRequired: 'Organizer is required',
  assigneeRequired: 'Assignee is required',
  agendaItemInvalid: 'Agenda items must be free-form text',
} as const;

/**
 * Which wording and title limit a template schema uses. The spec gives two messages for the
 * opening-hours rules and two title limits without saying which goes where; we give the API the
 * plain statements and the longer limit (200), the form the messages that address the user
 * ("Please ...") and the limit it shows (100).
 */
export type MeetingTemplateVariant = 'api' | 'form';

/** A whole number of minutes, at least `min`; missing or anything else gets `message`. */
function minutes(message: string, min = 0) {
  return z.number({ error: message }).int(message).min(min, message);
}

/** One set of opening hours: the weekdays (0-6, at least one) and a start and end time. */
export function makeOpeningHoursSchema(variant: MeetingTemplateVariant = 'api') {
  const daysRequired = variant === 'api' ? MeetingMessage.daysRequiredApi : MeetingMessage.daysRequiredForm;
  return z
    .object({
      days: z
        .array(z.literal(Weekday, { error: MeetingMessage.dayInvalid }), { error: daysRequired })
        .min(1, daysRequired),
      start: timeSchema,
      end: timeSchema,
    })
    .superRefine((hours, ctx) => {
      const { start, end } = hours;
      if (typeof start !== 'string' || typeof end !== 'string') return;
      if (timeSchema.safeParse(start).success && timeSchema.safeParse(end).success) {
        if (minutesOfDay(end) <= minutesOfDay(start)) {
          ctx.addIssue({ code: 'custom', message: MeetingMessage.endBeforeStart, path: ['end'] });
        }
      }
    }, evenWhenFieldsFail);
}

/** The time zone of a template: one of the six Canadian zones (crm §5). */
export const meetingTimeZoneSchema = z.enum(MeetingTimeZone, { error: MeetingMessage.timeZoneInvalid });

/**
 * A booking template (crm §3, §5): team, title, opening hours, time zone, duration and minimum
 * notice required; available days 1-365. Durations, buffers and notices are whole minutes.
 */
export function makeMeetingTemplateSchema(variant: MeetingTemplateVariant = 'api') {
  const titleMax = variant === 'api' ? MEETING_TEMPLATE_TITLE_MAX_LENGTH_API : MEETING_TEMPLATE_TITLE_MAX_LENGTH;
  const openingHoursRequired =
    variant === 'api' ? MeetingMessage.openingHoursRequiredApi : MeetingMessage.openingHoursRequiredForm;
  return z.object({
    team: requiredString(MeetingMessage.teamRequired),
    title: requiredString(MeetingMessage.titleRequired, {
      max: titleMax,
      tooLong: MeetingMessage.titleTooLong(titleMax),
    }),
    message: freeText({ kind: 'paragraph' }).optional(),
    duration: minutes(MeetingMessage.durationInvalid, 1),
    availableDaysInFuture: z
      .number({ error: MeetingMessage.availableDaysRange })
      .int(MeetingMessage.availableDaysRange)
      .min(AVAILABLE_DAYS_RANGE.min, MeetingMessage.availableDaysRange)
      .max(AVAILABLE_DAYS_RANGE.max, MeetingMessage.availableDaysRange),
    openingHours: z
      .array(makeOpeningHoursSchema(variant), { error: openingHoursRequired })
      .min(1, openingHoursRequired),
    beforeBuffer: minutes(MeetingMessage.bufferInvalid).default(0),
    afterBuffer: minutes(MeetingMessage.bufferInvalid).default(0),
    minimumNotice: minutes(MeetingMessage.durationInvalid),
    minimumCancellationNotice: minutes(MeetingMessage.bufferInvalid).optional(),
    /** The template's status; its values are not shown in the spec. */
    status: freeText().optional(),
    provider: z.enum(CalendarProvider, { error: MeetingMessage.providerInvalid }).optional(),
    timeZone: meetingTimeZoneSchema,
  });
}
export const meetingTemplateSchema = makeMeetingTemplateSchema('api');
export const meetingTemplateFormSchema = makeMeetingTemplateSchema('form');
export type MeetingTemplate = z.output<typeof meetingTemplateSchema>;

/** A meeting participant: e-mail (required and valid), name, role, and the entity if known. */
export const meetingParticipantSchema = z.object({
  email: freeText({ kind: 'email', message: MeetingMessage.participantEmailRequired })
    .min(1, { error: MeetingMessage.participantEmailRequired, abort: true })
    .regex(EMAIL_PATTERN, MeetingMessage.participantEmailInvalid),
  name: requiredString(MeetingMessage.participantNameRequired),
  role: z.enum(MeetingParticipantRole, { error: MeetingMessage.participantRoleRequired }),
  /** The participant's canonical id, when they are a contact or a team member. */
  participant: freeText({ kind: 'identifier' }).min(1).optional(),
});

/** A task of a meeting: who does it, and its title and description. */
export const meetingTaskSchema = z.object({
  assignee: z.object(
    { canonicalId: requiredString(MeetingMessage.assigneeRequired) },
    { error: MeetingMessage.assigneeRequired },
  ),
  /** A missing content reports both of its parts. */
  content: z.preprocess(
    (value) => (value === undefined || value === null ? {} : value),
    z.object({
      title: requiredString(MeetingMessage.taskTitleRequired),
      description: requiredString(MeetingMessage.taskDescriptionRequired, { kind: 'paragraph' }),
    }),
  ),
});

export const agendaItemSchema = z.object({
  type: z.enum(AgendaItemType, { error: MeetingMessage.agendaItemInvalid }),
  value: freeText({ kind: 'paragraph', message: MeetingMessage.agendaItemInvalid }),
});

/** The meeting types that happen somewhere, so need a location (crm §5). */
export const MEETING_TYPES_NEEDING_LOCATION: readonly MeetingType[] = ['IN_PERSON', 'OTHER'];

/**
 * A meeting (crm §3, §5): title (at most 100), message, type, start time, organizer and at least
 * one participant required; a location for in-person and other meetings.
 */
export const meetingSchema = z
  .object({
    title: requiredString(MeetingMessage.titleRequired, {
      max: MEETING_TITLE_MAX_LENGTH,
      tooLong: MeetingMessage.titleTooLong(MEETING_TITLE_MAX_LENGTH),
    }),
    message: requiredString(MeetingMessage.messageRequired, { kind: 'paragraph' }),
    type: z.enum(MeetingType, { error: MeetingMessage.typeInvalid }),
    location: freeText().optional(),
    duration: minutes(MeetingMessage.durationInvalid, 1).optional(),
    startTime: dateTime(MeetingMessage.startTimeRequired),
    timeZone: meetingTimeZoneSchema.optional(),
    participants: z
      .array(meetingParticipantSchema, { error: MeetingMessage.participantsRequired })
      .min(1, MeetingMessage.participantsRequired),
    organizer: requiredString(MeetingMessage.organizerRequired),
    agendaItems: listOf(agendaItemSchema).default([]),
    preTasks: listOf(meetingTaskSchema).default([]),
    postTasks: listOf(meetingTaskSchema).default([]),
  })
  .superRefine((meeting, ctx) => {
    if (MEETING_TYPES_NEEDING_LOCATION.includes(meeting.type) && isBlank(meeting.location)) {
      ctx.addIssue({ code: 'custom', message: MeetingMessage.locationRequired, path: ['location'] });
    }
  }, evenWhenFieldsFail);
export type Meeting = z.output<typeof meetingSchema>;

/**
 * A transcript must end up as a string (crm §5): text is kept; a list of lines or of segments with
 * a `text` is joined with new lines; anything else is 'Invalid transcript format'.
 */
export const transcriptSchema = z.unknown().transform((value, ctx): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const lines = value.map((line) => (isRecord(line) ? line.text : line));
    if (lines.every((line): line is string => typeof line === 'string')) return lines.join('\n');
  }
  ctx.addIssue({ code: 'custom', message: MeetingMessage.transcriptInvalid });
  return z.NEVER;
});

/** The body of `PATCH /{meetingId}/set-transcript`. */
export const setTranscriptSchema = z.object({ transcript: transcriptSchema });

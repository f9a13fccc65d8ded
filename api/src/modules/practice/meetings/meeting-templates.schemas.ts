import { z } from 'zod';
import {
  CalendarProvider,
  EntityType,
  freeText,
  idParam,
  LIST_LIMITS,
  meetingTemplateSchema,
  MeetingMessage,
  MeetingTimeZone,
  requiredString,
  tooManyItems,
} from '@meridian/domain';

/*
 * The HTTP shapes of the meeting-template routes (crm §7 Meetings). The rules of a template and
 * their messages are the domain's (`meetingTemplateSchema`, crm §5, the API's variant: titles up to
 * 200); these add only what the routes need around them. They belong in
 * domain/src/practice/meetings/api.ts beside the other areas' shapes, for the dashboard to import;
 * they are here until that file exists.
 */

const shape = meetingTemplateSchema.shape;

/** Messages of these routes that crm §5 does not give. */
export const MeetingTemplateMessage = {
  configRequired: 'Configuration is required',
  inUse: (meetings: number) =>
    `This template cannot be deleted: ${meetings} ${meetings === 1 ? 'meeting was' : 'meetings were'} booked through it`,
} as const;

/** The longest meeting: a day (a set of opening hours ends on the day it starts). */
export const MAX_MEETING_DURATION_MINUTES = 24 * 60;
/** The longest notice or buffer: a year, as far ahead as a template ever books (365 days). */
export const MAX_NOTICE_MINUTES = 365 * 24 * 60;

/**
 * The domain's minute fields and opening hours with upper bounds: crm §5 gives none, and without
 * them a whole number past the database's integer (or a list of a million opening hours) would
 * reach it. Each bound answers with its field's own message. (These belong in the domain schema.)
 */
const bounded = {
  duration: shape.duration.max(MAX_MEETING_DURATION_MINUTES, MeetingMessage.durationInvalid),
  openingHours: shape.openingHours.max(LIST_LIMITS.items, tooManyItems(LIST_LIMITS.items)),
  beforeBuffer: shape.beforeBuffer.unwrap().max(MAX_NOTICE_MINUTES, MeetingMessage.bufferInvalid),
  afterBuffer: shape.afterBuffer.unwrap().max(MAX_NOTICE_MINUTES, MeetingMessage.bufferInvalid),
  minimumNotice: shape.minimumNotice.max(MAX_NOTICE_MINUTES, MeetingMessage.durationInvalid),
  minimumCancellationNotice: shape.minimumCancellationNotice
    .unwrap()
    .max(MAX_NOTICE_MINUTES, MeetingMessage.bufferInvalid),
};

/**
 * `POST /meetings/template`: a template (crm §3, §5) in a team of the caller's, named by `teamId`
 * as the other creates name theirs (`POST /contacts`). The domain's `team` is that id.
 */
export const createMeetingTemplateSchema = meetingTemplateSchema.omit({ team: true }).extend({
  teamId: requiredString(MeetingMessage.teamRequired, { kind: 'identifier' }),
  duration: bounded.duration,
  openingHours: bounded.openingHours,
  beforeBuffer: bounded.beforeBuffer.default(0),
  afterBuffer: bounded.afterBuffer.default(0),
  minimumNotice: bounded.minimumNotice,
  minimumCancellationNotice: bounded.minimumCancellationNotice.optional(),
});
export type CreateMeetingTemplate = z.output<typeof createMeetingTemplateSchema>;

/**
 * `PATCH /meetings/templates/{templateId}`: the fields given change, under the same rules as a
 * create; opening hours, when given, replace the template's. `message`, `status`, `provider` and
 * the cancellation notice may be null to clear them. A template stays in its team. The buffers
 * have no default here: a field left out is left as it is, not reset to 0.
 */
export const editMeetingTemplateSchema = z.object({
  title: shape.title.optional(),
  message: freeText({ kind: 'paragraph' }).nullable().optional(),
  duration: bounded.duration.optional(),
  availableDaysInFuture: shape.availableDaysInFuture.optional(),
  openingHours: bounded.openingHours.optional(),
  beforeBuffer: bounded.beforeBuffer.optional(),
  afterBuffer: bounded.afterBuffer.optional(),
  minimumNotice: bounded.minimumNotice.optional(),
  minimumCancellationNotice: bounded.minimumCancellationNotice.nullable().optional(),
  status: shape.status.unwrap().nullable().optional(),
  provider: shape.provider.unwrap().nullable().optional(),
  timeZone: shape.timeZone.optional(),
});
export type EditMeetingTemplate = z.output<typeof editMeetingTemplateSchema>;

export const meetingTemplateIdParamsSchema = z.object({
  templateId: idParam(EntityType.meetingTemplate, 'meeting template'),
});
export type MeetingTemplateParams = z.output<typeof meetingTemplateIdParamsSchema>;

/**
 * `GET /meetings/scheduling-status?configId`: the provider's scheduling configuration id of a
 * template, or the template's own id while it has none (no calendar connected yet).
 */
export const schedulingStatusQuerySchema = z.object({
  configId: requiredString(MeetingTemplateMessage.configRequired, { kind: 'identifier' }),
});
export type SchedulingStatusQuery = z.output<typeof schedulingStatusQuerySchema>;

const openingHoursViewSchema = z.object({
  /** Weekdays, 0 (Sunday) to 6, in order, each once. */
  days: z.array(z.number().int()),
  /** The days' names, in the same order ("Monday"). */
  dayLabels: z.array(z.string()),
  start: z.string(),
  end: z.string(),
});

/**
 * A template as the API answers it: the fields the create takes (so the editor can send them
 * back), with the labels the dashboard shows beside the time zone and the provider.
 */
export const meetingTemplateViewSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  duration: z.number().int(),
  availableDaysInFuture: z.number().int(),
  /** In week order: by first day, then start and end time. */
  openingHours: z.array(openingHoursViewSchema),
  beforeBuffer: z.number().int(),
  afterBuffer: z.number().int(),
  minimumNotice: z.number().int(),
  minimumCancellationNotice: z.number().int().nullable(),
  status: z.string().nullable(),
  provider: z.enum(CalendarProvider).nullable(),
  providerLabel: z.string().nullable(),
  timeZone: z.enum(MeetingTimeZone),
  timeZoneLabel: z.string(),
  /** The calendar connection it books into; null: the firm's own calendar (virtual calendar). */
  connectionId: z.string().nullable(),
  /** The scheduling configuration at the calendar provider, once made. */
  configId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MeetingTemplateView = z.infer<typeof meetingTemplateViewSchema>;

export const timeZoneOptionSchema = z.object({ value: z.enum(MeetingTimeZone), label: z.string() });
export type TimeZoneOption = z.infer<typeof timeZoneOptionSchema>;

/** Whether clients can book a template now, as `scheduling-status` says it. */
export const SchedulingState = ['READY', 'SETTING_UP', 'NEEDS_RECONNECT'] as const;
export type SchedulingState = (typeof SchedulingState)[number];

export const SCHEDULING_STATE_LABELS: Readonly<Record<SchedulingState, string>> = {
  READY: 'Bookable',
  SETTING_UP: 'Being set up',
  NEEDS_RECONNECT: 'Calendar to reconnect',
};

export const schedulingStatusSchema = z.object({
  /** The id asked about. */
  configId: z.string(),
  templateId: z.string(),
  /** The calendar bookings go to: the connection's provider, or `virtual-calendar`. */
  calendar: z.enum(CalendarProvider),
  calendarLabel: z.string(),
  /** True when no calendar is connected and bookings use the firm's own (virtual) calendar. */
  firmCalendar: z.boolean(),
  state: z.enum(SchedulingState),
  stateLabel: z.string(),
  bookable: z.boolean(),
  /** The state in a sentence, for the template editor. */
  message: z.string(),
});
export type SchedulingStatus = z.infer<typeof schedulingStatusSchema>;

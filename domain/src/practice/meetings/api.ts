import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { calendarDate, dateTime, evenWhenFieldsFail, requiredString } from '../../shared/input/common.js';
import { idParam } from '../../shared/input/id-param.js';
import { LIST_LIMITS, listOf, listPageSchema, paginationSchema, tooManyItems } from '../../shared/input/lists.js';
import { freeText } from '../../shared/input/text.js';
import { TaskStatus } from '../tasks/enums.js';
import { TaskMessage } from '../tasks/schemas.js';
import { taskIdParamsSchema } from '../tasks/api.js';
import {
  AgendaItemType,
  CalendarProvider,
  MeetingParticipantRole,
  MeetingTaskTiming,
  MeetingTimeZone,
  MeetingType,
} from './enums.js';
import { meetingLacksLocation } from './rules.js';
import {
  agendaItemSchema,
  meetingParticipantSchema,
  meetingSchema,
  meetingTaskSchema,
  meetingTemplateSchema,
  MeetingMessage,
} from './schemas.js';

/*
 * The HTTP shapes of a meeting's own calls (crm §7 Meetings): the meeting page, a team's calendar,
 * scheduling, editing, cancelling, the transcript, the meeting's tasks and who may take part. The
 * rules and their messages are crm §5's (`meetingSchema`, `meetingTaskSchema`,
 * `setTranscriptSchema`); these add what the routes need around them.
 */

/** Messages of the meeting routes that crm §5 does not give (ours). */
export const MeetingCallMessage = {
  timingInvalid: 'Please choose when the task is done: before, during or after the meeting',
  participantEntityRequired: 'Please choose the contact or team member this participant is',
  windowInvalid: 'Please enter a valid date and time',
  windowOrder: 'The end of the period must be after its start',
  windowTooLong: (days: number) => `The period can be at most ${days} days`,
  roleInvalid: 'Role must be CONTACT or TEAM_MEMBER',
  durationTooLong: 'A meeting can last at most a day',
} as const;

/** The longest meeting, booked or scheduled: a day (a set of opening hours ends on the day it starts). */
export const MAX_MEETING_MINUTES = 24 * 60;
/** A meeting made without a duration lasts half an hour. */
export const DEFAULT_MEETING_MINUTES = 30;
/** The longest window of a team's calendar (two months: a month view with its edges). */
export const MEETING_WINDOW_MAX_DAYS = 62;

export const meetingIdParam = idParam(EntityType.meeting, 'meeting');
export const meetingIdParamsSchema = z.object({ meetingId: meetingIdParam });
export type MeetingIdParams = z.output<typeof meetingIdParamsSchema>;
export const meetingTeamParamsSchema = z.object({ teamId: idParam(EntityType.team, 'team') });

const shape = meetingSchema.shape;

/** A participant: crm §5's, and a CONTACT or TEAM_MEMBER one names who they are. */
export const meetingParticipantInputSchema = meetingParticipantSchema.superRefine((participant, ctx) => {
  if ((participant.role === 'CONTACT' || participant.role === 'TEAM_MEMBER') && !participant.participant) {
    ctx.addIssue({ code: 'custom', message: MeetingCallMessage.participantEntityRequired, path: ['participant'] });
  }
}, evenWhenFieldsFail);

const participantsSchema = z
  .array(meetingParticipantInputSchema, { error: MeetingMessage.participantsRequired })
  .min(1, MeetingMessage.participantsRequired)
  .max(LIST_LIMITS.items, tooManyItems(LIST_LIMITS.items));

const durationSchema = z
  .number({ error: MeetingMessage.durationInvalid })
  .int(MeetingMessage.durationInvalid)
  .min(1, MeetingMessage.durationInvalid)
  .max(MAX_MEETING_MINUTES, MeetingCallMessage.durationTooLong);

/** The fields an advisor sets on a meeting (crm §3), with crm §5's rules. */
const meetingFields = {
  title: shape.title,
  message: shape.message,
  type: shape.type,
  location: freeText().nullable().optional(),
  duration: durationSchema.optional(),
  startTime: shape.startTime,
  timeZone: shape.timeZone,
  participants: participantsSchema,
  agendaItems: shape.agendaItems,
};

/** 'Location is required' for an in-person or other meeting without one (crm §5). */
function locationRule(meeting: { type?: unknown; location?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof meeting.type !== 'string' || !MeetingType.includes(meeting.type as MeetingType)) return;
  const location = typeof meeting.location === 'string' ? meeting.location : null;
  if (meetingLacksLocation(meeting.type as MeetingType, location)) {
    ctx.addIssue({ code: 'custom', message: MeetingMessage.locationRequired, path: ['location'] });
  }
}

/**
 * `PATCH /meetings/{meetingId}/edit`: the meeting's fields as the edit form sends them, all of
 * them: title, message, type, location, start time, participants and agenda; the duration and
 * time zone stay as they are unless given. Participants and agenda replace the meeting's.
 */
export const editMeetingSchema = z.object(meetingFields).superRefine(locationRule, evenWhenFieldsFail);
export type EditMeeting = z.output<typeof editMeetingSchema>;

/**
 * `POST /meetings`: an advisor schedules a meeting for a team of theirs, organized by a member of
 * it (`organizer`, a team member's id), with the edit's fields and crm §3's tasks to do before and
 * after it (`preTasks`, `postTasks`: real tasks, due by `defaultMeetingTaskDueDate`). Without a
 * duration it lasts 30 minutes; without a time zone it is on Toronto's clock.
 */
export const createMeetingSchema = z
  .object({
    ...meetingFields,
    teamId: requiredString(MeetingMessage.teamRequired, { kind: 'identifier' }),
    organizer: requiredString(MeetingMessage.organizerRequired, { kind: 'identifier' }),
    householdId: freeText({ kind: 'identifier' }).min(1).optional(),
    preTasks: shape.preTasks,
    postTasks: shape.postTasks,
  })
  .superRefine(locationRule, evenWhenFieldsFail);
export type CreateMeeting = z.output<typeof createMeetingSchema>;

/**
 * `PATCH /meeting/{meetingId}` (crm §7's general update): any of the edit's fields and the
 * organizer; those left out stay. The location rule is checked against the meeting as it will be.
 */
export const updateMeetingSchema = z.object({
  title: shape.title.optional(),
  message: shape.message.optional(),
  type: shape.type.optional(),
  location: freeText().nullable().optional(),
  duration: durationSchema.optional(),
  startTime: shape.startTime.optional(),
  timeZone: shape.timeZone,
  participants: participantsSchema.optional(),
  agendaItems: listOf(agendaItemSchema).optional(),
  organizer: freeText({ kind: 'identifier' }).min(1, MeetingMessage.organizerRequired).optional(),
});
export type UpdateMeeting = z.output<typeof updateMeetingSchema>;

/**
 * `PATCH /meetings/{meetingId}/add-task`: a task of the meeting (crm §3's meeting task: assignee
 * and content), done before, during or after it; due when given, else by `defaultMeetingTaskDueDate`.
 */
export const addMeetingTaskSchema = meetingTaskSchema.extend({
  timing: z.enum(MeetingTaskTiming, { error: MeetingCallMessage.timingInvalid }),
  dueDate: calendarDate(TaskMessage.dueDateInvalid).optional(),
});
export type AddMeetingTask = z.output<typeof addMeetingTaskSchema>;

/** `PATCH /meetings/{meetingId}/remove-task`: one of the meeting's tasks. */
export const removeMeetingTaskSchema = taskIdParamsSchema;
/** `PATCH /meetings/{meetingId}/move-task`: one of the meeting's tasks, to another timing. */
export const moveMeetingTaskSchema = taskIdParamsSchema.extend({
  timing: z.enum(MeetingTaskTiming, { error: MeetingCallMessage.timingInvalid }),
});

/** `GET /meetings/by-team/{teamId}`: the meetings overlapping [from, to), at most 62 days. */
export const meetingWindowQuerySchema = z
  .object({ from: dateTime(MeetingCallMessage.windowInvalid), to: dateTime(MeetingCallMessage.windowInvalid) })
  .superRefine((window, ctx) => {
    if (!(window.from instanceof Date) || !(window.to instanceof Date)) return;
    if (window.to.getTime() <= window.from.getTime()) {
      ctx.addIssue({ code: 'custom', message: MeetingCallMessage.windowOrder, path: ['to'] });
    } else if (window.to.getTime() - window.from.getTime() > MEETING_WINDOW_MAX_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        message: MeetingCallMessage.windowTooLong(MEETING_WINDOW_MAX_DAYS),
        path: ['to'],
      });
    }
  }, evenWhenFieldsFail);
export type MeetingWindowQuery = z.output<typeof meetingWindowQuerySchema>;

/** Who may be invited: a team's contacts and members. */
export const AvailableParticipantRole = ['CONTACT', 'TEAM_MEMBER'] as const;
export type AvailableParticipantRole = (typeof AvailableParticipantRole)[number];

/**
 * `GET /teams/{teamId}/available-participants`: the team's contacts (of its households and its
 * leads) and members, paged; `entityId` narrows the contacts to a household's (or one contact),
 * `role` to one kind, `search` matches names and e-mail addresses.
 */
export const availableParticipantsQuerySchema = paginationSchema.extend({
  entityId: freeText({ kind: 'identifier' }).min(1).optional(),
  role: z.enum(AvailableParticipantRole, { error: MeetingCallMessage.roleInvalid }).optional(),
  search: freeText().optional(),
});
export type AvailableParticipantsQuery = z.output<typeof availableParticipantsQuerySchema>;

export const availableParticipantSchema = z.object({
  /** The contact's or team member's canonical id: a participant's `participant`. */
  id: z.string(),
  role: z.enum(AvailableParticipantRole),
  name: z.string(),
  /** Their primary e-mail address; null when they have none (they cannot be invited until they do). */
  email: z.string().nullable(),
});
export type AvailableParticipant = z.output<typeof availableParticipantSchema>;
export const availableParticipantsResponseSchema = listPageSchema(availableParticipantSchema);

// ---- responses ----

export const meetingParticipantViewSchema = z.object({
  role: z.enum(MeetingParticipantRole),
  name: z.string(),
  email: z.string(),
  /** The contact's or team member's id; null for an outside guest. */
  participant: z.string().nullable(),
});
export type MeetingParticipantView = z.output<typeof meetingParticipantViewSchema>;

/** A meeting on a team's calendar. */
export const meetingSummarySchema = z.object({
  id: z.string(),
  teamId: z.string(),
  householdId: z.string().nullable(),
  title: z.string(),
  type: z.enum(MeetingType),
  location: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  timeZone: z.string(),
  organizer: z.object({ id: z.string(), name: z.string() }),
  participants: z.array(meetingParticipantViewSchema),
  /** Booked through a template and not yet confirmed. */
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
});
export type MeetingSummary = z.output<typeof meetingSummarySchema>;

export const meetingTaskViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  timing: z.enum(MeetingTaskTiming),
  status: z.enum(TaskStatus),
  dueDate: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});
export type MeetingTaskView = z.output<typeof meetingTaskViewSchema>;

/** The meeting page: its fields, participants, agenda, tasks by timing and transcript. */
export const meetingViewSchema = meetingSummarySchema.extend({
  message: z.string(),
  templateId: z.string().nullable(),
  agendaItems: z.array(z.object({ type: z.enum(AgendaItemType), value: z.string() })),
  tasks: z.object({
    PRE: z.array(meetingTaskViewSchema),
    DURING: z.array(meetingTaskViewSchema),
    POST: z.array(meetingTaskViewSchema),
  }),
  transcript: z.string().nullable(),
  requestedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MeetingView = z.output<typeof meetingViewSchema>;

// ---- booking templates ----

/*
 * The HTTP shapes of the meeting-template routes (crm §7 Meetings). The rules of a template and
 * their messages are the domain's (`meetingTemplateSchema`, crm §5, the API's variant: titles up to
 * 200); these add only what the routes need around them.
 */

const templateShape = meetingTemplateSchema.shape;

/** Messages of these routes that crm §5 does not give. */
export const MeetingTemplateMessage = {
  configRequired: 'Configuration is required',
  inUse: (meetings: number) =>
    `This template cannot be deleted: ${meetings} ${meetings === 1 ? 'meeting was' : 'meetings were'} booked through it`,
} as const;

/** The longest notice or buffer: a year, as far ahead as a template ever books (365 days). */
export const MAX_NOTICE_MINUTES = 365 * 24 * 60;

/**
 * The domain's minute fields and opening hours with upper bounds: crm §5 gives none, and without
 * them a whole number past the database's integer (or a list of a million opening hours) would
 * reach it. Each bound answers with its field's own message. (These belong in the domain schema.)
 */
const bounded = {
  duration: templateShape.duration.max(MAX_MEETING_MINUTES, MeetingMessage.durationInvalid),
  openingHours: templateShape.openingHours.max(LIST_LIMITS.items, tooManyItems(LIST_LIMITS.items)),
  beforeBuffer: templateShape.beforeBuffer.unwrap().max(MAX_NOTICE_MINUTES, MeetingMessage.bufferInvalid),
  afterBuffer: templateShape.afterBuffer.unwrap().max(MAX_NOTICE_MINUTES, MeetingMessage.bufferInvalid),
  minimumNotice: templateShape.minimumNotice.max(MAX_NOTICE_MINUTES, MeetingMessage.durationInvalid),
  minimumCancellationNotice: templateShape.minimumCancellationNotice
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
  title: templateShape.title.optional(),
  message: freeText({ kind: 'paragraph' }).nullable().optional(),
  duration: bounded.duration.optional(),
  availableDaysInFuture: templateShape.availableDaysInFuture.optional(),
  openingHours: bounded.openingHours.optional(),
  beforeBuffer: bounded.beforeBuffer.optional(),
  afterBuffer: bounded.afterBuffer.optional(),
  minimumNotice: bounded.minimumNotice.optional(),
  minimumCancellationNotice: bounded.minimumCancellationNotice.nullable().optional(),
  status: templateShape.status.unwrap().nullable().optional(),
  provider: templateShape.provider.unwrap().nullable().optional(),
  timeZone: templateShape.timeZone.optional(),
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

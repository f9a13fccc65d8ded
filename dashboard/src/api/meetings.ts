import type { z } from 'zod';
import type {
  addMeetingTaskSchema,
  AvailableParticipant,
  AvailableParticipantsQuery,
  Booking,
  BookingLinkView,
  BookingPage,
  bookingRequestSchema,
  BookingSlots,
  CalendarProvider,
  createMeetingSchema,
  editMeetingSchema,
  editMeetingTemplateSchema,
  ListPage,
  MeetingSummary,
  MeetingTaskTiming,
  MeetingTemplateView,
  MeetingView,
  SchedulingStatus,
  TimeZoneOption,
} from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

export type {
  Booking,
  BookingLinkView,
  BookingPage,
  BookingSlots,
  MeetingTemplateView,
  SchedulingStatus,
  TimeZoneOption,
} from '@meridian/domain';

/*
 * The meeting calls of crm §7 the dashboard makes: booking templates, the public booking page and
 * its e-mailed links, calendar connections, and a meeting's own calls. The templates', bookings'
 * and meetings' shapes are the domain's (practice/meetings/api.ts, booking-api.ts); the Nylas
 * routes' answers below are what api/src/modules/hub/providers/nylas/api/nylas.schemas.ts answers.
 */

/** The body of a create (with `teamId`) or an edit (without). */
export type MeetingTemplateBody = z.input<typeof editMeetingTemplateSchema> & { teamId?: string };

export interface NylasCalendar {
  id: string;
  name: string;
  timezone: string | null;
  isPrimary: boolean;
  readOnly: boolean;
}

export interface TeamNylasCalendars {
  connections: {
    connectionId: string;
    email: string | null;
    provider: CalendarProvider | null;
    ownerProfessionalId: string | null;
    problem: string | null;
    calendars: NylasCalendar[];
  }[];
}

export const meetingTemplateCalls = {
  byTeam: (teamId: string, signal?: AbortSignal) =>
    apiRequest<MeetingTemplateView[]>(`/meetings/templates/by-team/${teamId}`, { signal }),
  create: (body: MeetingTemplateBody) =>
    apiRequest<MeetingTemplateView>('/meetings/template', { method: 'POST', body }),
  edit: (templateId: string, body: MeetingTemplateBody) =>
    apiRequest<MeetingTemplateView>(`/meetings/templates/${templateId}`, { method: 'PATCH', body }),
  remove: (templateId: string) => apiRequest<{ id: string }>(`/meetings/templates/${templateId}`, { method: 'DELETE' }),
  duplicate: (templateId: string) =>
    apiRequest<MeetingTemplateView>(`/meetings/templates/${templateId}/duplicate`, { method: 'POST' }),
  timeZones: (signal?: AbortSignal) => apiRequest<TimeZoneOption[]>('/meetings/timezone-opts', { signal }),
  schedulingStatus: (configId: string, signal?: AbortSignal) =>
    apiRequest<SchedulingStatus>(withQuery('/meetings/scheduling-status', { configId }), { signal }),
};

const bookingPath = (configId: string) => `/meetings/booking/${encodeURIComponent(configId)}`;

// The client's calls (public: no session), by the booking page's id.
export const bookingCalls = {
  page: (configId: string, signal?: AbortSignal) =>
    apiRequest<BookingPage>(bookingPath(configId), { authenticated: false, signal }),
  slots: (configId: string, range: { from: string; until: string }, signal?: AbortSignal) =>
    apiRequest<BookingSlots>(withQuery(`${bookingPath(configId)}/slots`, range), { authenticated: false, signal }),
  request: (body: z.input<typeof bookingRequestSchema>) =>
    apiRequest<Booking>('/meetings/request', { method: 'POST', body, authenticated: false }),
  confirm: (body: { bookingId: string; configId: string }) =>
    apiRequest<Booking>('/meetings/confirm', {
      method: 'PATCH',
      body: { ...body, isReschedule: false },
      authenticated: false,
    }),
};

const bookingLinkPath = (token: string, action?: string) =>
  `/meetings/booking-links/${encodeURIComponent(token)}${action ? `/${action}` : ''}`;

// The client's calls by the link of their confirmation e-mail (public: no session).
export const bookingLinkCalls = {
  view: (token: string, signal?: AbortSignal) =>
    apiRequest<BookingLinkView>(bookingLinkPath(token), { authenticated: false, signal }),
  reschedule: (token: string, start: string) =>
    apiRequest<BookingLinkView>(bookingLinkPath(token, 'reschedule'), {
      method: 'PATCH',
      body: { start },
      authenticated: false,
    }),
  cancel: (token: string) =>
    apiRequest<BookingLinkView>(bookingLinkPath(token, 'cancel'), { method: 'PATCH', body: {}, authenticated: false }),
};

export const calendarConnectionCalls = {
  /** Nylas's hosted authentication page for `provider`, the e-mail pre-filled. */
  authUrl: (provider: CalendarProvider, email: string) =>
    apiRequest<{ url: string }>(withQuery(`/nylas/${provider}`, { email })),
  /** The code and state Nylas sent the user back with, exchanged for the owner's connection. */
  connect: (body: { code: string; state: string; owner: string; creator: string }) =>
    apiRequest<{ connection: { email: string | null; provider: CalendarProvider | null }; created: boolean }>(
      '/nylas',
      {
        method: 'POST',
        body,
      },
    ),
  ofTeam: (teamId: string, signal?: AbortSignal) =>
    apiRequest<TeamNylasCalendars>(`/meetings/nylas-calendars/by-team/${teamId}`, { signal }),
};

// A meeting's own calls (crm §7 Meetings); the shapes are the domain's (practice/meetings/api.ts).
const meetingPath = (meetingId: string, action?: string) => `/meetings/${meetingId}${action ? `/${action}` : ''}`;
const patchMeeting = (meetingId: string, action: string, body: unknown = {}) =>
  apiRequest<MeetingView>(meetingPath(meetingId, action), { method: 'PATCH', body });

export const meetingCalls = {
  /** The team's meetings overlapping [from, to) (ISO instants; at most 62 days). */
  ofTeam: (teamId: string, range: { from: string; to: string }, signal?: AbortSignal) =>
    apiRequest<MeetingSummary[]>(withQuery(`/meetings/by-team/${teamId}`, range), { signal }),
  get: (meetingId: string, signal?: AbortSignal) => apiRequest<MeetingView>(meetingPath(meetingId), { signal }),
  create: (body: z.input<typeof createMeetingSchema>) => apiRequest<MeetingView>('/meetings', { method: 'POST', body }),
  /** Whom a team's meeting may invite: its contacts and members, searched by name or e-mail, paged. */
  availableParticipants: (teamId: string, query: Partial<AvailableParticipantsQuery>, signal?: AbortSignal) =>
    apiRequest<ListPage<AvailableParticipant>>(withQuery(`/teams/${teamId}/available-participants`, query), { signal }),
  edit: (meetingId: string, body: z.input<typeof editMeetingSchema>) => patchMeeting(meetingId, 'edit', body),
  addTask: (meetingId: string, body: z.input<typeof addMeetingTaskSchema>) => patchMeeting(meetingId, 'add-task', body),
  removeTask: (meetingId: string, taskId: string) => patchMeeting(meetingId, 'remove-task', { taskId }),
  moveTask: (meetingId: string, taskId: string, timing: MeetingTaskTiming) =>
    patchMeeting(meetingId, 'move-task', { taskId, timing }),
  cancel: (meetingId: string) => patchMeeting(meetingId, 'cancel'),
  setTranscript: (meetingId: string, transcript: unknown) => patchMeeting(meetingId, 'set-transcript', { transcript }),
  markViewed: (meetingId: string) => patchMeeting(meetingId, 'view'),
};

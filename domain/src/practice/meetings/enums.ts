/** Meeting and booking enumerations (foundations §3, crm §3). */

export const MeetingType = [
  'GOOGLE_MEET',
  'MICROSOFT_TEAMS',
  'IN_PERSON',
  'OTHER',
  'PHONE',
  'SYNC',
  'INTERNAL',
] as const;
export type MeetingType = (typeof MeetingType)[number];

export const MEETING_TYPE_LABELS: Readonly<Record<MeetingType, string>> = {
  GOOGLE_MEET: 'Google Meet',
  MICROSOFT_TEAMS: 'Microsoft Teams',
  IN_PERSON: 'In person',
  OTHER: 'Other',
  PHONE: 'Phone',
  SYNC: 'Synced from a calendar',
  INTERNAL: 'Internal',
};

/** When a meeting task is done, relative to the meeting. */
export const MeetingTaskTiming = ['PRE', 'DURING', 'POST'] as const;
export type MeetingTaskTiming = (typeof MeetingTaskTiming)[number];

export const MEETING_TASK_TIMING_LABELS: Readonly<Record<MeetingTaskTiming, string>> = {
  PRE: 'Before the meeting',
  DURING: 'During the meeting',
  POST: 'After the meeting',
};

export const MeetingParticipantRole = ['CONTACT', 'TEAM_MEMBER', 'EXTERNAL'] as const;
export type MeetingParticipantRole = (typeof MeetingParticipantRole)[number];

export const MEETING_PARTICIPANT_ROLE_LABELS: Readonly<Record<MeetingParticipantRole, string>> = {
  CONTACT: 'Contact',
  TEAM_MEMBER: 'Team member',
  EXTERNAL: 'External guest',
};

export const AgendaItemType = ['FREEFORM'] as const;
export type AgendaItemType = (typeof AgendaItemType)[number];

export const AGENDA_ITEM_TYPE_LABELS: Readonly<Record<AgendaItemType, string>> = { FREEFORM: 'Free-form' };

/** Calendar providers, stored in lower case as the spec spells them. */
export const CalendarProvider = ['google', 'imap', 'microsoft', 'icloud', 'virtual-calendar'] as const;
export type CalendarProvider = (typeof CalendarProvider)[number];

export const CALENDAR_PROVIDER_LABELS: Readonly<Record<CalendarProvider, string>> = {
  google: 'Google Calendar',
  imap: 'IMAP',
  microsoft: 'Microsoft Outlook',
  icloud: 'iCloud',
  'virtual-calendar': 'Virtual calendar',
};

/**
 * The six Canadian time zones a booking template may use (crm §5), as IANA ids, in the spec's
 * order: Halifax, Winnipeg, Toronto, Edmonton, St Johns, Vancouver.
 */
export const MeetingTimeZone = [
  'America/Halifax',
  'America/Winnipeg',
  'America/Toronto',
  'America/Edmonton',
  'America/St_Johns',
  'America/Vancouver',
] as const;
export type MeetingTimeZone = (typeof MeetingTimeZone)[number];

export const MEETING_TIME_ZONE_LABELS: Readonly<Record<MeetingTimeZone, string>> = {
  'America/Halifax': 'Halifax',
  'America/Winnipeg': 'Winnipeg',
  'America/Toronto': 'Toronto',
  'America/Edmonton': 'Edmonton',
  'America/St_Johns': 'St Johns',
  'America/Vancouver': 'Vancouver',
};

/**
 * Days of the week as opening hours number them (crm §9: 0-6). The spec does not say which day is
 * 0; this follows JavaScript's `Date.getDay()`, where 0 is Sunday.
 */
export const Weekday = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof Weekday)[number];

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  0: 'Sunday',
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
};

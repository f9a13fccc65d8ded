import type { MeetingTaskTiming, MeetingType } from './enums.js';
import { MEETING_TYPES_NEEDING_LOCATION } from './schemas.js';

/** A meeting as these rules read it: when it starts, how long it lasts, on which wall clock. */
export interface MeetingTime {
  startTime: Date;
  durationMinutes: number;
  /** An IANA zone: the meeting's dates are its local dates there. */
  timeZone: string;
}

/** Our sentences for what the meeting calls refuse beyond crm §5's messages. */
export const MeetingChangeMessage = {
  cancelled: 'This meeting is cancelled and can no longer be changed',
} as const;

/** When the meeting ends. */
export function meetingEnd(meeting: Pick<MeetingTime, 'startTime' | 'durationMinutes'>): Date {
  return new Date(meeting.startTime.getTime() + meeting.durationMinutes * 60_000);
}

/** The date (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** `date` (`YYYY-MM-DD`) moved by `days`, as a calendar date (midnight UTC, as due dates are kept). */
function shiftedDate(date: string, days: number): Date {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day;
}

/**
 * The due date a meeting's task gets when none is given, on the meeting's own calendar: a PRE task
 * the day before the meeting starts (so it is done before it), a DURING task the day it starts, a
 * POST task the day after it ends (a follow-up, strictly after the meeting). A due date is a whole
 * day, so "before" and "after" are the neighbouring days in the meeting's time zone.
 */
export function defaultMeetingTaskDueDate(timing: MeetingTaskTiming, meeting: MeetingTime): Date {
  if (timing === 'PRE') return shiftedDate(localDate(meeting.startTime, meeting.timeZone), -1);
  if (timing === 'DURING') return shiftedDate(localDate(meeting.startTime, meeting.timeZone), 0);
  return shiftedDate(localDate(meetingEnd(meeting), meeting.timeZone), 1);
}

/**
 * Why a meeting may not be changed, or null when it may: a cancelled meeting keeps what it was
 * (its edits, tasks, transcript and cancelling it again are refused); being viewed is no change.
 */
export function meetingChangeRefusal(meeting: { cancelledAt: Date | null }): string | null {
  return meeting.cancelledAt === null ? null : MeetingChangeMessage.cancelled;
}

/** True when a meeting of `type` at `location` lacks the location crm §5 requires ('Location is required'). */
export function meetingLacksLocation(type: MeetingType, location: string | null | undefined): boolean {
  return (
    MEETING_TYPES_NEEDING_LOCATION.includes(type) &&
    (location === null || location === undefined || location.trim() === '')
  );
}

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addMeetingTaskSchema,
  createMeetingSchema,
  editMeetingSchema,
  MeetingCallMessage,
  meetingWindowQuerySchema,
  updateMeetingSchema,
} from '../api.js';
import { defaultMeetingTaskDueDate, meetingChangeRefusal, meetingEnd, MeetingChangeMessage } from '../rules.js';
import { MeetingMessage } from '../schemas.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

describe('the due date of a meeting’s task when none is given', () => {
  // 20:30 in Toronto on 14 March is 00:30 UTC on 15 March: the meeting's own calendar decides.
  const evening = { startTime: new Date('2026-03-15T00:30:00Z'), durationMinutes: 60, timeZone: 'America/Toronto' };

  it('is the day before the start for PRE, the day of the start for DURING, the day after the end for POST', () => {
    expect(day(defaultMeetingTaskDueDate('PRE', evening))).toBe('2026-03-13');
    expect(day(defaultMeetingTaskDueDate('DURING', evening))).toBe('2026-03-14');
    expect(day(defaultMeetingTaskDueDate('POST', evening))).toBe('2026-03-15');
  });

  it('counts from the end for POST: a meeting past midnight ends the next day', () => {
    const late = { ...evening, startTime: new Date('2026-03-15T03:30:00Z'), durationMinutes: 120 };
    // 23:30 on the 14th to 01:30 on the 15th, Toronto time.
    expect(day(meetingEnd(late))).toBe('2026-03-15');
    expect(day(defaultMeetingTaskDueDate('DURING', late))).toBe('2026-03-14');
    expect(day(defaultMeetingTaskDueDate('POST', late))).toBe('2026-03-16');
  });

  it('keeps PRE before the start and POST after the end, in every zone, across months and years', () => {
    const zones = ['America/St_Johns', 'America/Vancouver', 'America/Halifax'];
    for (const timeZone of zones) {
      for (const start of ['2026-01-01T04:00:00Z', '2026-12-31T23:00:00Z', '2026-11-01T06:30:00Z']) {
        const meeting = { startTime: new Date(start), durationMinutes: 45, timeZone };
        const pre = defaultMeetingTaskDueDate('PRE', meeting);
        const post = defaultMeetingTaskDueDate('POST', meeting);
        // A due date is the whole day: PRE's day ends before the meeting starts (in its zone),
        // POST's day begins after it ends.
        const dateIn = (instant: Date) =>
          new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
            instant,
          );
        expect(day(pre) < dateIn(meeting.startTime)).toBe(true);
        expect(day(post) > dateIn(meetingEnd(meeting))).toBe(true);
      }
    }
  });
});

describe('changing a meeting', () => {
  it('refuses a cancelled meeting with a sentence, and lets any other be changed', () => {
    expect(meetingChangeRefusal({ cancelledAt: new Date() })).toBe(MeetingChangeMessage.cancelled);
    expect(meetingChangeRefusal({ cancelledAt: null })).toBeNull();
  });
});

const meeting = {
  title: 'Annual review',
  message: 'Your yearly review',
  type: 'PHONE',
  startTime: '2026-05-01T14:00:00Z',
  participants: [{ email: 'ana@client.test', name: 'Ana Ruiz', role: 'EXTERNAL' }],
};

describe('the meeting calls’ bodies (crm §5)', () => {
  it('answers the spec’s messages', () => {
    expect(
      issues(editMeetingSchema, { ...meeting, type: 'IN_PERSON', startTime: undefined, participants: [] }),
    ).toEqual([
      `startTime: ${MeetingMessage.startTimeRequired}`,
      `participants: ${MeetingMessage.participantsRequired}`,
      `location: ${MeetingMessage.locationRequired}`,
    ]);
    expect(issues(editMeetingSchema, { ...meeting, title: 'x'.repeat(101) })).toEqual([
      'title: Title cannot exceed 100 characters',
    ]);
    expect(
      issues(editMeetingSchema, { ...meeting, participants: [{ email: '', name: 'Ana', role: 'EXTERNAL' }] }),
    ).toEqual([`participants.0.email: ${MeetingMessage.participantEmailRequired}`]);
    expect(
      issues(editMeetingSchema, { ...meeting, participants: [{ email: 'ana@', name: 'Ana', role: 'EXTERNAL' }] }),
    ).toEqual([`participants.0.email: ${MeetingMessage.participantEmailInvalid}`]);
    expect(issues(editMeetingSchema, { ...meeting, type: 'ZOOM' })).toEqual([`type: ${MeetingMessage.typeInvalid}`]);
    expect(issues(createMeetingSchema, { ...meeting, teamId: 'team-x' })).toEqual([
      `organizer: ${MeetingMessage.organizerRequired}`,
    ]);
  });

  it('asks which contact or team member a CONTACT or TEAM_MEMBER participant is', () => {
    expect(
      issues(editMeetingSchema, { ...meeting, participants: [{ email: 'a@b.test', name: 'Ana', role: 'CONTACT' }] }),
    ).toEqual([`participants.0.participant: ${MeetingCallMessage.participantEntityRequired}`]);
  });

  it('takes a partial update, leaving the location rule to the meeting as it will be', () => {
    expect(updateMeetingSchema.parse({ type: 'IN_PERSON' })).toEqual({ type: 'IN_PERSON' });
    expect(issues(updateMeetingSchema, { title: '' })).toEqual(['title: Title is required']);
  });

  it('needs a task’s title, description and timing', () => {
    expect(issues(addMeetingTaskSchema, { assignee: { canonicalId: 'team_member-x' }, content: {} })).toEqual([
      `content.title: ${MeetingMessage.taskTitleRequired}`,
      `content.description: ${MeetingMessage.taskDescriptionRequired}`,
      `timing: ${MeetingCallMessage.timingInvalid}`,
    ]);
  });

  it('limits a calendar window to 62 days, its end after its start', () => {
    const from = '2026-05-01T00:00:00Z';
    expect(issues(meetingWindowQuerySchema, { from, to: '2026-07-02T00:00:00Z' })).toEqual([]);
    expect(issues(meetingWindowQuerySchema, { from, to: '2026-07-02T00:00:01Z' })).toEqual([
      `to: ${MeetingCallMessage.windowTooLong(62)}`,
    ]);
    expect(issues(meetingWindowQuerySchema, { from, to: from })).toEqual([`to: ${MeetingCallMessage.windowOrder}`]);
  });
});

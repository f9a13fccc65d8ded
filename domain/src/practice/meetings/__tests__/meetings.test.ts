import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  makeOpeningHoursSchema,
  meetingSchema,
  meetingTemplateFormSchema,
  meetingTemplateSchema,
  setTranscriptSchema,
  transcriptSchema,
} from '../schemas.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const template = {
  team: 'team-V1StGXR8_Z5jdHi6B-myT',
  title: 'Discovery call',
  duration: 30,
  availableDaysInFuture: 60,
  openingHours: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
  minimumNotice: 120,
  timeZone: 'America/Toronto',
};

describe('meeting templates (crm §5)', () => {
  it('accepts a template, with zero buffers unless given', () => {
    expect(meetingTemplateSchema.parse(template)).toEqual({ ...template, beforeBuffer: 0, afterBuffer: 0 });
    expect(
      issues(meetingTemplateSchema, {
        ...template,
        beforeBuffer: 10,
        afterBuffer: 5,
        minimumCancellationNotice: 1440,
        provider: 'google',
        message: 'Looking forward to it',
        status: 'ACTIVE',
      }),
    ).toEqual([]);
  });

  it("gives the API 'Opening hours must not be empty' and the form 'Please add at least one set of opening hours'", () => {
    for (const openingHours of [[], undefined]) {
      expect(issues(meetingTemplateSchema, { ...template, openingHours })).toEqual([
        'openingHours: Opening hours must not be empty',
      ]);
      expect(issues(meetingTemplateFormSchema, { ...template, openingHours })).toEqual([
        'openingHours: Please add at least one set of opening hours',
      ]);
    }
  });

  it("gives the API 'At least one day must be selected' and the form 'Please select at least one day of the week'", () => {
    const openingHours = [{ days: [], start: '09:00', end: '17:00' }];
    expect(issues(meetingTemplateSchema, { ...template, openingHours })).toEqual([
      'openingHours.0.days: At least one day must be selected',
    ]);
    expect(issues(meetingTemplateFormSchema, { ...template, openingHours })).toEqual([
      'openingHours.0.days: Please select at least one day of the week',
    ]);
    expect(issues(makeOpeningHoursSchema('form'), { start: '09:00', end: '17:00' })).toEqual([
      'days: Please select at least one day of the week',
    ]);
  });

  it('numbers days 0-6 and wants HH:mm times, the end after the start', () => {
    expect(issues(makeOpeningHoursSchema(), { days: [0, 6], start: '00:00', end: '23:59' })).toEqual([]);
    expect(issues(makeOpeningHoursSchema(), { days: [7, -1, 1.5], start: '9:00', end: '' })).toEqual([
      'days.0: Days are numbered 0 (Sunday) to 6 (Saturday)',
      'days.1: Days are numbered 0 (Sunday) to 6 (Saturday)',
      'days.2: Days are numbered 0 (Sunday) to 6 (Saturday)',
      'start: Time must be in the format "HH:mm"',
      'end: Time is required',
    ]);
    expect(issues(makeOpeningHoursSchema(), { days: [1], start: '17:00', end: '09:00' })).toEqual([
      'end: End time must be after start time',
    ]);
    expect(issues(makeOpeningHoursSchema(), { days: [1], start: '09:00', end: '09:00' })).toEqual([
      'end: End time must be after start time',
    ]);
  });

  it('permits the six Canadian time zones only', () => {
    for (const timeZone of [
      'America/Halifax',
      'America/Winnipeg',
      'America/Toronto',
      'America/Edmonton',
      'America/St_Johns',
      'America/Vancouver',
    ]) {
      expect(issues(meetingTemplateSchema, { ...template, timeZone })).toEqual([]);
    }
    for (const timeZone of ['America/New_York', 'America/Regina', 'UTC', undefined]) {
      expect(issues(meetingTemplateSchema, { ...template, timeZone })).toEqual([
        'timeZone: Please select one of the supported time zones',
      ]);
    }
  });

  it('limits the title to 100 characters in the form and 200 in the API', () => {
    expect(issues(meetingTemplateFormSchema, { ...template, title: 'x'.repeat(100) })).toEqual([]);
    expect(issues(meetingTemplateFormSchema, { ...template, title: 'x'.repeat(101) })).toEqual([
      'title: Title cannot exceed 100 characters',
    ]);
    expect(issues(meetingTemplateSchema, { ...template, title: 'x'.repeat(200) })).toEqual([]);
    expect(issues(meetingTemplateSchema, { ...template, title: 'x'.repeat(201) })).toEqual([
      'title: Title cannot exceed 200 characters',
    ]);
    expect(issues(meetingTemplateSchema, { ...template, title: ' ' })).toEqual(['title: Title is required']);
  });

  it("takes 1 to 365 available days: 'Please enter a number between 1 and 365'", () => {
    for (const availableDaysInFuture of [1, 365]) {
      expect(issues(meetingTemplateSchema, { ...template, availableDaysInFuture })).toEqual([]);
    }
    for (const availableDaysInFuture of [0, 366, 10.5, '30', undefined]) {
      expect(issues(meetingTemplateSchema, { ...template, availableDaysInFuture })).toEqual([
        'availableDaysInFuture: Please enter a number between 1 and 365',
      ]);
    }
  });

  it("requires duration and minimum notice: 'Please enter a valid duration'", () => {
    expect(issues(meetingTemplateSchema, { ...template, duration: undefined, minimumNotice: undefined })).toEqual([
      'duration: Please enter a valid duration',
      'minimumNotice: Please enter a valid duration',
    ]);
    expect(issues(meetingTemplateSchema, { ...template, duration: 0, minimumNotice: -5 })).toEqual([
      'duration: Please enter a valid duration',
      'minimumNotice: Please enter a valid duration',
    ]);
    expect(issues(meetingTemplateSchema, { ...template, minimumNotice: 0 })).toEqual([]);
  });

  it('checks team, buffers and provider', () => {
    expect(issues(meetingTemplateSchema, { ...template, team: '', beforeBuffer: -1, provider: 'outlook' })).toEqual([
      'team: Team is required',
      'beforeBuffer: Please enter a valid number of minutes',
      'provider: Please select a valid calendar provider',
    ]);
  });
});

const meeting = {
  title: 'Annual review',
  message: 'Agenda attached',
  type: 'GOOGLE_MEET',
  startTime: '2024-03-05T15:00:00Z',
  participants: [{ email: 'ana@silva.pt', name: 'Ana Silva', role: 'CONTACT' }],
  organizer: 'team_member-V1StGXR8_Z5jdHi6B-myT',
};

describe('meetings (crm §5)', () => {
  it('accepts a meeting, parsing the start time', () => {
    expect(meetingSchema.parse(meeting)).toEqual({
      ...meeting,
      startTime: new Date('2024-03-05T15:00:00Z'),
      agendaItems: [],
      preTasks: [],
      postTasks: [],
    });
  });

  it('requires a location for in-person and other meetings', () => {
    for (const type of ['IN_PERSON', 'OTHER']) {
      expect(issues(meetingSchema, { ...meeting, type })).toEqual(['location: Location is required']);
      expect(issues(meetingSchema, { ...meeting, type, location: ' ' })).toEqual(['location: Location is required']);
      expect(issues(meetingSchema, { ...meeting, type, location: '1 Main St' })).toEqual([]);
    }
    expect(issues(meetingSchema, { ...meeting, type: 'PHONE' })).toEqual([]);
  });

  it("says 'Please enter a valid type' for another type", () => {
    expect(issues(meetingSchema, { ...meeting, type: 'ZOOM' })).toEqual(['type: Please enter a valid type']);
    expect(issues(meetingSchema, { ...meeting, type: undefined })).toEqual(['type: Please enter a valid type']);
  });

  it('needs at least one participant, each with an e-mail, a name and a role', () => {
    expect(issues(meetingSchema, { ...meeting, participants: [] })).toEqual([
      'participants: Please add at least one participant',
    ]);
    expect(issues(meetingSchema, { ...meeting, participants: undefined })).toEqual([
      'participants: Please add at least one participant',
    ]);
    expect(
      issues(meetingSchema, {
        ...meeting,
        participants: [{ email: '' }, { email: 'ana@', name: 'Ana', role: 'GUEST' }],
      }),
    ).toEqual([
      'participants.0.email: Please ensure all participants have an associated email',
      'participants.0.name: Name is required',
      'participants.0.role: Role is required',
      'participants.1.email: Please enter a valid email address',
      'participants.1.role: Role is required',
    ]);
  });

  it('requires title (at most 100), message, start time and organizer', () => {
    expect(issues(meetingSchema, { participants: meeting.participants, type: 'PHONE' })).toEqual([
      'title: Title is required',
      'message: Message is required',
      'startTime: Start Time is required',
      'organizer: Organizer is required',
    ]);
    expect(issues(meetingSchema, { ...meeting, title: 'x'.repeat(101), startTime: 'next week' })).toEqual([
      'title: Title cannot exceed 100 characters',
      'startTime: Start Time is required',
    ]);
  });

  it('requires task titles and descriptions', () => {
    expect(
      issues(meetingSchema, {
        ...meeting,
        preTasks: [{ assignee: { canonicalId: 'team_member-1' }, content: { title: '', description: ' ' } }],
        postTasks: [{ content: {} }, { assignee: { canonicalId: 'x' } }],
      }),
    ).toEqual([
      'preTasks.0.content.title: Task title is required',
      'preTasks.0.content.description: Task description is required',
      'postTasks.0.assignee: Assignee is required',
      'postTasks.0.content.title: Task title is required',
      'postTasks.0.content.description: Task description is required',
      'postTasks.1.content.title: Task title is required',
      'postTasks.1.content.description: Task description is required',
    ]);
  });

  it('takes free-form agenda items', () => {
    expect(
      meetingSchema.parse({ ...meeting, agendaItems: [{ type: 'FREEFORM', value: 'Review RRSP' }] }).agendaItems,
    ).toEqual([{ type: 'FREEFORM', value: 'Review RRSP' }]);
    expect(issues(meetingSchema, { ...meeting, agendaItems: [{ type: 'POLL', value: 1 }] })).toEqual([
      'agendaItems.0.type: Agenda items must be free-form text',
      'agendaItems.0.value: Agenda items must be free-form text',
    ]);
  });
});

describe('transcripts (crm §5)', () => {
  it('ends up as a string', () => {
    expect(transcriptSchema.parse('Ana: hello')).toBe('Ana: hello');
    expect(transcriptSchema.parse(['Ana: hello', 'Bo: hi'])).toBe('Ana: hello\nBo: hi');
    expect(transcriptSchema.parse([{ text: 'Ana: hello' }, 'Bo: hi'])).toBe('Ana: hello\nBo: hi');
    expect(setTranscriptSchema.parse({ transcript: '' })).toEqual({ transcript: '' });
  });

  it("says 'Invalid transcript format' for anything else", () => {
    for (const transcript of [undefined, null, 42, { text: 'x' }, ['a', 1], [{ speaker: 'Ana' }]]) {
      expect(issues(setTranscriptSchema, { transcript })).toEqual(['transcript: Invalid transcript format']);
    }
  });
});

/**
 * Nylas events and threads, as the SDK hands them over (camelCase), read into what Meridian keeps:
 * every kind of `when`, all-day events in their calendar's zone, participants one per address,
 * cancellations, our own events recognised, and a bad item left out with its reason.
 */
import { describe, expect, it } from 'vitest';
import { mapNylasEvents, mapNylasThreads } from '../mappers.js';

const base = {
  id: 'evt-1',
  grantId: 'grant-1',
  calendarId: 'cal-1',
  object: 'event',
  title: 'Annual review',
  updatedAt: 1_764_000_000,
};

function mapOne(event: Record<string, unknown>, options = {}) {
  const { meetings, errors } = mapNylasEvents([{ ...base, ...event }], options);
  expect(errors).toEqual([]);
  return meetings[0];
}

describe('mapNylasEvents', () => {
  it('reads a timespan with its zone, participants, organizer and update time', () => {
    const meeting = mapOne({
      description: '  Agenda: the RRSP  ',
      location: 'Office',
      when: {
        object: 'timespan',
        startTime: 1_764_334_800, // 2025-11-28 13:00 UTC
        endTime: 1_764_337_500,
        startTimezone: 'America/Toronto',
        endTimezone: 'America/Toronto',
      },
      participants: [
        { email: 'Anne.Tremblay@Example.com', name: 'Anne Tremblay', status: 'yes' },
        { email: 'anne.tremblay@example.com', name: 'Anne again', status: 'no' },
        { name: 'Room 4', status: 'noreply' },
        { email: 'paul@example.com', status: 'tentative' },
      ],
      organizer: { email: 'Advisor@Firm.example', name: 'Marie Advisor' },
      status: 'confirmed',
      metadata: { meridian: 'mtg-123' },
      icalUid: 'uid-1@google.com',
    });
    expect(meeting).toEqual({
      sourceId: 'evt-1',
      grantId: 'grant-1',
      calendarId: 'cal-1',
      title: 'Annual review',
      description: 'Agenda: the RRSP',
      location: 'Office',
      start: new Date('2025-11-28T13:00:00Z'),
      end: new Date('2025-11-28T13:45:00Z'),
      durationMinutes: 45,
      timeZone: 'America/Toronto',
      allDay: false,
      days: null,
      participants: [
        { email: 'anne.tremblay@example.com', name: 'Anne Tremblay', status: 'yes' },
        { email: 'paul@example.com', name: null, status: 'noreply' },
      ],
      organizer: { email: 'advisor@firm.example', name: 'Marie Advisor' },
      updatedAt: new Date(1_764_000_000 * 1000),
      deleted: false,
      meridianMeetingId: 'mtg-123',
      icalUid: 'uid-1@google.com',
      recurringEventId: null,
      busy: true,
    });
  });

  it('reads a point in time as a one-minute meeting, and a zone it does not know as none', () => {
    const meeting = mapOne({ when: { object: 'time', time: 1_764_334_800, timezone: 'Eastern Standard Time' } });
    expect(meeting).toMatchObject({
      start: new Date('2025-11-28T13:00:00Z'),
      end: new Date('2025-11-28T13:00:00Z'),
      durationMinutes: 1,
      timeZone: null,
      allDay: false,
    });
  });

  it('reads a date as one whole day in the calendar zone', () => {
    const meeting = mapOne({ when: { object: 'date', date: '2025-12-24' } }, { allDayTimeZone: 'America/Toronto' });
    expect(meeting).toMatchObject({
      allDay: true,
      days: { first: '2025-12-24', last: '2025-12-24' },
      start: new Date('2025-12-24T05:00:00Z'),
      end: new Date('2025-12-25T05:00:00Z'),
      durationMinutes: 24 * 60,
      timeZone: 'America/Toronto',
    });
  });

  it('reads a datespan with its end day included, across a daylight-saving change', () => {
    // Toronto leaves daylight time on 2025-11-02: the span is 49 hours long, not 48.
    const meeting = mapOne(
      { when: { object: 'datespan', startDate: '2025-11-01', endDate: '2025-11-02' } },
      { allDayTimeZone: 'America/Toronto' },
    );
    expect(meeting).toMatchObject({
      allDay: true,
      days: { first: '2025-11-01', last: '2025-11-02' },
      start: new Date('2025-11-01T04:00:00Z'),
      end: new Date('2025-11-03T05:00:00Z'),
      durationMinutes: 49 * 60,
    });
  });

  it('reads all-day events in UTC when no calendar zone is given', () => {
    expect(mapOne({ when: { date: '2025-12-24' } })).toMatchObject({
      start: new Date('2025-12-24T00:00:00Z'),
      timeZone: 'UTC',
    });
  });

  it('reads a cancelled event as deleted, and an untitled one without a title', () => {
    const meeting = mapOne({
      title: '   ',
      status: 'cancelled',
      when: { startTime: 1_764_334_800, endTime: 1_764_338_400 },
    });
    expect(meeting).toMatchObject({ deleted: true, title: null, organizer: null, participants: [], timeZone: null });
  });

  it('cuts a long title to a meeting title of ours (100 characters)', () => {
    const meeting = mapOne({ title: 'x'.repeat(140), when: { startTime: 1_764_334_800, endTime: 1_764_338_400 } });
    expect(meeting?.title).toBe('x'.repeat(100));
  });

  it('leaves out an event it cannot read, with the reason, and maps the others', () => {
    const good = { ...base, id: 'evt-good', when: { startTime: 1_764_334_800, endTime: 1_764_338_400 } };
    const { meetings, errors } = mapNylasEvents([
      { ...base, id: 'evt-no-when' },
      { ...base, id: 'evt-backwards', when: { startTime: 1_764_338_400, endTime: 1_764_334_800 } },
      good,
      'not an event',
    ]);
    expect(meetings.map((meeting) => meeting.sourceId)).toEqual(['evt-good']);
    expect(errors).toEqual([
      expect.objectContaining({
        sourceId: 'evt-no-when',
        reason: 'MALFORMED',
        message: expect.stringContaining('when'),
      }),
      expect.objectContaining({
        sourceId: 'evt-backwards',
        reason: 'MALFORMED',
        message: 'The event ends before it starts',
      }),
      expect.objectContaining({ sourceId: null, reason: 'MALFORMED', payload: 'not an event' }),
    ]);
  });
});

describe('mapNylasThreads', () => {
  it('reads a thread: participants one per address, the newest message date, unread', () => {
    const { threads, errors } = mapNylasThreads([
      {
        id: 'thr-1',
        grantId: 'grant-1',
        object: 'thread',
        subject: 'Your RRSP contribution',
        snippet: 'Hello Anne, here is',
        participants: [
          { email: 'Anne@Example.com', name: 'Anne' },
          { email: 'anne@example.com', name: '' },
          { email: 'advisor@firm.example' },
        ],
        unread: true,
        earliestMessageDate: 1_764_000_000,
        latestMessageReceivedDate: 1_764_100_000,
        latestMessageSentDate: 1_764_200_000,
        messageIds: ['msg-1', 'msg-2'],
      },
      { id: 'thr-2', grantId: 'grant-1', earliestMessageDate: 1_764_000_000 },
    ]);
    expect(errors).toEqual([]);
    expect(threads[0]).toEqual({
      sourceId: 'thr-1',
      grantId: 'grant-1',
      subject: 'Your RRSP contribution',
      snippet: 'Hello Anne, here is',
      participants: [
        { email: 'anne@example.com', name: 'Anne' },
        { email: 'advisor@firm.example', name: null },
      ],
      latestMessageAt: new Date(1_764_200_000 * 1000),
      unread: true,
      messageIds: ['msg-1', 'msg-2'],
    });
    expect(threads[1]).toMatchObject({
      subject: null,
      latestMessageAt: new Date(1_764_000_000 * 1000),
      unread: false,
      participants: [],
      messageIds: [],
    });
  });

  it('leaves out a thread without an id', () => {
    const { threads, errors } = mapNylasThreads([{ grantId: 'grant-1', subject: 'x' }]);
    expect(threads).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ sourceId: null, reason: 'MALFORMED' })]);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatInTimeZone } from 'date-fns-tz';
import { DomainError, ErrorCode } from '../../../shared/errors/domain-error.js';
import { MeetingTimeZone, type Weekday } from '../enums.js';
import { MeetingMessage } from '../schemas.js';
import {
  freeSlots,
  isSlotFree,
  SlotMessage,
  type BusyInterval,
  type Slot,
  type SlotQuery,
  type SlotTemplate,
} from '../slots.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Monday to Friday, 09:00-17:00 in Toronto, one-hour meetings, no buffers, no notice. */
const OFFICE: SlotTemplate = {
  openingHours: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
  timeZone: 'America/Toronto',
  duration: 60,
  availableDaysInFuture: 1,
  beforeBuffer: 0,
  afterBuffer: 0,
  minimumNotice: 0,
};

/** Monday 4 January 2027, 07:00 in Toronto (EST, UTC-5). */
const MONDAY_MORNING = new Date('2027-01-04T07:00:00-05:00');

function busy(start: string, end: string): BusyInterval {
  return { start: new Date(start), end: new Date(end) };
}

/** A slot as its zone's wall clock shows it: `2027-01-04 09:00-10:00`. */
function wall(slot: Slot, timeZone: string): string {
  const day = formatInTimeZone(slot.start, timeZone, 'yyyy-MM-dd HH:mm');
  return `${day}-${formatInTimeZone(slot.end, timeZone, 'HH:mm')}`;
}

function walls(template: SlotTemplate, busyTimes: BusyInterval[], query: SlotQuery): string[] {
  return freeSlots(template, busyTimes, query).map((slot) => wall(slot, template.timeZone));
}

function thrown(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('freeSlots: what a client can book', () => {
  it('offers each hour of the opening hours, in the template zone, as real instants', () => {
    const slots = freeSlots(OFFICE, [], { now: MONDAY_MORNING });
    expect(slots.map((slot) => wall(slot, 'America/Toronto'))).toEqual([
      '2027-01-04 09:00-10:00',
      '2027-01-04 10:00-11:00',
      '2027-01-04 11:00-12:00',
      '2027-01-04 12:00-13:00',
      '2027-01-04 13:00-14:00',
      '2027-01-04 14:00-15:00',
      '2027-01-04 15:00-16:00',
      '2027-01-04 16:00-17:00',
    ]);
    expect(slots[0]?.start.toISOString()).toBe('2027-01-04T14:00:00.000Z');
  });

  it('removes the slots a busy 10:00-11:00 overlaps, buffers included', () => {
    const halfHours = { ...OFFICE, duration: 30 };
    const meeting = [busy('2027-01-04T10:00:00-05:00', '2027-01-04T11:00:00-05:00')];
    const morning = { now: MONDAY_MORNING, until: new Date('2027-01-04T12:00:00-05:00') };
    expect(walls(halfHours, meeting, morning)).toEqual([
      '2027-01-04 09:00-09:30',
      '2027-01-04 09:30-10:00',
      '2027-01-04 11:00-11:30',
      '2027-01-04 11:30-12:00',
    ]);
    // 15 minutes kept free on either side: 09:30-10:00 would leave no break before 10:00, and
    // 11:00 none after it.
    const buffered = { ...halfHours, beforeBuffer: 15, afterBuffer: 15 };
    expect(walls(buffered, meeting, morning)).toEqual(['2027-01-04 09:00-09:30', '2027-01-04 11:30-12:00']);
    // The before-buffer is the break before each booked meeting, so an event ending at 10:00
    // blocks a meeting at 10:00 only through the before-buffer.
    const onlyBefore = { ...halfHours, beforeBuffer: 15 };
    expect(walls(onlyBefore, meeting, morning)).toEqual([
      '2027-01-04 09:00-09:30',
      '2027-01-04 09:30-10:00',
      '2027-01-04 11:30-12:00',
    ]);
  });

  it('reads busy times in any order, overlapping, and ignores empty ones', () => {
    const events = [
      busy('2027-01-04T15:30:00-05:00', '2027-01-04T16:10:00-05:00'),
      busy('2027-01-04T09:00:00-05:00', '2027-01-04T09:20:00-05:00'),
      busy('2027-01-04T13:00:00-05:00', '2027-01-04T13:00:00-05:00'),
      busy('2027-01-04T15:00:00-05:00', '2027-01-04T15:45:00-05:00'),
      busy('2027-01-04T12:00:00-05:00', '2027-01-04T11:00:00-05:00'),
    ];
    expect(walls(OFFICE, events, { now: MONDAY_MORNING }).map((slot) => slot.slice(11, 16))).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
    ]);
  });

  it('starts no earlier than the minimum notice', () => {
    const template = { ...OFFICE, duration: 30, minimumNotice: 120 };
    const now = new Date('2027-01-04T10:20:00-05:00');
    const slots = walls(template, [], { now, until: new Date('2027-01-04T13:00:00-05:00') });
    expect(slots).toEqual(['2027-01-04 12:30-13:00']);
    const slotsAtNoon = walls({ ...template, minimumNotice: 100 }, [], {
      now,
      until: new Date('2027-01-04T13:00:00-05:00'),
    });
    expect(slotsAtNoon).toEqual(['2027-01-04 12:00-12:30', '2027-01-04 12:30-13:00']);
  });

  it('offers the available days only, today counting as the first, closed days included', () => {
    const days = (template: SlotTemplate, now: Date) => [
      ...new Set(
        freeSlots(template, [], { now }).map((slot) => formatInTimeZone(slot.start, template.timeZone, 'EEE d')),
      ),
    ];
    expect(days({ ...OFFICE, availableDaysInFuture: 3 }, MONDAY_MORNING)).toEqual(['Mon 4', 'Tue 5', 'Wed 6']);
    const friday = new Date('2027-01-08T07:00:00-05:00');
    expect(days({ ...OFFICE, availableDaysInFuture: 4 }, friday)).toEqual(['Fri 8', 'Mon 11']);
    // Late on Friday evening in Toronto it is already Saturday in UTC: the days are Toronto's.
    const fridayEvening = new Date('2027-01-08T21:00:00-05:00');
    expect(days({ ...OFFICE, availableDaysInFuture: 4 }, fridayEvening)).toEqual(['Mon 11']);
  });

  it("follows St John's half-hour offset, in winter and in summer", () => {
    const template: SlotTemplate = {
      ...OFFICE,
      timeZone: 'America/St_Johns',
      openingHours: [{ days: [1], start: '09:00', end: '10:00' }],
    };
    // Monday 02:30 in St John's (NST, UTC-3:30), then 03:30 in summer (NDT, UTC-2:30).
    const winter = freeSlots(template, [], { now: new Date('2027-01-04T06:00:00Z') });
    expect(winter.map((slot) => slot.start.toISOString())).toEqual(['2027-01-04T12:30:00.000Z']);
    const summer = freeSlots(template, [], { now: new Date('2027-07-05T06:00:00Z') });
    expect(summer.map((slot) => slot.start.toISOString())).toEqual(['2027-07-05T11:30:00.000Z']);
    // A Toronto event 09:00-09:30 EST is 10:30-11:00 in St John's: no conflict with 09:00-10:00.
    const torontoEvent = busy('2027-01-04T09:00:00-05:00', '2027-01-04T09:30:00-05:00');
    expect(freeSlots(template, [torontoEvent], { now: new Date('2027-01-04T06:00:00Z') })).toHaveLength(1);
    const torontoEarlier = busy('2027-01-04T08:00:00-05:00', '2027-01-04T08:30:00-05:00');
    expect(freeSlots(template, [torontoEarlier], { now: new Date('2027-01-04T06:00:00Z') })).toHaveLength(0);
  });

  it('starts every step minutes when asked, on the wall clock of each window', () => {
    const template: SlotTemplate = {
      ...OFFICE,
      duration: 45,
      openingHours: [
        { days: [1], start: '09:00', end: '10:30' },
        { days: [1], start: '13:15', end: '14:30' },
      ],
    };
    expect(walls(template, [], { now: MONDAY_MORNING, stepMinutes: 15 }).map((slot) => slot.slice(11))).toEqual([
      '09:00-09:45',
      '09:15-10:00',
      '09:30-10:15',
      '09:45-10:30',
      '13:15-14:00',
      '13:30-14:15',
      '13:45-14:30',
    ]);
    // The duration is the default step.
    expect(walls(template, [], { now: MONDAY_MORNING }).map((slot) => slot.slice(11))).toEqual([
      '09:00-09:45',
      '09:45-10:30',
      '13:15-14:00',
    ]);
  });

  it('merges opening hours that touch or overlap, so a meeting may run across them', () => {
    const template: SlotTemplate = {
      ...OFFICE,
      duration: 90,
      openingHours: [
        { days: [1], start: '09:00', end: '10:30' },
        { days: [1], start: '10:30', end: '12:00' },
        { days: [1, 2], start: '11:00', end: '12:00' },
      ],
    };
    expect(walls(template, [], { now: MONDAY_MORNING, stepMinutes: 30 }).map((slot) => slot.slice(11))).toEqual([
      '09:00-10:30',
      '09:30-11:00',
      '10:00-11:30',
      '10:30-12:00',
    ]);
  });

  it('keeps to the page asked for', () => {
    const week = { ...OFFICE, availableDaysInFuture: 7 };
    const query = {
      now: MONDAY_MORNING,
      from: new Date('2027-01-05T15:00:00-05:00'),
      until: new Date('2027-01-06T11:00:00-05:00'),
    };
    expect(walls(week, [], query)).toEqual([
      '2027-01-05 15:00-16:00',
      '2027-01-05 16:00-17:00',
      '2027-01-06 09:00-10:00',
      '2027-01-06 10:00-11:00',
    ]);
  });

  it('refuses a step or a duration that is not a whole number of minutes', () => {
    const step = thrown(() => freeSlots(OFFICE, [], { now: MONDAY_MORNING, stepMinutes: 0 }));
    expect(step.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(step.details).toEqual([{ path: 'stepMinutes', message: SlotMessage.stepInvalid }]);
    const duration = thrown(() => freeSlots({ ...OFFICE, duration: 12.5 }, [], { now: MONDAY_MORNING }));
    expect(duration.details).toEqual([
      { path: 'duration', message: MeetingMessage.durationInvalid },
      { path: 'stepMinutes', message: SlotMessage.stepInvalid },
    ]);
    const days = thrown(() => freeSlots({ ...OFFICE, availableDaysInFuture: 366 }, [], { now: MONDAY_MORNING }));
    expect(days.details).toEqual([{ path: 'availableDaysInFuture', message: MeetingMessage.availableDaysRange }]);
  });
});

describe('freeSlots when the clocks change', () => {
  /** Sunday night opening hours, 00:00-05:00, in Toronto. */
  const NIGHT: SlotTemplate = {
    ...OFFICE,
    openingHours: [{ days: [0], start: '00:00', end: '05:00' }],
    availableDaysInFuture: 2,
  };

  it('never starts in the hour skipped in March, and lasts the duration across it', () => {
    const slots = freeSlots(NIGHT, [], { now: new Date('2027-03-13T12:00:00Z'), stepMinutes: 30 });
    expect(slots.map((slot) => wall(slot, 'America/Toronto').slice(11))).toEqual([
      '00:00-01:00',
      '00:30-01:30',
      '01:00-03:00',
      '01:30-03:30',
      '03:00-04:00',
      '03:30-04:30',
      '04:00-05:00',
    ]);
    for (const slot of slots) expect(slot.end.getTime() - slot.start.getTime()).toBe(60 * MINUTE);
  });

  it('offers the hour repeated in November once, and lets a meeting run into its second reading', () => {
    const slots = freeSlots(NIGHT, [], { now: new Date('2027-11-06T12:00:00Z'), stepMinutes: 30 });
    expect(
      slots.map((slot) => `${wall(slot, 'America/Toronto').slice(11)} ${slot.start.toISOString().slice(11, 16)}`),
    ).toEqual([
      '00:00-01:00 04:00',
      '00:30-01:30 04:30',
      '01:00-01:00 05:00',
      '01:30-01:30 05:30',
      '02:00-03:00 07:00',
      '02:30-03:30 07:30',
      '03:00-04:00 08:00',
      '03:30-04:30 08:30',
      '04:00-05:00 09:00',
    ]);
  });

  it('closes a window ending in the skipped hour when the clock jumps, and opens one starting there after it', () => {
    const template: SlotTemplate = {
      ...NIGHT,
      duration: 30,
      openingHours: [
        { days: [0], start: '00:30', end: '02:30' },
        { days: [0], start: '02:45', end: '04:00' },
      ],
    };
    const slots = walls(template, [], { now: new Date('2027-03-13T12:00:00Z'), stepMinutes: 15 });
    expect(slots.map((slot) => slot.slice(11))).toEqual([
      '00:30-01:00',
      '00:45-01:15',
      '01:00-01:30',
      '01:15-01:45',
      '01:30-03:00',
      // 02:45 and 03:00 are in the second window: 02:45 does not exist, 03:00 is a start of its grid.
      '03:00-03:30',
      '03:15-03:45',
      '03:30-04:00',
    ]);
  });

  it('keeps the wall-clock hours all year, through both changes', () => {
    const mondays: SlotTemplate = {
      ...OFFICE,
      timeZone: 'America/Vancouver',
      availableDaysInFuture: 365,
      openingHours: [{ days: [1], start: '09:00', end: '10:00' }],
    };
    const slots = freeSlots(mondays, [], { now: new Date('2027-01-01T12:00:00Z') });
    expect(slots).toHaveLength(52);
    expect(new Set(slots.map((slot) => formatInTimeZone(slot.start, 'America/Vancouver', 'EEE HH:mm')))).toEqual(
      new Set(['Mon 09:00']),
    );
    const utcHours = slots.map((slot) => slot.start.getUTCHours());
    expect(utcHours.slice(0, 10)).toEqual(new Array(10).fill(17));
    expect(utcHours.slice(11, 43)).toEqual(new Array(32).fill(16));
    expect(utcHours.at(-1)).toBe(17);
  });

  it('keeps a meeting inside a window opening in the repeated hour', () => {
    const template: SlotTemplate = {
      ...NIGHT,
      openingHours: [{ days: [0], start: '01:30', end: '03:00' }],
    };
    const slots = walls(template, [], { now: new Date('2027-11-06T12:00:00Z'), stepMinutes: 30 });
    // 01:30 EDT + 60 minutes would run through 01:00-01:29 EST, before the opening.
    expect(slots.map((slot) => slot.slice(11))).toEqual(['02:00-03:00']);
  });
});

describe('isSlotFree: the check made when a booking is written', () => {
  const template = { ...OFFICE, duration: 30, beforeBuffer: 10 };
  const query = { now: MONDAY_MORNING };
  const at = (time: string) => new Date(`2027-01-04T${time}:00-05:00`);

  it('accepts a free slot, and refuses it once a meeting takes its time or its buffer', () => {
    expect(isSlotFree(template, [], query, at('10:30'))).toBe(true);
    const taken = busy('2027-01-04T10:30:00-05:00', '2027-01-04T11:00:00-05:00');
    expect(isSlotFree(template, [taken], query, at('10:30'))).toBe(false);
    expect(isSlotFree(template, [taken], query, at('11:00'))).toBe(false);
    expect(isSlotFree(template, [taken], query, at('11:30'))).toBe(true);
  });

  it('refuses a start off the grid, outside the opening hours, too soon or too far ahead', () => {
    expect(isSlotFree(template, [], query, at('10:15'))).toBe(false);
    expect(isSlotFree(template, [], query, at('17:00'))).toBe(false);
    expect(isSlotFree({ ...template, minimumNotice: 180 }, [], query, at('09:30'))).toBe(false);
    expect(isSlotFree({ ...template, minimumNotice: 180 }, [], query, at('10:00'))).toBe(true);
    expect(isSlotFree(template, [], query, new Date('2027-01-05T10:00:00-05:00'))).toBe(false);
    expect(
      isSlotFree({ ...template, availableDaysInFuture: 2 }, [], query, new Date('2027-01-05T10:00:00-05:00')),
    ).toBe(true);
    expect(isSlotFree(template, [], query, new Date('not a date'))).toBe(false);
  });
});

// ─── Properties ─────────────────────────────────────────────────────────────────────────────────

/** A wall-clock reading of an instant in a zone, straight from Intl: date, minute of day, weekday. */
interface Reading {
  date: string;
  minute: number;
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function reading(instant: number, timeZone: string): Reading {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
  };
}

/** The open minutes of each weekday, from the entries as given (no merging code shared). */
function openMinutes(template: SlotTemplate): boolean[][] {
  const open = Array.from({ length: 7 }, () => new Array<boolean>(1440).fill(false));
  for (const entry of template.openingHours) {
    const [startHour, startMinute] = entry.start.split(':').map(Number);
    const [endHour, endMinute] = entry.end.split(':').map(Number);
    for (let minute = startHour! * 60 + startMinute!; minute < endHour! * 60 + endMinute!; minute += 1) {
      for (const day of entry.days) open[day]![minute] = true;
    }
  }
  return open;
}

/** The open window of a weekday holding `minute`: the run of open minutes around it. */
function windowAround(open: boolean[], minute: number): { start: number; end: number } | null {
  if (!open[minute]) return null;
  let start = minute;
  while (start > 0 && open[start - 1]) start -= 1;
  let end = minute;
  while (end < 1440 && open[end]) end += 1;
  return { start, end };
}

function blocks(template: SlotTemplate, busyTimes: readonly BusyInterval[], start: number, end: number): boolean {
  const from = start - template.beforeBuffer * MINUTE;
  const to = end + template.afterBuffer * MINUTE;
  return busyTimes.some((b) => b.end > b.start && b.start.getTime() < to && from < b.end.getTime());
}

/** A reading as minutes since 1970-01-01 00:00 on the local calendar, and back. */
function localMinutesOf(read: Reading): number {
  return Date.parse(`${read.date}T00:00:00Z`) / MINUTE + read.minute;
}
function readingOfLocalMinutes(localMinutes: number): Reading {
  const midnight = new Date(Math.floor(localMinutes / 1440) * DAY);
  return { date: midnight.toISOString().slice(0, 10), minute: localMinutes % 1440, weekday: midnight.getUTCDay() };
}

/**
 * Every minute's reading of a local day, from a UTC span wide enough for any Canadian zone. Intl
 * is read every quarter of an hour; when the clock moved by exactly 15 minutes in between, the
 * minutes between are filled in, otherwise (the clocks changed) each minute is read.
 */
const dayReadings = new Map<string, { instants: number[]; readings: Reading[] }>();
function readingsOf(date: string, timeZone: string) {
  const key = `${timeZone} ${date}`;
  let day = dayReadings.get(key);
  if (day === undefined) {
    day = { instants: [], readings: [] };
    const utcMidnight = Date.parse(`${date}T00:00:00Z`);
    const quarter = 15 * MINUTE;
    let next = localMinutesOf(reading(utcMidnight + 2 * 3_600_000, timeZone));
    for (let block = utcMidnight + 2 * 3_600_000; block < utcMidnight + 34 * 3_600_000; block += quarter) {
      const first = next;
      next = localMinutesOf(reading(block + quarter, timeZone));
      for (let minute = 0; minute < 15; minute += 1) {
        const instant = block + minute * MINUTE;
        const read = next - first === 15 ? readingOfLocalMinutes(first + minute) : reading(instant, timeZone);
        if (read.date !== date) continue;
        day.instants.push(instant);
        day.readings.push(read);
      }
    }
    dayReadings.set(key, day);
  }
  return day;
}

/**
 * The free slots worked out the slow way, minute by minute, from Intl's readings of the zone's
 * clock: a start is a grid minute of an open window read for the first time that day; every
 * minute of the meeting reads a time of that window on that day; and no busy time comes within
 * the buffers. Busy times are checked one by one.
 */
function slowFreeSlots(template: SlotTemplate, busyTimes: readonly BusyInterval[], query: SlotQuery): number[] {
  const open = openMinutes(template);
  const step = query.stepMinutes ?? template.duration;
  const earliest = query.now.getTime() + template.minimumNotice * MINUTE;
  const today = reading(query.now.getTime(), template.timeZone).date;
  const starts: number[] = [];
  for (let offset = 0; offset < template.availableDaysInFuture; offset += 1) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
    const { instants, readings } = readingsOf(date, template.timeZone);
    const seen = new Set<number>();
    instants.forEach((start, index) => {
      const read = readings[index]!;
      if (seen.has(read.minute)) return;
      seen.add(read.minute);
      const window = windowAround(open[read.weekday]!, read.minute);
      if (window === null || (read.minute - window.start) % step !== 0 || start < earliest) return;
      for (let minute = 0; minute < template.duration; minute += 1) {
        const during = readings[index + minute];
        if (during === undefined || during.minute < window.start || during.minute >= window.end) return;
      }
      if (!blocks(template, busyTimes, start, start + template.duration * MINUTE)) starts.push(start);
    });
  }
  return starts;
}

const HOURS_AND_MINUTES = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const openingHoursEntry = fc
  .record({
    days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    start: fc.integer({ min: 0, max: 1438 }),
    length: fc.integer({ min: 1, max: 720 }),
  })
  .map(({ days, start, length }) => ({
    days: days as Weekday[],
    start: HOURS_AND_MINUTES(start),
    end: HOURS_AND_MINUTES(Math.min(1439, start + length)),
  }));

/** Opening hours that include Sunday night, when the clocks change. */
const nightEntry = fc
  .record({ start: fc.integer({ min: 0, max: 200 }), length: fc.integer({ min: 20, max: 300 }) })
  .map(({ start, length }) => ({
    days: [0 as Weekday],
    start: HOURS_AND_MINUTES(start),
    end: HOURS_AND_MINUTES(start + length),
  }));

function templateArbitrary(maxDays: number) {
  return fc.record({
    openingHours: fc
      .tuple(fc.array(openingHoursEntry, { minLength: 1, maxLength: 3 }), fc.option(nightEntry))
      .map(([entries, night]) => (night === null ? entries : [...entries, night])),
    timeZone: fc.constantFrom(...MeetingTimeZone),
    duration: fc.integer({ min: 5, max: 180 }),
    availableDaysInFuture: fc.integer({ min: 1, max: maxDays }),
    beforeBuffer: fc.integer({ min: 0, max: 60 }),
    afterBuffer: fc.integer({ min: 0, max: 60 }),
    minimumNotice: fc.integer({ min: 0, max: 3000 }),
  });
}

/** Sunday of each change in Canada, 2026-2028 (second Sunday of March, first of November). */
const CHANGE_SUNDAYS = ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07', '2028-03-12', '2028-11-05'];

/** A `now` anywhere in 2026-2028, or in the three days before a change of the clocks. */
const nowArbitrary = fc.oneof(
  fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') }),
  fc
    .tuple(fc.constantFrom(...CHANGE_SUNDAYS), fc.integer({ min: 0, max: 3 * DAY }))
    .map(([sunday, before]) => Date.parse(`${sunday}T12:00:00Z`) - before),
);

/** Busy times around `now`, in seconds from it, some overlapping, some empty or inverted. */
function busyArbitrary(maxCount: number, maxDays: number) {
  return fc.array(
    fc.record({
      from: fc.integer({ min: -86_400, max: (maxDays + 1) * 86_400 }),
      length: fc.integer({ min: -1_800, max: 4 * 3_600 }),
    }),
    { maxLength: maxCount },
  );
}

function busyAround(now: number, spans: { from: number; length: number }[]): BusyInterval[] {
  return spans.map(({ from, length }) => ({
    start: new Date(now + from * 1000),
    end: new Date(now + (from + length) * 1000),
  }));
}

const stepArbitrary = fc.option(fc.integer({ min: 5, max: 120 }), { nil: undefined });

/**
 * The properties read the zone through Intl thousands of times per run: a second or two each on a
 * quiet machine, several on a loaded CI runner, beyond the domain tests' default five seconds.
 */
const PROPERTY_TIMEOUT = 60_000;

describe('freeSlots properties', () => {
  it(
    'gives sorted, distinct slots of the exact duration, inside opening hours, clear of busy times and notice',
    () => {
      fc.assert(
        fc.property(
          templateArbitrary(7),
          nowArbitrary,
          busyArbitrary(200, 7),
          stepArbitrary,
          (template, now, spans, stepMinutes) => {
            const busyTimes = busyAround(now, spans);
            const query = { now: new Date(now), stepMinutes };
            const slots = freeSlots(template, busyTimes, query);
            const open = openMinutes(template);
            const localStarts = new Set<string>();
            const today = reading(now, template.timeZone).date;
            const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + (template.availableDaysInFuture - 1) * DAY);
            slots.forEach((slot, index) => {
              const start = slot.start.getTime();
              const end = slot.end.getTime();
              expect(end - start).toBe(template.duration * MINUTE);
              expect(start).toBeGreaterThanOrEqual(now + template.minimumNotice * MINUTE);
              if (index > 0) expect(start).toBeGreaterThan(slots[index - 1]!.start.getTime());
              expect(blocks(template, busyTimes, start, end)).toBe(false);
              // Inside one open window of its local day, on the wall clock, from start to end.
              const first = reading(start, template.timeZone);
              const window = windowAround(open[first.weekday]!, first.minute);
              expect(window).not.toBeNull();
              expect((first.minute - window!.start) % (stepMinutes ?? template.duration)).toBe(0);
              // Its last minute too (every minute is checked against Intl in the next property).
              const last = reading(end - MINUTE, template.timeZone);
              expect(last.date).toBe(first.date);
              expect(last.minute).toBeGreaterThanOrEqual(window!.start);
              expect(last.minute).toBeLessThan(window!.end);
              expect(first.date >= today && first.date <= lastDay.toISOString().slice(0, 10)).toBe(true);
              // No local start twice (the repeated hour of November).
              const local = `${first.date} ${first.minute}`;
              expect(localStarts.has(local)).toBe(false);
              localStarts.add(local);
            });
          },
        ),
        { numRuns: 100 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'gives exactly the slots a minute-by-minute reading of the clock gives, across changes of the clocks',
    () => {
      fc.assert(
        fc.property(
          templateArbitrary(4),
          nowArbitrary,
          busyArbitrary(30, 4),
          stepArbitrary,
          (template, now, spans, stepMinutes) => {
            const busyTimes = busyAround(now, spans);
            const query = { now: new Date(now), stepMinutes };
            const slots = freeSlots(template, busyTimes, query).map((slot) => slot.start.getTime());
            expect(slots).toEqual(slowFreeSlots(template, busyTimes, query));
          },
        ),
        { numRuns: 100 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'on the nights the clocks change, offers every grid minute that exists and leaves room, once',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...CHANGE_SUNDAYS),
          fc.constantFrom<SlotTemplate['timeZone']>('America/Toronto', 'America/Vancouver', 'America/Halifax'),
          fc.integer({ min: 5, max: 300 }),
          fc.integer({ min: 1, max: 90 }),
          (sunday, timeZone, duration, stepMinutes) => {
            const template: SlotTemplate = {
              ...OFFICE,
              timeZone,
              duration,
              availableDaysInFuture: 2,
              openingHours: [{ days: [0], start: '00:00', end: '06:00' }],
            };
            const saturdayNoon = new Date(Date.parse(`${sunday}T12:00:00Z`) - DAY);
            const starts = freeSlots(template, [], { now: saturdayNoon, stepMinutes }).map((slot) =>
              reading(slot.start.getTime(), timeZone),
            );
            // These zones change at 02:00: in March 02:00-02:59 does not exist and the night is an
            // hour shorter; in November 01:00-01:59 comes twice and the night is an hour longer.
            const spring = sunday.slice(5, 7) === '03';
            const realMinutesTo6 = (minute: number) => {
              if (spring) return minute < 120 ? 300 - minute : 360 - minute;
              return minute < 120 ? 420 - minute : 360 - minute;
            };
            const expected: number[] = [];
            for (let minute = 0; minute < 360; minute += stepMinutes) {
              const exists = !(spring && minute >= 120 && minute < 180);
              if (exists && duration <= realMinutesTo6(minute)) expected.push(minute);
            }
            expect(starts.map((start) => start.minute)).toEqual(expected);
            expect(starts.every((start) => start.date === sunday)).toBe(true);
          },
        ),
        { numRuns: 100 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'agrees with isSlotFree on offered slots, and on starts it did not offer',
    () => {
      fc.assert(
        fc.property(
          templateArbitrary(5),
          nowArbitrary,
          busyArbitrary(60, 5),
          stepArbitrary,
          fc.array(fc.integer({ min: 0, max: 5 * 1440 }), { maxLength: 20 }),
          (template, now, spans, stepMinutes, probes) => {
            const busyTimes = busyAround(now, spans);
            const query = { now: new Date(now), stepMinutes };
            const slots = freeSlots(template, busyTimes, query);
            const offered = new Set(slots.map((slot) => slot.start.getTime()));
            // Some 25 of them, spread over the list: each answer reads the zone again.
            const every = Math.ceil(slots.length / 25);
            slots.forEach((slot, index) => {
              if (index % every === 0) expect(isSlotFree(template, busyTimes, query, slot.start)).toBe(true);
            });
            const minuteAfterNow = Math.ceil(now / MINUTE) * MINUTE;
            for (const probe of probes) {
              const start = minuteAfterNow + probe * MINUTE;
              expect(isSlotFree(template, busyTimes, query, new Date(start))).toBe(offered.has(start));
            }
          },
        ),
        { numRuns: 100 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

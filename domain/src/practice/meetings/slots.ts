import { validationError, type ErrorDetail } from '../../shared/errors/domain-error.js';
import { MeetingMessage, AVAILABLE_DAYS_RANGE, type MeetingTemplate } from './schemas.js';
import {
  localDayClocks,
  localDayOf,
  MINUTE_MS,
  openingWindowsByWeekday,
  weekdayOf,
  type WallWindow,
} from './opening-hours.js';

/**
 * The booking slot engine (step 15): the meeting starts a booking template still offers, given
 * the busy times of the calendars it books into. Pure: the caller brings the busy intervals and
 * the clock.
 *
 * Conventions:
 * - Intervals are half-open, [start, end): a meeting ending at 10:00 and one starting at 10:00 do
 *   not overlap.
 * - A slot [s, e) is free when [s - beforeBuffer, e + afterBuffer) overlaps no busy interval: the
 *   buffers are the free time the template keeps before and after each meeting it books. Busy
 *   intervals that are empty or inverted (end not after start, or an invalid date) block nothing.
 * - Opening hours are wall-clock times in the template's zone. Slots start on a grid of that wall
 *   clock, from the start of each opening window every `stepMinutes` (09:00, 09:30, ... for a
 *   30-minute step), so a client sees the same starts every day whatever the season. A slot lasts
 *   `duration` minutes of real time, and must end (in real time) by the window's end: on the
 *   night the clocks change, a 60-minute meeting from 01:00 ends at 03:00 in March and at 01:00
 *   (the second time round) in November. Every instant of a slot reads a time inside its window,
 *   so a window opening inside the repeated hour (01:30) does not run on into 01:00-01:29 again.
 * - A start the clock skips (02:00-02:59 on the second Sunday of March in Toronto) is not offered;
 *   a start the clock reads twice (01:00-01:59 on the first Sunday of November) is offered once,
 *   at its first reading. A closing time the clock skips closes when the clock jumps past it; an
 *   opening or closing time it reads twice means its first reading.
 * - A slot starts no earlier than `now` + minimumNotice, and on one of the next
 *   `availableDaysInFuture` local days of the template's zone, today counting as the first: with 1
 *   a client can book today only, with 7 today and the six days after.
 * - The step defaults to the duration rather than a fixed 15 minutes: the starts are back-to-back
 *   meetings, the grid a free day actually fills, and a client chooses from a short list whatever
 *   the duration. A caller wanting starts every 15 minutes (to fit between busy times that end off
 *   the grid) passes `stepMinutes: 15`.
 * - The opening hours of one weekday that overlap or touch are merged first (opening-hours.ts), so
 *   "inside one window" means inside one run of open time.
 */

/** The template fields the engine reads (schemas.ts's names; durations in minutes). */
export type SlotTemplate = Pick<
  MeetingTemplate,
  'openingHours' | 'timeZone' | 'duration' | 'availableDaysInFuture' | 'beforeBuffer' | 'afterBuffer' | 'minimumNotice'
>;

/** A busy time of a calendar the template books into (an event, a meeting already booked). */
export interface BusyInterval {
  start: Date;
  end: Date;
}

/** A free meeting start and its end, `duration` minutes of real time later. */
export interface Slot {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  /** The clock: minimum notice and the available days count from here. */
  now: Date;
  /** Only slots starting at or after this instant (a page of a booking calendar). */
  from?: Date;
  /** Only slots starting before this instant. */
  until?: Date;
  /** Minutes between two slot starts of a window; the duration when absent. */
  stepMinutes?: number;
}

/** The engine's own messages, for inputs the template schema does not already refuse. */
export const SlotMessage = {
  stepInvalid: 'The step between two slots must be a whole number of minutes, at least 1',
  nowInvalid: 'The current time must be a valid date',
} as const;

/** Refuses inputs that would make the grid meaningless or endless; the schema checks the rest. */
function checkSlotInputs(template: SlotTemplate, query: SlotQuery): number {
  const details: ErrorDetail[] = [];
  const wholeMinutes = (value: unknown, min: number) => Number.isInteger(value) && (value as number) >= min;
  if (!wholeMinutes(template.duration, 1)) details.push({ path: 'duration', message: MeetingMessage.durationInvalid });
  if (!wholeMinutes(template.minimumNotice, 0)) {
    details.push({ path: 'minimumNotice', message: MeetingMessage.durationInvalid });
  }
  for (const path of ['beforeBuffer', 'afterBuffer'] as const) {
    if (!wholeMinutes(template[path], 0)) details.push({ path, message: MeetingMessage.bufferInvalid });
  }
  const days = template.availableDaysInFuture;
  if (!wholeMinutes(days, AVAILABLE_DAYS_RANGE.min) || days > AVAILABLE_DAYS_RANGE.max) {
    details.push({ path: 'availableDaysInFuture', message: MeetingMessage.availableDaysRange });
  }
  const step = query.stepMinutes ?? template.duration;
  if (!wholeMinutes(step, 1)) details.push({ path: 'stepMinutes', message: SlotMessage.stepInvalid });
  if (Number.isNaN(query.now.getTime())) details.push({ path: 'now', message: SlotMessage.nowInvalid });
  if (details.length > 0) throw validationError(details);
  return step;
}

/**
 * Every slot start the template offers, busy or not, in increasing order, as `visit(start, end)`
 * in ms since the epoch. Starts increase strictly: days follow each other, a day's windows are
 * merged and sorted, and the first reading of a wall-clock minute grows with the minute.
 */
function forEachCandidate(template: SlotTemplate, query: SlotQuery, visit: (start: number, end: number) => void): void {
  const step = checkSlotInputs(template, query);
  const { timeZone } = template;
  const durationMs = template.duration * MINUTE_MS;
  const now = query.now.getTime();
  const earliest = Math.max(now + template.minimumNotice * MINUTE_MS, query.from?.getTime() ?? -Infinity);
  const latest = query.until?.getTime() ?? Infinity;
  if (!(earliest < latest)) return;

  const today = localDayOf(now, timeZone);
  const lastDay = today + template.availableDaysInFuture - 1;
  const firstDay = Math.max(today, localDayOf(earliest, timeZone));
  const windowsByWeekday = openingWindowsByWeekday(template.openingHours);
  const clockOf = localDayClocks(timeZone);

  for (let day = firstDay; day <= lastDay; day += 1) {
    const windows: readonly WallWindow[] = windowsByWeekday[weekdayOf(day)] ?? [];
    if (windows.length === 0) continue;
    const clock = clockOf(day);
    for (const window of windows) {
      const closes = clock.instantFrom(window.end);
      if (clock.instantFrom(window.start) >= latest) return;
      for (let minute = window.start; minute < window.end; minute += step) {
        const start = clock.instantAt(minute);
        if (start === null || start < earliest) continue;
        const end = start + durationMs;
        if (end > closes || start >= latest) break;
        if (clock.readsBefore(window.start, start, end)) continue;
        visit(start, end);
      }
    }
  }
}

/**
 * The busy intervals widened by the buffers, merged into sorted disjoint intervals, as flat
 * [start0, end0, start1, end1, ...]. A busy [b, c) blocks a slot [s, e) when
 * s - beforeBuffer < c and b < e + afterBuffer, that is when [s, e) meets [b - afterBuffer,
 * c + beforeBuffer): widening each interval once lets the sweep compare slots as they are.
 *
 * The union of intervals depends only on their starts in order and their ends in order (a time is
 * covered while more intervals have started than ended), so the starts and the ends are sorted
 * apart, as plain numbers, which sorts far faster than pairs; touching intervals merge.
 */
function blockedTimes(busy: readonly BusyInterval[], beforeBufferMs: number, afterBufferMs: number): Float64Array {
  const starts = new Float64Array(busy.length);
  const ends = new Float64Array(busy.length);
  let count = 0;
  for (const interval of busy) {
    const start = interval.start.getTime();
    const end = interval.end.getTime();
    if (!(end > start)) continue;
    starts[count] = start - afterBufferMs;
    ends[count] = end + beforeBufferMs;
    count += 1;
  }
  const sortedStarts = starts.subarray(0, count).sort();
  const sortedEnds = ends.subarray(0, count).sort();
  const merged = new Float64Array(count * 2);
  let length = 0;
  let open = 0;
  let started = 0;
  let ended = 0;
  while (started < count) {
    if (sortedStarts[started]! <= sortedEnds[ended]!) {
      if (started === ended) open = sortedStarts[started]!;
      started += 1;
    } else {
      ended += 1;
      if (started === ended) {
        merged[length] = open;
        merged[length + 1] = sortedEnds[ended - 1]!;
        length += 2;
      }
    }
  }
  if (count > 0) {
    merged[length] = open;
    merged[length + 1] = sortedEnds[count - 1]!;
    length += 2;
  }
  return merged.subarray(0, length);
}

/**
 * The free slots of a booking template, sorted by start, each `duration` minutes long inside one
 * opening window of its local day (see the conventions above). The busy intervals may overlap and
 * come in any order; they are sorted and merged once, then swept beside the slots in one pass, so
 * the cost is O(n log n) in the busy intervals plus the number of candidate starts.
 */
export function freeSlots(template: SlotTemplate, busy: readonly BusyInterval[], query: SlotQuery): Slot[] {
  const blocked = blockedTimes(busy, template.beforeBuffer * MINUTE_MS, template.afterBuffer * MINUTE_MS);
  const slots: Slot[] = [];
  let next = 0;
  forEachCandidate(template, query, (start, end) => {
    // Blocked times ending by this start end before every later start too.
    while (next < blocked.length && blocked[next + 1]! <= start) next += 2;
    if (next < blocked.length && blocked[next]! < end) return;
    slots.push({ start: new Date(start), end: new Date(end) });
  });
  return slots;
}

/**
 * Whether `start` is still one of the template's free slots: the check a booking makes just
 * before it is written, when two people may have chosen the same start. Answers as `freeSlots`
 * would, but reads the busy intervals once, unsorted, and looks only at the day of `start`.
 */
export function isSlotFree(
  template: SlotTemplate,
  busy: readonly BusyInterval[],
  query: SlotQuery,
  start: Date,
): boolean {
  const wanted = start.getTime();
  if (Number.isNaN(wanted)) return false;
  const ends: number[] = [];
  // Only the candidates of the wanted start's own minute: the query narrowed to [start, start + 1 ms).
  const from = query.from === undefined ? wanted : Math.max(wanted, query.from.getTime());
  const until = query.until === undefined ? wanted + 1 : Math.min(wanted + 1, query.until.getTime());
  forEachCandidate(template, { ...query, from: new Date(from), until: new Date(until) }, (candidate, end) => {
    if (candidate === wanted) ends.push(end);
  });
  const slotEnd = ends[0];
  if (slotEnd === undefined) return false;
  const widenedStart = wanted - template.beforeBuffer * MINUTE_MS;
  const widenedEnd = slotEnd + template.afterBuffer * MINUTE_MS;
  return busy.every((interval) => {
    const busyStart = interval.start.getTime();
    const busyEnd = interval.end.getTime();
    return !(busyEnd > busyStart && busyStart < widenedEnd && widenedStart < busyEnd);
  });
}

import { formatInTimeZone } from 'date-fns-tz';
import { minutesOfDay } from '../../shared/input/times.js';
import type { Weekday } from './enums.js';

/**
 * Opening hours as the slot engine reads them: wall-clock minutes of a weekday in the template's
 * zone, and the real instants those minutes fall on, day by day, daylight saving included.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** One set of opening hours as a template holds it (schemas.ts): weekdays 0-6, 0 = Sunday. */
export interface OpeningHoursEntry {
  days: readonly Weekday[];
  start: string;
  end: string;
}

/** A span of one day's wall clock, in minutes since midnight: [start, end). */
export interface WallWindow {
  start: number;
  end: number;
}

/**
 * The opening windows of each weekday (index 0 = Sunday), sorted, with overlapping or touching
 * entries of the same day merged: 09:00-12:00 and 12:00-17:00 are one window 09:00-17:00, so a
 * meeting may run across noon. Entries whose end is not after their start (the schema refuses
 * them) open nothing.
 */
export function openingWindowsByWeekday(openingHours: readonly OpeningHoursEntry[]): WallWindow[][] {
  const byDay: WallWindow[][] = [[], [], [], [], [], [], []];
  for (const entry of openingHours) {
    const start = minutesOfDay(entry.start);
    const end = minutesOfDay(entry.end);
    if (!(end > start)) continue;
    for (const day of new Set(entry.days)) byDay[day]?.push({ start, end });
  }
  return byDay.map((windows) => {
    const merged: WallWindow[] = [];
    for (const window of [...windows].sort((a, b) => a.start - b.start)) {
      const last = merged.at(-1);
      if (last !== undefined && window.start <= last.end) last.end = Math.max(last.end, window.end);
      else merged.push({ ...window });
    }
    return merged;
  });
}

/**
 * A local calendar day of a zone, counted in days since 1970-01-01 on that zone's calendar (the
 * same count as UTC days, so arithmetic on days needs no zone).
 */
export type LocalDay = number;

/**
 * The offset of `timeZone` from UTC at `instant`, in ms (Toronto in winter: -5 h). Read from
 * date-fns-tz's `xxx` token, which takes the offset at the instant itself; its getTimezoneOffset
 * reads the date as a wall-clock time in the process's own zone instead, which is not what is
 * asked here.
 */
export function offsetAt(timeZone: string, instant: number): number {
  const text = formatInTimeZone(new Date(instant), timeZone, 'xxx');
  const sign = text.startsWith('-') ? -1 : 1;
  return sign * (Number(text.slice(1, 3)) * HOUR_MS + Number(text.slice(4, 6)) * MINUTE_MS);
}

/** The local day `instant` (ms since the epoch) falls on in `timeZone`. */
export function localDayOf(instant: number, timeZone: string): LocalDay {
  return Math.floor((instant + offsetAt(timeZone, instant)) / DAY_MS);
}

/** The weekday of a local day: 1970-01-01 was a Thursday (4). */
export function weekdayOf(day: LocalDay): Weekday {
  return ((((day + 4) % 7) + 7) % 7) as Weekday;
}

/**
 * The instants a day's wall clock shows, in one zone. `instantAt(minute)` is the instant the
 * clock first reads that minute, or null when the clock skips it (spring forward: 02:00-02:59 on
 * the second Sunday of March in Toronto); a minute read twice (fall back: 01:00-01:59 on the first
 * Sunday of November) answers its first reading, so no local time is offered twice.
 * `instantFrom(minute)` is the same, except that a skipped minute answers the instant the clock
 * jumps past it: a window closing at 02:30 on that Sunday closes when the clock jumps to 03:00.
 * `readsBefore(minute, from, to)` tells whether the clock, set back during [from, to), then reads
 * a time earlier than `minute`: a meeting from 01:30 in a window opening at 01:30 would otherwise
 * run on through 01:00-01:29 the second time round, outside the opening hours.
 */
export interface LocalDayClock {
  instantAt(minute: number): number | null;
  instantFrom(minute: number): number;
  readsBefore(minute: number, from: number, to: number): boolean;
}

/** Days between two samples of a zone's offset. */
const SAMPLE_DAYS = 7;

/**
 * The clocks of a zone's local days. The offset is sampled at UTC midnights every week; a local
 * day lies within 14 hours of its own UTC day (every zone's offset does), so between the last
 * sample by its eve and the first from the day after its morrow. When those two agree, the day has no change of offset and
 * each minute is the day's start plus the minutes, minus that offset: a month of days costs five
 * look-ups. When they differ, the instant of the change is found by bisection, once for the
 * fortnight; each minute of the day then tries both offsets and keeps those valid on their side of
 * the change. This assumes a zone changes its offset at most once in 14 days, true of the Canadian
 * zones (and of every zone with daylight saving time).
 */
export function localDayClocks(timeZone: string): (day: LocalDay) => LocalDayClock {
  const samples = new Map<number, number>();
  const sample = (index: number) => {
    let offset = samples.get(index);
    if (offset === undefined) {
      offset = offsetAt(timeZone, index * SAMPLE_DAYS * DAY_MS);
      samples.set(index, offset);
    }
    return offset;
  };
  const changes: number[] = [];
  /**
   * The first minute (as an instant) between samples `low` and `high` whose offset is `after`:
   * one already found in that span (there is at most one), or found by bisection.
   */
  const changeBetween = (low: number, high: number, after: number) => {
    const from = low * SAMPLE_DAYS * DAY_MS;
    const to = high * SAMPLE_DAYS * DAY_MS;
    const known = changes.find((change) => from < change && change <= to);
    if (known !== undefined) return known;
    let first = from / MINUTE_MS;
    let last = to / MINUTE_MS;
    while (last - first > 1) {
      const middle = Math.floor((first + last) / 2);
      if (offsetAt(timeZone, middle * MINUTE_MS) === after) last = middle;
      else first = middle;
    }
    changes.push(last * MINUTE_MS);
    return last * MINUTE_MS;
  };
  return (day) => {
    const midnight = day * DAY_MS;
    const low = Math.floor((day - 1) / SAMPLE_DAYS);
    const high = Math.ceil((day + 2) / SAMPLE_DAYS);
    const offsetBefore = sample(low);
    const offsetAfter = sample(high);
    if (offsetBefore === offsetAfter) {
      const start = midnight - offsetBefore;
      const instant = (minute: number) => start + minute * MINUTE_MS;
      return { instantAt: instant, instantFrom: instant, readsBefore: () => false };
    }
    const change = changeBetween(low, high, offsetAfter);
    const instantAt = (minute: number) => {
      const wall = midnight + minute * MINUTE_MS;
      const underBefore = wall - offsetBefore;
      const underAfter = wall - offsetAfter;
      const validBefore = underBefore < change;
      const validAfter = underAfter >= change;
      if (validBefore && validAfter) return Math.min(underBefore, underAfter);
      if (validBefore) return underBefore;
      return validAfter ? underAfter : null;
    };
    // The minute of this day the clock reads just after the change (01:00 when it falls back at 02:00).
    const minuteAfterChange = (change + offsetAfter - midnight) / MINUTE_MS;
    return {
      instantAt,
      instantFrom: (minute) => instantAt(minute) ?? change,
      readsBefore: (minute, from, to) =>
        offsetAfter < offsetBefore && from < change && change < to && minuteAfterChange < minute,
    };
  };
}

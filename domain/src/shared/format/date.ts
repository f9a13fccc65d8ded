import { format, parseISO } from 'date-fns';
import { formatInTimeZone, toDate } from 'date-fns-tz';
import { DomainError, ErrorCode } from '../errors/domain-error.js';

/*
 * Date display helpers of foundations §9. Each takes an ISO 8601 string and a `utc` flag: with the
 * flag the date shows in UTC, without it in the local time zone of the process or browser. A
 * string without an offset is read as wall-clock time in that same zone, so '2024-03-05' is the
 * 5th either way. Helpers that depend on the present take `now` so tests can fix the clock.
 */

function parse(iso: string, utc: boolean): Date {
  const date = typeof iso === 'string' ? (utc ? toDate(iso, { timeZone: 'UTC' }) : parseISO(iso)) : new Date(NaN);
  if (Number.isNaN(date.getTime())) {
    throw new DomainError(ErrorCode.VALIDATION_ERROR, `Invalid ISO date "${String(iso)}"`);
  }
  return date;
}

function show(date: Date, pattern: string, utc: boolean): string {
  return utc ? formatInTimeZone(date, 'UTC', pattern) : format(date, pattern);
}

/** Day, full month, year: '05 March 2024'. */
export function formatLongDate(iso: string, utc = false): string {
  return show(parse(iso, utc), 'dd MMMM yyyy', utc);
}

/** Abbreviated month, day, year with a comma: 'Mar 05, 2024'. */
export function formatMonthDayYear(iso: string, utc = false): string {
  return show(parse(iso, utc), 'MMM dd, yyyy', utc);
}

/** Day, abbreviated month, year: '05 Mar 2024'. */
export function formatShortDate(iso: string, utc = false): string {
  return show(parse(iso, utc), 'dd MMM yyyy', utc);
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * Relative text in the largest whole unit among days, hours, minutes and seconds, truncated toward
 * zero: 2 h 59 min ahead is 'in 2 hours', 90 s ago is '1 minute ago', the same instant is
 * 'in 0 seconds'. The distance between two instants does not depend on the zone; `utc` only
 * decides how a string without an offset is read.
 */
export function formatRelativeTime(iso: string, utc = false, now: Date = new Date()): string {
  const seconds = (parse(iso, utc).getTime() - now.getTime()) / 1000;
  const [unit, size] = RELATIVE_UNITS.find(([, unitSeconds]) => Math.abs(seconds) >= unitSeconds) ?? ['second', 1];
  const count = Math.trunc(seconds / size);
  return relativeFormat.format(count === 0 ? 0 : count, unit);
}

/**
 * A compact timestamp: '' for empty input; only the time ('2:05 PM') when the date is today; month,
 * day and time ('Mar 5, 2:05 PM') within the current year; otherwise month, day, two-digit year
 * and time ('Mar 5, 23, 2:05 PM'). Today and this year are judged in the display zone.
 */
export function formatTimestamp(iso: string | null | undefined, utc = false, now: Date = new Date()): string {
  if (iso === undefined || iso === null || iso.trim() === '') return '';
  const date = parse(iso, utc);
  if (show(date, 'yyyy-MM-dd', utc) === show(now, 'yyyy-MM-dd', utc)) return show(date, 'h:mm a', utc);
  if (show(date, 'yyyy', utc) === show(now, 'yyyy', utc)) return show(date, 'MMM d, h:mm a', utc);
  return show(date, 'MMM d, yy, h:mm a', utc);
}

/**
 * Dates and times of meetings and booking slots on one zone's wall clock (the template's, or the
 * reader's own), in the product's formats: "Tuesday 01 Dec 2026", "09:30".
 */

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const id = `${key}|${timeZone ?? ''}`;
  let found = cache.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', timeZone ? { ...options, timeZone } : options);
    cache.set(id, found);
  }
  return found;
}

/** The reader's own time zone, as the browser knows it (`America/Toronto`). */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A key of the local day `date` falls on in `timeZone`, for grouping (never shown). */
export function dayKey(date: Date, timeZone?: string): string {
  const parts = formatter('key', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}`;
}

/** "Tuesday 01 Dec 2026". */
export function formatDayHeading(date: Date, timeZone?: string): string {
  return formatter('day', timeZone, { weekday: 'long', day: '2-digit', month: 'short', year: 'numeric' }).format(date);
}

/** "Tue 01 Dec". */
export function formatShortDay(date: Date, timeZone?: string): string {
  return formatter('short-day', timeZone, { weekday: 'short', day: '2-digit', month: 'short' }).format(date);
}

/** "09:30" on a 24-hour clock. */
export function formatClock(date: Date, timeZone?: string): string {
  return formatter('clock', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** "Tuesday 01 Dec 2026, 09:30 to 10:00". */
export function formatSpan(start: Date, end: Date, timeZone?: string): string {
  return `${formatDayHeading(start, timeZone)}, ${formatClock(start, timeZone)} to ${formatClock(end, timeZone)}`;
}

/** A number of minutes in words: 90 -> "1 h 30 min", 1440 -> "1 day". */
export function formatMinutes(minutes: number): string {
  if (minutes === 0) return 'none';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days) parts.push(`${days} day${days === 1 ? '' : 's'}`);
  if (hours) parts.push(`${hours} h`);
  if (rest) parts.push(`${rest} min`);
  return parts.join(' ');
}

/** Items grouped by the local day of `dateOf(item)`, in the order given. */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => Date, timeZone?: string) {
  const groups: { key: string; date: Date; items: T[] }[] = [];
  for (const item of items) {
    const date = dateOf(item);
    const key = dayKey(date, timeZone);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, date, items: [item] });
  }
  return groups;
}

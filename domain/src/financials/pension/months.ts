/** The same instant `months` calendar months later in UTC, the day clamped to the month's end. */
function addUtcMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * Whole calendar months from `start` to `end`, counted in UTC so the local zone never shifts a
 * boundary: 15 Jan to 14 Feb is 0, to 15 Feb is 1; 31 Jan to 29 Feb 2024 is 1 (month-end clamp).
 * Negative when `end` is before `start`.
 */
export function fullMonthsBetween(start: Date, end: Date): number {
  if (end.getTime() < start.getTime()) return -fullMonthsBetween(end, start);
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + (end.getUTCMonth() - start.getUTCMonth());
  if (addUtcMonths(start, months).getTime() > end.getTime()) months -= 1;
  return months;
}

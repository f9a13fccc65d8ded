/**
 * The user's own date in their browser's time zone, YYYY-MM-DD: what "due today" and "overdue"
 * mean to them. The API groups tasks by it when it is sent (`today`), not by the UTC date, which
 * in Vancouver turns over at 4 pm.
 */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

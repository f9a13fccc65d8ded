import { z } from 'zod';
import { validationError } from '../../shared/errors/domain-error.js';
import { toIsoDate } from '../../financials/shared-schemas.js';

/**
 * "Today" is the user's own date. Due dates are calendar dates, and an advisor in Vancouver at
 * 5 pm is already on tomorrow's UTC date: grouped by the UTC date, tomorrow's tasks would show as
 * due today. The dashboard sends its local date; the server takes it when it is within a day of
 * its own UTC date (every time zone is), and the UTC date when none is given.
 */
export const TodayMessage = {
  invalid: 'Today must be a date (YYYY-MM-DD) within a day of the current date',
} as const;

const DAY_MS = 86_400_000;

/** The `today` query parameter: the caller's local date, optional. */
export const callerTodaySchema = z.iso.date({ error: TodayMessage.invalid }).optional();

/** The date to group by: `given` when it is within a day of `now`'s UTC date, else a 400. */
export function callerToday(given: string | undefined, now: Date): string {
  const utc = toIsoDate(now);
  if (given === undefined) return utc;
  const apart = Math.abs(Date.parse(`${given}T00:00:00Z`) - Date.parse(`${utc}T00:00:00Z`));
  if (!(apart <= DAY_MS))
    throw validationError([{ path: 'today', message: TodayMessage.invalid }], TodayMessage.invalid);
  return given;
}

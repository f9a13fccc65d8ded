import { z } from 'zod';

/** Time messages; both are the spec's wording (crm §5). */
export const TimeMessage = {
  required: 'Time is required',
  format: 'Time must be in the format "HH:mm"',
} as const;

/** A time of day on the 24-hour clock with two-digit hours and minutes, 00:00 to 23:59. */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** A time of day as `HH:mm`; missing or empty input is 'Time is required'. */
export const timeSchema = z
  .string({ error: TimeMessage.required })
  .min(1, { error: TimeMessage.required, abort: true })
  .regex(TIME_PATTERN, TimeMessage.format);

/** Minutes since midnight of an `HH:mm` time. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

import { z } from 'zod';

/**
 * Building blocks of the input schemas of every area. Each takes the message of the rule it
 * checks, so the spec's wording stays in the schema that uses it.
 */

/** The text primitives (text.ts), which most schemas reach through here. */
export { optionalText, requiredString } from './text.js';

/** True for a plain object, so a cross-field rule can read the fields of partly invalid input. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Options for `superRefine` so cross-field rules also run when a field has failed, and every
 * problem of a form is reported at once. The rule then reads input that may be invalid: it must
 * check what it reads.
 */
export const evenWhenFieldsFail = {
  when: (payload: { value: unknown }) => isRecord(payload.value),
};

/** True when a value counts as absent: undefined, null or a blank string. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A point in time: a Date, or an ISO date-time string with an offset (`2024-03-05T10:00:00Z`),
 * parsed to a Date. Anything else, including a missing value, gets `message`.
 */
export function dateTime(message: string) {
  return z
    .union([z.date({ error: message }), z.iso.datetime({ offset: true, error: message })], { error: message })
    .transform((value) => (value instanceof Date ? value : new Date(value)))
    .refine(isStorableDate, message);
}

/** A calendar date: a Date, an ISO date (`2024-03-05`) or an ISO date-time with offset. */
export function calendarDate(message: string) {
  return z
    .union(
      [z.date({ error: message }), z.iso.date({ error: message }), z.iso.datetime({ offset: true, error: message })],
      { error: message },
    )
    .transform((value) => (value instanceof Date ? value : new Date(value)))
    .refine(isStorableDate, message);
}

/**
 * True for a valid date whose UTC year is 1 to 9999: PostgreSQL has no year 0, and a year past
 * 9999 has no four-digit ISO form, so either would fail in the database rather than at the door.
 */
export function isStorableDate(value: Date): boolean {
  const year = value.getUTCFullYear();
  return !Number.isNaN(value.getTime()) && year >= 1 && year <= 9999;
}

/**
 * False only for an ISO date or date-time that parses to a date outside `isStorableDate`'s years;
 * a string that is not a date at all is left to the format check beside this one, so it gets one
 * message, not two.
 */
export function isStorableIsoDate(value: string): boolean {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || isStorableDate(date);
}

/** The current time; rules that compare with now take one, so tests can fix it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

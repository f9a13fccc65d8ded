/**
 * What we read of Nylas's objects, as the `nylas` SDK hands them over: it turns every key of a
 * response into camelCase (`start_time` -> `startTime`), nested keys included. Each schema names
 * only the fields Meridian uses, so an extra field never fails a record; a field we read with the
 * wrong type does (the record becomes a mapping error, the rest of the page goes on).
 */
import { z } from 'zod';

/** A text field Nylas may send as a string, null, or not at all. */
const optionalText = z.string().nullish();

/** Unix seconds. */
const unixSeconds = z.number().int();

const emailName = z.object({ email: z.string(), name: optionalText });

/**
 * An event's `when`, one of four kinds (each told apart by the fields it must have):
 * - timespan: a start and an end instant, each with its IANA zone when the provider keeps one;
 * - time: one instant (a reminder-like point in time);
 * - datespan: whole days, `endDate` inclusive;
 * - date: one whole day.
 */
export const nylasWhenSchema = z.union([
  z.object({
    startTime: unixSeconds,
    endTime: unixSeconds,
    startTimezone: optionalText,
    endTimezone: optionalText,
  }),
  z.object({ time: unixSeconds, timezone: optionalText }),
  z.object({ startDate: z.iso.date(), endDate: z.iso.date() }),
  z.object({ date: z.iso.date() }),
]);
export type NylasWhen = z.output<typeof nylasWhenSchema>;

export const NylasParticipantStatus = ['yes', 'no', 'maybe', 'noreply'] as const;
export type NylasParticipantStatus = (typeof NylasParticipantStatus)[number];

export const nylasEventSchema = z.object({
  id: z.string().min(1),
  grantId: z.string().min(1),
  /** Null for some virtual-calendar and shared-calendar events (Nylas's description). */
  calendarId: z.string().nullish(),
  title: optionalText,
  description: optionalText,
  location: optionalText,
  when: nylasWhenSchema,
  /** Absent when the event has none: the description allows no empty list. */
  participants: z
    .array(
      z.object({
        email: optionalText,
        name: optionalText,
        // A missing or unknown status reads as no reply rather than failing the event.
        status: z.enum(NylasParticipantStatus).catch('noreply'),
      }),
    )
    .nullish(),
  organizer: z.object({ email: optionalText, name: optionalText }).nullish(),
  status: z.enum(['confirmed', 'maybe', 'cancelled']).nullish(),
  busy: z.boolean().nullish(),
  createdAt: unixSeconds.nullish(),
  updatedAt: unixSeconds.nullish(),
  icalUid: optionalText,
  htmlLink: optionalText,
  masterEventId: optionalText,
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type NylasEvent = z.output<typeof nylasEventSchema>;

export const nylasCalendarSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  timezone: optionalText,
  isPrimary: z.boolean().nullish(),
  readOnly: z.boolean().nullish(),
  isOwnedByUser: z.boolean().nullish(),
  hexColor: optionalText,
});
export type NylasCalendar = z.output<typeof nylasCalendarSchema>;

export const nylasThreadSchema = z.object({
  id: z.string().min(1),
  grantId: z.string().min(1),
  subject: optionalText,
  snippet: optionalText,
  participants: z.array(emailName).nullish(),
  unread: z.boolean().nullish(),
  earliestMessageDate: unixSeconds.nullish(),
  latestMessageReceivedDate: unixSeconds.nullish(),
  latestMessageSentDate: unixSeconds.nullish(),
  messageIds: z.array(z.string()).nullish(),
});
export type NylasThread = z.output<typeof nylasThreadSchema>;

export const nylasMessageSchema = z.object({
  id: z.string().min(1),
  grantId: z.string().min(1),
  threadId: optionalText,
  subject: optionalText,
  date: unixSeconds,
  from: z.array(emailName).nullish(),
  to: z.array(emailName).nullish(),
  cc: z.array(emailName).nullish(),
  body: optionalText,
  snippet: optionalText,
  unread: z.boolean().nullish(),
});
export type NylasMessage = z.output<typeof nylasMessageSchema>;

export const nylasGrantSchema = z.object({
  id: z.string().min(1),
  email: optionalText,
  provider: z.string(),
  /** `invalid`: the grant expired and its user must authenticate again. */
  grantStatus: z.string().nullish(),
});
export type NylasGrant = z.output<typeof nylasGrantSchema>;

export const nylasFreeBusySchema = z.array(
  z.object({
    email: z.string(),
    object: z.string(),
    timeSlots: z.array(z.object({ startTime: unixSeconds, endTime: unixSeconds, status: optionalText })).nullish(),
    error: optionalText,
  }),
);

export const nylasCodeExchangeSchema = z.object({
  grantId: z.string().min(1),
  email: z.string(),
  provider: z.string().nullish(),
  scope: z.string().nullish(),
});

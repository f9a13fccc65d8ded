import { z } from 'zod';
import { requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { MeetingTemplateMessage } from './api.js';
import { MeetingTimeZone } from './enums.js';
import { meetingParticipantSchema, meetingSchema } from './schemas.js';

/*
 * The HTTP shapes of the public booking routes (crm §7 Meetings: `POST /request`, `PATCH /confirm`,
 * the booking page's reads) and of a booking's e-mailed links (`/meetings/booking-links/{token}`).
 * The participant's rules and messages are crm §5's (`meetingParticipantSchema`); the rest are ours.
 * The booking templates' shapes are in api.ts.
 */

/** The longest range of one slots answer: a month of a booking calendar. */
export const MAX_SLOT_RANGE_DAYS = 31;
/** The range a slots answer covers when the page names no end: a week from its start. */
export const DEFAULT_SLOT_RANGE_DAYS = 7;

/** Messages of the booking routes that crm §5 does not give. */
export const BookingMessage = {
  pageNotFound: 'Booking page',
  bookingNotFound: 'Booking',
  dateInvalid: 'Please enter a valid date and time',
  rangeBackwards: 'The end of the range must be after its start',
  rangeTooLong: `Please choose a range of at most ${MAX_SLOT_RANGE_DAYS} days`,
  timeZoneInvalid: 'Please choose a valid time zone',
  slotTaken: 'This time was just booked by someone else; please choose another',
  slotNotOffered: 'This time is not offered on this booking page; please choose one of the times shown',
  noOrganizer: 'This booking page has no one to meet with right now; please contact the firm directly',
  cancelled: 'This booking was cancelled; please book a new time',
  rescheduleFlagMissing: 'This booking moves an earlier meeting, so it must be confirmed as a reschedule',
  tooLateToChange: 'This meeting can no longer be changed online; please contact your advisor',
  linkInvalid: 'This link is not valid',
  tooLateToMove: (minutes: number) =>
    `This meeting starts in less than ${noticeInWords(minutes)} and can no longer be moved online; please contact the firm directly`,
  tooManyPageViews: (seconds: number) =>
    `Too many booking pages were opened from this address; try again in ${secondsInWords(seconds)}`,
  tooManyFromClient: (seconds: number) =>
    `Too many bookings were sent from this address; try again in ${secondsInWords(seconds)}`,
  tooManyForPage: (seconds: number) =>
    `This booking page has received too many bookings; try again in ${secondsInWords(seconds)}`,
} as const;

function secondsInWords(seconds: number): string {
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** A notice in the largest whole unit it is a multiple of: 1440 -> "1 day", 90 -> "90 minutes". */
function noticeInWords(minutes: number): string {
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  if (minutes > 0 && minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

/**
 * An ISO instant with its offset (`2026-03-05T10:00:00-05:00`), as a Date the database can store
 * (years 1 to 9999); anything else gets `message`.
 */
function instant(message: string) {
  return z.iso
    .datetime({ offset: true, error: message })
    .transform((value) => new Date(value))
    .refine((value) => {
      const year = value.getUTCFullYear();
      return !Number.isNaN(value.getTime()) && year >= 1 && year <= 9999;
    }, message);
}

/** True for a time zone this runtime knows by its IANA name (`Europe/Paris`, `UTC`). */
function isIanaTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * A booking page's id in a path or a body: the template's scheduling configuration at its calendar
 * provider, or the template's own id (as `scheduling-status` reads it). An id of neither kind is
 * the same 404 as an unknown one.
 */
const configIdSchema = requiredString(MeetingTemplateMessage.configRequired, { kind: 'identifier' });

/** An id minted by `POST /request` (or the provider's booking id); any other is the same 404. */
const bookingIdSchema = requiredString(`${BookingMessage.bookingNotFound} is required`, { kind: 'identifier' });

export const bookingPageParamsSchema = z.object({ configId: configIdSchema });
export type BookingPageParams = z.output<typeof bookingPageParamsSchema>;

/** `GET /meetings/booking/{configId}/slots?from&until`: ISO instants; a week from now by default. */
export const bookingSlotsQuerySchema = z.object({
  from: instant(BookingMessage.dateInvalid).optional(),
  until: instant(BookingMessage.dateInvalid).optional(),
});
export type BookingSlotsQuery = z.output<typeof bookingSlotsQuerySchema>;

/**
 * `POST /meetings/request`: a client asks for one of the page's free slots. `timeZone` is the
 * client's own (the page shows the slots in it); `rescheduleOf`, the booking id of a meeting of
 * theirs this one moves (from the link of its confirmation).
 */
export const bookingRequestSchema = z.object({
  configId: configIdSchema,
  /** crm §5: 'Start Time is required' for a missing or unreadable one. */
  start: meetingSchema.shape.startTime,
  name: meetingParticipantSchema.shape.name,
  email: meetingParticipantSchema.shape.email,
  message: freeText({ kind: 'paragraph' }).optional(),
  timeZone: freeText({ kind: 'identifier' })
    .refine((value) => value === '' || isIanaTimeZone(value), BookingMessage.timeZoneInvalid)
    .optional(),
  rescheduleOf: bookingIdSchema.optional(),
});
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/**
 * `PATCH /meetings/confirm` (crm §7): the booking to confirm, the page it was made on, the event
 * the calendar holds for it (none yet on the firm's own calendar), and whether it moves an
 * earlier meeting of the same booking.
 */
export const bookingConfirmSchema = z.object({
  bookingId: bookingIdSchema,
  configId: configIdSchema,
  /** Calendar providers' event ids run long (Google's up to 1,024 characters). */
  eventId: freeText({ kind: 'identifier', max: 1024, tooLong: 'Event id must be at most 1,024 characters' })
    .nullable()
    .optional(),
  isReschedule: z.boolean({ error: 'isReschedule must be true or false' }).default(false),
});
export type BookingConfirm = z.output<typeof bookingConfirmSchema>;

/** What a client sees of a booking page: nothing internal (no team or template ids). */
export const bookingPageSchema = z.object({
  configId: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  /** Minutes. */
  duration: z.number().int(),
  firmName: z.string(),
  teamName: z.string(),
  /** The zone the opening hours are in; the page shows slots in the client's own. */
  timeZone: z.enum(MeetingTimeZone),
  timeZoneLabel: z.string(),
  availableDaysInFuture: z.number().int(),
  /** Minutes before a meeting inside which it can no longer be moved or cancelled online. */
  minimumCancellationNotice: z.number().int().nullable(),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

const slotSchema = z.object({ start: z.string(), end: z.string() });

export const bookingSlotsSchema = z.object({
  configId: z.string(),
  timeZone: z.enum(MeetingTimeZone),
  timeZoneLabel: z.string(),
  duration: z.number().int(),
  from: z.string(),
  until: z.string(),
  /** Free starts in [from, until), earliest first. */
  slots: z.array(slotSchema),
});
export type BookingSlots = z.infer<typeof bookingSlotsSchema>;

/** A booking as its client is answered: requested (`confirmedAt` null) or confirmed. */
export const bookingSchema = z.object({
  bookingId: z.string(),
  configId: z.string(),
  start: z.string(),
  end: z.string(),
  timeZone: z.enum(MeetingTimeZone),
  eventId: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A booking link's token (its confirmation e-mail's): a signed payload, `<payload>.<signature>`. */
export const bookingLinkParamsSchema = z.object({
  token: z
    .string()
    .max(1000, BookingMessage.linkInvalid)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, BookingMessage.linkInvalid),
});
export type BookingLinkParams = z.output<typeof bookingLinkParamsSchema>;

/** `PATCH /meetings/booking-links/{token}/reschedule`: the new time, one of the page's free slots. */
export const bookingRescheduleSchema = z.object({
  /** crm §5: 'Start Time is required' for a missing or unreadable one. */
  start: meetingSchema.shape.startTime,
});
export type BookingReschedule = z.output<typeof bookingRescheduleSchema>;

/** Where a booking stands: asked for, confirmed, or cancelled (by its client or a later move). */
export const BookingStatus = ['REQUESTED', 'CONFIRMED', 'CANCELLED'] as const;
export type BookingStatus = (typeof BookingStatus)[number];

/**
 * A booking as its e-mailed link shows it: what and when, and whether it can still be moved or
 * cancelled online (until the template's minimum cancellation notice before it starts), and which
 * of the two this link allows. Nothing internal: no ids but the page's.
 */
export const bookingLinkViewSchema = z.object({
  configId: z.string(),
  title: z.string(),
  firmName: z.string(),
  teamName: z.string(),
  start: z.string(),
  end: z.string(),
  duration: z.number().int(),
  timeZone: z.enum(MeetingTimeZone),
  timeZoneLabel: z.string(),
  status: z.enum(BookingStatus),
  /** True while the meeting can still be changed online. */
  changeable: z.boolean(),
  /** The last instant it can be changed online; null when the template sets no notice. */
  changeableUntil: z.string().nullable(),
  /** What this link may do (a cancel link cannot move the meeting). */
  mayReschedule: z.boolean(),
  mayCancel: z.boolean(),
});
export type BookingLinkView = z.infer<typeof bookingLinkViewSchema>;

import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { MEETING_TIME_ZONE_LABELS, type MeetingTimeZone } from '@meridian/domain';

/** One booked meeting as its e-mails and calendar invites describe it. */
export interface BookingNotice {
  bookingId: string;
  /** How many times the booking's meeting changed before this notice (its invites' SEQUENCE). */
  sequence: number;
  title: string;
  message: string;
  start: Date;
  end: Date;
  /** The template's zone: the e-mail says the time on its clock. */
  timeZone: string;
  firmName: string;
  organizer: { name: string; email: string };
  client: { name: string; email: string };
  /** When the notice is written (the invite's DTSTAMP). */
  now: Date;
}

/** An e-mail's text and its calendar file, for the outbox. */
export interface BookingEmail {
  subject: string;
  text: string;
  attachment: { filename: string; contentType: string; content: string };
}

/**
 * The calendar file of a booking (RFC 5546): METHOD:REQUEST to put the meeting in the client's
 * calendar or move it there, METHOD:CANCEL to take it out. The UID is the booking's, the same
 * through every move, so a calendar updates the event it holds instead of adding one; SEQUENCE
 * rises with each change, so a calendar applies the newest and ignores one arriving late. Times
 * are in UTC: every calendar shows them in its own user's zone.
 */
export function bookingInvite(notice: BookingNotice, method: 'REQUEST' | 'CANCEL'): string {
  const calendar = ical({
    prodId: { company: 'Meridian', product: 'Booking', language: 'EN' },
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  const event = calendar.createEvent({
    id: bookingUid(notice.bookingId),
    sequence: notice.sequence,
    stamp: notice.now,
    start: notice.start,
    end: notice.end,
    summary: notice.title,
    description: notice.message,
    status: method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: notice.organizer.name, email: notice.organizer.email },
  });
  event.createAttendee({
    name: notice.client.name,
    email: notice.client.email,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.ACCEPTED,
  });
  return calendar.toString();
}

/** A booking's UID in calendars: one per booking, kept when it moves. */
export function bookingUid(bookingId: string): string {
  return `${bookingId}@meridian`;
}

/**
 * The e-mail a client gets when their booking is confirmed or moved: when, with whom, the links
 * to move or cancel it (while the template's notice allows), and the invite for their calendar.
 */
export function bookingConfirmationEmail(
  notice: BookingNotice,
  links: { reschedule: string; cancel: string },
  moved: boolean,
): BookingEmail {
  const when = whenInWords(notice.start, notice.timeZone);
  return {
    subject: moved
      ? `Your meeting with ${notice.firmName} has moved: ${when}`
      : `Your meeting with ${notice.firmName} is confirmed: ${when}`,
    text: [
      notice.client.name ? `Hello ${notice.client.name},` : 'Hello,',
      '',
      moved
        ? `Your meeting "${notice.title}" with ${notice.organizer.name} has moved to ${when}.`
        : `Your meeting "${notice.title}" with ${notice.organizer.name} is confirmed for ${when}.`,
      'The attached invitation adds it to your calendar.',
      '',
      'To choose another time:',
      links.reschedule,
      '',
      'To cancel the meeting:',
      links.cancel,
      '',
      'These links are yours: please do not forward them. Close to the meeting they no longer work;',
      'then please contact your advisor directly.',
      '',
      `— ${notice.firmName}, through Meridian`,
    ].join('\n'),
    attachment: {
      filename: 'invite.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      content: bookingInvite(notice, 'REQUEST'),
    },
  };
}

/** The e-mail a client gets when they cancel their booking, with the invite that removes it. */
export function bookingCancellationEmail(notice: BookingNotice): BookingEmail {
  const when = whenInWords(notice.start, notice.timeZone);
  return {
    subject: `Your meeting with ${notice.firmName} is cancelled`,
    text: [
      notice.client.name ? `Hello ${notice.client.name},` : 'Hello,',
      '',
      `Your meeting "${notice.title}" with ${notice.organizer.name} on ${when} is cancelled.`,
      'The attached cancellation removes it from your calendar.',
      '',
      `— ${notice.firmName}, through Meridian`,
    ].join('\n'),
    attachment: {
      filename: 'cancel.ics',
      contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      content: bookingInvite(notice, 'CANCEL'),
    },
  };
}

/** The public booking page, opened to move or cancel the booking the token names. */
export function bookingManageLink(
  publicBase: string,
  configId: string,
  purpose: 'reschedule' | 'cancel',
  token: string,
): string {
  return `${publicBase.replace(/\/+$/, '')}/book/${encodeURIComponent(configId)}?${purpose}=${token}`;
}

/** "Tuesday, December 1, 2026 at 10:00 a.m. (Toronto time)", on the template zone's clock. */
function whenInWords(start: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'full' }).format(start);
  const time = new Intl.DateTimeFormat('en-CA', { timeZone, timeStyle: 'short' }).format(start);
  const label = MEETING_TIME_ZONE_LABELS[timeZone as MeetingTimeZone] ?? timeZone;
  return `${date} at ${time} (${label} time)`;
}

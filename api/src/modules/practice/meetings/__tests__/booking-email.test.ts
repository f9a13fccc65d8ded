/**
 * The pieces of a booking's e-mail, without the API: the signed links (their claim back, refused
 * when altered, expired or signed with another secret) and the calendar invite (RFC 5546: the
 * booking's UID, the change's SEQUENCE, REQUEST or CANCEL, times in UTC).
 */
import { describe, expect, it } from 'vitest';
import { BookingLinkSigner, type BookingLinkClaim } from '../booking-link-token.js';
import {
  bookingCancellationEmail,
  bookingConfirmationEmail,
  bookingInvite,
  type BookingNotice,
} from '../booking-email.js';

const signer = new BookingLinkSigner({ AUTH_TOKEN_SECRET: 'a'.repeat(64) });
const now = new Date('2026-03-01T12:00:00Z');
const claim: BookingLinkClaim = {
  organizationId: 'organization-AAAAAAAAAAAAAAAAAAAAA',
  templateId: 'meeting_template-AAAAAAAAAAAAAAAAAAAAA',
  bookingId: 'booking-AAAAAAAAAAAAAAAAAAAAA',
  purpose: 'reschedule',
  expiresAt: new Date('2026-03-05T15:00:00Z'),
};

const notice: BookingNotice = {
  bookingId: 'booking-AAAAAAAAAAAAAAAAAAAAA',
  sequence: 2,
  title: 'Discovery call',
  message: 'A first talk about your plans',
  start: new Date('2026-03-05T15:00:00Z'),
  end: new Date('2026-03-05T15:30:00Z'),
  timeZone: 'America/Toronto',
  firmName: 'North Wealth',
  organizer: { name: 'Ada Advisor', email: 'ada@north.test' },
  client: { name: 'Robin Client', email: 'robin@example.com' },
  now,
};

const lines = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);

describe('a booking link', () => {
  it('gives back its claim until it expires', () => {
    const token = signer.issue(claim);
    expect(signer.check(token, now)).toEqual({ ok: true, claim });
    expect(signer.check(token, claim.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('is refused when altered or signed under another secret, and each one issued differs', () => {
    const token = signer.issue(claim);
    expect(signer.issue(claim)).not.toBe(token);
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), p: 'cancel' }),
    ).toString('base64url');
    expect(signer.check(`${forged}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.check(`${payload}`, now)).toEqual({ ok: false, reason: 'invalid' });
    const other = new BookingLinkSigner({ AUTH_TOKEN_SECRET: 'b'.repeat(64) });
    expect(other.check(token, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('a booking’s calendar invite', () => {
  it('requests the meeting under the booking’s UID and the change’s SEQUENCE, in UTC', () => {
    const invite = lines(bookingInvite(notice, 'REQUEST'));
    expect(invite).toEqual(
      expect.arrayContaining([
        'METHOD:REQUEST',
        'UID:booking-AAAAAAAAAAAAAAAAAAAAA@meridian',
        'SEQUENCE:2',
        'DTSTART:20260305T150000Z',
        'DTEND:20260305T153000Z',
        'DTSTAMP:20260301T120000Z',
        'SUMMARY:Discovery call',
        'STATUS:CONFIRMED',
      ]),
    );
    expect(invite.some((line) => line.startsWith('ORGANIZER') && line.endsWith(':mailto:ada@north.test'))).toBe(true);
    expect(invite.some((line) => line.startsWith('ATTENDEE') && /robin@example\.com$/i.test(line))).toBe(true);
  });

  it('cancels it under the same UID', () => {
    const invite = lines(bookingInvite({ ...notice, sequence: 3 }, 'CANCEL'));
    expect(invite).toEqual(
      expect.arrayContaining([
        'METHOD:CANCEL',
        'UID:booking-AAAAAAAAAAAAAAAAAAAAA@meridian',
        'SEQUENCE:3',
        'STATUS:CANCELLED',
      ]),
    );
  });
});

describe('a booking’s e-mails', () => {
  it('say the time on the page zone’s clock and carry both links', () => {
    const email = bookingConfirmationEmail(
      notice,
      { reschedule: 'https://r.test/1', cancel: 'https://c.test/2' },
      false,
    );
    expect(email.subject).toBe(
      'Your meeting with North Wealth is confirmed: Thursday, March 5, 2026 at 10:00 a.m. (Toronto time)',
    );
    expect(email.text).toContain('https://r.test/1');
    expect(email.text).toContain('https://c.test/2');
    expect(email.attachment.filename).toBe('invite.ics');
    expect(bookingCancellationEmail(notice).subject).toBe('Your meeting with North Wealth is cancelled');
  });
});

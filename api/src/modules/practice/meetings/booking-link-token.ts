import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';

/** What a booking's e-mailed link may do: read the booking, and move it or cancel it. */
export const BookingLinkPurpose = ['reschedule', 'cancel'] as const;
export type BookingLinkPurpose = (typeof BookingLinkPurpose)[number];

/** Whose booking a link opens: the firm, the template (the page), the booking, what for, until when. */
export interface BookingLinkClaim {
  organizationId: string;
  templateId: string;
  bookingId: string;
  purpose: BookingLinkPurpose;
  expiresAt: Date;
}

export type BookingLinkCheck = { ok: true; claim: BookingLinkClaim } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signs the reschedule and cancel links of a booking's confirmation e-mail, as the proposals'
 * public links are signed: `<payload>.<signature>`, the claim in base64url JSON and an HMAC-SHA256
 * over it, under a key derived from AUTH_TOKEN_SECRET with a purpose of its own, so no other token
 * of the server (a session, a file link, a proposal link) passes as a booking link. Nothing is
 * stored: a link works until the meeting it was written for starts (nothing can be changed online
 * after that), and the service checks on every use that the booking still exists and is not
 * cancelled, so a link of a moved meeting reaches the booking's current one.
 */
@Injectable()
export class BookingLinkSigner {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'AUTH_TOKEN_SECRET'>) {
    this.key = createHmac('sha256', config.AUTH_TOKEN_SECRET).update('meridian-booking-links:v1').digest();
  }

  /** A new token for the claim, distinct from any other (a nonce), expiring at `expiresAt` (whole seconds). */
  issue(claim: BookingLinkClaim): string {
    const payload = Buffer.from(
      JSON.stringify({
        o: claim.organizationId,
        t: claim.templateId,
        b: claim.bookingId,
        p: claim.purpose,
        e: Math.floor(claim.expiresAt.getTime() / 1000),
        n: randomBytes(6).toString('base64url'),
      }),
    ).toString('base64url');
    return `${payload}.${this.signatureOf(payload)}`;
  }

  /** The claim of a token signed here and not expired at `now`; else why not. */
  check(token: string, now = new Date()): BookingLinkCheck {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.signatureOf(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    const claim = parseClaim(payload);
    if (!claim) return { ok: false, reason: 'invalid' };
    if (claim.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claim };
  }

  private signatureOf(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** The claim a signed payload holds; null for one of another shape (a key rotated, a bug). */
function parseClaim(payload: string): BookingLinkClaim | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { o, t, b, p, e } = value;
    if (typeof o !== 'string' || typeof t !== 'string' || typeof b !== 'string' || typeof e !== 'number') return null;
    if (!BookingLinkPurpose.includes(p as BookingLinkPurpose)) return null;
    return {
      organizationId: o,
      templateId: t,
      bookingId: b,
      purpose: p as BookingLinkPurpose,
      expiresAt: new Date(e * 1000),
    };
  } catch {
    return null;
  }
}

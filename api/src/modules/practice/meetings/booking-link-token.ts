import { Inject, Injectable } from '@nestjs/common';
import { SignedPayload } from '../../../common/auth/signed-payload.js';
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
 * Signs the reschedule and cancel links of a booking's confirmation e-mail as the proposals' public
 * links are signed (`SignedPayload`), under a purpose of their own, so no other token of the server
 * passes as a booking link. A link works until the meeting it was written for starts (nothing can
 * be changed online after that), and the service checks on every use that the booking still
 * exists and is not cancelled, so a link of a moved meeting reaches the booking's current one.
 */
@Injectable()
export class BookingLinkSigner {
  private readonly tokens: SignedPayload<Omit<BookingLinkClaim, 'expiresAt'>>;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'AUTH_TOKEN_SECRET'>) {
    this.tokens = new SignedPayload(config.AUTH_TOKEN_SECRET, 'meridian-booking-links:v1', parseClaim);
  }

  /** A new token for the claim, distinct from any other (a nonce), expiring at `expiresAt` (whole seconds). */
  issue(claim: BookingLinkClaim): string {
    const fields = { o: claim.organizationId, t: claim.templateId, b: claim.bookingId, p: claim.purpose };
    return this.tokens.seal(fields, claim.expiresAt).token;
  }

  /** The claim of a token signed here and not expired at `now`; else why not. */
  check(token: string, now = new Date()): BookingLinkCheck {
    const opened = this.tokens.open(token, now);
    return opened.ok ? { ok: true, claim: { ...opened.value.value, expiresAt: opened.value.expiresAt } } : opened;
  }
}

/** The claim a signed payload holds; null for one of another shape. */
function parseClaim(fields: Record<string, unknown>): Omit<BookingLinkClaim, 'expiresAt'> | null {
  const { o, t, b, p } = fields;
  if (typeof o !== 'string' || typeof t !== 'string' || typeof b !== 'string') return null;
  if (!BookingLinkPurpose.includes(p as BookingLinkPurpose)) return null;
  return { organizationId: o, templateId: t, bookingId: b, purpose: p as BookingLinkPurpose };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../../common/config/config.js';

export type StampCheck = 'ok' | 'invalid' | 'too-fast' | 'expired';

/**
 * The contact form's proof of when its page was loaded: `<seconds>.<HMAC over the profile and the
 * time>`, handed out with the page and sent back with the form. A visitor cannot make an older
 * one (the key is the server's), nor reuse one on another profile's page. The key is derived from
 * the token secret, like the file signatures, so it needs no secret of its own.
 */
export class ContactFormStamp {
  private readonly key: Buffer;

  constructor(config: Pick<AppConfig, 'AUTH_TOKEN_SECRET'>) {
    this.key = createHmac('sha256', config.AUTH_TOKEN_SECRET).update('meridian-links-contact:v1').digest();
  }

  issue(linksProfileId: string, now = new Date()): string {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return `${issuedAt}.${this.signatureOf(linksProfileId, issuedAt)}`;
  }

  /** Whether a stamp was made by us for this profile, and its age is within [minSeconds, maxSeconds]. */
  check(
    linksProfileId: string,
    token: string,
    limits: { minSeconds: number; maxSeconds: number },
    now = new Date(),
  ): StampCheck {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'invalid';
    const issuedAt = Number(match[1]);
    const expected = Buffer.from(this.signatureOf(linksProfileId, issuedAt));
    const given = Buffer.from(match[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    const age = now.getTime() / 1000 - issuedAt;
    if (age < limits.minSeconds) return 'too-fast';
    if (age > limits.maxSeconds) return 'expired';
    return 'ok';
  }

  private signatureOf(linksProfileId: string, issuedAt: number): string {
    return createHmac('sha256', this.key).update(`${linksProfileId}\n${issuedAt}`).digest('base64url');
  }
}

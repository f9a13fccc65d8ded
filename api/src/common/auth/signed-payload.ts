import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type SignedPayloadCheck<T> = { ok: true; value: T } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Tokens `<payload>.<signature>` for links e-mailed to people without an account (a proposal's, a
 * booking's): the payload is the fields in base64url JSON with an expiry `e` (whole seconds) and a
 * nonce `n` (two tokens of the same fields differ), the signature an HMAC-SHA256 over it. The key
 * is derived from the server's secret with a purpose of its own, so a token of one kind never
 * passes as another's. Nothing is stored: a token works until its expiry, and its user checks on
 * every use that what it names still exists.
 */
export class SignedPayload<T> {
  private readonly key: Buffer;

  /**
   * @param purpose distinct per kind of token (`meridian-booking-links:v1`)
   * @param parse the fields of a payload signed here, or null when their shape is not this kind's
   */
  constructor(
    secret: string,
    purpose: string,
    private readonly parse: (fields: Record<string, unknown>) => T | null,
  ) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  /** A new token of `fields` (short keys; `e` and `n` are this class's), expiring at `expiresAt` (whole seconds). */
  seal(fields: Record<string, string>, expiresAt: Date): { token: string; expiresAt: Date } {
    const e = Math.floor(expiresAt.getTime() / 1000);
    const payload = Buffer.from(JSON.stringify({ ...fields, e, n: randomBytes(6).toString('base64url') })).toString(
      'base64url',
    );
    return { token: `${payload}.${this.signatureOf(payload)}`, expiresAt: new Date(e * 1000) };
  }

  /** The value of a token signed here and not expired at `now`, with its expiry; else why not. */
  open(token: string, now: Date): SignedPayloadCheck<{ value: T; expiresAt: Date }> {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.signatureOf(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    const fields = readFields(payload);
    const value = fields && typeof fields.e === 'number' ? this.parse(fields) : null;
    if (!fields || value === null) return { ok: false, reason: 'invalid' };
    const expiresAt = new Date((fields.e as number) * 1000);
    if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, value: { value, expiresAt } };
  }

  private signatureOf(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** The JSON object a payload holds; null for anything else (a key rotated, a bug). */
function readFields(payload: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

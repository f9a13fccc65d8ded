import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../../common/config/config.js';

/** How long a hosted authentication may take, from the auth URL to the code's exchange. */
export const NYLAS_STATE_TTL_MS = 15 * 60 * 1000;

/** Who started a hosted authentication. */
export interface NylasStateClaim {
  organizationId: string;
  userId: string;
}

/**
 * The `state` of a hosted authentication: `<payload>.<signature>`, the payload the caller's
 * organization and user with an expiry and a nonce (base64url JSON), the signature an HMAC-SHA256
 * under a key derived from AUTH_TOKEN_SECRET for this purpose alone (so no other signed token of
 * the API passes as one). Nylas hands it back with the code; `POST /nylas` takes the code only with
 * a state issued to the same user, so a code cannot be connected by anyone but who asked for it.
 */
@Injectable()
export class NylasStateSigner {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'AUTH_TOKEN_SECRET'>) {
    this.key = createHmac('sha256', config.AUTH_TOKEN_SECRET).update('meridian-nylas-state:v1').digest();
  }

  issue(claim: NylasStateClaim, now = new Date()): string {
    const payload = Buffer.from(
      JSON.stringify({
        o: claim.organizationId,
        u: claim.userId,
        e: Math.floor((now.getTime() + NYLAS_STATE_TTL_MS) / 1000),
        n: randomBytes(9).toString('base64url'),
      }),
    ).toString('base64url');
    return `${payload}.${this.signatureOf(payload)}`;
  }

  /** Whether `state` was issued here to `claim`'s user and organization and has not expired at `now`. */
  isFor(state: string, claim: NylasStateClaim, now = new Date()): boolean {
    const [payload, signature, extra] = state.split('.');
    if (!payload || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.signatureOf(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    try {
      const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      return (
        value.o === claim.organizationId &&
        value.u === claim.userId &&
        typeof value.e === 'number' &&
        value.e * 1000 > now.getTime()
      );
    } catch {
      return false;
    }
  }

  private signatureOf(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

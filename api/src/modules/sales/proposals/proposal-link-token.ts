import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';

/** Whom a proposal link was written to: the firm, the proposal, its recipient row, and until when. */
export interface ProposalLinkClaim {
  organizationId: string;
  proposalId: string;
  recipientId: string;
  expiresAt: Date;
}

export type ProposalLinkCheck = { ok: true; claim: ProposalLinkClaim } | { ok: false; reason: 'invalid' | 'expired' };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Signs the links a proposal's recipients are e-mailed: `<payload>.<signature>`, the payload the
 * claim in base64url JSON and the signature an HMAC-SHA256 over it. The key is derived from
 * AUTH_TOKEN_SECRET with a purpose of its own (as the file links' is), so neither a session token
 * nor a file signature can pass as a proposal link. Nothing is stored: a link works until its
 * expiry (PROPOSAL_LINK_TTL_DAYS) unless its proposal is revoked or its recipient removed, which
 * the service checks on every use.
 */
@Injectable()
export class ProposalLinkSigner {
  private readonly key: Buffer;
  private readonly ttlMs: number;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'AUTH_TOKEN_SECRET' | 'PROPOSAL_LINK_TTL_DAYS'>) {
    this.key = createHmac('sha256', config.AUTH_TOKEN_SECRET).update('meridian-proposal-links:v1').digest();
    this.ttlMs = config.PROPOSAL_LINK_TTL_DAYS * DAY_MS;
  }

  /**
   * A new token for the recipient, expiring PROPOSAL_LINK_TTL_DAYS after `now`; a nonce makes each
   * one distinct, even two issued in the same second.
   */
  issue(claim: Omit<ProposalLinkClaim, 'expiresAt'>, now = new Date()): { token: string; expiresAt: Date } {
    const expires = Math.floor((now.getTime() + this.ttlMs) / 1000);
    const payload = Buffer.from(
      JSON.stringify({
        o: claim.organizationId,
        p: claim.proposalId,
        r: claim.recipientId,
        e: expires,
        n: randomBytes(6).toString('base64url'),
      }),
    ).toString('base64url');
    return { token: `${payload}.${this.signatureOf(payload)}`, expiresAt: new Date(expires * 1000) };
  }

  /** The claim of a token signed here and not expired at `now`; else why not. */
  check(token: string, now = new Date()): ProposalLinkCheck {
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
function parseClaim(payload: string): ProposalLinkClaim | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { o, p, r, e } = value;
    if (typeof o !== 'string' || typeof p !== 'string' || typeof r !== 'string' || typeof e !== 'number') return null;
    return { organizationId: o, proposalId: p, recipientId: r, expiresAt: new Date(e * 1000) };
  } catch {
    return null;
  }
}

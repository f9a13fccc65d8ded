import { Inject, Injectable } from '@nestjs/common';
import { SignedPayload } from '../../../common/auth/signed-payload.js';
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
 * Signs the links a proposal's recipients are e-mailed (`SignedPayload`), under a purpose of their
 * own, so neither a session token nor another kind of link passes as a proposal link. A link works
 * until its expiry (PROPOSAL_LINK_TTL_DAYS) unless its proposal is revoked or its recipient
 * removed, which the service checks on every use.
 */
@Injectable()
export class ProposalLinkSigner {
  private readonly tokens: SignedPayload<Omit<ProposalLinkClaim, 'expiresAt'>>;
  private readonly ttlMs: number;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'AUTH_TOKEN_SECRET' | 'PROPOSAL_LINK_TTL_DAYS'>) {
    this.tokens = new SignedPayload(config.AUTH_TOKEN_SECRET, 'meridian-proposal-links:v1', parseClaim);
    this.ttlMs = config.PROPOSAL_LINK_TTL_DAYS * DAY_MS;
  }

  /**
   * A new token for the recipient, expiring PROPOSAL_LINK_TTL_DAYS after `now`; a nonce makes each
   * one distinct, even two issued in the same second.
   */
  issue(claim: Omit<ProposalLinkClaim, 'expiresAt'>, now = new Date()): { token: string; expiresAt: Date } {
    const fields = { o: claim.organizationId, p: claim.proposalId, r: claim.recipientId };
    return this.tokens.seal(fields, new Date(now.getTime() + this.ttlMs));
  }

  /** The claim of a token signed here and not expired at `now`; else why not. */
  check(token: string, now = new Date()): ProposalLinkCheck {
    const opened = this.tokens.open(token, now);
    return opened.ok ? { ok: true, claim: { ...opened.value.value, expiresAt: opened.value.expiresAt } } : opened;
  }
}

/** The claim a signed payload holds; null for one of another shape. */
function parseClaim(fields: Record<string, unknown>): Omit<ProposalLinkClaim, 'expiresAt'> | null {
  const { o, p, r } = fields;
  if (typeof o !== 'string' || typeof p !== 'string' || typeof r !== 'string') return null;
  return { organizationId: o, proposalId: p, recipientId: r };
}

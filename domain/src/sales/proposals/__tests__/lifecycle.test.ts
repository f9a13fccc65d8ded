import { describe, expect, it } from 'vitest';
import { ProposalStatus } from '../enums.js';
import { proposalTransition, ProposalTransitionMessage as M, type ProposalAction } from '../lifecycle.js';

/** Every action at every status: the status reached, or the refusal's sentence. */
const EXPECTED: Record<ProposalStatus, Record<ProposalAction, string>> = {
  DRAFT: {
    editOffers: 'DRAFT',
    updatePortfolio: 'DRAFT',
    send: 'SENT',
    resend: M.resendBeforeSent,
    revoke: 'REVOKED',
    requestModification: M.modificationBeforeSent,
    accept: M.acceptBeforeSent,
  },
  SENT: {
    editOffers: M.offersOnceSent,
    updatePortfolio: 'SENT',
    send: M.alreadySent,
    resend: 'SENT',
    revoke: 'REVOKED',
    requestModification: 'MODIFICATION_REQUESTED',
    accept: 'ACCEPTED',
  },
  MODIFICATION_REQUESTED: {
    editOffers: 'MODIFICATION_REQUESTED',
    updatePortfolio: 'MODIFICATION_REQUESTED',
    send: 'SENT',
    resend: M.resendBeforeSent,
    revoke: 'REVOKED',
    requestModification: M.modificationAlreadyRequested,
    accept: M.acceptBeforeSent,
  },
  ACCEPTED: {
    editOffers: M.acceptedFinal,
    updatePortfolio: M.acceptedFinal,
    send: M.acceptedFinal,
    resend: M.acceptedFinal,
    revoke: M.acceptedFinal,
    requestModification: M.acceptedFinal,
    accept: M.acceptedFinal,
  },
  REVOKED: {
    editOffers: M.revokedFinal,
    updatePortfolio: M.revokedFinal,
    send: M.revokedFinal,
    resend: M.revokedFinal,
    revoke: M.revokedFinal,
    requestModification: M.revokedFinal,
    accept: M.revokedFinal,
  },
};

describe('proposalTransition', () => {
  for (const status of ProposalStatus) {
    for (const [action, expected] of Object.entries(EXPECTED[status]) as [ProposalAction, string][]) {
      it(`${action} at ${status}: ${expected}`, () => {
        const result = proposalTransition(status, action, 1);
        expect(result.ok ? result.status : result.message).toBe(expected);
      });
    }
  }

  it('refuses to send a proposal with no offer', () => {
    expect(proposalTransition('DRAFT', 'send', 0)).toEqual({ ok: false, message: M.sendWithoutOffers });
  });

  it('refuses to accept a sent proposal with no offer', () => {
    expect(proposalTransition('SENT', 'accept', 0)).toEqual({ ok: false, message: M.acceptWithoutOffers });
  });
});

import { describe, expect, it } from 'vitest';
import { ProposalStatus } from '../enums.js';
import { proposalTransition, ProposalTransitionMessage as M, type ProposalAction } from '../lifecycle.js';

/** Every action at every status: the status reached, or the refusal's sentence. */
const EXPECTED: Record<ProposalStatus, Record<ProposalAction, string>> = {
  DRAFT: {
    editOffers: 'DRAFT',
    revoke: 'REVOKED',
    requestModification: M.modificationBeforeSent,
    accept: M.acceptBeforeSent,
  },
  SENT: {
    editOffers: M.offersOnceSent,
    revoke: 'REVOKED',
    requestModification: 'MODIFICATION_REQUESTED',
    accept: 'ACCEPTED',
  },
  MODIFICATION_REQUESTED: {
    editOffers: 'MODIFICATION_REQUESTED',
    revoke: 'REVOKED',
    requestModification: M.modificationAlreadyRequested,
    accept: M.acceptBeforeSent,
  },
  ACCEPTED: {
    editOffers: M.acceptedFinal,
    revoke: M.acceptedFinal,
    requestModification: M.acceptedFinal,
    accept: M.acceptedFinal,
  },
  REVOKED: {
    editOffers: M.revokedFinal,
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

  it('refuses to accept a sent proposal with no offer', () => {
    expect(proposalTransition('SENT', 'accept', 0)).toEqual({ ok: false, message: M.acceptWithoutOffers });
  });
});

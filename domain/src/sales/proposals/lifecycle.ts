import type { ProposalStatus } from './enums.js';

/**
 * What the proposal calls do to its status. Offers are changed while the proposal is being written
 * (DRAFT) or reworked after the client asked (MODIFICATION_REQUESTED); a client asks for changes
 * to, or accepts, a proposal they were sent; a proposal is revoked at any time before it ends. An
 * accepted or revoked proposal is not changed again. An action out of order is refused with a
 * sentence (409) and changes nothing. A proposal is sent (to its recipients) from DRAFT or, once
 * reworked, from MODIFICATION_REQUESTED; a sent one is resent, not sent again.
 */
export const ProposalAction = [
  'editOffers',
  'updatePortfolio',
  'send',
  'resend',
  'revoke',
  'requestModification',
  'accept',
] as const;
export type ProposalAction = (typeof ProposalAction)[number];

export const ProposalTransitionMessage = {
  acceptedFinal: 'This proposal has been accepted and can no longer be changed',
  revokedFinal: 'This proposal has been revoked and can no longer be changed',
  offersOnceSent: 'A sent proposal’s offers cannot be changed: request a modification first',
  modificationBeforeSent: 'A modification can only be requested on a sent proposal',
  modificationAlreadyRequested: 'A modification has already been requested for this proposal',
  acceptBeforeSent: 'Only a sent proposal can be accepted',
  acceptWithoutOffers: 'A proposal needs at least one offer to be accepted',
  sendWithoutOffers: 'A proposal needs at least one offer to be sent',
  alreadySent: 'This proposal has already been sent: resend it to its recipients instead',
  resendBeforeSent: 'Only a sent proposal can be resent',
  createAtNew: 'Discovery must begin before a proposal is created for this opportunity',
  createWhenClosed: 'This opportunity is closed: no proposal can be created for it',
} as const;

export type ProposalTransition = { ok: true; status: ProposalStatus } | { ok: false; message: string };

const refuse = (message: string): ProposalTransition => ({ ok: false, message });

export function isProposalFinal(status: ProposalStatus): boolean {
  return status === 'ACCEPTED' || status === 'REVOKED';
}

/**
 * The status a proposal moves to when `action` is taken at `status`, or why it may not be.
 * `offerCount` matters to `send` and `accept`: nothing is sent or accepted without an offer.
 */
export function proposalTransition(status: ProposalStatus, action: ProposalAction, offerCount = 0): ProposalTransition {
  if (status === 'ACCEPTED') return refuse(ProposalTransitionMessage.acceptedFinal);
  if (status === 'REVOKED') return refuse(ProposalTransitionMessage.revokedFinal);
  switch (action) {
    case 'editOffers':
      return status === 'SENT' ? refuse(ProposalTransitionMessage.offersOnceSent) : { ok: true, status };
    case 'updatePortfolio':
      // The portfolio PDF is context, not terms: it may change until the proposal ends.
      return { ok: true, status };
    case 'send':
      if (status === 'SENT') return refuse(ProposalTransitionMessage.alreadySent);
      if (offerCount < 1) return refuse(ProposalTransitionMessage.sendWithoutOffers);
      return { ok: true, status: 'SENT' };
    case 'resend':
      return status === 'SENT' ? { ok: true, status } : refuse(ProposalTransitionMessage.resendBeforeSent);
    case 'revoke':
      return { ok: true, status: 'REVOKED' };
    case 'requestModification':
      if (status === 'SENT') return { ok: true, status: 'MODIFICATION_REQUESTED' };
      return refuse(
        status === 'MODIFICATION_REQUESTED'
          ? ProposalTransitionMessage.modificationAlreadyRequested
          : ProposalTransitionMessage.modificationBeforeSent,
      );
    case 'accept':
      if (status !== 'SENT') return refuse(ProposalTransitionMessage.acceptBeforeSent);
      if (offerCount < 1) return refuse(ProposalTransitionMessage.acceptWithoutOffers);
      return { ok: true, status: 'ACCEPTED' };
  }
}

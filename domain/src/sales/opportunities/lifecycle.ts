import { CLOSED_OPPORTUNITY_STAGES, type OpportunityStage } from './enums.js';

/**
 * What the opportunity calls of crm §7 do to its stage. The spec says "the ordering rules between
 * these actions are not shown" (crm §4); these are the ones a firm's pipeline expects: discovery
 * begins once, a proposal follows discovery, a sale is won from its proposal, lost from any open
 * stage, and a won or lost sale is not changed again. The setters (temperature, confidence...)
 * are `edit`: allowed while the sale is open. An action out of order is refused with a sentence
 * (409) and changes nothing.
 */
export const OpportunityAction = ['initiateDiscovery', 'initiateProposal', 'closeWon', 'closeLost', 'edit'] as const;
export type OpportunityAction = (typeof OpportunityAction)[number];

export const OpportunityTransitionMessage = {
  discoveryAlreadyBegun: 'Discovery has already begun for this opportunity',
  discoveryAfterProposal: 'This opportunity is already at the proposal stage, past discovery',
  proposalBeforeDiscovery: 'Discovery must begin before a proposal is initiated',
  proposalAlreadyInitiated: 'A proposal has already been initiated for this opportunity',
  wonBeforeProposal: 'An opportunity is won from its proposal: initiate a proposal first',
  alreadyWon: 'This opportunity is already won',
  alreadyLost: 'This opportunity is already lost',
  wonCannotBeLost: 'A won opportunity cannot be closed as lost',
  closedWon: 'This opportunity is won and can no longer be changed',
  closedLost: 'This opportunity is lost and can no longer be changed',
} as const;

export type OpportunityTransition = { ok: true; stage: OpportunityStage } | { ok: false; message: string };

export function isOpportunityOpen(stage: OpportunityStage): boolean {
  return !CLOSED_OPPORTUNITY_STAGES.includes(stage);
}

const refuse = (message: string): OpportunityTransition => ({ ok: false, message });

/** The refusal of anything but closing again once a sale is won or lost. */
function closedRefusal(stage: OpportunityStage): OpportunityTransition {
  return refuse(stage === 'WON' ? OpportunityTransitionMessage.closedWon : OpportunityTransitionMessage.closedLost);
}

/**
 * The stage an opportunity moves to when `action` is taken at `stage`, or why it may not be. An
 * `edit` keeps the stage; the caller records a stage change only when the stage differs.
 */
export function opportunityTransition(stage: OpportunityStage, action: OpportunityAction): OpportunityTransition {
  switch (action) {
    case 'initiateDiscovery':
      if (stage === 'NEW') return { ok: true, stage: 'DISCOVERY' };
      if (stage === 'DISCOVERY') return refuse(OpportunityTransitionMessage.discoveryAlreadyBegun);
      if (stage === 'PROPOSAL') return refuse(OpportunityTransitionMessage.discoveryAfterProposal);
      return closedRefusal(stage);
    case 'initiateProposal':
      if (stage === 'DISCOVERY') return { ok: true, stage: 'PROPOSAL' };
      if (stage === 'NEW') return refuse(OpportunityTransitionMessage.proposalBeforeDiscovery);
      if (stage === 'PROPOSAL') return refuse(OpportunityTransitionMessage.proposalAlreadyInitiated);
      return closedRefusal(stage);
    case 'closeWon':
      if (stage === 'PROPOSAL') return { ok: true, stage: 'WON' };
      if (stage === 'WON') return refuse(OpportunityTransitionMessage.alreadyWon);
      if (stage === 'LOST') return closedRefusal(stage);
      return refuse(OpportunityTransitionMessage.wonBeforeProposal);
    case 'closeLost':
      if (stage === 'LOST') return refuse(OpportunityTransitionMessage.alreadyLost);
      if (stage === 'WON') return refuse(OpportunityTransitionMessage.wonCannotBeLost);
      return { ok: true, stage: 'LOST' };
    case 'edit':
      return isOpportunityOpen(stage) ? { ok: true, stage } : closedRefusal(stage);
  }
}

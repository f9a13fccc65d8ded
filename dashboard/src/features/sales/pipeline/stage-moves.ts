import { enumLabel, opportunityTransition, type OpportunityStage } from '@meridian/domain';
import type { StageMove } from './pipeline-api';

/** The call that takes a sale into each stage; nothing takes one back to New. */
export const MOVE_INTO: Readonly<Record<OpportunityStage, StageMove | null>> = {
  NEW: null,
  DISCOVERY: 'initiateDiscovery',
  PROPOSAL: 'initiateProposal',
  WON: 'closeWon',
  LOST: 'closeLost',
};

export type StageMoveCheck = { ok: true; move: StageMove } | { ok: false; reason: string };

/**
 * Whether a sale at `from` may be moved to the column of `to`, by the lifecycle's own rule (the
 * API's): the call to make, or the sentence saying why not.
 */
export function checkStageMove(from: OpportunityStage, to: OpportunityStage): StageMoveCheck {
  if (from === to) return { ok: false, reason: `This sale is already at ${enumLabel('OpportunityStage', to)}` };
  const move = MOVE_INTO[to];
  if (!move) return { ok: false, reason: 'A sale cannot go back to New' };
  const transition = opportunityTransition(from, move);
  return transition.ok ? { ok: true, move } : { ok: false, reason: transition.message };
}

/**
 * An opportunity's stages. crm §4 names the steps (discovery, proposal, won) as times; the stage
 * says where a sale is now, NEW before discovery begins and LOST when it ends without a client.
 */
export const OpportunityStage = ['NEW', 'DISCOVERY', 'PROPOSAL', 'WON', 'LOST'] as const;
export type OpportunityStage = (typeof OpportunityStage)[number];

export const OPPORTUNITY_STAGE_LABELS: Readonly<Record<OpportunityStage, string>> = {
  NEW: 'New',
  DISCOVERY: 'Discovery',
  PROPOSAL: 'Proposal',
  WON: 'Won',
  LOST: 'Lost',
};

/** The stages a sale moves forward through, in order; LOST ends it from any of the first three. */
export const OPPORTUNITY_PIPELINE_ORDER = [
  'NEW',
  'DISCOVERY',
  'PROPOSAL',
  'WON',
] as const satisfies readonly OpportunityStage[];

/** The stages that end a sale: nothing is changed after them. */
export const CLOSED_OPPORTUNITY_STAGES: readonly OpportunityStage[] = ['WON', 'LOST'];

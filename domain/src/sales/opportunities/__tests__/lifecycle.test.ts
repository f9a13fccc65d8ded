import { describe, expect, it } from 'vitest';
import { enumLabel } from '../../../catalogue.js';
import {
  closeLostSchema,
  conversionRate,
  createOpportunitySchema,
  initiateDiscoverySchema,
  OpportunityMessage,
  OpportunityStage,
  opportunityTransition,
  OpportunityTransitionMessage,
  pipelineQuerySchema,
  setConfidenceSchema,
  type OpportunityAction,
} from '../index.js';

const ID = 'AbCdEfGhIjKlMnOpQrStU';

describe('opportunityTransition', () => {
  it('moves forward NEW -> DISCOVERY -> PROPOSAL -> WON, one step at a time', () => {
    expect(opportunityTransition('NEW', 'initiateDiscovery')).toEqual({ ok: true, stage: 'DISCOVERY' });
    expect(opportunityTransition('DISCOVERY', 'initiateProposal')).toEqual({ ok: true, stage: 'PROPOSAL' });
    expect(opportunityTransition('PROPOSAL', 'closeWon')).toEqual({ ok: true, stage: 'WON' });
  });

  it('loses a sale from any open stage', () => {
    for (const stage of ['NEW', 'DISCOVERY', 'PROPOSAL'] as const) {
      expect(opportunityTransition(stage, 'closeLost')).toEqual({ ok: true, stage: 'LOST' });
    }
  });

  it('refuses steps out of order with a sentence', () => {
    expect(opportunityTransition('NEW', 'closeWon')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.wonBeforeProposal,
    });
    expect(opportunityTransition('DISCOVERY', 'closeWon')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.wonBeforeProposal,
    });
    expect(opportunityTransition('NEW', 'initiateProposal')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.proposalBeforeDiscovery,
    });
    expect(opportunityTransition('PROPOSAL', 'initiateProposal')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.proposalAlreadyInitiated,
    });
    expect(opportunityTransition('DISCOVERY', 'initiateDiscovery')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.discoveryAlreadyBegun,
    });
    expect(opportunityTransition('PROPOSAL', 'initiateDiscovery')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.discoveryAfterProposal,
    });
    expect(opportunityTransition('WON', 'closeLost')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.wonCannotBeLost,
    });
  });

  it('refuses everything after WON or LOST, and keeps the stage on an edit while open', () => {
    const actions: OpportunityAction[] = ['initiateDiscovery', 'initiateProposal', 'closeWon', 'closeLost', 'edit'];
    for (const action of actions) {
      expect(opportunityTransition('WON', action).ok).toBe(false);
      expect(opportunityTransition('LOST', action).ok).toBe(false);
    }
    expect(opportunityTransition('WON', 'edit')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.closedWon,
    });
    expect(opportunityTransition('LOST', 'closeWon')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.closedLost,
    });
    expect(opportunityTransition('LOST', 'closeLost')).toEqual({
      ok: false,
      message: OpportunityTransitionMessage.alreadyLost,
    });
    for (const stage of ['NEW', 'DISCOVERY', 'PROPOSAL'] as const) {
      expect(opportunityTransition(stage, 'edit')).toEqual({ ok: true, stage });
    }
  });

  it('never moves to NEW, and every allowed move goes to another stage except an edit', () => {
    for (const stage of OpportunityStage) {
      for (const action of ['initiateDiscovery', 'initiateProposal', 'closeWon', 'closeLost'] as const) {
        const moved = opportunityTransition(stage, action);
        if (moved.ok) expect(moved.stage).not.toBe(stage);
        if (moved.ok) expect(moved.stage).not.toBe('NEW');
      }
    }
  });
});

describe('opportunity bodies and queries', () => {
  it('takes exactly one of leadId, householdId or contactId', () => {
    expect(createOpportunitySchema.safeParse({ leadId: `lead-${ID}` }).success).toBe(true);
    const none = createOpportunitySchema.safeParse({ name: 'A sale' });
    expect(none.error?.issues[0]?.message).toBe(OpportunityMessage.subjectRequired);
    const two = createOpportunitySchema.safeParse({ leadId: `lead-${ID}`, householdId: `household-${ID}` });
    expect(two.error?.issues[0]?.message).toBe(OpportunityMessage.subjectRequired);
  });

  it('bounds confidence to 0-100 with the message', () => {
    expect(setConfidenceSchema.safeParse({ confidence: 0 }).success).toBe(true);
    expect(setConfidenceSchema.safeParse({ confidence: 100 }).success).toBe(true);
    expect(setConfidenceSchema.safeParse({ confidence: 101 }).error?.issues[0]?.message).toBe(
      'Confidence must be between 0 and 100',
    );
  });

  it('reads an empty body of initiate-discovery and close/lost', () => {
    expect(initiateDiscoverySchema.parse({})).toEqual({});
    expect(initiateDiscoverySchema.parse({ corporation: true })).toEqual({ corporation: true });
    expect(closeLostSchema.parse({ reason: '  ' })).toEqual({ reason: undefined });
    expect(closeLostSchema.parse({ reason: ' Chose another firm ' })).toEqual({ reason: 'Chose another firm' });
  });

  it('refuses a period that ends before it starts', () => {
    const reversed = pipelineQuerySchema.safeParse({ startDate: '2026-03-01', endDate: '2026-02-01' });
    expect(reversed.error?.issues[0]?.message).toBe(OpportunityMessage.periodReversed);
    expect(pipelineQuerySchema.safeParse({}).success).toBe(true);
  });

  it('gives a conversion rate, or null when nothing entered', () => {
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(3, 1)).toBe(0.3333);
    expect(conversionRate(2, 2)).toBe(1);
  });
});

describe('stage labels', () => {
  it('are in the catalogue, in pipeline order', () => {
    expect(OpportunityStage).toEqual(['NEW', 'DISCOVERY', 'PROPOSAL', 'WON', 'LOST']);
    expect(enumLabel('OpportunityStage', 'PROPOSAL')).toBe('Proposal');
  });
});

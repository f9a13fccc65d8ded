import { describe, expect, it } from 'vitest';
import { TaskOwnerKind } from '../../../practice/tasks/enums.js';
import { EntityType, newId } from '../../../shared/ids/canonical-id.js';
import { EntityKind, isMentionableEntityType } from '../../../shared/ids/entity-kinds.js';
import {
  ReferenceKind,
  ReferenceUse,
  referenceKindOf,
  referenceKinds,
  referenceNotFoundLabel,
  referencePrefix,
} from '../entity-references.js';

const household = newId(EntityType.household);
const person = newId(EntityType.person);
const teamMember = newId(EntityType.teamMember);

function refusal(run: () => unknown): { code: string; message: string; details: unknown } | undefined {
  try {
    run();
  } catch (error) {
    const { code, message, details } = error as { code: string; message: string; details: unknown };
    return { code, message, details };
  }
  return undefined;
}

describe('reference kinds', () => {
  it('are entity kinds whose prefix is an id type the platform generates', () => {
    const generated = new Set<string>(Object.values(EntityType));
    for (const kind of ReferenceKind) {
      expect(EntityKind).toContain(kind);
      expect(generated.has(referencePrefix(kind)), kind).toBe(true);
    }
  });

  it('read the kind from the id prefix', () => {
    expect(referenceKindOf(household)).toBe('HOUSEHOLD');
    expect(referenceKindOf(teamMember)).toBe('TEAM_MEMBER');
    expect(referenceKindOf(newId(EntityType.corporation))).toBe('CORPORATION');
  });

  it('know nothing of other prefixes or of text that is not an id', () => {
    expect(referenceKindOf(newId(EntityType.bankAccount))).toBeNull();
    expect(referenceKindOf('wizard-AAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(referenceKindOf('household')).toBeNull();
    expect(referenceKindOf(`${household}x`)).toBeNull();
    expect(referenceKindOf(42)).toBeNull();
  });
});

describe('reference uses', () => {
  it('let tasks, notes and documents be owned by the nine owner kinds of crm §3', () => {
    for (const use of [ReferenceUse.taskOwner, ReferenceUse.noteOwner, ReferenceUse.documentOwner]) {
      expect([...use.kinds].sort()).toEqual([...TaskOwnerKind].sort());
    }
  });

  it('mention only mentionable kinds', () => {
    for (const kind of ReferenceUse.mention.kinds) expect(isMentionableEntityType(kind.toLowerCase())).toBe(true);
  });

  it('give every id its kind when each is one the use takes', () => {
    const kinds = referenceKinds([household, person, household], ReferenceUse.taskOwner);
    expect([...kinds]).toEqual([
      [household, 'HOUSEHOLD'],
      [person, 'PERSON'],
    ]);
    expect(referenceKinds([], ReferenceUse.taskOwner).size).toBe(0);
  });

  it("refuse a kind the use does not take with foundations §5's message naming both", () => {
    expect(refusal(() => referenceKinds([teamMember], ReferenceUse.taskOwner))).toMatchObject({
      code: 'ERR_INVALID_CANONICAL_ID',
      message: expect.stringMatching(/^Id of type "team_member" is not allowed here; allowed types: team, household,/),
    });
    expect(refusal(() => referenceKinds(['wizard-AAAAAAAAAAAAAAAAAAAAA'], ReferenceUse.connectionOwner))).toMatchObject(
      { code: 'ERR_INVALID_CANONICAL_ID', message: expect.stringContaining('"wizard"') },
    );
    expect(refusal(() => referenceKinds(['no prefix'], ReferenceUse.taskAssignee))).toMatchObject({
      code: 'ERR_CANONICAL_PREFIX_MISSING',
    });
  });

  it("refuse a mention of an unknown kind with the spec's sentence", () => {
    const answer = refusal(() =>
      referenceKinds([person, 'wizard-AAAAAAAAAAAAAAAAAAAAA'], ReferenceUse.mention, 'body.extraMentions.1'),
    );
    expect(answer).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [{ path: 'body.extraMentions.1', message: 'Invalid mentionable entity type' }],
    });
  });

  it('name a missing reference by its kind, or as the use calls it', () => {
    expect(referenceNotFoundLabel(ReferenceUse.taskAssignee, 'TEAM_MEMBER')).toBe('Team member');
    expect(referenceNotFoundLabel(ReferenceUse.customFieldOwner, 'CONTACT')).toBe('Contact');
    expect(referenceNotFoundLabel(ReferenceUse.connectionOwner, 'HOUSEHOLD')).toBe('Owner');
  });
});

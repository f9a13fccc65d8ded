// Type-level tests: these lines must compile, and each @ts-expect-error must be an error, or
// `tsc -p tsconfig.tests.json` (part of npm test) fails.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { assertCanonicalId, EntityType, newId, type CanonicalId, type IdOf } from '../../../index.js';

type TeamId = IdOf<'team'>;
type UserId = IdOf<'user'>;

function loadTeam(teamId: TeamId): TeamId {
  return teamId;
}

describe('typed canonical ids', () => {
  it('types a new id by its kind', () => {
    const teamId = newId(EntityType.team);
    expectTypeOf(teamId).toEqualTypeOf<CanonicalId<'team'>>();
    expect(loadTeam(teamId)).toBe(teamId);
  });

  it('refuses an id of another kind where a team id is expected', () => {
    const userId: UserId = newId(EntityType.user);
    // @ts-expect-error a user id is not a team id
    loadTeam(userId);
    // @ts-expect-error a plain string is not a team id either
    loadTeam('team');
    expect(userId.startsWith('user-')).toBe(true);
  });

  it('narrows a checked string to the allowed kinds', () => {
    const raw: string = newId(EntityType.household);
    const checked = assertCanonicalId(raw, ['household', 'person']);
    expectTypeOf(checked).toEqualTypeOf<CanonicalId<'household' | 'person'>>();
    // @ts-expect-error a household-or-person id is not a team id
    loadTeam(checked);
  });
});

import { describe, expect, it } from 'vitest';
import { CONTACT_MERGE_FIELDS } from '../fields.js';
import { fieldOverwrites, refuseMerge, refuseUndo } from '../rules.js';

const party = (id: string, name: string, extra: { deletedAt?: Date; mergedIntoId?: string } = {}) => ({
  id,
  name,
  deletedAt: extra.deletedAt ?? null,
  mergedIntoId: extra.mergedIntoId ?? null,
});

describe('fieldOverwrites', () => {
  const survivor = { first_name: 'Anna', last_name: 'Lima', gender: null, household_id: null };
  const merged = { first_name: 'Ana', last_name: 'Lima', gender: 'FEMALE', household_id: 'household-1' };

  it('overwrites only the fields taken from the merged record whose value differs', () => {
    expect(
      fieldOverwrites(CONTACT_MERGE_FIELDS, survivor, merged, {
        firstName: 'MERGED',
        lastName: 'MERGED',
        gender: 'SURVIVOR',
        householdId: 'MERGED',
      }),
    ).toEqual([
      { field: 'firstName', column: 'first_name', before: 'Anna', after: 'Ana' },
      { field: 'householdId', column: 'household_id', before: null, after: 'household-1' },
    ]);
  });

  it('keeps every survivor value when no field is chosen', () => {
    expect(fieldOverwrites(CONTACT_MERGE_FIELDS, survivor, merged, {})).toEqual([]);
  });
});

describe('refuseMerge', () => {
  it('refuses a record merged with itself', () => {
    expect(refuseMerge(party('a', 'Ana'), party('a', 'Ana'))?.message).toBe('A record cannot be merged with itself');
  });

  it('refuses a deleted or already merged record, naming it', () => {
    expect(refuseMerge(party('a', 'Ana'), party('b', 'Bea', { deletedAt: new Date() }))?.message).toBe(
      'Bea is deleted; restore it before merging',
    );
    expect(
      refuseMerge(party('a', 'Ana', { deletedAt: new Date(), mergedIntoId: 'c' }), party('b', 'Bea'))?.message,
    ).toBe('Ana was already merged into another record');
    expect(refuseMerge(party('a', 'Ana'), party('b', 'Bea'))).toBeNull();
  });
});

describe('refuseUndo', () => {
  const merged = party('b', 'Bea', { deletedAt: new Date(), mergedIntoId: 'a' });

  it('allows the undo of a merge that nothing has touched since', () => {
    expect(
      refuseUndo({ undoneAt: null, survivor: party('a', 'Ana'), merged, survivorMergedIntoName: null }),
    ).toBeNull();
  });

  it('says why an undo is refused', () => {
    const why = (state: Parameters<typeof refuseUndo>[0]) => refuseUndo(state)?.message;
    expect(why({ undoneAt: new Date(), survivor: party('a', 'Ana'), merged, survivorMergedIntoName: null })).toBe(
      'This merge was already undone',
    );
    expect(
      why({
        undoneAt: null,
        survivor: party('a', 'Ana', { deletedAt: new Date(), mergedIntoId: 'c' }),
        merged,
        survivorMergedIntoName: 'Cy',
      }),
    ).toBe('Ana has since been merged into Cy; undo that merge first');
    expect(
      why({
        undoneAt: null,
        survivor: party('a', 'Ana', { deletedAt: new Date() }),
        merged,
        survivorMergedIntoName: null,
      }),
    ).toBe('Ana has since been deleted; restore it first');
    expect(
      why({ undoneAt: null, survivor: party('a', 'Ana'), merged: party('b', 'Bea'), survivorMergedIntoName: null }),
    ).toBe('Bea has been restored since the merge, so the merge can no longer be undone');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  holdsPrimaryRule,
  primaryAfterAdd,
  primaryAfterRemove,
  primaryAfterUnset,
  type PrimaryCandidate,
} from '../primary.js';

/** Records as the service would leave them: `primaryId` marked, the rest not. */
function withPrimary(ids: string[], primaryId: string | null | undefined): PrimaryCandidate[] {
  return ids.map((id) => ({ id, primary: id === primaryId }));
}

describe('the primary rule (crm §3)', () => {
  it('holds after any sequence of adds, removes, set-primary and unset-primary', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add'), primary: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('remove', 'unset'), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let records: PrimaryCandidate[] = [];
        let next = 0;
        for (const action of steps) {
          const ids = records.map((record) => record.id);
          if (action.kind === 'add') {
            const id = `r${(next += 1)}`;
            records = withPrimary([...ids, id], primaryAfterAdd(records, id, action.primary as boolean));
          } else if (ids.length > 0) {
            const target = ids[(action.pick as number) % ids.length]!;
            if (action.kind === 'remove') {
              records = withPrimary(
                ids.filter((id) => id !== target),
                primaryAfterRemove(records, target),
              );
            } else {
              const primary = primaryAfterUnset(records, target);
              // Refused only for the one record left.
              expect(primary === undefined).toBe(ids.length === 1 && records[0]!.primary);
              if (primary !== undefined) records = withPrimary(ids, primary);
            }
          }
          expect(holdsPrimaryRule(records)).toBe(true);
        }
      }),
    );
  });

  it('promotes the oldest remaining record when the primary is removed', () => {
    const records = withPrimary(['a', 'b', 'c'], 'b');
    expect(primaryAfterRemove(records, 'b')).toBe('a');
    expect(primaryAfterRemove(records, 'a')).toBe('b');
    expect(primaryAfterRemove(withPrimary(['a'], 'a'), 'a')).toBeNull();
  });

  it('makes the first record primary, and a later one only when asked', () => {
    expect(primaryAfterAdd([], 'a', false)).toBe('a');
    expect(primaryAfterAdd(withPrimary(['a'], 'a'), 'b', false)).toBe('a');
    expect(primaryAfterAdd(withPrimary(['a'], 'a'), 'b', true)).toBe('b');
  });
});

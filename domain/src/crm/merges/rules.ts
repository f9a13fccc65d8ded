import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import type { MergeField } from './fields.js';

/** Which record's value a merged field takes. */
export const MergeSide = ['SURVIVOR', 'MERGED'] as const;
export type MergeSide = (typeof MergeSide)[number];

export interface FieldOverwrite {
  field: string;
  column: string;
  before: unknown;
  after: unknown;
}

/**
 * The survivor's fields a merge overwrites: those the user chose from the merged record whose
 * value differs. A field not named keeps the survivor's value.
 */
export function fieldOverwrites(
  fields: readonly MergeField[],
  survivor: Readonly<Record<string, unknown>>,
  merged: Readonly<Record<string, unknown>>,
  choices: Readonly<Partial<Record<string, MergeSide>>>,
): FieldOverwrite[] {
  return fields.flatMap(({ field, column }) => {
    if (choices[field] !== 'MERGED') return [];
    const before = survivor[column] ?? null;
    const after = merged[column] ?? null;
    return sameValue(before, after) ? [] : [{ field, column, before, after }];
  });
}

/** Values as the database returns them (text, dates): equal when their JSON is. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export interface MergeParty {
  id: string;
  name: string;
  deletedAt: Date | string | null;
  mergedIntoId: string | null;
}

/** Why two records cannot merge, or nothing: a record with itself, or a deleted one. */
export function refuseMerge(survivor: MergeParty, merged: MergeParty): DomainError | null {
  if (survivor.id === merged.id) {
    return new DomainError(ErrorCode.VALIDATION_ERROR, 'A record cannot be merged with itself', [
      { path: 'mergedId', message: 'Choose another record to merge with this one' },
    ]);
  }
  for (const party of [survivor, merged]) {
    if (party.mergedIntoId) {
      return new DomainError(ErrorCode.CONFLICT, `${party.name} was already merged into another record`);
    }
    if (party.deletedAt) {
      return new DomainError(ErrorCode.CONFLICT, `${party.name} is deleted; restore it before merging`);
    }
  }
  return null;
}

export interface UndoState {
  undoneAt: Date | string | null;
  survivor: MergeParty;
  merged: MergeParty;
  /** The record the survivor has since been merged into, if any. */
  survivorMergedIntoName: string | null;
  /** A record merged into the survivor after this merge and not undone, if any. */
  laterMergedName?: string | null;
}

/** Why a merge cannot be undone now, or nothing. */
export function refuseUndo(state: UndoState): DomainError | null {
  const { survivor, merged } = state;
  if (state.undoneAt) return new DomainError(ErrorCode.CONFLICT, 'This merge was already undone');
  if (survivor.mergedIntoId) {
    return new DomainError(
      ErrorCode.CONFLICT,
      `${survivor.name} has since been merged into ${state.survivorMergedIntoName ?? 'another record'}; undo that merge first`,
    );
  }
  if (survivor.deletedAt) {
    return new DomainError(ErrorCode.CONFLICT, `${survivor.name} has since been deleted; restore it first`);
  }
  // Undone last first: a later merge may have kept once a row this undo would take back.
  if (state.laterMergedName) {
    return new DomainError(
      ErrorCode.CONFLICT,
      `${state.laterMergedName} has since been merged into ${survivor.name}; undo that merge first`,
    );
  }
  if (merged.mergedIntoId !== survivor.id || !merged.deletedAt) {
    return new DomainError(
      ErrorCode.CONFLICT,
      `${merged.name} has been restored since the merge, so the merge can no longer be undone`,
    );
  }
  return null;
}

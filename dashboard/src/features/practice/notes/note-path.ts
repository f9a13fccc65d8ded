import type { NoteSearchHit } from '@meridian/domain';

/**
 * The page a note is read on: its owner's Notes tab (a contact's page, else its household's), or
 * null when the owner has no page of its own (a team, a professional outside any household).
 */
export function notePath(note: Pick<NoteSearchHit, 'owner'>): string | null {
  if (note.owner.kind === 'CONTACT') return `/crm/contacts/${note.owner.id}?tab=notes`;
  if (note.owner.householdId) return `/crm/households/${note.owner.householdId}?tab=notes`;
  return null;
}

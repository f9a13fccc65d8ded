/**
 * "Exactly one is primary" (crm §3) for a contact's addresses, e-mails, phone numbers and
 * employments, and a family's addresses: whenever at least one record remains, one of them is the
 * primary; none is only when none remain. These functions say which record is primary after each
 * change; the service writes the answer. Records are given oldest first.
 */
export interface PrimaryCandidate {
  id: string;
  primary: boolean;
}

function currentPrimary(records: readonly PrimaryCandidate[]): string | null {
  return records.find((record) => record.primary)?.id ?? null;
}

/** After adding `addedId`: it is primary when asked, or when nothing else was. */
export function primaryAfterAdd(existing: readonly PrimaryCandidate[], addedId: string, wantsPrimary: boolean): string {
  if (wantsPrimary) return addedId;
  return currentPrimary(existing) ?? existing[0]?.id ?? addedId;
}

/** After removing `removedId`: the primary stays, or the oldest remaining record takes its place. */
export function primaryAfterRemove(existing: readonly PrimaryCandidate[], removedId: string): string | null {
  const remaining = existing.filter((record) => record.id !== removedId);
  return currentPrimary(remaining) ?? remaining[0]?.id ?? null;
}

/**
 * After unsetting `id` as primary (crm §4, addresses): the oldest other record becomes primary.
 * With no other record the primary cannot move, so the answer is `undefined` (refused).
 */
export function primaryAfterUnset(existing: readonly PrimaryCandidate[], id: string): string | null | undefined {
  const primary = currentPrimary(existing);
  if (primary !== id) return primary ?? existing[0]?.id ?? null;
  return existing.find((record) => record.id !== id)?.id;
}

/** True when `records` hold the rule: exactly one primary, or none when there are none. */
export function holdsPrimaryRule(records: readonly PrimaryCandidate[]): boolean {
  const primaries = records.filter((record) => record.primary).length;
  return records.length === 0 ? primaries === 0 : primaries === 1;
}

import type { MergeCombined, MergeKind, MergePreview, MergeResult } from '@meridian/domain';
import { apiRequest, listContacts, listHouseholds } from '../../../api';

// The merge calls (step 10): a preview of two records side by side, the merge, and its undo.

const base: Record<MergeKind, string> = { contact: '/contacts', household: '/households' };

export function getMergePreview(kind: MergeKind, survivorId: string, otherId: string, signal?: AbortSignal) {
  return apiRequest<MergePreview>(`${base[kind]}/${survivorId}/merge-preview/${otherId}`, { signal });
}

export function mergeRecords(kind: MergeKind, survivorId: string, mergedId: string, fields: Record<string, string>) {
  return apiRequest<MergeResult>(`${base[kind]}/${survivorId}/merge`, { method: 'POST', body: { mergedId, fields } });
}

export function undoMerge(mergeId: string) {
  return apiRequest<MergeResult>(`/merges/${mergeId}/undo`, { method: 'POST', body: {} });
}

/** A record the user may pick as the duplicate: its name and what tells it apart from namesakes. */
export interface MergeCandidate {
  id: string;
  name: string;
  detail: string;
}

export async function findCandidates(kind: MergeKind, search: string, signal?: AbortSignal): Promise<MergeCandidate[]> {
  if (kind === 'contact') {
    const page = await listContacts({ search, limit: 8 }, signal);
    return page.items.map((contact) => ({
      id: contact.id,
      name: contact.name.display,
      detail: [contact.email, contact.household?.name].filter(Boolean).join(' · '),
    }));
  }
  const page = await listHouseholds({ search, limit: 8 }, signal);
  return page.items.map((household) => ({
    id: household.id,
    name: household.name,
    detail: household.memberCount === 1 ? '1 member' : `${household.memberCount} members`,
  }));
}

/** "3 phones, 2 tags, 1 note", singular where there is one. */
function describe(entries: readonly { label: string; count: number }[]): string {
  return entries
    .filter((entry) => entry.count > 0)
    .map((entry) => `${entry.count} ${entry.count === 1 ? singular(entry.label) : entry.label}`)
    .join(', ');
}

/** What the duplicate adds to the record kept: its rows the kept record does not have yet. */
export function describeAdded(combined: readonly MergeCombined[]): string {
  return describe(combined.map((entry) => ({ label: entry.label, count: entry.count - entry.duplicates })));
}

/** What both records had (the same e-mail, the same tag): kept once. */
export function describeKeptOnce(combined: readonly MergeCombined[]): string {
  return describe(combined.map((entry) => ({ label: entry.label, count: entry.duplicates })));
}

function singular(label: string): string {
  if (label.endsWith('sses')) return label.slice(0, -2);
  if (label.endsWith('ies')) return `${label.slice(0, -3)}y`;
  return label.endsWith('s') ? label.slice(0, -1) : label;
}

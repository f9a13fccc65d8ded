import type {
  ContactResponse,
  DeletedItem,
  DeletedKind,
  HouseholdDeletion,
  HouseholdResponse,
  LifecycleResult,
  ListPage,
  PossibleDuplicate,
} from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

// A record's lifecycle: household members, delete and restore, lead conversion, duplicates.

export const householdMemberCalls = {
  add: (householdId: string, body: unknown) =>
    apiRequest<HouseholdResponse>(`/households/${householdId}/members`, { method: 'POST', body }),
  remove: (householdId: string, personId: string) =>
    apiRequest<HouseholdResponse>(`/households/${householdId}/members/${personId}`, { method: 'DELETE' }),
};

export function getHouseholdDeletion(householdId: string) {
  return apiRequest<HouseholdDeletion>(`/households/${householdId}/deletion`);
}

export function deleteHousehold(householdId: string) {
  return apiRequest<LifecycleResult>(`/households/${householdId}`, { method: 'DELETE' });
}

export function deleteContact(contactId: string) {
  return apiRequest<LifecycleResult>(`/contacts/${contactId}`, { method: 'DELETE' });
}

/** Soft delete: an administrator restores it; refused (409) while the person owns or shares records. */
export function deletePerson(personId: string) {
  return apiRequest<LifecycleResult>(`/persons/${personId}`, { method: 'DELETE' });
}

export function convertLead(contactId: string, body: unknown) {
  return apiRequest<ContactResponse>(`/contacts/${contactId}/convert`, { method: 'POST', body });
}

export function findPossibleDuplicates(query: { email?: string; phone?: string }, signal?: AbortSignal) {
  return apiRequest<PossibleDuplicate[]>(withQuery('/contacts/possible-duplicates', query), { signal });
}

export function listDeletedRecords(
  params: { kind?: DeletedKind; page?: number; limit?: number },
  signal?: AbortSignal,
) {
  return apiRequest<ListPage<DeletedItem>>(withQuery('/deleted-records', params), { signal });
}

const RESTORE_PATH: Record<DeletedKind, string> = { CONTACT: 'contacts', HOUSEHOLD: 'households', PERSON: 'persons' };

export function restoreDeleted(kind: DeletedKind, id: string) {
  return apiRequest<LifecycleResult>(`/${RESTORE_PATH[kind]}/${id}/restore`, { method: 'POST' });
}

import type {
  AddressSuggestions,
  CompletedAddress,
  GlobalSearchResult,
  HouseholdListItem,
  AddressView,
  ContactListItem,
  ContactResponse,
  CustomFieldDefinitionResponse,
  CustomFieldEntityKind,
  CustomFieldValueView,
  FamilyResponse,
  HouseholdResponse,
  ListPage,
  PortalAccessResponse,
  ReportResponse,
  TagView,
  TeamResponse,
} from '@meridian/domain';
import { apiRequest } from './client';
import { fetchFile, saveFile } from './download';
import { withQuery, type Query } from './query';

// The CRM calls of crm §7 and foundations §7 the dashboard makes, and the lists and reports beside
// them. Every contact call answers with the whole contact, so a page re-renders from one result.

const patch = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body: body ?? {} });

export interface ContactListParams {
  search?: string;
  type?: string;
  tagId?: string;
  teamId?: string;
  advisorId?: string;
  birthdayWithinDays?: string | number;
  sort?: string;
  order?: string;
  page?: number;
  limit?: number;
}

export function listContacts(params: ContactListParams, signal?: AbortSignal) {
  return apiRequest<ListPage<ContactListItem>>(withQuery('/contacts', { ...params }), { signal });
}

export function listLeads(params: ContactListParams & { team?: string }, signal?: AbortSignal) {
  return apiRequest<ListPage<ContactListItem>>(withQuery('/leads', { ...params }), { signal });
}

export function listTags(signal?: AbortSignal) {
  return apiRequest<TagView[]>('/tags', { signal });
}

export function getTeam(teamId: string, signal?: AbortSignal) {
  return apiRequest<TeamResponse>(`/teams/${teamId}`, { signal });
}

export function createContact(body: unknown) {
  return apiRequest<ContactResponse>('/contacts', { method: 'POST', body });
}

export function createLead(body: unknown) {
  return apiRequest<ContactResponse>('/leads', { method: 'POST', body });
}

export function getContact(contactId: string, signal?: AbortSignal) {
  return apiRequest<ContactResponse>(`/contacts/${contactId}`, { signal });
}

/** A contact call by its path below `/contacts/{contactId}` or `/contact/{contactId}` (crm §7 spells both). */
export const contactCalls = {
  setName: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/name`, body),
  setGender: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/gender`, body),
  setAvatar: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/avatar`, body),
  setEmploymentStatus: (id: string, body: unknown) =>
    patch<ContactResponse>(`/contacts/${id}/set-employment-status`, body),
  addTag: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/add-tag`, body),
  removeTag: (id: string, body: { name: string; type: string }) =>
    apiRequest<ContactResponse>(`/contacts/${id}/remove-tag`, { method: 'DELETE', body }),
  addEmail: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/emails/add`, body),
  removeEmail: (id: string, emailId: string) => patch<ContactResponse>(`/contacts/${id}/emails/${emailId}/remove`),
  setPrimaryEmail: (id: string, emailId: string) =>
    patch<ContactResponse>(`/contacts/${id}/emails/${emailId}/set-primary`),
  addPhoneNumber: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/phone-numbers/add`, body),
  removePhoneNumber: (id: string, numberId: string) =>
    patch<ContactResponse>(`/contacts/${id}/phone-numbers/${numberId}/remove`),
  setPrimaryPhoneNumber: (id: string, numberId: string) =>
    patch<ContactResponse>(`/contacts/${id}/phone-numbers/${numberId}/set-primary`),
  addEmployment: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/employments/add`, body),
  removeEmployment: (id: string, employmentId: string) =>
    patch<ContactResponse>(`/contacts/${id}/employments/${employmentId}/remove`),
  setPrimaryEmployment: (id: string, employmentId: string) =>
    patch<ContactResponse>(`/contacts/${id}/employments/${employmentId}/set-primary`),
  setEmploymentEndDate: (id: string, employmentId: string, body: unknown) =>
    patch<ContactResponse>(`/contacts/${id}/employments/${employmentId}/set-employment-end-date`, body),
  addSocialLink: (id: string, body: unknown) => patch<ContactResponse>(`/contacts/${id}/social-links/add`, body),
  removeSocialLink: (id: string, linkId: string) =>
    patch<ContactResponse>(`/contacts/${id}/social-links/${linkId}/remove`),
  addAddress: (id: string, body: unknown) => patch<ContactResponse>(`/contact/${id}/add-address`, body),
  removeAddress: (id: string, addressId: string) =>
    patch<ContactResponse>(`/contact/${id}/remove-address/${addressId}`),
  setPrimaryAddress: (id: string, addressId: string) =>
    patch<ContactResponse>(`/contact/${id}/set-primary-address`, { addressId }),
  removePrimaryAddress: (id: string, addressId: string) =>
    patch<ContactResponse>(`/contact/${id}/remove-primary-address`, { addressId }),
  setCustomField: (id: string, body: unknown) => patch<CustomFieldValueView[]>(`/contacts/${id}/custom-fields`, body),
};

export interface HouseholdListParams {
  search?: string;
  teamId?: string;
  advisorId?: string;
  type?: string;
  tagId?: string;
  reviewOverdue?: string | boolean;
  sort?: string;
  order?: string;
  page?: number;
  limit?: number;
}

export function listHouseholds(params: HouseholdListParams, signal?: AbortSignal) {
  return apiRequest<ListPage<HouseholdListItem>>(withQuery('/households', { ...params }), { signal });
}

/** The organization's professionals, for the advisor filters. */
export function listAdvisors(signal?: AbortSignal) {
  return apiRequest<{ id: string; displayName: string }[]>('/advisors', { signal });
}

/** The command palette's search (contacts, households, persons). */
/** Address completion: suggestions for what was typed (or a container's addresses), then one in full. */
export const addressCompletion = {
  suggestions: (query: { text?: string; container?: string }, signal?: AbortSignal) =>
    apiRequest<AddressSuggestions>(withQuery('/addresses/suggestions', query), { signal }),
  retrieve: (id: string) => apiRequest<CompletedAddress>(`/addresses/suggestions/${encodeURIComponent(id)}`),
};

export function globalSearch(q: string, limit: number, signal?: AbortSignal) {
  return apiRequest<GlobalSearchResult>(withQuery('/search', { q, limit }), { signal });
}

export function getHousehold(householdId: string, signal?: AbortSignal) {
  return apiRequest<HouseholdResponse>(withQuery(`/households/${householdId}`, { withPermissions: true }), { signal });
}

export function createHousehold(body: unknown) {
  return apiRequest<HouseholdResponse>('/households', { method: 'POST', body });
}

export function updateHousehold(householdId: string, body: unknown) {
  return patch<HouseholdResponse>(`/households/${householdId}`, body);
}

export function setHouseholdCustomField(householdId: string, body: unknown) {
  return patch<CustomFieldValueView[]>(`/households/${householdId}/custom-fields`, body);
}

export const familyCalls = {
  rename: (familyId: string, name: string) => patch<FamilyResponse>(`/families/${familyId}/rename`, { name }),
  removeMember: (familyId: string, personId: string, deleteRelationships: boolean) =>
    patch<FamilyResponse>(`/families/${familyId}/members/${personId}/remove`, { deleteRelationships }),
  addAddress: (familyId: string, body: unknown) => patch<FamilyResponse>(`/family/${familyId}/add-address`, body),
  removeAddress: (familyId: string, addressId: string) =>
    patch<FamilyResponse>(`/family/${familyId}/remove-address/${addressId}`),
  setPrimaryAddress: (familyId: string, addressId: string) =>
    patch<FamilyResponse>(`/family/${familyId}/set-primary-address`, { addressId }),
  addresses: (familyId: string) => apiRequest<AddressView[]>(`/family/${familyId}/addresses`),
};

export function listCustomFields(entityKind?: CustomFieldEntityKind, signal?: AbortSignal) {
  return apiRequest<CustomFieldDefinitionResponse[]>(withQuery('/custom-fields', { entityKind }), { signal });
}

export function createCustomField(body: unknown) {
  return apiRequest<CustomFieldDefinitionResponse>('/custom-fields', { method: 'POST', body });
}

export function archiveCustomField(definitionId: string) {
  return apiRequest<CustomFieldDefinitionResponse>(`/custom-fields/${definitionId}`, { method: 'DELETE' });
}

export type ReportKind = 'contacts' | 'households';
export interface ReportParams {
  columns: string[];
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

function reportQuery(params: ReportParams): Query {
  return { ...params, columns: params.columns.join(',') };
}

export function getReport(kind: ReportKind, params: ReportParams, signal?: AbortSignal) {
  return apiRequest<ReportResponse>(withQuery(`/reports/${kind}`, reportQuery(params)), { signal });
}

/**
 * The report as a CSV file. The call needs the bearer token, so it is fetched and handed to the
 * browser as a download rather than opened as a link.
 */
export async function downloadReportCsv(kind: ReportKind, params: ReportParams): Promise<void> {
  const response = await fetchFile(withQuery(`/reports/${kind}/csv`, reportQuery(params)), 'text/csv');
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${kind}-report.csv`;
  await saveFile(response, fileName);
}

/** A contact's client-portal access: its status and latest CLIENT invitation. */
export function getPortalAccess(contactId: string, signal?: AbortSignal) {
  return apiRequest<PortalAccessResponse>(`/contacts/${contactId}/portal-access`, { signal });
}

/** Invites the contact to the client portal (e-mail to their primary address unless given, or a link to copy). */
export function inviteToPortal(contactId: string, body: { method: 'EMAIL' | 'LINK'; email?: string }) {
  return apiRequest<PortalAccessResponse>(`/contacts/${contactId}/portal-invitation`, { method: 'POST', body });
}

export function revokePortalAccess(contactId: string) {
  return patch<PortalAccessResponse>(`/contacts/${contactId}/portal-access/revoke`);
}

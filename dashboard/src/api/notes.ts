import type {
  AssignableEntity,
  CreateDocument,
  CreateNote,
  DocumentDownload,
  DocumentResponse,
  EditNote,
  ListPage,
  NoteResponse,
  NoteSearchHit,
  TaskResponse,
} from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

// The practice area's notes and documents (crm §7), and what the activity timeline and the
// mention picker read beside them.

export const noteCalls = {
  /** The notes an entity's page shows (about it or mentioning it), newest first. */
  byEntity: (entityId: string, signal?: AbortSignal) =>
    apiRequest<NoteResponse[]>(
      withQuery('/notes/query-by-entity', { entityId, sortBy: 'CREATED_AT', sortOrder: 'DESC' }),
      { signal },
    ),
  /** The firm's notes with these words (English or French forms), best first. */
  search: (q: string, limit: number, signal?: AbortSignal) =>
    apiRequest<NoteSearchHit[]>(withQuery('/notes/search', { q, limit }), { signal }),
  create: (body: CreateNote) => apiRequest<NoteResponse>('/notes', { method: 'POST', body }),
  edit: (noteId: string, body: EditNote) =>
    apiRequest<NoteResponse>(`/notes/${noteId}/edit-note`, { method: 'PATCH', body }),
  attachFile: (noteId: string, body: { url: string; fileName: string }) =>
    apiRequest<NoteResponse>(`/notes/${noteId}/attach-file`, { method: 'PATCH', body }),
  removeFile: (noteId: string, url: string) =>
    apiRequest<NoteResponse>(`/notes/${noteId}/remove-file`, { method: 'PATCH', body: { url } }),
  remove: (noteId: string) => apiRequest<unknown>(`/notes/${noteId}/soft-delete`, { method: 'DELETE' }),
  star: (noteId: string) => apiRequest<NoteResponse>(`/notes/${noteId}/star-note`, { method: 'POST' }),
  unstar: (noteId: string) => apiRequest<NoteResponse>(`/notes/${noteId}/unstar-note`, { method: 'DELETE' }),
};

export const documentCalls = {
  /** The firm's documents within reach, newest first, by page; `search` finds them by name. */
  list: (query: { search?: string; page: number; limit: number }, signal?: AbortSignal) =>
    apiRequest<ListPage<DocumentResponse>>(withQuery('/documents', query), { signal }),
  byOwner: (owner: string, signal?: AbortSignal) =>
    apiRequest<DocumentResponse[]>(`/documents/by-owner/${encodeURIComponent(owner)}`, { signal }),
  create: (body: CreateDocument) => apiRequest<DocumentResponse>('/documents/create', { method: 'POST', body }),
  remove: (documentId: string) =>
    apiRequest<unknown>('/documents/soft-delete', { method: 'PATCH', body: { documentId } }),
  requestDownload: (documentId: string) => apiRequest<DocumentDownload>(`/documents/request-download/${documentId}`),
};

/** A household's or a contact's tasks, for the activity timeline. */
export function listTasksOf(owner: { householdId?: string; contactId?: string }, signal?: AbortSignal) {
  return apiRequest<TaskResponse[]>(withQuery('/tasks', { ...owner }), { signal });
}

/** Team members and persons a team's note may mention, searched by name. */
export function searchAssignable(teamId: string, search: string, signal?: AbortSignal) {
  return apiRequest<ListPage<AssignableEntity>>(
    withQuery(`/tasks/team/${teamId}/assignable-entities`, { search, limit: 8, preferTeamMembers: true }),
    { signal },
  );
}

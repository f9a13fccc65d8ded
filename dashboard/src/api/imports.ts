import type { z } from 'zod';
import type {
  ContactType,
  CustomProfileInput,
  ExternalSourceSystem,
  ImportBatchView,
  ImportMappingInput,
  ImportProfileView,
  ImportReviewDecision,
  ImportReviewItemView,
  ImportRowAction,
  ImportValueMapInput,
  importMappingSchema,
  importRowPageSchema,
} from '@meridian/domain';
import { apiErrorFromResponse, networkError } from './api-error';
import { API_BASE, apiRequest } from './client';
import { authHeaders, fetchFile, saveFile } from './download';

// The import flow's calls (issue #8): upload, mapping, dry run, rows, report, commit, rollback and
// custom profiles. The shapes are the domain's schemas in domain/src/imports/api.ts.

export type ImportMappingView = z.output<typeof importMappingSchema>;
export type ImportRowPage = z.output<typeof importRowPageSchema>;
export type ImportRowResult = ImportRowPage['items'][number];
export interface ImportUploadResult {
  batch: ImportBatchView;
  mapping: ImportMappingView;
}

/**
 * Sends the file itself as the request body (the API streams it to disk, no multipart). The
 * content type is fixed to octet-stream so no body parser of the API ever reads it as JSON.
 */
export async function uploadImportFile(file: File, source?: ExternalSourceSystem): Promise<ImportUploadResult> {
  const search = new URLSearchParams({ fileName: file.name });
  if (source) search.set('source', source);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/imports?${search.toString()}`, {
      method: 'POST',
      headers: { ...authHeaders('application/json'), 'Content-Type': 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await response.json()) as ImportUploadResult;
}

export function listImports(signal?: AbortSignal) {
  return apiRequest<ImportBatchView[]>('/imports', { signal });
}

export function getImport(batchId: string, signal?: AbortSignal) {
  return apiRequest<ImportBatchView>(`/imports/${batchId}`, { signal });
}

export function getImportMapping(batchId: string, signal?: AbortSignal) {
  return apiRequest<ImportMappingView>(`/imports/${batchId}/mapping`, { signal });
}

export function putImportMapping(batchId: string, body: ImportMappingInput) {
  return apiRequest<ImportMappingView>(`/imports/${batchId}/mapping`, { method: 'PUT', body });
}

/** Replaces the import's value map (what each value of its typed columns becomes); a dry run must follow. */
export function putImportValueMap(batchId: string, body: ImportValueMapInput) {
  return apiRequest<ImportMappingView>(`/imports/${batchId}/value-map`, { method: 'PUT', body });
}

/** Queues the dry run; `defaultContactType` is the type of new contacts whose row gives none. */
export function startImportDryRun(batchId: string, options: { defaultContactType?: ContactType } = {}) {
  return apiRequest<ImportBatchView>(`/imports/${batchId}/dry-run`, { method: 'POST', body: options });
}

export function listImportRows(
  batchId: string,
  params: { action?: ImportRowAction | undefined; page: number; limit: number },
  signal?: AbortSignal,
) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.action) search.set('action', params.action);
  return apiRequest<ImportRowPage>(`/imports/${batchId}/rows?${search.toString()}`, { signal });
}

export function commitImport(batchId: string) {
  return apiRequest<ImportBatchView>(`/imports/${batchId}/commit`, { method: 'POST' });
}

export function rollbackImport(batchId: string) {
  return apiRequest<ImportBatchView>(`/imports/${batchId}/rollback`, { method: 'POST' });
}

export function listImportProfiles(signal?: AbortSignal) {
  return apiRequest<ImportProfileView[]>('/import-profiles', { signal });
}

export function createImportProfile(body: CustomProfileInput) {
  return apiRequest<ImportProfileView>('/import-profiles', { method: 'POST', body });
}

/**
 * The per-row report as a CSV file. The call needs the bearer token, so it is fetched and handed
 * to the browser as a download rather than opened as a plain link.
 */
export async function downloadImportReport(batchId: string, fileName: string): Promise<void> {
  await saveFile(await fetchFile(`/imports/${batchId}/report.csv`, 'text/csv'), fileName);
}

/** The review queue of a batch: rows that may be an existing contact or an earlier row, or lack a name. */
export function listImportReviewItems(batchId: string, signal?: AbortSignal) {
  return apiRequest<ImportReviewItemView[]>(`/imports/${batchId}/review-items`, { signal });
}

/**
 * Accept (the row is the candidate or the earlier row: an update that adds; a row missing a name:
 * created with the names given) or reject (someone else: a new contact), with the per-field choices.
 */
export function resolveImportReviewItem(
  batchId: string,
  itemId: string,
  decision: 'accept' | 'reject',
  body: ImportReviewDecision = {},
) {
  return apiRequest<ImportReviewItemView>(`/imports/${batchId}/review-items/${itemId}/${decision}`, {
    method: 'POST',
    body,
  });
}

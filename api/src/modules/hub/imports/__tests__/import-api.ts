// The import flow over HTTP, for the import tests: upload a raw file, set a mapping, dry run,
// commit and wait for the in-process worker, read the per-row report.
import { expect } from 'vitest';
import type { ImportBatchView } from '@meridian/domain';
import { call } from '#test/support/http.js';
import { waitFor } from '#test/support/wait.js';

export interface ImportRow {
  rowNumber: number;
  action: 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'INVALID' | 'REVIEW' | 'SKIPPED';
  sourceId: string | null;
  entityId: string | null;
  errors: { field: string; message: string }[];
  warnings: { field: string; column: string | null; value: string | null; message: string }[];
  changes: { field: string; before: unknown; after: unknown }[];
}

export interface ImportUpload {
  batch: ImportBatchView;
  mapping: {
    profileId: string | null;
    mapping: Record<string, string>;
    unmappedHeaders: string[];
    unmappedColumns: { header: string; samples: string[] }[];
    samples: Record<string, string[]>;
  };
}

/** The source system (null: none), a built-in profile to choose, or a mapping to set. */
export interface ImportOptions {
  source?: string | null;
  profileId?: string;
  mapping?: unknown;
}

export function importApi(baseUrl: () => string) {
  async function upload(token: string, fileName: string, body: Buffer | string, source?: string | null) {
    const query = `fileName=${encodeURIComponent(fileName)}${source ? `&source=${source}` : ''}`;
    const response = await fetch(`${baseUrl()}/api/imports?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body,
    });
    const uploaded = (await response.json()) as ImportUpload;
    expect(response.status, JSON.stringify(uploaded)).toBe(201);
    return uploaded;
  }

  async function batchOf(token: string, id: string) {
    const response = await call<ImportBatchView>(baseUrl(), 'GET', `/api/imports/${id}`, { token });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function setMapping(token: string, id: string, body: unknown) {
    const response = await call(baseUrl(), 'PUT', `/api/imports/${id}/mapping`, { token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }

  async function dryRun(token: string, id: string): Promise<ImportBatchView> {
    const queued = await call(baseUrl(), 'POST', `/api/imports/${id}/dry-run`, { token });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    return waitFor('the dry run', async () => {
      const batch = await batchOf(token, id);
      if (batch.stage === 'UPLOADED' && batch.errorCode) throw new Error(`dry run failed: ${batch.errorMessage}`);
      return batch.stage === 'DRY_RUN_DONE' ? batch : undefined;
    });
  }

  async function commit(token: string, id: string): Promise<ImportBatchView> {
    const queued = await call(baseUrl(), 'POST', `/api/imports/${id}/commit`, { token });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const batch = await waitFor('the commit', async () => {
      const current = await batchOf(token, id);
      return current.status !== 'PENDING' ? current : undefined;
    });
    expect(batch.status, batch.errorMessage ?? '').toBe('APPLIED');
    return batch;
  }

  async function rows(token: string, id: string): Promise<ImportRow[]> {
    const all: ImportRow[] = [];
    for (let page = 1; ; page += 1) {
      const response = await call<{ items: ImportRow[]; total: number }>(
        baseUrl(),
        'GET',
        `/api/imports/${id}/rows?page=${page}&limit=100`,
        { token },
      );
      expect(response.status).toBe(200);
      all.push(...response.body.items);
      if (all.length >= response.body.total || response.body.items.length === 0) return all;
    }
  }

  async function rollback(token: string, id: string) {
    return call<ImportBatchView>(baseUrl(), 'POST', `/api/imports/${id}/rollback`, { token });
  }

  /** Upload, the profile if the suggestion differs (or a mapping), dry run: the batch and its rows. */
  async function prepare(token: string, fileName: string, body: Buffer | string, options: ImportOptions = {}) {
    const uploaded = await upload(token, fileName, body, options.source);
    const id = uploaded.batch.id;
    if (options.mapping) await setMapping(token, id, options.mapping);
    else if (options.profileId && uploaded.mapping.profileId !== options.profileId)
      await setMapping(token, id, { profileId: options.profileId });
    const batch = await dryRun(token, id);
    return { batch, rows: await rows(token, id) };
  }

  /** The whole flow: prepared, then committed. */
  async function importFile(token: string, fileName: string, body: Buffer | string, options: ImportOptions = {}) {
    const prepared = await prepare(token, fileName, body, options);
    const batch = await commit(token, prepared.batch.id);
    return { batch, rows: await rows(token, batch.id), dryRun: prepared.batch };
  }

  return { upload, batchOf, setMapping, dryRun, commit, rows, rollback, prepare, importFile };
}

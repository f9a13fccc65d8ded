import type { AuditLogPage } from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

// The audit log as people read it: actor and entity named, each change as before and after.

export interface AuditLogParams {
  entityId?: string | undefined;
  entityType?: string | undefined;
  actorId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number;
  limit?: number;
}

export function listAuditLogs(params: AuditLogParams, signal?: AbortSignal) {
  return apiRequest<AuditLogPage>(withQuery('/audit-logs', { ...params }), { signal });
}

/** What one sync or import run created, updated and removed. */
export function listSyncRunChanges(syncRunId: string, page: number, limit: number, signal?: AbortSignal) {
  return apiRequest<AuditLogPage>(withQuery(`/sync-runs/${syncRunId}/changes`, { page, limit }), { signal });
}

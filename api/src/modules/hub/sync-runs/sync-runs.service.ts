import { Inject, Injectable } from '@nestjs/common';
import {
  ACTIVE_SYNC_RUN_STATUSES,
  DomainError,
  ErrorCode,
  RETRYABLE_SYNC_RUN_STATUSES,
  SyncRunStatus,
  notFound,
  type AuditLogPage,
  type ListPage,
  type SyncRecordErrorView,
  type SyncRunAction,
  type SyncRunDaily,
  type SyncRunDetail,
  type SyncRunView,
  type syncRunDailyQuerySchema,
  type syncRunListQuerySchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { AuditRepository } from '../../platform/audit/index.js';
import { SyncRunLauncher } from '../sync/index.js';
import { toSyncRecordErrorView, toSyncRunView } from './sync-run-view.js';
import { SyncRunsRepository } from './sync-runs.repository.js';

/** How many per-record errors the run detail carries; the rest page through their own route. */
export const RUN_DETAIL_RECORD_ERRORS = 50;

const DAY_MS = 86_400_000;

export const SyncRunMessage = {
  needsReauth: (name: string | null) =>
    `The connection${name ? ` "${name}"` : ''} needs re-authentication: relink it (Plaid Link in update mode) before syncing it again`,
  notRetryable: (status: SyncRunStatus) =>
    `Only a failed, partial or cancelled run can be retried; this run is ${status}`,
  notCancellable: (status: SyncRunStatus) => `Only a queued or running run can be cancelled; this run is ${status}`,
} as const;

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** The operations views of sync runs, and the commands that queue or stop them. */
@Injectable()
export class SyncRunsService {
  constructor(
    @Inject(SyncRunsRepository) private readonly runs: SyncRunsRepository,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
  ) {}

  async list(query: z.output<typeof syncRunListQuerySchema>): Promise<ListPage<SyncRunView>> {
    const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
    // `to` names a whole day: everything before the next one.
    const before = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
    const ids = query.stale ? await this.runs.newestRunsOfStaleConnections(new Date()) : undefined;
    const { rows, total } = await this.runs.list(
      {
        connectionId: query.connectionId,
        status: query.status,
        trigger: query.trigger,
        service: query.service,
        from,
        before,
        ids,
      },
      query.page,
      query.limit,
      { by: query.sort, order: query.order },
    );
    return { items: rows.map(toSyncRunView), page: query.page, limit: query.limit, total };
  }

  async detail(syncRunId: string): Promise<SyncRunDetail> {
    const row = await this.runs.find(syncRunId);
    if (!row) throw notFound('Sync run');
    const errors = await this.runs.recordErrors(syncRunId, 1, RUN_DETAIL_RECORD_ERRORS);
    return {
      ...toSyncRunView(row),
      recordErrors: errors.rows.map(toSyncRecordErrorView),
      recordErrorCount: errors.total,
    };
  }

  async recordErrors(syncRunId: string, page: number, limit: number): Promise<ListPage<SyncRecordErrorView>> {
    if (!(await this.runs.find(syncRunId))) throw notFound('Sync run');
    const { rows, total } = await this.runs.recordErrors(syncRunId, page, limit);
    return { items: rows.map(toSyncRecordErrorView), page, limit, total };
  }

  /** The audit rows the run wrote (actor SYNC, actor id the run's): what it created, updated and removed. */
  async changes(syncRunId: string, page: number, limit: number): Promise<AuditLogPage> {
    if (!(await this.runs.find(syncRunId))) throw notFound('Sync run');
    const { items, total } = await this.audit.list({ actorKind: 'SYNC', actorId: syncRunId }, { page, limit });
    return { items, page, limit, total };
  }

  /** Every UTC day of the window, oldest first, with a count for every status (zeros included). */
  async daily(query: z.output<typeof syncRunDailyQuerySchema>, now = new Date()): Promise<SyncRunDaily> {
    const today = SyncRunsRepository.startOfUtcDay(now);
    const from = new Date(today.getTime() - (query.days - 1) * DAY_MS);
    const counts = await this.runs.dailyCounts(from, query.connectionId);
    return Array.from({ length: query.days }, (_, index) => {
      const date = new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10);
      const byStatus = Object.fromEntries(SyncRunStatus.map((status) => [status, 0])) as Record<SyncRunStatus, number>;
      for (const row of counts) if (row.day === date) byStatus[row.status] = row.count;
      return { date, counts: byStatus };
    });
  }

  /**
   * Run a connection now (trigger MANUAL). When a run is already QUEUED or RUNNING it is the answer:
   * one run per connection at a time, and asking twice must not queue two.
   */
  async runConnection(connectionId: string): Promise<SyncRunAction> {
    const connection = await this.runs.findConnection(connectionId);
    if (!connection) throw notFound('Connection');
    if (connection.needsReauthSince !== null) {
      throw new DomainError(ErrorCode.CONFLICT, SyncRunMessage.needsReauth(connection.displayName));
    }
    const { syncRunId } = await this.launcher.requestRun(currentOrganizationId(), connectionId, 'MANUAL');
    return { run: await this.view(syncRunId) };
  }

  /** A new MANUAL run of the run's connection (the failed run stays as it was, for the history). */
  async retry(syncRunId: string): Promise<SyncRunAction> {
    const row = await this.runs.find(syncRunId);
    if (!row) throw notFound('Sync run');
    if (!isOneOf(RETRYABLE_SYNC_RUN_STATUSES, row.status)) {
      throw new DomainError(ErrorCode.CONFLICT, SyncRunMessage.notRetryable(row.status));
    }
    return this.runConnection(row.connectionId);
  }

  async cancel(syncRunId: string): Promise<SyncRunAction> {
    const row = await this.runs.find(syncRunId);
    if (!row) throw notFound('Sync run');
    if (!isOneOf(ACTIVE_SYNC_RUN_STATUSES, row.status)) {
      throw new DomainError(ErrorCode.CONFLICT, SyncRunMessage.notCancellable(row.status));
    }
    const cancelled = await this.launcher.cancelRun(currentOrganizationId(), syncRunId);
    const after = await this.view(syncRunId);
    // The run finished between the read and the cancel: say so rather than claim a cancel.
    if (!cancelled) throw new DomainError(ErrorCode.CONFLICT, SyncRunMessage.notCancellable(after.status));
    return { run: after };
  }

  private async view(syncRunId: string): Promise<SyncRunView> {
    const row = await this.runs.find(syncRunId);
    if (!row) throw notFound('Sync run');
    return toSyncRunView(row);
  }
}

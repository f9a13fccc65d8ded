import { Inject, Injectable } from '@nestjs/common';
import {
  STALE_AFTER_INTERVALS,
  type IntegrationService,
  type SyncRunSort,
  type SyncRunStatus,
  type SyncTrigger,
} from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { SYNC_RUN_INCLUDE } from './sync-run-view.js';

export interface SyncRunFilter {
  connectionId?: string;
  status?: SyncRunStatus;
  trigger?: SyncTrigger;
  service?: IntegrationService;
  /** Queued at or after. */
  from?: Date;
  /** Queued before. */
  before?: Date;
  /** Only these runs (the newest run of each stale connection). */
  ids?: string[];
}

/** Stable orders of the run history: the id breaks ties. */
const RUN_ORDER_BY: Record<SyncRunSort, (order: 'asc' | 'desc') => Prisma.SyncRunOrderByWithRelationInput[]> = {
  queuedAt: (order) => [{ queuedAt: order }, { id: order }],
  status: (order) => [{ status: order }, { queuedAt: 'desc' }, { id: 'desc' }],
  trigger: (order) => [{ trigger: order }, { queuedAt: 'desc' }, { id: 'desc' }],
  attempt: (order) => [{ attempt: order }, { queuedAt: 'desc' }, { id: 'desc' }],
  connection: (order) => [{ connection: { displayName: order } }, { queuedAt: 'desc' }, { id: 'desc' }],
};

const DAY_MS = 86_400_000;

/** Sync runs and their per-record errors, read for the operations views (the worker writes them). */
@Injectable()
export class SyncRunsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  private where(filter: SyncRunFilter): Prisma.SyncRunWhereInput {
    return {
      ...(filter.connectionId ? { connectionId: filter.connectionId } : {}),
      ...(filter.ids ? { id: { in: filter.ids } } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.trigger ? { trigger: filter.trigger } : {}),
      ...(filter.service ? { connection: { service: filter.service } } : {}),
      ...(filter.from || filter.before
        ? {
            queuedAt: {
              ...(filter.from ? { gte: filter.from } : {}),
              ...(filter.before ? { lt: filter.before } : {}),
            },
          }
        : {}),
    };
  }

  async list(
    filter: SyncRunFilter,
    page: number,
    limit: number,
    sort: { by: SyncRunSort; order: 'asc' | 'desc' } = { by: 'queuedAt', order: 'desc' },
  ) {
    const where = this.where(filter);
    const [rows, total] = await Promise.all([
      this.prisma.syncRun.findMany({
        where,
        include: SYNC_RUN_INCLUDE,
        orderBy: RUN_ORDER_BY[sort.by](sort.order),
        skip: (page - 1) * limit,
        take: limit,
      }),
      this.prisma.syncRun.count({ where }),
    ]);
    return { rows, total };
  }

  /**
   * The newest run of each stale connection: a scheduled connection whose last sync is older than
   * STALE_AFTER_INTERVALS of its intervals, or that never synced and was created longer ago.
   */
  async newestRunsOfStaleConnections(now: Date): Promise<string[]> {
    const organizationId = currentOrganizationId();
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT DISTINCT ON (r.connection_id) r.id
      FROM sync_runs r
      JOIN connections c ON c.organization_id = r.organization_id AND c.id = r.connection_id
      WHERE r.organization_id = ${organizationId} AND c.sync_interval_minutes IS NOT NULL
        AND coalesce(c.last_synced_at, c.created_at)
          < ${now}::timestamptz - make_interval(mins => c.sync_interval_minutes * ${STALE_AFTER_INTERVALS})
      ORDER BY r.connection_id, r.queued_at DESC, r.id DESC`;
    return rows.map((row) => row.id);
  }

  find(syncRunId: string) {
    return this.prisma.syncRun.findUnique({ where: { id: syncRunId }, include: SYNC_RUN_INCLUDE });
  }

  /** The connection a run belongs to, with what decides whether it may sync now. */
  findConnection(connectionId: string) {
    return this.prisma.connection.findUnique({
      where: { id: connectionId },
      select: { id: true, needsReauthSince: true, displayName: true },
    });
  }

  async recordErrors(syncRunId: string, page: number, limit: number) {
    const where = { syncRunId };
    const [rows, total] = await Promise.all([
      this.prisma.syncRecordError.findMany({
        where,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        skip: (page - 1) * limit,
        take: limit,
      }),
      this.prisma.syncRecordError.count({ where }),
    ]);
    return { rows, total };
  }

  /**
   * Runs per UTC day (by queuedAt) and status since `from`. Raw SQL because the day is computed;
   * the tenant client does not scope raw queries, so the organization is named here.
   */
  async dailyCounts(
    from: Date,
    connectionId: string | undefined,
  ): Promise<{ day: string; status: SyncRunStatus; count: number }[]> {
    const organizationId = currentOrganizationId();
    const byConnection = connectionId ? Prisma.sql`AND connection_id = ${connectionId}` : Prisma.empty;
    return this.prisma.$queryRaw<{ day: string; status: SyncRunStatus; count: number }[]>`
      SELECT to_char(queued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, status::text AS status, count(*)::int AS count
      FROM sync_runs
      WHERE organization_id = ${organizationId} AND queued_at >= ${from} ${byConnection}
      GROUP BY 1, 2`;
  }

  static startOfUtcDay(date: Date): Date {
    return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { EntityType, type ConnectionStatus, type IntegrationService } from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { FinancialRecordsWriter } from '../../financials/financial-records/index.js';
import { ExternalLinksRepository } from '../sync/index.js';
import { SYNC_RUN_INCLUDE } from '../sync-runs/index.js';

export type Tx = Parameters<Parameters<TenantPrismaClient['$transaction']>[0]>[0];

/** Everything a connection's view shows besides its counts and schedule; never the credentials. */
export const CONNECTION_SELECT = {
  id: true,
  service: true,
  source: true,
  status: true,
  ownerProfessionalId: true,
  ownerHouseholdId: true,
  ownerTeamId: true,
  displayName: true,
  externalAccountId: true,
  syncIntervalMinutes: true,
  lastSyncedAt: true,
  needsReauthSince: true,
  placementPendingSince: true,
  lastError: true,
  createdAt: true,
  updatedAt: true,
  ownerProfessional: { select: { displayName: true } },
  ownerHousehold: { select: { name: true } },
  ownerTeam: { select: { name: true } },
  syncRuns: { orderBy: [{ queuedAt: 'desc' }, { id: 'desc' }], take: 1, include: SYNC_RUN_INCLUDE },
} satisfies Prisma.ConnectionSelect;

export type ConnectionRow = Prisma.ConnectionGetPayload<{ select: typeof CONNECTION_SELECT }>;

export interface RecordCounts {
  financialRecords: number;
  transactions: number;
  recurringStreams: number;
}

export interface ConnectionFilter {
  service?: IntegrationService;
  status?: ConnectionStatus;
  needsReauth?: boolean;
}

/** The owner column a canonical owner id fills (`household-…` -> ownerHouseholdId). */
export function ownerColumn(owner: string): 'ownerProfessionalId' | 'ownerHouseholdId' | 'ownerTeamId' {
  if (owner.startsWith(`${EntityType.professional}-`)) return 'ownerProfessionalId';
  if (owner.startsWith(`${EntityType.household}-`)) return 'ownerHouseholdId';
  return 'ownerTeamId';
}

@Injectable()
export class ConnectionsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(FinancialRecordsWriter) private readonly financialRecords: FinancialRecordsWriter,
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
  ) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  find(connectionId: string, db: Tx | TenantPrismaClient = this.prisma) {
    return db.connection.findUnique({ where: { id: connectionId }, select: CONNECTION_SELECT });
  }

  /** The sealed credentials, for the few calls that must use them (never for a response). */
  findCredentials(connectionId: string) {
    return this.prisma.connection.findUnique({
      where: { id: connectionId },
      select: { id: true, service: true, credentialsCiphertext: true, credentialsKeyId: true },
    });
  }

  byOwner(owner: string, service: IntegrationService | undefined) {
    return this.prisma.connection.findMany({
      where: { [ownerColumn(owner)]: owner, ...(service ? { service } : {}) },
      select: CONNECTION_SELECT,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  async list(filter: ConnectionFilter, page: number, limit: number) {
    const where: Prisma.ConnectionWhereInput = {
      ...(filter.service ? { service: filter.service } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.needsReauth === undefined ? {} : { needsReauthSince: filter.needsReauth ? { not: null } : null }),
    };
    const [rows, total] = await Promise.all([
      this.prisma.connection.findMany({
        where,
        select: CONNECTION_SELECT,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * limit,
        take: limit,
      }),
      this.prisma.connection.count({ where }),
    ]);
    return { rows, total };
  }

  /**
   * Live records that came through each connection: its financial records, and the transactions
   * and recurring streams on them. One query; the tenant client does not scope raw SQL, so the
   * organization is named.
   */
  async recordCounts(connectionIds: string[]): Promise<Map<string, RecordCounts>> {
    const counts = new Map<string, RecordCounts>(
      connectionIds.map((id) => [id, { financialRecords: 0, transactions: 0, recurringStreams: 0 }]),
    );
    if (connectionIds.length === 0) return counts;
    const organizationId = currentOrganizationId();
    const rows = await this.prisma.$queryRaw<
      { connection_id: string; records: number; transactions: number; streams: number }[]
    >`
      SELECT fr.connection_id,
             count(*)::int AS records,
             coalesce(sum((SELECT count(*) FROM transactions t
                            WHERE t.organization_id = fr.organization_id AND t.financial_record_id = fr.id)), 0)::int
               AS transactions,
             coalesce(sum((SELECT count(*) FROM recurring_streams s
                            WHERE s.organization_id = fr.organization_id AND s.financial_record_id = fr.id
                              AND s.deleted_at IS NULL)), 0)::int AS streams
      FROM financial_records fr
      WHERE fr.organization_id = ${organizationId}
        AND fr.connection_id IN (${Prisma.join(connectionIds)})
        AND fr.deleted_at IS NULL
      GROUP BY fr.connection_id`;
    for (const row of rows) {
      counts.set(row.connection_id, {
        financialRecords: row.records,
        transactions: row.transactions,
        recurringStreams: row.streams,
      });
    }
    return counts;
  }

  /**
   * Locks the connection row for the rest of the transaction, so a sync page being written (it
   * updates the row's cursor) either commits before the delete reads the records, or waits and
   * then finds the connection gone.
   */
  async lock(tx: Tx, connectionId: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM connections
      WHERE organization_id = ${currentOrganizationId()} AND id = ${connectionId}
      FOR UPDATE`;
    return rows.length > 0;
  }

  /**
   * What deleting a connection leaves behind: its records stay with the advisor as manual ones,
   * and the external links that tied them (and their transactions and streams) to the provider go,
   * so a later connection of the same account creates fresh records instead of adopting these.
   * Returns how many financial records were detached.
   */
  async detachRecords(scope: WriteScope, connectionId: string, service: IntegrationService | null): Promise<number> {
    const { tx } = scope;
    const recordIds = await this.financialRecords.detachFromConnection(scope, connectionId);
    if (recordIds.length > 0) {
      // One after another: a transaction's connection runs one query at a time.
      const transactions = await tx.transaction.findMany({
        where: { financialRecordId: { in: recordIds } },
        select: { id: true },
      });
      const streams = await tx.recurringStream.findMany({
        where: { financialRecordId: { in: recordIds } },
        select: { id: true },
      });
      await this.links.deleteForEntityIds(
        scope,
        [...recordIds, ...transactions.map((row) => row.id), ...streams.map((row) => row.id)],
        service ? { service } : undefined,
      );
    }
    // Other rows that point at the connection (calendar meetings; import batches, through their
    // writer in ConnectionsService.remove) keep their data too.
    await tx.meeting.updateMany({ where: { connectionId }, data: { connectionId: null } });
    await tx.meetingTemplate.updateMany({ where: { connectionId }, data: { connectionId: null } });
    return recordIds.length;
  }

  activeRunIds(connectionId: string) {
    return this.prisma.syncRun.findMany({
      where: { connectionId, status: { in: ['QUEUED', 'RUNNING'] } },
      select: { id: true },
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { ConnectorPage, RecordKind } from '@meridian/connectors';
import { DomainError, ErrorCode, type IntegrationService, type SyncCounts } from '@meridian/domain';
import { inOrganization } from '../../../../common/tenancy/organization-scope.js';
import type { TenantTransaction } from '../../../../common/tenancy/tenant-transaction.js';
import { writeScope } from '../../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../../infra/prisma/prisma.service.js';
import { releaseQueryHistory } from '../../../../infra/prisma/query-history.js';
import { SyncedFlowsWriter } from '../../../financials/cash-flows/index.js';
import { FinancialRecordsWriter } from '../../../financials/financial-records/index.js';
import { AuditService } from '../../../platform/audit/index.js';
import { MeetingsWriter } from '../../../practice/meetings/index.js';
import { ExternalLinksRepository } from '../external-links.repository.js';
import { SyncRunLifecycle, type RunRef } from '../sync-run-lifecycle.service.js';
import type { KindWritten } from './record-kind-writer.js';
import { writeRecordErrors } from './record-errors.js';
import { RECORD_KINDS, recordKindWriter, recordsOf } from './registry.js';
import {
  addCounts,
  lastBySourceId,
  PageLinks,
  zeroCounts,
  type SyncPage,
  type SyncPageScope,
  type WriteFailure,
} from './sync-page.js';

export type SyncRunRef = RunRef;

/**
 * A page of 500 transactions takes well under a second; the limit is for a slow shared machine
 * and a first page of many accounts, not an expected duration. Waiting for a connection counts
 * apart (maxWait).
 */
const PAGE_TRANSACTION_TIMEOUT_MS = 120_000;
const PAGE_TRANSACTION_MAX_WAIT_MS = 30_000;

/** The provider ids a page names: its records', what they refer to, its removals' and its failures'. */
function namedIds(page: ConnectorPage): string[] {
  const ids = [
    ...page.records.map((record) => record.sourceId),
    ...page.removed.map((record) => record.sourceId),
    ...page.recordErrors.flatMap((error) => (error.sourceId === null ? [] : [error.sourceId])),
  ];
  for (const kind of RECORD_KINDS) ids.push(...recordKindWriter(kind).references(recordsOf(kind, page.records)));
  return ids;
}

/**
 * Writes one connector page in one database transaction together with the new cursor: upserts
 * through external links, per-record errors, the run's counts and cursorAfter, the connection's
 * syncCursor. A crash before the commit leaves nothing; after it, the next attempt resumes from
 * the saved cursor.
 *
 * The page's records are written kind by kind, each by its adapter in `registry.ts`: first every
 * kind's upserts, then every kind's removals (so a record the page both lists and removes ends
 * removed), then the snapshots of the kinds the page lists completely.
 */
@Injectable()
export class SyncPageWriter {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
    @Inject(FinancialRecordsWriter) private readonly financialRecords: FinancialRecordsWriter,
    @Inject(SyncedFlowsWriter) private readonly flows: SyncedFlowsWriter,
    @Inject(MeetingsWriter) private readonly meetings: MeetingsWriter,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /**
   * `written: false` (and nothing written) when the run is no longer RUNNING (cancelled meanwhile).
   * `counts` are this page's counts.
   */
  async writePage(run: SyncRunRef, page: ConnectorPage): Promise<{ written: boolean; counts: SyncCounts }> {
    try {
      return await inOrganization(run.organizationId, () =>
        this.prisma.$transaction((tx) => this.write(tx, run, page), {
          timeout: PAGE_TRANSACTION_TIMEOUT_MS,
          maxWait: PAGE_TRANSACTION_MAX_WAIT_MS,
        }),
      );
    } finally {
      // The page's JSON parameters would otherwise stay in Prisma's query history (query-history.ts).
      releaseQueryHistory();
    }
  }

  private async write(tx: TenantTransaction, run: SyncRunRef, page: ConnectorPage) {
    const counts = zeroCounts();
    if (!(await this.lifecycle.lockForPage(tx, run))) return { written: false, counts };

    const scope = await this.pageScope(tx, run);
    const sync: SyncPage = {
      scope,
      links: await PageLinks.load(this.links, scope, namedIds(page)),
      financialRecords: this.financialRecords,
      flows: this.flows,
      meetings: this.meetings,
      changes: [],
    };

    const written = new Map<RecordKind, KindWritten>();
    for (const kind of RECORD_KINDS) {
      const result = await recordKindWriter(kind).write(sync, lastBySourceId(recordsOf(kind, page.records)));
      written.set(kind, result);
      addCounts(counts, result.counts);
    }
    // Deletions after the upserts, so that a record the page both lists and removes ends removed.
    for (const kind of RECORD_KINDS) {
      const removed = page.removed.flatMap((record) => (record.kind === kind ? [record.sourceId] : []));
      counts.deleted += await recordKindWriter(kind).remove(sync, removed, recordsOf(kind, page.records));
    }
    // A complete snapshot: what the provider no longer lists is gone, except records it listed
    // but could not map (in recordErrors): those are left as they were.
    for (const kind of RECORD_KINDS.filter((candidate) => page.complete.includes(candidate))) {
      const writer = recordKindWriter(kind);
      if (!writer.notSeen) {
        throw new DomainError(ErrorCode.CONFLICT, `A page cannot be a complete snapshot of ${kind} records`);
      }
      const failed = page.recordErrors.flatMap((error) =>
        error.kind === kind && error.sourceId !== null ? [error.sourceId] : [],
      );
      const kept = [...written.get(kind)!.seen, ...sync.links.pick(failed, writer.owns).map((link) => link.entityId)];
      counts.deleted += await writer.notSeen(sync, kept);
    }

    await this.audit.recordMany(scope, sync.changes);

    const failures: WriteFailure[] = [...written.values()].flatMap((result) => result.failures);
    await writeRecordErrors(scope, page.recordErrors, failures);
    counts.failed += page.recordErrors.length + failures.length;

    await this.lifecycle.recordPage(tx, run, counts, page.nextCursor, scope.now);
    return { written: true, counts };
  }

  /** The page's write scope: the run writes it, for the connection's service and owner household. */
  private async pageScope(tx: TenantTransaction, run: SyncRunRef): Promise<SyncPageScope> {
    const scope = writeScope(tx, { actor: { kind: 'SYNC', id: run.syncRunId } });
    const [connection] = await scope.sql.query<{ service: IntegrationService | null; householdId: string | null }>(
      `SELECT service::text AS service, owner_household_id AS "householdId" FROM connections
        WHERE organization_id = $1 AND id = $2`,
      run.organizationId,
      run.connectionId,
    );
    if (!connection) throw new DomainError(ErrorCode.NOT_FOUND, `Connection ${run.connectionId} not found`);
    const { service, householdId } = connection;
    if (service === null) {
      throw new DomainError(ErrorCode.CONFLICT, `Connection ${run.connectionId} has no service to sync`);
    }
    return {
      ...scope,
      syncRunId: run.syncRunId,
      connectionId: run.connectionId,
      service,
      // Only needed where a record has no household of its own yet (a new account).
      householdId: () => {
        if (householdId === null) {
          throw new DomainError(
            ErrorCode.CONFLICT,
            `Connection ${run.connectionId} has no owner household to put synced accounts in`,
          );
        }
        return householdId;
      },
    };
  }
}

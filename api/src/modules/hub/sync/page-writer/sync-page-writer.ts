import { Inject, Injectable } from '@nestjs/common';
import type { ConnectorPage, NormalizedRecord, RecordKind } from '@meridian/connectors';
import type { SyncCounts } from '@meridian/domain';
import { inOrganization } from '../../../../common/tenancy/organization-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../../infra/prisma/prisma.service.js';
import { SyncRunLifecycle, type RunRef } from '../sync-run-lifecycle.service.js';
import { accountRefs, accountsNotSeen, isAccountLink, softDeleteAccounts, writeAccounts } from './accounts.js';
import { findLinks, type LinkRow } from './external-links.js';
import { writeRecordErrors } from './record-errors.js';
import { deactivateStreams, streamIdsOf, streamsNotSeen, writeStreams } from './streams.js';
import { deleteTransactions, writeTransactions } from './transactions.js';
import { addCounts, zeroCounts, type Tx, type WriteContext } from './write-context.js';

export type SyncRunRef = RunRef;

/**
 * A page of 500 transactions takes well under a second; the limit is for a slow shared machine
 * and a first page of many accounts, not an expected duration. Waiting for a connection counts
 * apart (maxWait).
 */
const PAGE_TRANSACTION_TIMEOUT_MS = 120_000;
const PAGE_TRANSACTION_MAX_WAIT_MS = 30_000;

type Records<K extends RecordKind> = Extract<NormalizedRecord, { kind: K }>[];

function byKind(records: readonly NormalizedRecord[]) {
  return {
    accounts: records.filter((record) => record.kind === 'financial-account') as Records<'financial-account'>,
    transactions: records.filter((record) => record.kind === 'transaction') as Records<'transaction'>,
    streams: records.filter((record) => record.kind === 'recurring-stream') as Records<'recurring-stream'>,
  };
}

/**
 * Writes one connector page in one database transaction together with the new cursor: upserts
 * through external links, per-record errors, the run's counts and cursorAfter, the connection's
 * syncCursor. A crash before the commit leaves nothing; after it, the next attempt resumes from
 * the saved cursor.
 *
 * Every query names the organization explicitly (this runs in the worker, outside any request):
 * the system client, not the tenant-scoped one.
 */
@Injectable()
export class SyncPageWriter {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
  ) {}

  /**
   * `written: false` (and nothing written) when the run is no longer RUNNING (cancelled meanwhile).
   * `counts` are this page's counts.
   */
  writePage(run: SyncRunRef, page: ConnectorPage): Promise<{ written: boolean; counts: SyncCounts }> {
    return inOrganization(run.organizationId, () =>
      this.prisma.$transaction((tx) => this.write(tx, run, page), {
        timeout: PAGE_TRANSACTION_TIMEOUT_MS,
        maxWait: PAGE_TRANSACTION_MAX_WAIT_MS,
      }),
    );
  }

  private async write(tx: Tx, run: SyncRunRef, page: ConnectorPage) {
    const counts = zeroCounts();
    if (!(await this.lifecycle.lockForPage(tx, run))) return { written: false, counts };

    const connection = await tx.connection.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: run.organizationId, id: run.connectionId } },
      select: { service: true, ownerHouseholdId: true },
    });
    if (connection.service === null) throw new Error(`Connection ${run.connectionId} has no service to sync`);
    const ctx: WriteContext = {
      tx,
      organizationId: run.organizationId,
      syncRunId: run.syncRunId,
      connectionId: run.connectionId,
      service: connection.service,
      now: new Date(),
    };
    // Only needed where a record has no household of its own yet (a new account).
    const household = () => {
      if (connection.ownerHouseholdId === null) {
        throw new Error(`Connection ${run.connectionId} has no owner household to put synced accounts in`);
      }
      return connection.ownerHouseholdId;
    };

    const { accounts, transactions, streams } = byKind(page.records);
    // Every provider id the page names, looked up in one query.
    const links = await findLinks(ctx, [
      ...page.records.map((record) => record.sourceId),
      ...transactions.map((record) => record.accountSourceId),
      ...streams.map((record) => record.accountSourceId),
    ]);

    const accountsResult = await writeAccounts(ctx, accounts, links, household);
    addCounts(counts, accountsResult.counts);
    const allLinks = new Map<string, LinkRow>(links);
    for (const link of accountsResult.created) allLinks.set(link.sourceId, link);
    const refs = await accountRefs(ctx, allLinks, [
      ...transactions.map((record) => record.accountSourceId),
      ...streams.map((record) => record.accountSourceId),
    ]);
    const transactionsResult = await writeTransactions(ctx, transactions, allLinks, refs);
    addCounts(counts, transactionsResult.counts);
    const streamsResult = await writeStreams(ctx, streams, allLinks, refs, household);
    addCounts(counts, streamsResult.counts);

    // Deletions after the upserts, so that a record the page both lists and removes ends removed.
    const removed = (kind: RecordKind) =>
      page.removed.filter((record) => record.kind === kind).map((record) => record.sourceId);
    const listed = new Set(transactions.map((record) => record.sourceId));
    const replacedPending = transactions
      .filter((record) => !record.pending && record.pendingSourceId !== null && !listed.has(record.pendingSourceId))
      .map((record) => record.pendingSourceId!);
    addCounts(counts, await deleteTransactions(ctx, [...removed('transaction'), ...replacedPending]));
    const removedAccounts = await findLinks(ctx, removed('financial-account'));
    addCounts(
      counts,
      await softDeleteAccounts(
        ctx,
        [...removedAccounts.values()].filter(isAccountLink).map((link) => link.entityId),
      ),
    );
    addCounts(counts, await deactivateStreams(ctx, await streamIdsOf(ctx, removed('recurring-stream'))));

    // A complete snapshot: what the provider no longer lists is gone, except records it listed
    // but could not map (in recordErrors): those are left as they were.
    const failedIds = (kind: RecordKind) =>
      page.recordErrors.flatMap((error) => (error.kind === kind && error.sourceId !== null ? [error.sourceId] : []));
    if (page.complete.includes('financial-account')) {
      const failed = [...(await findLinks(ctx, failedIds('financial-account'))).values()].map((link) => link.entityId);
      const gone = await accountsNotSeen(ctx, [...accountsResult.seenRecordIds, ...failed]);
      addCounts(counts, await softDeleteAccounts(ctx, gone));
    }
    if (page.complete.includes('recurring-stream')) {
      const failed = await streamIdsOf(ctx, failedIds('recurring-stream'));
      const gone = await streamsNotSeen(ctx, [...streamsResult.seenStreamIds, ...failed]);
      addCounts(counts, await deactivateStreams(ctx, gone));
    }

    const failures = [...accountsResult.failures, ...transactionsResult.failures, ...streamsResult.failures];
    await writeRecordErrors(ctx, page.recordErrors, failures);
    counts.failed += page.recordErrors.length + failures.length;

    await this.lifecycle.recordPage(tx, run, counts, page.nextCursor, ctx.now);
    return { written: true, counts };
  }
}

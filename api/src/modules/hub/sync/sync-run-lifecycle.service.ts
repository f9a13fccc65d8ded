import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  type ExternalSourceSystem,
  type IntegrationService,
  type SyncCounts,
  type SyncTrigger,
} from '@meridian/domain';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { withOrganization, type TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

/** A run as its transitions need it. */
export interface RunRef {
  organizationId: string;
  syncRunId: string;
  connectionId: string;
}

/** A started run: its finish is never recorded before its start. */
export interface StartedRun extends RunRef {
  startedAt: Date;
}

/** Why a run failed, in the run's and the connection's error columns. */
export interface RunFailure {
  code: string;
  message: string;
}

/**
 * What an import's run reports when its commit is done: its batch's row counts (`failed`: the
 * rows the dry run refused), and the rows left undecided in the review queue, which it did not write.
 */
export type ImportCounts = Omit<SyncCounts, 'deleted'> & { reviewPending: number };

/** A run the sweep looks at: an active run whose job may be gone. */
export interface SweptRun extends RunRef {
  queuedAt: Date;
}

/**
 * Now, but never before the run's start: another worker (another machine, its clock ahead) may
 * have started it, and sync_runs_timings_check refuses a finish before the start.
 */
function finishTime(startedAt: Date | null): Date {
  return new Date(Math.max(Date.now(), startedAt?.getTime() ?? 0));
}

/**
 * The one place that moves a sync run (and its connection's outcome) from state to state:
 * QUEUED -> RUNNING -> SUCCEEDED | PARTIAL | FAILED | CANCELLED, with the counts and cursor of each
 * page. A provider sync is queued, started by its job, written page by page; an import's run
 * (driver IMPORT: a file connection, no provider service) opens RUNNING and ends with the commit.
 *
 * Every transition is conditional on the state it leaves, so a cancel, a late worker and a sweep
 * can race without one overwriting another's outcome.
 */
@Injectable()
export class SyncRunLifecycle {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    // Only the sweeps, which look across organizations for runs whose job is gone.
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  /**
   * Queues a run of a provider connection unless one is already QUEUED or RUNNING (that one is
   * returned, `created: false`). `check` refuses a connection that cannot sync now. Locking the
   * connection row serialises concurrent requests for it, so the second sees the first one's run
   * instead of colliding with it on sync_runs_one_active_per_connection.
   */
  queue(
    organizationId: string,
    connectionId: string,
    trigger: SyncTrigger,
    check: (connection: QueueableConnection) => void,
  ): Promise<{ syncRunId: string; created: boolean }> {
    return inOrganization(organizationId, () =>
      this.prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM connections WHERE organization_id = ${organizationId} AND id = ${connectionId} FOR UPDATE`;
        if (locked.length === 0) throw new DomainError(ErrorCode.NOT_FOUND, 'Connection not found');
        const active = await this.activeRun(tx, connectionId);
        if (active) return { syncRunId: active, created: false };
        const connection = await tx.connection.findUniqueOrThrow({
          where: { organizationId_id: { organizationId, id: connectionId } },
          select: {
            service: true,
            syncCursor: true,
            needsReauthSince: true,
            credentialsCiphertext: true,
            placementPendingSince: true,
          },
        });
        check(connection);
        const syncRunId = newId(EntityType.syncRun);
        await tx.syncRun.create({
          data: {
            id: syncRunId,
            organizationId,
            connectionId,
            trigger,
            driver: 'SYNC',
            cursorBefore: connection.syncCursor,
          },
        });
        return { syncRunId, created: true };
      }),
    );
  }

  /**
   * Opens an import's run, RUNNING from the start (the commit is its work), on the source system's
   * file connection. Null when another run of that connection is active; the one-active-run index
   * still refuses (P2002) one that started between the check and the insert.
   */
  /** The source system's file connection, which every import of its files runs on: created on its first import. */
  async fileConnection(tx: TenantTransaction, source: ExternalSourceSystem): Promise<string> {
    const existing = await tx.connection.findFirst({
      where: { source, service: null },
      orderBy: { createdAt: 'asc' },
      select: { id: true },
    });
    if (existing) return existing.id;
    const created = await tx.connection.create({
      data: withOrganization({ id: newId(EntityType.connection), source, displayName: source }),
      select: { id: true },
    });
    return created.id;
  }

  async openImport(tx: TenantTransaction, connectionId: string, trigger: SyncTrigger): Promise<string | null> {
    if (await this.activeRun(tx, connectionId)) return null;
    const syncRunId = newId(EntityType.syncRun);
    await tx.syncRun.create({
      data: withOrganization({
        id: syncRunId,
        connectionId,
        status: 'RUNNING',
        driver: 'IMPORT',
        trigger,
        startedAt: new Date(),
      }),
    });
    return syncRunId;
  }

  private async activeRun(tx: TenantTransaction, connectionId: string): Promise<string | null> {
    const active = await tx.syncRun.findFirst({
      where: { connectionId, status: { in: ['QUEUED', 'RUNNING'] } },
      select: { id: true },
    });
    return active?.id ?? null;
  }

  /**
   * An attempt takes its run: QUEUED (or RUNNING, resumed after a crash or a retry) becomes
   * RUNNING with this attempt's number. A resumed run keeps the start of its first attempt. Null
   * when the run finished or was cancelled meanwhile (a duplicate job, a cancel before the start).
   */
  start(organizationId: string, syncRunId: string, attempt: number): Promise<StartedRun | null> {
    return inOrganization(organizationId, async () => {
      const run = await this.prisma.syncRun.findUnique({
        where: { organizationId_id: { organizationId, id: syncRunId } },
        select: { connectionId: true, status: true, startedAt: true },
      });
      if (!run || (run.status !== 'QUEUED' && run.status !== 'RUNNING')) return null;
      const startedAt = run.startedAt ?? new Date();
      const { count } = await this.prisma.syncRun.updateMany({
        where: { id: syncRunId, status: { in: ['QUEUED', 'RUNNING'] } },
        data: { status: 'RUNNING', startedAt, attempt },
      });
      return count === 0 ? null : { organizationId, syncRunId, connectionId: run.connectionId, startedAt };
    });
  }

  /**
   * Locks the run row for a page's transaction and says whether the page may be written (the run
   * is still RUNNING). The lock orders the page after a concurrent cancel: a cancel committed first
   * is seen here, and one that comes later waits for this page's commit.
   */
  async lockForPage(tx: TenantTransaction, run: RunRef): Promise<boolean> {
    const [locked] = await tx.$queryRaw<{ status: string; connection_id: string }[]>`
      SELECT status::text AS status, connection_id FROM sync_runs
       WHERE id = ${run.syncRunId} AND organization_id = ${run.organizationId}
         FOR UPDATE`;
    // Neither can happen for a run the executor started; a caller passing another organization's
    // run, or a run of another connection, is refused rather than written through.
    if (!locked)
      throw new DomainError(
        ErrorCode.NOT_FOUND,
        `Sync run ${run.syncRunId} does not exist in organization ${run.organizationId}`,
      );
    if (locked.connection_id !== run.connectionId)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `Sync run ${run.syncRunId} belongs to connection ${locked.connection_id}, not ${run.connectionId}`,
      );
    return locked.status === 'RUNNING';
  }

  /** A written page's counts and cursor, in the page's transaction: the next attempt resumes after it. */
  async recordPage(tx: TenantTransaction, run: RunRef, counts: SyncCounts, cursor: string | null, now: Date) {
    await tx.syncRun.update({
      where: { id: run.syncRunId },
      data: {
        createdCount: { increment: counts.created },
        updatedCount: { increment: counts.updated },
        unchangedCount: { increment: counts.unchanged },
        deletedCount: { increment: counts.deleted },
        failedCount: { increment: counts.failed },
        cursorAfter: cursor,
      },
    });
    await tx.connection.update({ where: { id: run.connectionId }, data: { syncCursor: cursor, updatedAt: now } });
  }

  /** Between attempts the run stays RUNNING (QUEUED is refused once started) and says what failed and when it retries. */
  async noteRetry(run: StartedRun, failure: RunFailure, attempt: number, retryAt: Date): Promise<void> {
    await inOrganization(run.organizationId, () =>
      this.prisma.syncRun.updateMany({
        where: { id: run.syncRunId, status: 'RUNNING' },
        data: {
          errorCode: failure.code,
          errorMessage: `${failure.message} (attempt ${attempt} failed; retrying at ${retryAt.toISOString()})`,
        },
      }),
    );
  }

  /**
   * The run's work is done: PARTIAL when records failed (for an import: rows were invalid, or left
   * in the review queue, so part of the file was not written), else SUCCEEDED, and the connection is
   * healthy again. `counts` (an import's) replace the run's counts; a sync's were kept page by page.
   * CANCELLED when a cancel came first.
   */
  finish(run: StartedRun, counts?: ImportCounts): Promise<'SUCCEEDED' | 'PARTIAL' | 'CANCELLED'> {
    return inOrganization(run.organizationId, () => this.prisma.$transaction((tx) => this.finishIn(tx, run, counts)));
  }

  /**
   * A provider's webhook delivery in the operations views: a WEBHOOK run of the connection that
   * created one record (the stored event), done at once, in the caller's transaction. Another run
   * still open on the connection (a delivery in flight) leaves this one unrecorded as a run.
   */
  async recordWebhookDelivery(tx: TenantTransaction, organizationId: string, connectionId: string): Promise<void> {
    const syncRunId = await this.openImport(tx, connectionId, 'WEBHOOK');
    if (syncRunId === null) return;
    // A delivery says nothing of the connection's health: its status, last sync and a login that
    // needs re-authentication stay as they are.
    await this.finishIn(
      tx,
      { organizationId, connectionId, syncRunId, startedAt: new Date() },
      { created: 1, updated: 0, unchanged: 0, failed: 0, reviewPending: 0 },
      { connectionOutcome: false },
    );
  }

  /**
   * `finish` inside the caller's transaction (an import ends its batch and its run together).
   * `connectionOutcome: false` leaves the connection as it is (a webhook delivery's run).
   */
  async finishIn(
    tx: TenantTransaction,
    run: RunRef & { startedAt: Date | null },
    counts?: ImportCounts,
    options: { connectionOutcome?: boolean } = {},
  ): Promise<'SUCCEEDED' | 'PARTIAL' | 'CANCELLED'> {
    const stored = await tx.syncRun.findUniqueOrThrow({ where: { id: run.syncRunId }, select: { failedCount: true } });
    const notWritten = counts ? counts.failed + counts.reviewPending : stored.failedCount;
    const status = notWritten === 0 ? 'SUCCEEDED' : 'PARTIAL';
    const now = finishTime(run.startedAt);
    const { count } = await tx.syncRun.updateMany({
      where: { id: run.syncRunId, status: 'RUNNING' },
      data: {
        status,
        finishedAt: now,
        errorCode: null,
        errorMessage: null,
        ...(counts
          ? {
              createdCount: counts.created,
              updatedCount: counts.updated,
              unchangedCount: counts.unchanged,
              failedCount: counts.failed,
            }
          : {}),
      },
    });
    if (count === 0) return 'CANCELLED';
    if (options.connectionOutcome === false) return status;
    await tx.connection.update({
      where: { id: run.connectionId },
      data: { status: 'SUCCESS', lastSyncedAt: now, lastError: null, needsReauthSince: null },
    });
    return status;
  }

  /**
   * The run failed for good: FAILED with why, and the connection shows the error (and, for an
   * authentication failure, that it needs re-authentication). A run no longer active (cancelled
   * meanwhile) keeps its outcome. Returns whether this call failed it.
   */
  fail(run: RunRef, failure: RunFailure, options: { needsReauth?: boolean } = {}): Promise<boolean> {
    return inOrganization(run.organizationId, () =>
      this.prisma.$transaction((tx) => this.failIn(tx, run, failure, options)),
    );
  }

  /** `fail` inside the caller's transaction (an import fails its batch and its run together). */
  async failIn(
    tx: TenantTransaction,
    run: RunRef,
    failure: RunFailure,
    options: { needsReauth?: boolean } = {},
  ): Promise<boolean> {
    const stored = await tx.syncRun.findUnique({ where: { id: run.syncRunId }, select: { startedAt: true } });
    const now = finishTime(stored?.startedAt ?? null);
    const { count } = await tx.syncRun.updateMany({
      where: { id: run.syncRunId, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'FAILED', finishedAt: now, errorCode: failure.code, errorMessage: failure.message },
    });
    if (count === 0) return false;
    await tx.connection.update({
      where: { id: run.connectionId },
      data: {
        status: 'FAILED',
        lastError: `${failure.code}: ${failure.message}`,
        ...(options.needsReauth ? { needsReauthSince: now } : {}),
      },
    });
    return true;
  }

  /**
   * Cancels a QUEUED or RUNNING run: CANCELLED at once; a worker running it writes no further page.
   * False when the run is not active (already finished). started_at stays as it was (null for a
   * QUEUED run), and finished_at is never before it.
   */
  async cancel(organizationId: string, syncRunId: string): Promise<boolean> {
    const count = await inOrganization(
      organizationId,
      () => this.prisma.$executeRaw`
        UPDATE sync_runs
           SET status = 'CANCELLED', finished_at = GREATEST(${new Date()}::timestamptz, started_at),
               error_code = 'CANCELLED', error_message = 'Cancelled before it finished'
         WHERE organization_id = ${organizationId} AND id = ${syncRunId} AND status IN ('QUEUED', 'RUNNING')`,
    );
    return count > 0;
  }

  /**
   * Provider runs QUEUED for longer than `graceMs`, oldest first, in every organization: their
   * enqueue may have been lost. Import runs have no sync job and are never among them.
   */
  async queuedSince(graceMs: number, limit: number): Promise<SweptRun[]> {
    const runs = await this.system.syncRun.findMany({
      where: { status: 'QUEUED', driver: 'SYNC', queuedAt: { lt: new Date(Date.now() - graceMs) } },
      select: { id: true, organizationId: true, connectionId: true, queuedAt: true },
      orderBy: { queuedAt: 'asc' },
      take: limit,
    });
    return runs.map(({ id, ...run }) => ({ ...run, syncRunId: id }));
  }

  /** Provider runs RUNNING since before `graceMs` ago, in every organization: their worker may be gone. */
  async runningSince(graceMs: number, limit: number): Promise<SweptRun[]> {
    const runs = await this.system.syncRun.findMany({
      where: { status: 'RUNNING', driver: 'SYNC', startedAt: { lt: new Date(Date.now() - graceMs) } },
      select: { id: true, organizationId: true, connectionId: true, queuedAt: true },
      take: limit,
    });
    return runs.map(({ id, ...run }) => ({ ...run, syncRunId: id }));
  }
}

/** What `queue`'s check sees of the connection. */
export interface QueueableConnection {
  service: IntegrationService | null;
  syncCursor: string | null;
  needsReauthSince: Date | null;
  placementPendingSince: Date | null;
  credentialsCiphertext: Uint8Array | null;
}

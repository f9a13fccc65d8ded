import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { isConnectorError, type ConnectorError } from '@meridian/connectors';
import { DomainError, ErrorCode } from '@meridian/domain';
import {
  CONNECTORS,
  CredentialVault,
  LOGGER,
  SyncPageWriter,
  SystemPrisma,
  type ConnectorRegistry,
} from '@meridian/api';
import { ProviderRateLimiter } from './provider-rate-limiter.js';
import { syncBackoffDelay } from './sync-backoff.js';

/** Injection token of the sync worker's shared ProviderRateLimiter. */
export const PROVIDER_RATE_LIMITER = Symbol('PROVIDER_RATE_LIMITER');

export interface SyncAttempt {
  /** 1 for the job's first try. */
  attempt: number;
  isFinalAttempt: boolean;
  /** Worker shutdown: stop calling the provider; the job is retried from the saved cursor. */
  signal: AbortSignal;
  updateProgress(progress: { pages: number; records: number }): Promise<void>;
}

export type SyncAttemptOutcome = 'SUCCEEDED' | 'PARTIAL' | 'CANCELLED' | 'NOTHING_TO_DO';

interface RunRef {
  organizationId: string;
  syncRunId: string;
  connectionId: string;
  startedAt: Date;
}

/**
 * Now, but never before the run's start: another worker (another machine, its clock ahead) may
 * have started it, and sync_runs_timings_check refuses a finish before the start.
 */
function finishTime(ref: RunRef): Date {
  return new Date(Math.max(Date.now(), ref.startedAt.getTime()));
}

/** Why a run failed, in the run's and the connection's error columns. */
interface Failure {
  code: string;
  message: string;
}

/**
 * One attempt of one sync run: pages from the connection's last committed cursor, each written
 * with its cursor by SyncPageWriter, so a crashed or retried attempt resumes where the last one
 * stopped and writes nothing twice.
 *
 * Error handling (ConnectorError's classification decides):
 * - TEMPORARY, RATE_LIMITED: rethrown, BullMQ retries after the sync queue's backoff (Retry-After
 *   when given). Between attempts the run stays RUNNING (QUEUED is refused once it has started:
 *   sync_runs_status_check) with error_code/error_message saying what failed and when it retries;
 *   after the last attempt it is FAILED.
 * - AUTH: FAILED, the connection needs re-authentication; no retry (UnrecoverableError).
 * - PERMANENT, and a DomainError (credentials that do not open, no connector): FAILED, no retry.
 * Anything else (database down, a bug) is retried like a temporary error.
 */
@Injectable()
export class SyncRunExecutor {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(CONNECTORS) private readonly connectors: ConnectorRegistry,
    @Inject(SyncPageWriter) private readonly writer: SyncPageWriter,
    @Inject(PROVIDER_RATE_LIMITER) private readonly limiter: ProviderRateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(organizationId: string, syncRunId: string, attempt: SyncAttempt): Promise<SyncAttemptOutcome> {
    const run = await this.prisma.syncRun.findUnique({
      where: { organizationId_id: { organizationId, id: syncRunId } },
      select: { id: true, connectionId: true, status: true, startedAt: true },
    });
    // Finished or cancelled meanwhile (a duplicate job, a cancel before the job started).
    if (!run || (run.status !== 'QUEUED' && run.status !== 'RUNNING')) return 'NOTHING_TO_DO';
    // A resumed run keeps the start of its first attempt.
    const startedAt = run.startedAt ?? new Date();
    const started = await this.prisma.syncRun.updateMany({
      where: { organizationId, id: syncRunId, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'RUNNING', startedAt, attempt: attempt.attempt },
    });
    if (started.count === 0) return 'NOTHING_TO_DO';
    const ref: RunRef = { organizationId, syncRunId, connectionId: run.connectionId, startedAt };

    try {
      const connection = await this.prisma.connection.findUniqueOrThrow({
        where: { organizationId_id: { organizationId, id: run.connectionId } },
        select: { id: true, service: true, syncCursor: true, credentialsCiphertext: true, credentialsKeyId: true },
      });
      const connector = connection.service ? this.connectors.get(connection.service) : undefined;
      if (!connection.service || !connector) {
        throw new DomainError(
          ErrorCode.CONFLICT,
          `Connections to ${connection.service ?? 'file sources'} cannot be synced`,
        );
      }
      if (!connection.credentialsCiphertext || !connection.credentialsKeyId) {
        throw new DomainError(ErrorCode.CONFLICT, 'The connection has no credentials; link it again');
      }
      const credentials = this.vault.open(connection.id, {
        ciphertext: new Uint8Array(connection.credentialsCiphertext),
        keyId: connection.credentialsKeyId,
      });

      // The connection's cursor, not the run's cursorBefore: after a crash or a failed attempt
      // it is where the last committed page left off.
      let cursor = connection.syncCursor;
      let pages = 0;
      let records = 0;
      for (;;) {
        if (attempt.signal.aborted) throw new Error('The worker is shutting down');
        await this.limiter.acquire(connection.service, attempt.signal);
        const page = await connector.fetchPage(credentials, cursor, { signal: attempt.signal });
        const { written } = await this.writer.writePage(ref, page);
        if (!written) return 'CANCELLED';
        pages += 1;
        records += page.records.length + page.removed.length + page.recordErrors.length;
        await attempt.updateProgress({ pages, records });
        if (!page.hasMore) break;
        cursor = page.nextCursor;
      }
      return await this.finish(ref);
    } catch (error) {
      throw await this.handleFailure(ref, error, attempt);
    }
  }

  private async finish(ref: RunRef) {
    const { organizationId, syncRunId, connectionId } = ref;
    return this.prisma.$transaction(async (tx) => {
      const run = await tx.syncRun.findUniqueOrThrow({
        where: { organizationId_id: { organizationId, id: syncRunId } },
        select: { failedCount: true },
      });
      const status = run.failedCount > 0 ? 'PARTIAL' : 'SUCCEEDED';
      const now = finishTime(ref);
      const { count } = await tx.syncRun.updateMany({
        where: { organizationId, id: syncRunId, status: 'RUNNING' },
        data: { status, finishedAt: now, errorCode: null, errorMessage: null },
      });
      if (count === 0) return 'CANCELLED' as const;
      await tx.connection.update({
        where: { organizationId_id: { organizationId, id: connectionId } },
        data: { status: 'SUCCESS', lastSyncedAt: now, lastError: null, needsReauthSince: null },
      });
      return status;
    });
  }

  /** Records the failure on the run (and connection) and returns what the job should throw. */
  private async handleFailure(ref: RunRef, error: unknown, attempt: SyncAttempt): Promise<unknown> {
    // Shutdown: leave the run RUNNING; the job's next attempt resumes it from the saved cursor.
    if (attempt.signal.aborted) return error;
    const failure = describeFailure(error);
    const retryable = isConnectorError(error) ? error.retryable : !(error instanceof DomainError);
    if (retryable && !attempt.isFinalAttempt) {
      const retryAt = new Date(Date.now() + syncBackoffDelay(attempt.attempt, error));
      await this.prisma.syncRun.updateMany({
        where: { organizationId: ref.organizationId, id: ref.syncRunId, status: 'RUNNING' },
        data: {
          errorCode: failure.code,
          errorMessage: `${failure.message} (attempt ${attempt.attempt} failed; retrying at ${retryAt.toISOString()})`,
        },
      });
      this.logger.warn(
        { syncRunId: ref.syncRunId, attempt: attempt.attempt, code: failure.code, ...unexpected(error) },
        'sync attempt failed',
      );
      return error;
    }
    const needsReauth = isConnectorError(error) && error.classification === 'AUTH';
    await this.fail(ref, failure, needsReauth);
    this.logger.warn(
      { syncRunId: ref.syncRunId, code: failure.code, needsReauth, ...unexpected(error) },
      'sync run failed',
    );
    return retryable ? error : new UnrecoverableError(`${failure.code}: ${failure.message}`);
  }

  private async fail(ref: RunRef, failure: Failure, needsReauth: boolean): Promise<void> {
    const { organizationId, syncRunId, connectionId } = ref;
    const now = finishTime(ref);
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.syncRun.updateMany({
        where: { organizationId, id: syncRunId, status: 'RUNNING' },
        data: { status: 'FAILED', finishedAt: now, errorCode: failure.code, errorMessage: failure.message },
      });
      if (count === 0) return; // cancelled meanwhile: the cancel stands
      await tx.connection.update({
        where: { organizationId_id: { organizationId, id: connectionId } },
        data: {
          status: 'FAILED',
          lastError: `${failure.code}: ${failure.message}`,
          ...(needsReauth ? { needsReauthSince: now } : {}),
        },
      });
    });
  }
}

function describeFailure(error: unknown): Failure {
  if (isConnectorError(error)) return { code: error.code, message: connectorMessage(error) };
  if (error instanceof DomainError) return { code: error.code, message: error.message };
  // An unexpected error's message may say anything (a SQL statement, a stack): keep it generic.
  return { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.name : 'Unexpected error' };
}

/** The whole error for the log when it is neither a connector's nor a domain error (those are described). */
function unexpected(error: unknown): { err?: unknown } {
  return isConnectorError(error) || error instanceof DomainError ? {} : { err: error };
}

function connectorMessage(error: ConnectorError): string {
  return error.operation ? `${error.operation}: ${error.message}` : error.message;
}

import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { fetchPages, isConnectorError, type ConnectorError } from '@meridian/connectors';
import { DomainError, ErrorCode } from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { CredentialVault } from '../../../infra/secrets/credential-vault.js';
import { CONNECTORS, type ConnectorRegistry } from '../providers/index.js';
import { SyncPageWriter } from './page-writer/sync-page-writer.js';
import { ProviderRateLimiter } from './provider-rate-limiter.js';
import { syncBackoffDelay } from './sync-backoff.js';
import { SyncRunLifecycle, type RunFailure, type StartedRun } from './sync-run-lifecycle.service.js';

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
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(CONNECTORS) private readonly connectors: ConnectorRegistry,
    @Inject(SyncPageWriter) private readonly writer: SyncPageWriter,
    @Inject(PROVIDER_RATE_LIMITER) private readonly limiter: ProviderRateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  execute(organizationId: string, syncRunId: string, attempt: SyncAttempt): Promise<SyncAttemptOutcome> {
    return inOrganization(organizationId, () => this.attempt(organizationId, syncRunId, attempt));
  }

  private async attempt(organizationId: string, syncRunId: string, attempt: SyncAttempt): Promise<SyncAttemptOutcome> {
    const run = await this.lifecycle.start(organizationId, syncRunId, attempt.attempt);
    // Finished or cancelled meanwhile (a duplicate job, a cancel before the job started).
    if (!run) return 'NOTHING_TO_DO';
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

      // From the connection's cursor, not the run's cursorBefore: after a crash or a failed attempt
      // it is where the last committed page left off. Each page is written (with its cursor)
      // while the next one is fetched: the provider's latency overlaps the database's.
      const service = connection.service;
      const pages = fetchPages(connector, credentials, connection.syncCursor, {
        signal: attempt.signal,
        beforeFetch: (signal) => this.limiter.acquire(service, signal),
      });
      let written = 0;
      let records = 0;
      for await (const page of pages) {
        if (attempt.signal.aborted) throw new Error('The worker is shutting down');
        if (!(await this.writer.writePage(run, page)).written) return 'CANCELLED';
        written += 1;
        records += page.records.length + page.removed.length + page.recordErrors.length;
        await attempt.updateProgress({ pages: written, records });
      }
      return await this.lifecycle.finish(run);
    } catch (error) {
      throw await this.handleFailure(run, error, attempt);
    }
  }

  /** Records the failure on the run (and connection) and returns what the job should throw. */
  private async handleFailure(run: StartedRun, error: unknown, attempt: SyncAttempt): Promise<unknown> {
    // Shutdown: leave the run RUNNING; the job's next attempt resumes it from the saved cursor.
    if (attempt.signal.aborted) return error;
    const failure = describeFailure(error);
    const retryable = isConnectorError(error) ? error.retryable : !(error instanceof DomainError);
    if (retryable && !attempt.isFinalAttempt) {
      const retryAt = new Date(Date.now() + syncBackoffDelay(attempt.attempt, error));
      await this.lifecycle.noteRetry(run, failure, attempt.attempt, retryAt);
      this.logger.warn(
        { syncRunId: run.syncRunId, attempt: attempt.attempt, code: failure.code, ...unexpected(error) },
        'sync attempt failed',
      );
      return error;
    }
    const needsReauth = isConnectorError(error) && error.classification === 'AUTH';
    await this.lifecycle.fail(run, failure, { needsReauth });
    this.logger.warn(
      { syncRunId: run.syncRunId, code: failure.code, needsReauth, ...unexpected(error) },
      'sync run failed',
    );
    return retryable ? error : new UnrecoverableError(`${failure.code}: ${failure.message}`);
  }
}

function describeFailure(error: unknown): RunFailure {
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

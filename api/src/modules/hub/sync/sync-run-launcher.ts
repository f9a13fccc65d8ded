import { Inject, Injectable } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import {
  DomainError,
  ErrorCode,
  jobIdFor,
  PlacementMessage,
  type IntegrationService,
  type SyncTrigger,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { LOGGER } from '../../../common/logging/logger.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { CONNECTORS, type ConnectorRegistry } from '../providers/index.js';
import { SyncRunLifecycle } from './sync-run-lifecycle.service.js';

/**
 * Job options of every `sync.run`: SYNC_MAX_ATTEMPTS attempts, spaced by the sync worker's own
 * backoff strategy (`custom`: Retry-After when the provider sent one, exponential otherwise).
 */
export function syncRunJobOptions(config: Pick<AppConfig, 'SYNC_MAX_ATTEMPTS'>): JobsOptions {
  return { attempts: config.SYNC_MAX_ATTEMPTS, backoff: { type: 'custom' } };
}

/** Queues sync runs (one QUEUED or RUNNING run per connection at a time) and cancels them. */
@Injectable()
export class SyncRunLauncher {
  constructor(
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(CONNECTORS) private readonly connectors: ConnectorRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Whether a connection of this service can be run at all: a provider this deployment has a
   * connector for. A file connection (no service) is run by its imports, never queued.
   */
  canRun(service: IntegrationService | null): boolean {
    return service !== null && this.connectors.has(service);
  }

  /**
   * Queues a run of the connection unless one is already QUEUED or RUNNING, in which case that
   * run is returned with `created: false`. The run row is committed before its job is enqueued; a
   * lost enqueue is picked up by `sync.sweep-queued`.
   */
  async requestRun(
    organizationId: string,
    connectionId: string,
    trigger: SyncTrigger,
  ): Promise<{ syncRunId: string; created: boolean }> {
    const result = await this.lifecycle.queue(organizationId, connectionId, trigger, (connection) => {
      if (!this.canRun(connection.service)) {
        throw new DomainError(
          ErrorCode.CONFLICT,
          connection.service
            ? `Connections to ${connection.service} cannot be synced yet`
            : 'A file connection runs when a file is imported: upload it under Imports, or drop it in an import folder',
        );
      }
      // INITIAL comes right after a (re)link, which is what clears the re-authentication flag.
      if (connection.needsReauthSince && trigger !== 'INITIAL') {
        throw new DomainError(
          ErrorCode.CONFLICT,
          'The connection needs to be re-authenticated before it can sync; link it again',
        );
      }
      // A new bank's accounts would be created on a guessed owner, or beside the manual ones they
      // are. (A bank that synced before keeps syncing while an account it opened since waits.)
      if (connection.placementPendingSince && connection.syncCursor === null) {
        throw new DomainError(ErrorCode.CONFLICT, PlacementMessage.pending);
      }
      if (!connection.credentialsCiphertext) {
        throw new DomainError(ErrorCode.CONFLICT, 'The connection has no credentials yet; link it first');
      }
    });
    if (result.created) await this.enqueueRun(organizationId, result.syncRunId);
    return result;
  }

  /**
   * Hands a QUEUED run to the workers. Never throws: when Redis is down the run stays QUEUED and
   * `sync.sweep-queued` enqueues it later (the fixed job id keeps it to one job).
   */
  async enqueueRun(organizationId: string, syncRunId: string): Promise<boolean> {
    try {
      await this.queues.enqueue('sync.run', { organizationId, syncRunId }, syncRunJobOptions(this.config));
      return true;
    } catch (error) {
      this.logger.warn({ err: error, syncRunId }, 'sync run not enqueued; the sweep will enqueue it');
      return false;
    }
  }

  /**
   * Cancels a QUEUED or RUNNING run: CANCELLED at once; a worker running it writes no further page.
   * False when the run is not active (already finished).
   */
  async cancelRun(organizationId: string, syncRunId: string): Promise<boolean> {
    if (!(await this.lifecycle.cancel(organizationId, syncRunId))) return false;
    // A waiting or delayed (between retries) job goes at once; an active one is locked and stays:
    // its worker stops at the next page (the page writer refuses a run that is not RUNNING).
    try {
      await this.queues.queue('sync').remove(jobIdFor('sync.run', { organizationId, syncRunId }));
    } catch (error) {
      this.logger.warn(
        { err: error, syncRunId },
        'job of the cancelled sync run not removed; it will find the run cancelled',
      );
    }
    return true;
  }
}

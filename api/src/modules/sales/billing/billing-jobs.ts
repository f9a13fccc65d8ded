import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { jobDefinitions, jobIdFor } from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { QueueService } from '../../../infra/queue/queue.service.js';

/**
 * Hands billing work to the worker, after the transaction that made it has committed. A Redis
 * failure is logged, not thrown: the rows say what is left to do, and `billing.sweep-pending`
 * finds PENDING services without a job; a provider event waits with applied_at null.
 */
@Injectable()
export class BillingJobs {
  constructor(
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** One set-up job per PENDING service (its fixed job id collapses a second enqueue). */
  async enqueueSetUp(organizationId: string, householdServiceIds: readonly string[]): Promise<void> {
    for (const householdServiceId of householdServiceIds) {
      try {
        await this.queues.enqueue('billing.set-up-service', { organizationId, householdServiceId });
      } catch (error) {
        this.logger.warn(
          { err: error, householdServiceId },
          'billing set-up not enqueued; the billing sweep will pick the service up',
        );
      }
    }
  }

  /**
   * A retried set-up: the service's earlier job (completed, or failed for good) is removed first, as
   * its fixed id would swallow the new one; a job still queued or running is left to do the work.
   */
  async restartSetUp(organizationId: string, householdServiceId: string): Promise<void> {
    const payload = { organizationId, householdServiceId };
    try {
      const queue = this.queues.queue(jobDefinitions['billing.set-up-service'].queue);
      const jobId = jobIdFor('billing.set-up-service', payload);
      const state = await queue.getJobState(jobId);
      if (state === 'completed' || state === 'failed') await queue.remove(jobId);
      await this.queues.enqueue('billing.set-up-service', payload);
    } catch (error) {
      this.logger.warn(
        { err: error, householdServiceId },
        'billing retry not enqueued; the billing sweep will pick it up',
      );
    }
  }

  /** Applies a stored provider event (a webhook received and recorded). */
  async enqueueApplyEvent(organizationId: string, connectionId: string, externalEventId: string): Promise<void> {
    try {
      await this.queues.enqueue('billing.apply-provider-event', { organizationId, connectionId, externalEventId });
    } catch (error) {
      this.logger.warn(
        { err: error, connectionId, externalEventId },
        'provider event not enqueued; the billing sweep will apply it',
      );
    }
  }
}

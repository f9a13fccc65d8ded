import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logger.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../infra/queue/queue.service.js';

/** How long a PENDING service or an unapplied event may wait for its own job before the sweep enqueues it. */
export const BILLING_SWEEP_GRACE_MS = 60_000;
export const BILLING_SWEEP_EVERY_MS = 60_000;
/** Rows handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Repairs billing work whose job is gone (Redis down at enqueue, a flushed queue): PENDING
 * services and provider events not applied yet are enqueued again (`requeue` leaves a live job
 * alone; a job failed for good is left for a person: the service says why it failed).
 */
@Injectable()
export class BillingSweeper {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sweep(now = new Date()): Promise<void> {
    const before = new Date(now.getTime() - BILLING_SWEEP_GRACE_MS);
    const pending = await this.prisma.householdService.findMany({
      where: { billingStatus: 'PENDING', connectionId: { not: null }, updatedAt: { lt: before } },
      orderBy: { updatedAt: 'asc' },
      take: SWEEP_BATCH,
      select: { id: true, organizationId: true },
    });
    for (const service of pending) {
      const result = await this.queues.requeue('billing.set-up-service', {
        organizationId: service.organizationId,
        householdServiceId: service.id,
      });
      if (result.outcome === 'requeued') {
        this.logger.info({ householdServiceId: service.id }, 'pending billing set-up re-enqueued by the sweep');
      }
    }
    const events = await this.prisma.providerEvent.findMany({
      where: { appliedAt: null, receivedAt: { lt: before } },
      orderBy: { receivedAt: 'asc' },
      take: SWEEP_BATCH,
      select: { organizationId: true, connectionId: true, externalEventId: true },
    });
    for (const event of events) {
      const result = await this.queues.requeue('billing.apply-provider-event', event);
      if (result.outcome === 'requeued') {
        this.logger.info({ externalEventId: event.externalEventId }, 'provider event re-enqueued by the sweep');
      }
    }
  }
}

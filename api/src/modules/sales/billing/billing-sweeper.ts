import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logger.js';
import { BillingMessage } from '@meridian/domain';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { HouseholdServicesWriter } from './household-services.writer.js';
import { QueueService } from '../../../infra/queue/queue.service.js';

/** How long a PENDING service or an unapplied event may wait for its own job before the sweep enqueues it. */
export const BILLING_SWEEP_GRACE_MS = 60_000;
export const BILLING_SWEEP_EVERY_MS = 60_000;
/** Rows handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Repairs billing work whose job is gone (Redis down at enqueue, a flushed queue): PENDING
 * services and provider events not applied yet are enqueued again (`requeue` leaves a live job
 * alone; a service whose job failed for good is FAILED, for a person to retry).
 */
@Injectable()
export class BillingSweeper {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(TENANT_PRISMA) private readonly tenant: TenantPrismaClient,
    @Inject(HouseholdServicesWriter) private readonly services: HouseholdServicesWriter,
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
      // Its job gave up (errors on every attempt that were not Stripe's): FAILED, for a person to retry.
      if (result.outcome === 'failed') {
        await inOrganization(service.organizationId, () =>
          this.tenant.$transaction((tx) =>
            this.services.updateBilling(writeScope(tx, { actor: { kind: 'SYSTEM' } }), service.id, {
              billingStatus: 'FAILED',
              billingError: BillingMessage.setUpStopped,
            }),
          ),
        );
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

import { Inject, Injectable } from '@nestjs/common';
import { ProviderEventsApplier } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** Applies one stored provider event (a webhook) to its invoices and service, once. */
@Injectable()
export class ApplyProviderEventJob implements JobHandler<'billing.apply-provider-event'> {
  readonly jobName = 'billing.apply-provider-event' as const;

  constructor(@Inject(ProviderEventsApplier) private readonly applier: ProviderEventsApplier) {}

  async handle({
    organizationId,
    connectionId,
    externalEventId,
  }: JobPayload<'billing.apply-provider-event'>): Promise<void> {
    await this.applier.apply(organizationId, connectionId, externalEventId);
  }
}

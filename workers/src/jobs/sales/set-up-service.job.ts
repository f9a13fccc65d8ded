import { Inject, Injectable } from '@nestjs/common';
import { BillingSetUpService } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobContext, JobHandler } from '../../job-registry.js';

/** One attempt at setting a service up at the payment provider; retries are BullMQ's (a 429 or 5xx rethrown). */
@Injectable()
export class SetUpServiceBillingJob implements JobHandler<'billing.set-up-service'> {
  readonly jobName = 'billing.set-up-service' as const;

  constructor(@Inject(BillingSetUpService) private readonly billing: BillingSetUpService) {}

  async handle(
    { organizationId, householdServiceId }: JobPayload<'billing.set-up-service'>,
    context: JobContext,
  ): Promise<void> {
    await this.billing.setUp(organizationId, householdServiceId, { isFinalAttempt: context.isFinalAttempt });
  }
}

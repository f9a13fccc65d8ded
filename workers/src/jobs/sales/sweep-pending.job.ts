import { Inject, Injectable } from '@nestjs/common';
import { BillingSweeper } from '@meridian/api';
import type { JobHandler } from '../../job-registry.js';

/** Scheduled: PENDING services and unapplied provider events whose job is gone are enqueued again (see BillingSweeper). */
@Injectable()
export class SweepPendingBillingJob implements JobHandler<'billing.sweep-pending'> {
  readonly jobName = 'billing.sweep-pending' as const;

  constructor(@Inject(BillingSweeper) private readonly sweeper: BillingSweeper) {}

  async handle(): Promise<void> {
    await this.sweeper.sweep();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { OutboxRepository, QueueService } from '@meridian/api';
import type { JobHandler } from '../../job-registry.js';

/** How long a pending row may wait for its own job before the sweep re-enqueues it. */
export const OUTBOX_GRACE_MS = 60_000;
export const OUTBOX_SWEEP_EVERY_MS = 5 * 60_000;

@Injectable()
export class SweepOutboxJob implements JobHandler<'email.sweep-outbox'> {
  readonly jobName = 'email.sweep-outbox' as const;

  constructor(
    @Inject(OutboxRepository) private readonly outbox: OutboxRepository,
    @Inject(QueueService) private readonly queues: QueueService,
  ) {}

  async handle(): Promise<void> {
    const ids = await this.outbox.findPendingIds(new Date(Date.now() - OUTBOX_GRACE_MS));
    // Fixed job ids: a row whose job is still queued is not enqueued twice.
    for (const outboxEmailId of ids) await this.queues.enqueue('email.deliver', { outboxEmailId });
  }
}

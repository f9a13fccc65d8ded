import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { EmailThreadsUpdate, EmailThreadsUpdateRefused } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/**
 * Reads a mailbox's threads with some addresses and keeps them (`EmailThreadsUpdate`). A refusal
 * that cannot pass (the connection gone, its login expired, Nylas refusing for good) is discarded;
 * Nylas unreachable or rate-limiting is retried by the queue.
 */
@Injectable()
export class UpdateEmailThreadsJob implements JobHandler<'comms.update-email-threads'> {
  readonly jobName = 'comms.update-email-threads' as const;

  constructor(@Inject(EmailThreadsUpdate) private readonly update: EmailThreadsUpdate) {}

  async handle(payload: JobPayload<'comms.update-email-threads'>): Promise<void> {
    try {
      await this.update.run(payload);
    } catch (error) {
      if (error instanceof EmailThreadsUpdateRefused) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}

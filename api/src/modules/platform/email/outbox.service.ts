import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { newId, EntityType } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { LOGGER } from '../../../common/logging/logger.js';

export interface OutgoingEmail {
  organizationId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Any client that can write an outbox row: the system client's transaction, or the tenant client's. */
export interface OutboxWriter {
  outboxEmail: { create(args: { data: Prisma.OutboxEmailUncheckedCreateInput }): Promise<unknown> };
}

/**
 * "User e-mail sending": a message is first written to the outbox inside the caller's transaction,
 * then handed to the e-mail queue once that transaction has committed. The worker also sweeps
 * pending rows, so a crash between the two steps delays a message but never loses it.
 */
@Injectable()
export class OutboxService {
  constructor(
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Writes the message inside `tx`; call `dispatch` with the returned id after commit. */
  async write(tx: OutboxWriter, email: OutgoingEmail): Promise<string> {
    const id = newId(EntityType.outboxEmail);
    await tx.outboxEmail.create({
      data: {
        id,
        organizationId: email.organizationId,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
      },
    });
    return id;
  }

  /** Enqueues delivery; a Redis failure is logged, not thrown: the worker's sweep picks the row up later. */
  async dispatch(outboxEmailId: string): Promise<void> {
    try {
      await this.queues.enqueue('email.deliver', { outboxEmailId });
    } catch (error) {
      this.logger.warn(
        { err: error, outboxEmailId },
        'e-mail queued in the outbox only; the worker sweep will deliver it',
      );
    }
  }
}

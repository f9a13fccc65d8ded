import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { newId, EntityType } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { LOGGER } from '../../../common/logging/logger.js';

/** A file sent with an e-mail (a calendar invite): text content, kept in the outbox row. */
export interface EmailAttachment {
  filename: string;
  /** The MIME type, with its parameters (`text/calendar; charset=utf-8; method=REQUEST`). */
  contentType: string;
  content: string;
}

export interface OutgoingEmail {
  organizationId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it; delivered as attachments by the worker. */
  attachments?: readonly EmailAttachment[];
  /**
   * For an e-mail that must go once only, whoever writes it (two workers running the same daily
   * job): a second write with the same key in the organization writes nothing.
   */
  dedupeKey?: string;
}

/** Any client that can write an outbox row: the system client's transaction, or the tenant client's. */
export interface OutboxWriter {
  outboxEmail: {
    create(args: { data: Prisma.OutboxEmailUncheckedCreateInput }): Promise<unknown>;
    createMany(args: { data: Prisma.OutboxEmailCreateManyInput[]; skipDuplicates?: boolean }): Promise<{
      count: number;
    }>;
  };
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

  /**
   * Writes the message inside `tx`; call `dispatch` with the returned id after commit. With a
   * `dedupeKey` already written (by this transaction or a committed one) it writes nothing and
   * answers null; a concurrent writer of the same key waits for the first to commit or roll back.
   */
  async write(tx: OutboxWriter, email: OutgoingEmail & { dedupeKey: string }): Promise<string | null>;
  async write(tx: OutboxWriter, email: OutgoingEmail): Promise<string>;
  async write(tx: OutboxWriter, email: OutgoingEmail): Promise<string | null> {
    const id = newId(EntityType.outboxEmail);
    const data = {
      id,
      organizationId: email.organizationId,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      ...(email.attachments?.length ? { attachments: email.attachments.map((file) => ({ ...file })) } : {}),
    };
    if (email.dedupeKey === undefined) {
      await tx.outboxEmail.create({ data });
      return id;
    }
    // ON CONFLICT DO NOTHING on (organization_id, dedupe_key): no error, so the transaction goes on.
    const { count } = await tx.outboxEmail.createMany({
      data: [{ ...data, dedupeKey: email.dedupeKey }],
      skipDuplicates: true,
    });
    return count === 1 ? id : null;
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

import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { InvitationDeliveryMethod } from '@meridian/domain';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { LOGGER } from '../../../common/logging/logger.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { CredentialVault } from '../../../infra/secrets/credential-vault.js';
import { OutboxService } from '../email/index.js';

/** A new invitation's message, worded by its kind (the issuer's caller); delivery only carries it. */
export interface InvitationMessage {
  id: string;
  organizationId: string;
  method: InvitationDeliveryMethod;
  email: string;
  /** E.164, for SMS. */
  phone?: string;
  emailContent: { subject: string; text: string };
  /** The SMS text; only the kinds that can be sent by SMS word one. */
  smsText?: string;
}

/** The delivery columns an invitation is created with (spread into its `create`). */
export interface InvitationDeliveryFields {
  status: 'CREATED' | 'ISSUED';
  phone: string | null;
  outboxEmailId: string | null;
  deliveryStatus: 'PENDING' | null;
  sealedMessage: Uint8Array<ArrayBuffer> | null;
  sealedMessageKeyId: string | null;
}

/** Which invitation a delivery outcome belongs to: by id (SMS) or by the e-mail that carried it. */
export type DeliveredInvitation = { invitationId: string } | { outboxEmailId: string };

/** How long an SMS waits for its own job before the sweep hands it over again. */
export const UNSENT_SMS_GRACE_MS = 60_000;

/** The sealing's associated data names the invitation: a sealed text moved to another row does not open. */
const sealId = (invitationId: string) => `invitation-message:${invitationId}`;

/**
 * How an invitation reaches its invitee, and what the invitation says of it.
 *
 * - LINK: nothing to deliver; ISSUED at once (the link is in the answer).
 * - EMAIL: an outbox e-mail written in the creating transaction, delivered (and retried) by the
 *   worker's `email.deliver`, which reports each try here.
 * - SMS: the text, holding the accept link, sealed with the credentials keys on the invitation;
 *   the worker's `invitations.send-sms` opens it, sends it, reports here, and the text is cleared
 *   once sent or given up.
 *
 * An EMAIL or SMS invitation is CREATED with its delivery PENDING and becomes ISSUED when its
 * message is taken by the mail server or the SMS provider. A failed try leaves the reason in words
 * (RETRYING while tries remain); a refusal (an invalid number) or the last failed try makes it
 * FAILED, and Resend is the way out.
 */
@Injectable()
export class InvitationDeliveryService {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Writes the message inside the creating transaction; answers the invitation's delivery columns. */
  async prepare(tx: TenantTransaction, message: InvitationMessage): Promise<InvitationDeliveryFields> {
    const none = { phone: null, outboxEmailId: null, sealedMessage: null, sealedMessageKeyId: null };
    if (message.method === 'LINK') return { ...none, status: 'ISSUED', deliveryStatus: null };
    if (message.method === 'EMAIL') {
      const outboxEmailId = await this.outbox.write(tx, {
        organizationId: message.organizationId,
        to: message.email,
        ...message.emailContent,
      });
      return { ...none, status: 'CREATED', deliveryStatus: 'PENDING', outboxEmailId };
    }
    if (message.smsText === undefined) throw new Error(`Invitation ${message.id} is sent by SMS but has no SMS text`);
    const sealed = this.vault.seal(sealId(message.id), message.smsText);
    return {
      ...none,
      status: 'CREATED',
      deliveryStatus: 'PENDING',
      phone: message.phone ?? null,
      sealedMessage: sealed.ciphertext as Uint8Array<ArrayBuffer>,
      sealedMessageKeyId: sealed.keyId,
    };
  }

  /**
   * Hands the new invitations' messages to the worker, after their transaction has committed. A
   * Redis failure is logged, not thrown: the outbox sweep, or the unsent-SMS sweep, catches up.
   */
  async dispatch(
    invitations: ReadonlyArray<{ id: string; organizationId: string; method: string; outboxEmailId: string | null }>,
  ): Promise<void> {
    for (const invitation of invitations) {
      if (invitation.outboxEmailId) await this.outbox.dispatch(invitation.outboxEmailId);
      else if (invitation.method === 'SMS') await this.enqueueSms(invitation.organizationId, invitation.id);
    }
  }

  private async enqueueSms(organizationId: string, invitationId: string): Promise<void> {
    try {
      await this.enqueueSmsJob(organizationId, invitationId);
    } catch (error) {
      this.logger.warn({ err: error, invitationId }, 'SMS invitation not queued; the worker sweep will send it');
    }
  }

  /** The SMS to send for an invitation, or undefined when there is none (sent, given up, cancelled). */
  async smsToSend(invitationId: string): Promise<{ to: string; body: string } | undefined> {
    const row = await this.prisma.invitation.findUnique({
      where: { id: invitationId },
      select: {
        status: true,
        method: true,
        phone: true,
        deliveryStatus: true,
        sealedMessage: true,
        sealedMessageKeyId: true,
      },
    });
    if (!row || row.method !== 'SMS' || row.status !== 'CREATED' || !row.phone) return undefined;
    if (row.deliveryStatus !== 'PENDING' && row.deliveryStatus !== 'RETRYING') return undefined;
    if (!row.sealedMessage || !row.sealedMessageKeyId) return undefined;
    const body = this.vault.open<string>(sealId(invitationId), {
      ciphertext: row.sealedMessage,
      keyId: row.sealedMessageKeyId,
    });
    return { to: row.phone, body };
  }

  /** The message was taken: SENT, and a CREATED invitation becomes ISSUED. */
  async recordSent(which: DeliveredInvitation): Promise<void> {
    const where = this.whereOf(which);
    const now = new Date();
    await this.prisma.$transaction([
      this.prisma.invitation.updateMany({
        where: { ...where, deliveryStatus: { in: ['PENDING', 'RETRYING'] } },
        data: {
          deliveryStatus: 'SENT',
          deliveryAttempts: { increment: 1 },
          deliveryError: null,
          deliveredAt: now,
          sealedMessage: null,
          sealedMessageKeyId: null,
        },
      }),
      // A cancelled or superseded invitation keeps its status; its delivery is still recorded.
      this.prisma.invitation.updateMany({ where: { ...where, status: 'CREATED' }, data: { status: 'ISSUED' } }),
    ]);
  }

  /** A try failed; `final` (a refusal, or the last try) gives up: FAILED, and the sealed text is cleared. */
  async recordFailure(which: DeliveredInvitation, reason: string, final: boolean): Promise<void> {
    await this.prisma.invitation.updateMany({
      where: { ...this.whereOf(which), deliveryStatus: { in: ['PENDING', 'RETRYING'] } },
      data: {
        deliveryStatus: final ? 'FAILED' : 'RETRYING',
        deliveryAttempts: { increment: 1 },
        deliveryError: reason.slice(0, 2000),
        ...(final ? { sealedMessage: null, sealedMessageKeyId: null } : {}),
      },
    });
  }

  /**
   * Hands unsent SMS invitations whose job was lost to a new one: PENDING ones past the grace
   * period (a crash or Redis down at enqueue), and RETRYING ones past the grace period and the
   * longest backoff (the retry's job gone with Redis). A job still queued under the fixed id is left
   * alone, so nothing is sent twice; a job that failed without recording it (a worker lost mid-try,
   * then stalled for good) makes the delivery FAILED with that reason, and Resend is the way out.
   * The new job has only the tries the invitation has left.
   */
  async requeueUnsentSms(now = new Date(), limit = 500): Promise<number> {
    const pendingBefore = new Date(now.getTime() - UNSENT_SMS_GRACE_MS);
    const longestBackoff = this.config.SMS_RETRY_DELAY_MS * 2 ** Math.max(0, this.config.SMS_MAX_ATTEMPTS - 1);
    const retryingBefore = new Date(pendingBefore.getTime() - longestBackoff);
    const rows = await this.prisma.invitation.findMany({
      where: {
        method: 'SMS',
        status: 'CREATED',
        OR: [
          { deliveryStatus: 'PENDING', createdAt: { lt: pendingBefore } },
          { deliveryStatus: 'RETRYING', updatedAt: { lt: retryingBefore } },
        ],
      },
      select: { id: true, organizationId: true, deliveryAttempts: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
    let requeued = 0;
    for (const row of rows) {
      const requeue = await this.queues.requeue(
        'invitations.send-sms',
        { organizationId: row.organizationId, invitationId: row.id },
        this.smsJobOptions(Math.max(1, this.config.SMS_MAX_ATTEMPTS - row.deliveryAttempts)),
      );
      if (requeue.outcome === 'failed') {
        const reason = requeue.reason ? `: ${requeue.reason}` : '';
        await this.recordFailure({ invitationId: row.id }, `The SMS could not be sent${reason}`, true);
      } else if (requeue.outcome === 'requeued') requeued += 1;
    }
    if (requeued > 0) this.logger.info({ requeued }, 'unsent SMS invitations handed to new jobs by the sweep');
    return requeued;
  }

  private enqueueSmsJob(organizationId: string, invitationId: string): Promise<string> {
    return this.queues.enqueue(
      'invitations.send-sms',
      { organizationId, invitationId },
      this.smsJobOptions(this.config.SMS_MAX_ATTEMPTS),
    );
  }

  private smsJobOptions(attempts: number) {
    return { attempts, backoff: { type: 'exponential', delay: this.config.SMS_RETRY_DELAY_MS } };
  }

  private whereOf(which: DeliveredInvitation) {
    return 'invitationId' in which ? { id: which.invitationId } : { outboxEmailId: which.outboxEmailId };
  }
}

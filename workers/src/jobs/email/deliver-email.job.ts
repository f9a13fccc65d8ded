import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, InvitationDeliveryService, OutboxRepository, type AppConfig } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobContext, JobHandler } from '../../job-registry.js';
import { MAIL_TRANSPORT } from '../../mail/mail.tokens.js';
import type { MailTransport } from '../../mail/mail-transport.js';

/**
 * Delivers one outbox e-mail. Already-sent rows are skipped, so a duplicate job sends nothing twice.
 * An invitation carried by the e-mail is told each outcome (its delivery, and ISSUED once sent).
 */
@Injectable()
export class DeliverEmailJob implements JobHandler<'email.deliver'> {
  readonly jobName = 'email.deliver' as const;

  constructor(
    @Inject(OutboxRepository) private readonly outbox: OutboxRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(InvitationDeliveryService) private readonly invitations: InvitationDeliveryService,
  ) {}

  async handle({ outboxEmailId }: JobPayload<'email.deliver'>, context: JobContext): Promise<void> {
    const email = await this.outbox.findForDelivery(outboxEmailId);
    if (!email || email.status !== 'PENDING') return;
    try {
      await this.transport.send(
        {
          from: this.config.MAIL_FROM,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          ...(email.htmlBody ? { html: email.htmlBody } : {}),
          ...(email.attachments.length > 0 ? { attachments: email.attachments } : {}),
        },
        email.id,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.outbox.recordFailure(email.id, reason, context.isFinalAttempt);
      await this.invitations.recordFailure({ outboxEmailId: email.id }, reason, context.isFinalAttempt);
      throw error;
    }
    await this.outbox.markSent(email.id);
    await this.invitations.recordSent({ outboxEmailId: email.id });
  }
}

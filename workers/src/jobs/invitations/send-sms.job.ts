import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { InvitationDeliveryService } from '@meridian/api';
import { isConnectorError } from '@meridian/connectors';
import type { JobPayload } from '@meridian/domain';
import type { JobContext, JobHandler } from '../../job-registry.js';
import { SMS_TRANSPORT, type SmsTransport } from '../../sms/sms-transport.js';

/**
 * Sends an SMS invitation. A failed try is recorded on the invitation with its reason and thrown
 * for BullMQ's backoff; a refusal that no retry can change (an invalid number, the account's
 * credentials) is recorded as FAILED and ends the job. An invitation already sent, given up or
 * cancelled is skipped, so a duplicate job sends nothing twice.
 */
@Injectable()
export class SendInvitationSmsJob implements JobHandler<'invitations.send-sms'> {
  readonly jobName = 'invitations.send-sms' as const;

  constructor(
    @Inject(InvitationDeliveryService) private readonly delivery: InvitationDeliveryService,
    @Inject(SMS_TRANSPORT) private readonly transport: SmsTransport,
  ) {}

  async handle({ invitationId }: JobPayload<'invitations.send-sms'>, context: JobContext): Promise<void> {
    const sms = await this.delivery.smsToSend(invitationId);
    if (!sms) return;
    try {
      await this.transport.send(sms, invitationId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = isConnectorError(error) && !error.retryable;
      await this.delivery.recordFailure({ invitationId }, reason, permanent || context.isFinalAttempt);
      throw permanent ? new UnrecoverableError(reason) : error;
    }
    await this.delivery.recordSent({ invitationId });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { InvitationDeliveryService } from '@meridian/api';
import type { JobHandler } from '../../job-registry.js';

export const UNSENT_SMS_SWEEP_EVERY_MS = 5 * 60_000;

/** Hands SMS invitations whose job was lost (a crash, Redis down at enqueue, a retry gone with Redis) to invitations.send-sms. */
@Injectable()
export class SweepUnsentInvitationsJob implements JobHandler<'invitations.sweep-unsent'> {
  readonly jobName = 'invitations.sweep-unsent' as const;

  constructor(@Inject(InvitationDeliveryService) private readonly delivery: InvitationDeliveryService) {}

  async handle(): Promise<void> {
    await this.delivery.requeueUnsentSms();
  }
}

import { Module } from '@nestjs/common';
import { EmailModule } from '../email/index.js';
import { InvitationDeliveryService } from './invitation-delivery.service.js';

/** Invitations' delivery without the routes: the API writes and dispatches, the worker sends and reports. */
@Module({
  imports: [EmailModule],
  providers: [InvitationDeliveryService],
  exports: [InvitationDeliveryService],
})
export class InvitationDeliveryModule {}

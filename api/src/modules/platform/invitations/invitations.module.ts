import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { EmailModule } from '../email/index.js';
import { InvitationDeliveryModule } from './invitation-delivery.module.js';
import { InvitationCodeThrottle } from './invitation-code-throttle.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsRepository } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';

@Module({
  imports: [AuthModule, EmailModule, InvitationDeliveryModule],
  controllers: [InvitationsController],
  providers: [InvitationsService, InvitationsRepository, InvitationCodeThrottle],
})
export class InvitationsModule {}

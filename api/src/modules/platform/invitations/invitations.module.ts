import { Module } from '@nestjs/common';
import { ContactsModule } from '../../crm/contacts/index.js';
import { AuthModule } from '../auth/index.js';
import { EmailModule } from '../email/index.js';
import { UsersModule } from '../users/index.js';
import { AdvisorInvitationsController } from './advisor-invitations.controller.js';
import { AdvisorInvitationsService } from './advisor-invitations.service.js';
import { ClientInvitationsController } from './client-invitations.controller.js';
import { ClientInvitationsService } from './client-invitations.service.js';
import { InvitationDeliveryModule } from './invitation-delivery.module.js';
import { InvitationCodeThrottle } from './invitation-code-throttle.js';
import { InvitationIssuer } from './invitation-issuer.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsRepository } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';
import { OrganizationInvitationsController } from './organization-invitations.controller.js';
import { OrganizationInvitationsService } from './organization-invitations.service.js';

@Module({
  imports: [AuthModule, EmailModule, UsersModule, ContactsModule, InvitationDeliveryModule],
  controllers: [
    InvitationsController,
    AdvisorInvitationsController,
    ClientInvitationsController,
    OrganizationInvitationsController,
  ],
  providers: [
    InvitationsService,
    InvitationsRepository,
    InvitationCodeThrottle,
    InvitationIssuer,
    AdvisorInvitationsService,
    ClientInvitationsService,
    OrganizationInvitationsService,
  ],
})
export class InvitationsModule {}

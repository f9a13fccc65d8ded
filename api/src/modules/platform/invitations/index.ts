export { InvitationsModule } from './invitations.module.js';
export { InvitationDeliveryModule } from './invitation-delivery.module.js';
export { InvitationDeliveryService, UNSENT_SMS_GRACE_MS } from './invitation-delivery.service.js';

export { InvitationsModule } from './invitations.module.js';

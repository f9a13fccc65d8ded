export { InvitationsPanel } from './invitations-panel';

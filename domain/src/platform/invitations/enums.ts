/** Enumerations of invitations (foundations §3). */

export const InvitationType = ['CLIENT', 'CREATE_ORG', 'SUBSCRIPTION', 'TEAM_MEMBER'] as const;
export type InvitationType = (typeof InvitationType)[number];

export const INVITATION_TYPE_LABELS: Readonly<Record<InvitationType, string>> = {
  CLIENT: 'Client',
  CREATE_ORG: 'New organization',
  SUBSCRIPTION: 'Subscription',
  TEAM_MEMBER: 'Team member',
};

/**
 * The kinds named by the acceptance calls (`/invitations/{kind}/{code}/accept`): the advisor kind
 * appears only there (foundations §3, §7). `create-org` is ours: the acceptance of a CREATE_ORG
 * invitation, which the spec names as a type but gives no call.
 */
export const InvitationAcceptanceKind = ['advisor', 'client', 'create-org', 'team-member'] as const;
export type InvitationAcceptanceKind = (typeof InvitationAcceptanceKind)[number];

export const INVITATION_ACCEPTANCE_KIND_LABELS: Readonly<Record<InvitationAcceptanceKind, string>> = {
  advisor: 'Advisor',
  client: 'Client',
  'create-org': 'New organization',
  'team-member': 'Team member',
};

/** The spec's type of the invitation each acceptance kind accepts (an advisor's is a TEAM_MEMBER one). */
export const INVITATION_TYPE_OF_KIND: Readonly<Record<InvitationAcceptanceKind, InvitationType>> = {
  advisor: 'TEAM_MEMBER',
  client: 'CLIENT',
  'create-org': 'CREATE_ORG',
  'team-member': 'TEAM_MEMBER',
};

export const InvitationDeliveryMethod = ['EMAIL', 'LINK', 'SMS'] as const;
export type InvitationDeliveryMethod = (typeof InvitationDeliveryMethod)[number];

export const INVITATION_DELIVERY_METHOD_LABELS: Readonly<Record<InvitationDeliveryMethod, string>> = {
  EMAIL: 'E-mail',
  LINK: 'Link',
  SMS: 'SMS',
};

export const InvitationStatus = ['ACCEPTED', 'CREATED', 'INVALIDATED', 'ISSUED'] as const;
export type InvitationStatus = (typeof InvitationStatus)[number];

export const INVITATION_STATUS_LABELS: Readonly<Record<InvitationStatus, string>> = {
  ACCEPTED: 'Accepted',
  CREATED: 'Created',
  INVALIDATED: 'Invalidated',
  ISSUED: 'Sent',
};

/** Why an INVALIDATED invitation stopped working (ours: the spec names no reasons). */
export const InvitationInvalidationReason = ['CANCELLED', 'EXPIRED', 'SUPERSEDED'] as const;
export type InvitationInvalidationReason = (typeof InvitationInvalidationReason)[number];

export const INVITATION_INVALIDATION_REASON_LABELS: Readonly<Record<InvitationInvalidationReason, string>> = {
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
  SUPERSEDED: 'Replaced by a newer invitation',
};

/**
 * How far an invitation's message (its e-mail or SMS) has got: waiting for its first try, failed
 * and waiting for another, handed to the mail server or SMS provider, or given up (with a reason).
 */
export const InvitationDeliveryStatus = ['PENDING', 'RETRYING', 'SENT', 'FAILED'] as const;
export type InvitationDeliveryStatus = (typeof InvitationDeliveryStatus)[number];

export const INVITATION_DELIVERY_STATUS_LABELS: Readonly<Record<InvitationDeliveryStatus, string>> = {
  PENDING: 'Waiting to be sent',
  RETRYING: 'Not sent yet; trying again',
  SENT: 'Sent',
  FAILED: 'Could not be sent',
};

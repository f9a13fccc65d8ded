/** Enumerations of invitations (foundations §3). */

export const InvitationType = ['CLIENT', 'CREATE_ORG', 'SUBSCRIPTION', 'TEAM_MEMBER'] as const;
export type InvitationType = (typeof InvitationType)[number];

/**
 * The kinds named by the acceptance calls (`/invitations/{kind}/{code}/accept`): the advisor kind
 * appears only there (foundations §3, §7).
 */
export const InvitationAcceptanceKind = ['advisor', 'client', 'team-member'] as const;
export type InvitationAcceptanceKind = (typeof InvitationAcceptanceKind)[number];

export const InvitationDeliveryMethod = ['EMAIL', 'LINK', 'SMS'] as const;
export type InvitationDeliveryMethod = (typeof InvitationDeliveryMethod)[number];

export const InvitationStatus = ['ACCEPTED', 'CREATED', 'INVALIDATED', 'ISSUED'] as const;
export type InvitationStatus = (typeof InvitationStatus)[number];

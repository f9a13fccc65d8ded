import { enumLabel, type InvitationResponse } from '@meridian/domain';

type Shown = Pick<InvitationResponse, 'status' | 'invalidationReason' | 'deliveryStatus'>;

export const isPending = (invitation: Pick<InvitationResponse, 'status'>) =>
  invitation.status === 'CREATED' || invitation.status === 'ISSUED';

/**
 * An invitation's status in words, of any kind. An e-mailed or texted invitation is only "Sent"
 * once its message has left; until then its delivery says where it is.
 */
export function invitationStatusLabel(invitation: Shown): string {
  if (invitation.invalidationReason) return enumLabel('InvitationInvalidationReason', invitation.invalidationReason);
  if (isPending(invitation) && invitation.deliveryStatus && invitation.deliveryStatus !== 'SENT') {
    return enumLabel('InvitationDeliveryStatus', invitation.deliveryStatus);
  }
  return enumLabel('InvitationStatus', invitation.status);
}

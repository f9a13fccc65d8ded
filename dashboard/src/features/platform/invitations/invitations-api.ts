import type {
  InvitationDeliveryMethod,
  InvitationListResponse,
  InvitationResponse,
  TeamResponse,
  UserRole,
} from '@meridian/domain';
import { apiRequest } from '../../../api';

export interface InviteInput {
  /** Comma-separated; the API splits and checks each address. */
  email: string;
  team: string;
  method: InvitationDeliveryMethod;
  role: UserRole;
  /** For SMS: the invitee's mobile number. */
  phone?: { countryCode: string; number: string };
}

export function inviteTeamMembers(input: InviteInput): Promise<InvitationListResponse> {
  return apiRequest<InvitationListResponse>('/invite-team-member', { method: 'POST', body: input });
}

export function listTeamInvitations(teamId: string, signal?: AbortSignal): Promise<InvitationListResponse> {
  return apiRequest<InvitationListResponse>(`/invitations/team-members/by-team/${encodeURIComponent(teamId)}`, {
    signal,
  });
}

/** The dashboard never sees codes: it names the invitation by its id, which the cancel call also takes. */
export function cancelInvitation(invitationId: string): Promise<InvitationResponse> {
  return apiRequest<InvitationResponse>(`/invitations/team-member/${encodeURIComponent(invitationId)}/cancel`, {
    method: 'PATCH',
  });
}

export function resendInvitation(invitationId: string): Promise<InvitationResponse> {
  return apiRequest<InvitationResponse>(`/invitations/${encodeURIComponent(invitationId)}/resend`, { method: 'POST' });
}

export function getTeam(teamId: string, signal?: AbortSignal): Promise<TeamResponse> {
  return apiRequest<TeamResponse>(`/teams/${encodeURIComponent(teamId)}`, { signal });
}

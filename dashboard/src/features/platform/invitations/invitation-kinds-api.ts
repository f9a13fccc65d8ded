import {
  INVITATION_TYPE_OF_KIND,
  type ClientInvitationAcceptedResponse,
  type InvitationAcceptanceKind,
  type InvitationCodeValidityResponse,
  type InvitationResponse,
  type LoginResponse,
  type OrganizationInvitationListResponse,
  type OrganizationInvitationResponse,
} from '@meridian/domain';
import { apiRequest } from '../../../api';

// The calls of the advisor, client and new-organization invitations (the team member's are in
// invitations-api.ts).

/** Checks the code of an accept page's `kind`, by the spec's invitation type. */
export function validateCode(
  code: string,
  kind: InvitationAcceptanceKind,
  signal?: AbortSignal,
): Promise<InvitationCodeValidityResponse> {
  const type = INVITATION_TYPE_OF_KIND[kind];
  return apiRequest<InvitationCodeValidityResponse>(`/invitations/validate-code/${encodeURIComponent(code)}/${type}`, {
    authenticated: false,
    signal,
  });
}

/** The acceptances that create an account and answer its session. */
export function acceptAccountInvitation(
  kind: 'team-member' | 'advisor' | 'create-org',
  code: string,
  input: { name: string; password: string },
): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(`/invitations/${kind}/${encodeURIComponent(code)}/accept`, {
    method: 'POST',
    body: input,
    authenticated: false,
  });
}

export function acceptClientInvitation(
  code: string,
  input: { email?: string },
): Promise<ClientInvitationAcceptedResponse> {
  return apiRequest<ClientInvitationAcceptedResponse>(`/invitations/client/${encodeURIComponent(code)}/accept`, {
    method: 'POST',
    body: input,
    authenticated: false,
  });
}

export function inviteAdvisor(input: { email: string; team: string; method: 'EMAIL' | 'LINK' }) {
  return apiRequest<InvitationResponse>('/invite-advisor', { method: 'POST', body: input });
}

export function inviteOrganization(input: { email: string; organizationName: string; method: 'EMAIL' | 'LINK' }) {
  return apiRequest<OrganizationInvitationResponse>('/platform/organization-invitations', {
    method: 'POST',
    body: input,
  });
}

export function listOrganizationInvitations(signal?: AbortSignal) {
  return apiRequest<OrganizationInvitationListResponse>('/platform/organization-invitations', { signal });
}

export function cancelOrganizationInvitation(invitationId: string) {
  return apiRequest<OrganizationInvitationResponse>(
    `/platform/organization-invitations/${encodeURIComponent(invitationId)}/cancel`,
    { method: 'PATCH' },
  );
}

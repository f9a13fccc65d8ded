import type {
  LinksProfileView,
  OrganizationSettings,
  ProfessionalLinksProfile,
  ProfessionalResponse,
  SaveLinksProfileInput,
  TeamResponse,
  TeamSummary,
} from '@meridian/domain';
import { apiRequest, uploadFile } from '../../../api';

/** Told when the signed-in user's avatar changes, so the shell shows the new one without a reload. */
export const AVATAR_CHANGED = 'meridian:avatar-changed';

/** Uploads a photo (a signed address, then the bytes) and makes it the professional's avatar. */
async function uploadAvatar(professionalId: string, file: File): Promise<ProfessionalResponse> {
  const ticket = await uploadFile(file);
  const professional = await apiRequest<ProfessionalResponse>(`/professionals/${professionalId}/set-avatar`, {
    method: 'PATCH',
    body: { filePath: ticket.filePath },
  });
  window.dispatchEvent(new Event(AVATAR_CHANGED));
  return professional;
}

async function removeAvatar(professionalId: string): Promise<ProfessionalResponse> {
  const professional = await apiRequest<ProfessionalResponse>(`/professionals/${professionalId}/remove-avatar`, {
    method: 'PATCH',
  });
  window.dispatchEvent(new Event(AVATAR_CHANGED));
  return professional;
}

/** The calls of the settings pages (crm §7). */
export const settingsApi = {
  organization: (organizationId: string, signal?: AbortSignal) =>
    apiRequest<OrganizationSettings>(`/organizations/${organizationId}`, signal ? { signal } : {}),
  setOrganization: (organizationId: string, call: string, body: Record<string, unknown>) =>
    apiRequest<OrganizationSettings>(`/organizations/${organizationId}/${call}`, { method: 'PATCH', body }),
  teams: (signal?: AbortSignal) => apiRequest<TeamSummary[]>('/teams', signal ? { signal } : {}),
  team: (teamId: string, signal?: AbortSignal) =>
    apiRequest<TeamResponse>(`/teams/${teamId}`, signal ? { signal } : {}),
  createTeam: (name: string) => apiRequest<TeamResponse>('/teams', { method: 'POST', body: { name } }),
  renameTeam: (teamId: string, name: string) =>
    apiRequest<TeamResponse>(`/teams/${teamId}/name`, { method: 'PATCH', body: { name } }),
  removeMember: (teamId: string, teamMemberId: string) =>
    apiRequest<TeamResponse>(`/teams/${teamId}/members/${teamMemberId}/remove`, { method: 'PATCH' }),
  myProfessional: (signal?: AbortSignal) =>
    apiRequest<ProfessionalResponse>('/professionals/me', signal ? { signal } : {}),
  updateProfile: (professionalId: string, body: Record<string, unknown>) =>
    apiRequest<ProfessionalResponse>(`/professionals/${professionalId}/update-profile`, { method: 'PATCH', body }),
  setJobTitle: (professionalId: string, jobTitle: string) =>
    apiRequest<ProfessionalResponse>(`/professional/${professionalId}/set-job-title`, {
      method: 'PATCH',
      body: { jobTitle },
    }),
  uploadAvatar,
  removeAvatar,
  linksProfile: (professionalId: string, signal?: AbortSignal) =>
    apiRequest<ProfessionalLinksProfile>(`/professionals/${professionalId}/links-profile`, signal ? { signal } : {}),
  saveLinksProfile: (professionalId: string, body: SaveLinksProfileInput) =>
    apiRequest<LinksProfileView>(`/professionals/${professionalId}/links-profile`, { method: 'PUT', body }),
  setLinksProfilePublished: (professionalId: string, published: boolean) =>
    apiRequest<LinksProfileView>(
      `/professionals/${professionalId}/links-profile/${published ? 'publish' : 'unpublish'}`,
      { method: 'PATCH' },
    ),
};

import type { OrganizationSettings, ProfessionalResponse, TeamResponse, TeamSummary } from '@meridian/domain';
import { apiRequest } from '../../../api';

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
};

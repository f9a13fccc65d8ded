import type { HealthResponse, LoginInput, LoginResponse, OrganizationOverview, SessionUser } from '@meridian/domain';
import { apiRequest } from './client';

export function login(input: LoginInput, signal?: AbortSignal): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { method: 'POST', body: input, authenticated: false, signal });
}

export function getCurrentUser(signal?: AbortSignal): Promise<SessionUser> {
  return apiRequest<SessionUser>('/auth/me', { signal });
}

/** Public; a degraded system answers 503 with the same body, which is a result here, not an error. */
export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiRequest<HealthResponse>('/health', { authenticated: false, acceptStatuses: [503], signal });
}

export function getOrganizationOverview(signal?: AbortSignal): Promise<OrganizationOverview> {
  return apiRequest<OrganizationOverview>('/organizations/current/overview', { signal });
}

import type { LinksProfileContactInput, PublicLinksProfile } from '@meridian/domain';
import { apiRequest } from '../../../api';

/** The public page's calls: no sign-in. */
export function publicLinksProfile(slug: string, signal?: AbortSignal): Promise<PublicLinksProfile> {
  return apiRequest<PublicLinksProfile>(`/links-profiles/${encodeURIComponent(slug)}`, {
    authenticated: false,
    ...(signal ? { signal } : {}),
  });
}

export function sendLinksProfileMessage(slug: string, body: LinksProfileContactInput): Promise<{ received: true }> {
  return apiRequest<{ received: true }>(`/links-profiles/${encodeURIComponent(slug)}/contact`, {
    method: 'POST',
    body,
    authenticated: false,
  });
}

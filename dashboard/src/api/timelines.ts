import type { LifeEventResponse, TimelineResponse } from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

// A household's timelines and their life events (crm §7: PATCH a life event's date, DELETE one).

export function listTimelines(householdId: string, signal?: AbortSignal) {
  return apiRequest<TimelineResponse[]>(withQuery('/timelines', { householdId }), { signal });
}

export const timelineCalls = {
  /** The household's own timeline (no `personId`) or one of its people's. */
  create: (body: { householdId: string; personId?: string }) =>
    apiRequest<TimelineResponse>('/timelines', { method: 'POST', body }),
  addLifeEvent: (timelineId: string, body: unknown) =>
    apiRequest<LifeEventResponse>(`/timelines/${timelineId}/life-events`, { method: 'POST', body }),
  setDate: (timelineId: string, lifeEventId: string, body: unknown) =>
    apiRequest<LifeEventResponse>(`/timelines/${timelineId}/life-events/${lifeEventId}/date`, {
      method: 'PATCH',
      body,
    }),
  removeLifeEvent: (timelineId: string, lifeEventId: string) =>
    apiRequest<void>(`/timelines/${timelineId}/life-events/${lifeEventId}`, { method: 'DELETE' }),
};

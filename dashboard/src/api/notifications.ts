import type { ListPage, NotificationResponse, NotificationSummary } from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';
import { localToday } from '../lib/today';

// The signed-in user's own notifications and the counts the navigation shows.

export function getNotificationSummary(signal?: AbortSignal) {
  return apiRequest<NotificationSummary>(withQuery('/notifications/summary', { today: localToday() }), { signal });
}

export function listNotifications(page: number, limit: number, signal?: AbortSignal) {
  return apiRequest<ListPage<NotificationResponse>>(withQuery('/notifications', { page, limit }), { signal });
}

export const notificationCalls = {
  markRead: (notificationId: string) =>
    apiRequest<void>(`/notifications/${notificationId}/mark-read`, { method: 'PATCH' }),
  markAllRead: () => apiRequest<{ marked: number }>('/notifications/mark-all-read', { method: 'PATCH' }),
};

/** What an in-app notification tells a user. */
export const NotificationKind = ['TASK_ASSIGNED', 'MENTIONED'] as const;
export type NotificationKind = (typeof NotificationKind)[number];

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  TASK_ASSIGNED: 'A task given to you',
  MENTIONED: 'You were mentioned',
};

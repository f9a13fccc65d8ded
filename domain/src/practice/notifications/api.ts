import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { EntityKind } from '../../shared/ids/entity-kinds.js';
import { idParam } from '../../shared/input/id-param.js';
import { listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { NotificationKind } from './enums.js';
import { callerTodaySchema } from '../tasks/today.js';

/** `GET /notifications`: the caller's own, a page at a time, newest first. */
export const notificationsQuerySchema = paginationSchema;

/** `/notifications/{notificationId}/…` */
export const notificationIdParamsSchema = z.object({
  notificationId: idParam(EntityType.notification, 'notification'),
});

/**
 * The dashboard page a notification links to, by what it is about. A task opens in its drawer over
 * My tasks (`?task=`); kinds without a page of their own answer null and the list shows the
 * sentence without a link.
 */
export function notificationPath(entityKind: EntityKind, entityId: string): string | null {
  switch (entityKind) {
    case 'CONTACT':
    case 'LEAD':
    case 'CLIENT':
      return `/crm/contacts/${entityId}`;
    case 'HOUSEHOLD':
      return `/crm/households/${entityId}`;
    case 'TASK':
    case 'BASIC_TASK':
    case 'FINANCIAL_TASK':
    case 'QUESTIONS_TASK':
    case 'UPDATE_FAMILY_TASK':
      return `/tasks?task=${encodeURIComponent(entityId)}`;
    default:
      return null;
  }
}

export const notificationResponseSchema = z.object({
  id: z.string(),
  kind: z.enum(NotificationKind),
  /** The sentence the list shows. */
  title: z.string(),
  entityKind: z.enum(EntityKind),
  entityId: z.string(),
  /** The dashboard page of the entity (`notificationPath`), or null when it has none. */
  path: z.string().nullable(),
  /** Who caused it; null for the system or a user since removed. */
  actorName: z.string().nullable(),
  unread: z.boolean(),
  createdAt: z.string(),
});
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

export const notificationPageSchema = listPageSchema(notificationResponseSchema);

/** What the navigation shows for the caller: the bell's count and the "My tasks" entry's. */
/** `GET /notifications/summary`: the caller's local date, which "overdue" and "due today" count by. */
export const notificationSummaryQuerySchema = z.object({ today: callerTodaySchema });
export type NotificationSummaryQuery = z.output<typeof notificationSummaryQuerySchema>;

export const notificationSummarySchema = z.object({
  unread: z.number().int(),
  /** Open tasks assigned to the caller, due before today. */
  overdueTasks: z.number().int(),
  /** Open tasks assigned to the caller, due today. */
  dueToday: z.number().int(),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

/** The answer of mark-all-read: how many were unread. */
export const markAllReadResponseSchema = z.object({ marked: z.number().int() });

import { Inject, Injectable } from '@nestjs/common';
import {
  callerToday,
  EntityType,
  newId,
  notFound,
  notificationPath,
  type EntityKind,
  type ListPage,
  type NotificationKind,
  type NotificationResponse,
  type NotificationSummary,
  type NotificationSummaryQuery,
  type Pagination,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import { OutboxService } from '../../platform/email/index.js';
import { NotificationsRepository, type NotificationRow } from './notifications.repository.js';

/** What one user is told: the sentence and the entity it is about. */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  /** The sentence the list and the e-mail's subject show: "Dana Lee gave you the task “Annual review”". */
  title: string;
  entityKind: EntityKind;
  entityId: string;
}

/** The address of a dashboard page for an e-mail: the configured public URL, else the local server. */
export function dashboardLink(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>, path: string | null): string {
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return `${base}${path ?? '/'}`;
}

/** The UTC calendar day of `now` at midnight, as `date` columns compare. */
export function utcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * In-app notifications and their e-mails. Other modules call `notify` inside their own write's
 * transaction (a task assigned, a note mentioning someone), so the notice exists exactly when the
 * change does; the e-mails go through the outbox and leave after the commit (`dispatch`).
 */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(NotificationsRepository) private readonly notifications: NotificationsRepository,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Writes one notification and one outbox e-mail per notice inside `scope.tx` and answers the
   * outbox ids for `dispatch`. Nobody is told of their own act, the same notice twice in one call
   * is one, and a user the organization does not have is skipped.
   */
  async notify(scope: WriteScope, notices: readonly Notice[]): Promise<string[]> {
    const actorUserId = scope.actor.kind === 'USER' ? scope.actor.id : null;
    const unique = new Map<string, Notice>();
    for (const notice of notices) {
      if (notice.userId === actorUserId) continue;
      const key = `${notice.userId} ${notice.kind} ${notice.entityId}`;
      if (!unique.has(key)) unique.set(key, notice);
    }
    if (unique.size === 0) return [];
    const recipients = await this.notifications.recipients(scope.tx, [
      ...new Set([...unique.values()].map((n) => n.userId)),
    ]);
    const kept = [...unique.values()].filter((notice) => recipients.has(notice.userId));
    const rows: NotificationRow[] = kept.map((notice) => ({
      id: newId(EntityType.notification),
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title,
      entityKind: notice.entityKind as NotificationRow['entityKind'],
      entityId: notice.entityId,
      actorUserId,
      createdAt: scope.now,
    }));
    await this.notifications.insert(scope.tx, rows);
    const outboxIds: string[] = [];
    for (const notice of kept) {
      const link = dashboardLink(this.config, notificationPath(notice.entityKind, notice.entityId));
      outboxIds.push(
        await this.outbox.write(scope.tx, {
          organizationId: scope.organizationId,
          to: recipients.get(notice.userId)!.email,
          subject: notice.title,
          text: `${notice.title}.\n\nOpen it in Meridian: ${link}\n`,
        }),
      );
    }
    return outboxIds;
  }

  /** Hands the e-mails of `notify` to the queue; call after the transaction has committed. */
  async dispatch(outboxIds: readonly string[]): Promise<void> {
    for (const id of outboxIds) await this.outbox.dispatch(id);
  }

  async list(userId: string, pagination: Pagination): Promise<ListPage<NotificationResponse>> {
    const { items, total } = await this.notifications.page(userId, pagination);
    return { items, total, page: pagination.page, limit: pagination.limit };
  }

  /** The navigation's counts, by the caller's own date when given (domain's today.ts). */
  summary(userId: string, query: NotificationSummaryQuery = {}, now: Date = new Date()): Promise<NotificationSummary> {
    return this.notifications.summary(userId, new Date(`${callerToday(query.today, now)}T00:00:00Z`));
  }

  /** Another user's notification is not found, as one that never existed. */
  async markRead(userId: string, notificationId: string): Promise<void> {
    if (!(await this.notifications.markRead(userId, notificationId, new Date()))) throw notFound('Notification');
  }

  async markAllRead(userId: string): Promise<{ marked: number }> {
    return { marked: await this.notifications.markAllRead(userId, new Date()) };
  }
}

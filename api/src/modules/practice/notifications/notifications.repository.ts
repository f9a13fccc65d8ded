import { Inject, Injectable } from '@nestjs/common';
import {
  CLOSED_TASK_STATUSES,
  notificationPath,
  type NotificationKind,
  type NotificationResponse,
  type NotificationSummary,
  type Pagination,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';

const NOTIFICATION_SELECT = {
  id: true,
  kind: true,
  title: true,
  entityKind: true,
  entityId: true,
  actorUserId: true,
  readAt: true,
  createdAt: true,
} satisfies Prisma.NotificationSelect;

/** One notification row to write. */
export interface NotificationRow {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  entityKind: Prisma.NotificationUncheckedCreateInput['entityKind'];
  entityId: string;
  actorUserId: string | null;
  createdAt: Date;
}

/** A user's open tasks due by `today`, counted for the navigation: a household since deleted hides its tasks. */
function openTasksOf(userId: string): Prisma.TaskWhereInput {
  return {
    assigneeTeamMember: { userId },
    status: { notIn: [...CLOSED_TASK_STATUSES] },
    OR: [{ householdId: null }, { household: { deletedAt: null } }],
  };
}

/** Notifications through the tenant client: every read names the user it is for. */
@Injectable()
export class NotificationsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  /** The recipients' addresses, within the organization: an id of another firm is not found. */
  async recipients(tx: TenantTransaction, userIds: readonly string[]): Promise<Map<string, { email: string }>> {
    const rows = await tx.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, email: true } });
    return new Map(rows.map((row) => [row.id, { email: row.email }]));
  }

  async insert(tx: TenantTransaction, rows: readonly NotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.notification.createMany({
      data: rows.map((row) => ({ ...row }) as Prisma.NotificationCreateManyInput),
    });
  }

  async page(userId: string, { page, limit }: Pagination): Promise<{ items: NotificationResponse[]; total: number }> {
    const where = { userId };
    const [rows, total] = await Promise.all([
      this.prisma.notification.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * limit,
        take: limit,
        select: NOTIFICATION_SELECT,
      }),
      this.prisma.notification.count({ where }),
    ]);
    const actorIds = [...new Set(rows.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])))];
    const actors = actorIds.length
      ? await this.prisma.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } })
      : [];
    const names = new Map(actors.map((actor) => [actor.id, actor.name]));
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        entityKind: row.entityKind,
        entityId: row.entityId,
        path: notificationPath(row.entityKind, row.entityId),
        actorName: (row.actorUserId && names.get(row.actorUserId)) ?? null,
        unread: row.readAt === null,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  /** Marks one of the user's notifications read (a read one keeps its first time); false when it is not theirs. */
  async markRead(userId: string, notificationId: string, now: Date): Promise<boolean> {
    const found = await this.prisma.notification.findFirst({
      where: { id: notificationId, userId },
      select: { id: true },
    });
    if (!found) return false;
    await this.prisma.notification.updateMany({
      where: { id: notificationId, userId, readAt: null },
      data: { readAt: now },
    });
    return true;
  }

  async markAllRead(userId: string, now: Date): Promise<number> {
    const { count } = await this.prisma.notification.updateMany({
      where: { userId, readAt: null },
      data: { readAt: now },
    });
    return count;
  }

  /** `today` is a UTC calendar day at midnight, as `due_date` is stored. */
  async summary(userId: string, today: Date): Promise<NotificationSummary> {
    const [unread, overdueTasks, dueToday] = await Promise.all([
      this.prisma.notification.count({ where: { userId, readAt: null } }),
      this.prisma.task.count({ where: { ...openTasksOf(userId), dueDate: { lt: today } } }),
      this.prisma.task.count({ where: { ...openTasksOf(userId), dueDate: today } }),
    ]);
    return { unread, overdueTasks, dueToday };
  }
}

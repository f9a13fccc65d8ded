import { Controller, Get, Inject, Patch } from '@nestjs/common';
import {
  markAllReadResponseSchema,
  notificationIdParamsSchema,
  notificationPageSchema,
  notificationSummaryQuerySchema,
  notificationSummarySchema,
  type NotificationSummaryQuery,
  notificationsQuerySchema,
  type ListPage,
  type NotificationResponse,
  type NotificationSummary,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { Caller } from '../../../common/auth/caller.decorator.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { NotificationsService } from './notifications.service.js';

const TAGS = ['notifications'];

/** The caller's own notifications: every route reads and marks only theirs, whatever the role. */
@Controller('notifications')
export class NotificationsController {
  constructor(@Inject(NotificationsService) private readonly notifications: NotificationsService) {}

  @Get()
  @ApiRoute({
    summary: 'Your notifications, newest first',
    tags: TAGS,
    permission: 'SIGNED_IN',
    query: notificationsQuerySchema,
    response: notificationPageSchema,
  })
  list(
    @Caller() caller: AuthenticatedCaller,
    @ValidQuery() query: z.output<typeof notificationsQuerySchema>,
  ): Promise<ListPage<NotificationResponse>> {
    return this.notifications.list(caller.userId, query);
  }

  @Get('summary')
  @ApiRoute({
    summary: 'What the navigation shows you: unread notifications, your overdue tasks and those due today',
    tags: TAGS,
    permission: 'SIGNED_IN',
    query: notificationSummaryQuerySchema,
    response: notificationSummarySchema,
  })
  summary(
    @Caller() caller: AuthenticatedCaller,
    @ValidQuery() query: NotificationSummaryQuery,
  ): Promise<NotificationSummary> {
    return this.notifications.summary(caller.userId, query);
  }

  @Patch('mark-all-read')
  @ApiRoute({
    summary: 'Mark all your notifications read',
    tags: TAGS,
    permission: 'SIGNED_IN',
    response: markAllReadResponseSchema,
  })
  markAllRead(@Caller() caller: AuthenticatedCaller): Promise<{ marked: number }> {
    return this.notifications.markAllRead(caller.userId);
  }

  @Patch(':notificationId/mark-read')
  @ApiRoute({
    summary: 'Mark one of your notifications read',
    tags: TAGS,
    permission: 'SIGNED_IN',
    params: notificationIdParamsSchema,
    status: 204,
    errors: [404],
  })
  markRead(
    @Caller() caller: AuthenticatedCaller,
    @ValidParams() params: z.infer<typeof notificationIdParamsSchema>,
  ): Promise<void> {
    return this.notifications.markRead(caller.userId, params.notificationId);
  }
}

import { Module } from '@nestjs/common';
import { EmailModule } from '../../platform/email/index.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { TaskDigestRepository } from './task-digest.repository.js';
import { TaskDigestService } from './task-digest.service.js';

const PROVIDERS = [NotificationsService, NotificationsRepository, TaskDigestService, TaskDigestRepository];

/** In-app notifications, their e-mails, and the daily digest of each user's due tasks (issue 24). */
@Module({
  imports: [EmailModule],
  controllers: [NotificationsController],
  providers: PROVIDERS,
  exports: [NotificationsService, TaskDigestService],
})
export class NotificationsModule {}

/** The notifications' work without the routes, for the worker's digest job. */
@Module({
  imports: [EmailModule],
  providers: PROVIDERS,
  exports: [NotificationsService, TaskDigestService],
})
export class NotificationsCoreModule {}

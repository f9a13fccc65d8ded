import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { NotificationsCoreModule } from '../notifications/index.js';
import { TaskEvents } from './task-events.js';
import { TasksController } from './tasks.controller.js';
import { TasksRepository } from './tasks.repository.js';
import { TasksService } from './tasks.service.js';
import { TasksWriter } from './tasks.writer.js';

/**
 * Tasks (crm §3-§5, §7): their routes, their writer (shared by imports) and their status events,
 * which workflows follow by registering a listener from their own module.
 */
@Module({
  imports: [EntityResolverModule, NotificationsCoreModule],
  controllers: [TasksController],
  providers: [TasksService, TasksRepository, TasksWriter, TaskEvents],
  exports: [TasksWriter, TaskEvents],
})
export class TasksModule {}

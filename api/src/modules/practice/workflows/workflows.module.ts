import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { TasksModule } from '../tasks/index.js';
import { WorkflowsController } from './workflows.controller.js';
import { WorkflowsRepository } from './workflows.repository.js';
import { WorkflowsService } from './workflows.service.js';
import { WorkflowsWriter } from './workflows.writer.js';

/**
 * Workflow templates and started workflows (crm §7): steps opened as the ones before complete,
 * their tasks made through the tasks module's writer, and the daily registered-account rules,
 * which the worker runs through WorkflowsService.
 */
@Module({
  imports: [EntityResolverModule, TasksModule],
  controllers: [WorkflowsController],
  providers: [WorkflowsService, WorkflowsRepository, WorkflowsWriter],
  exports: [WorkflowsService],
})
export class WorkflowsModule {}

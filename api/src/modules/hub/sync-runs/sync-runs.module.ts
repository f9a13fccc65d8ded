import { Module } from '@nestjs/common';
import { SyncModule } from '../sync/index.js';
import { QueuesController, SyncRunsController } from './sync-runs.controller.js';
import { SyncRunsRepository } from './sync-runs.repository.js';
import { SyncRunsService } from './sync-runs.service.js';

/** The operations views of sync runs (list, detail, daily chart, retry, cancel) and queue health. */
@Module({
  imports: [SyncModule],
  controllers: [SyncRunsController, QueuesController],
  providers: [SyncRunsRepository, SyncRunsService],
  exports: [SyncRunsService],
})
export class SyncRunsModule {}

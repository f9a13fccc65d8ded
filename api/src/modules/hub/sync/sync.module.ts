import { Module } from '@nestjs/common';
import { ProvidersModule } from '../providers/index.js';
import { SyncPageWriter } from './page-writer/sync-page-writer.js';
import { SyncRunLauncher } from './sync-run-launcher.js';
import { SyncScheduler } from './sync-scheduler.js';

/**
 * The integration hub's core, shared by the API (run now, cancel, webhooks, new connections) and
 * the worker (schedules, running a sync, writing its pages).
 */
@Module({
  imports: [ProvidersModule],
  providers: [SyncRunLauncher, SyncScheduler, SyncPageWriter],
  exports: [ProvidersModule, SyncRunLauncher, SyncScheduler, SyncPageWriter],
})
export class SyncModule {}

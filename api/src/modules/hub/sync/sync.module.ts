import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { REDIS } from '../../../infra/redis/redis.module.js';
import { CashFlowsModule } from '../../financials/cash-flows/index.js';
import { FinancialRecordsModule } from '../../financials/financial-records/index.js';
import { MeetingsModule } from '../../practice/meetings/index.js';
import { ProvidersModule } from '../providers/index.js';
import { ConnectionsWriter } from './connections.writer.js';
import { ExternalLinksRepository } from './external-links.repository.js';
import { SyncPageWriter } from './page-writer/sync-page-writer.js';
import { ProviderRateLimiter } from './provider-rate-limiter.js';
import { PROVIDER_RATE_LIMITER, SyncRunExecutor } from './sync-run-executor.js';
import { SyncRunLauncher } from './sync-run-launcher.js';
import { SyncRunLifecycle } from './sync-run-lifecycle.service.js';
import { SyncScheduler } from './sync-scheduler.js';
import { SyncSweeper } from './sync-sweeper.js';

/**
 * The integration hub's core, shared by the API (run now, cancel, webhooks, new connections) and
 * the worker (schedules, running a sync, writing its pages, sweeping runs whose job is gone). Every
 * run transition goes through SyncRunLifecycle.
 */
@Module({
  // The page writer writes through the owning modules' writers.
  imports: [ProvidersModule, FinancialRecordsModule, CashFlowsModule, MeetingsModule],
  providers: [
    ConnectionsWriter,
    ExternalLinksRepository,
    SyncRunLifecycle,
    SyncRunLauncher,
    SyncScheduler,
    SyncPageWriter,
    SyncRunExecutor,
    SyncSweeper,
    {
      // One token bucket per provider in Redis, shared by every worker process.
      provide: PROVIDER_RATE_LIMITER,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis, config: AppConfig) =>
        new ProviderRateLimiter(redis, { prefix: config.QUEUE_PREFIX, limit: config.SYNC_RATE_LIMIT_PER_MINUTE }),
    },
  ],
  exports: [
    ProvidersModule,
    ConnectionsWriter,
    ExternalLinksRepository,
    SyncRunLifecycle,
    SyncRunLauncher,
    SyncScheduler,
    SyncPageWriter,
    SyncRunExecutor,
    SyncSweeper,
  ],
})
export class SyncModule {}

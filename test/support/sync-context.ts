// The sync module as the worker boots it (core, providers, lifecycle, page writer and the writers
// it calls), without the BullMQ workers: for tests and benches that drive the page writer directly.
import { randomBytes } from 'node:crypto';
import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AuditModule, CoreModule, createLogger, loadConfig, SyncModule, SyncPageWriter } from '@meridian/api';

// A dynamic module's metadata is the object it returns: the class needs no decorator (test files
// are not compiled with decorator support).
class SyncContextModule {
  static forRoot(databaseUrl: string): DynamicModule {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    });
    return {
      module: SyncContextModule,
      imports: [CoreModule.forRoot(config, createLogger(config.LOG_LEVEL)), AuditModule, SyncModule],
    };
  }
}

export interface SyncContext {
  writer: SyncPageWriter;
  context: INestApplicationContext;
  close(): Promise<void>;
}

export async function startSyncContext(databaseUrl: string): Promise<SyncContext> {
  const context = await NestFactory.createApplicationContext(SyncContextModule.forRoot(databaseUrl), {
    logger: false,
  });
  return { writer: context.get(SyncPageWriter), context, close: () => context.close() };
}

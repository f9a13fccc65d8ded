import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { PinoNestLogger, QueueService, type AppConfig } from '@meridian/api';

import { JOB_HANDLERS, type JobHandler } from './job-registry.js';
import { WorkerHost } from './worker-host.js';
import { WorkerModule } from './worker.module.js';
import { OUTBOX_SWEEP_EVERY_MS } from './jobs/email/sweep-outbox.job.js';

export interface RunningWorker {
  host: WorkerHost;
  /** Lets active jobs finish, then closes queues and connections. */
  close(): Promise<void>;
}

/** Boots the worker: Nest context, job registry check, schedules, then the BullMQ workers. */
export async function startWorker(config: AppConfig, logger: Logger): Promise<RunningWorker> {
  const context = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const handlers = context.get<JobHandler[]>(JOB_HANDLERS);
  const host = new WorkerHost({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, handlers, logger });
  const queues = context.get(QueueService);
  await queues
    .queue('email')
    .upsertJobScheduler(
      'email.sweep-outbox',
      { every: OUTBOX_SWEEP_EVERY_MS },
      { name: 'email.sweep-outbox', data: {} },
    );
  await host.start();
  return {
    host,
    async close() {
      await host.close();
      await context.close();
    },
  };
}

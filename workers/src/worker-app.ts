import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import {
  BILLING_SWEEP_EVERY_MS,
  IMPORT_SWEEP_EVERY_MS,
  ImportFolderScheduler,
  PinoNestLogger,
  QueueService,
  SYNC_SWEEP_EVERY_MS,
  syncBackoffDelay,
  type AppConfig,
} from '@meridian/api';

import { JOB_HANDLERS, type JobHandler } from './job-registry.js';
import { WorkerHost } from './worker-host.js';
import { WorkerModule } from './worker.module.js';
import { OUTBOX_SWEEP_EVERY_MS } from './jobs/email/sweep-outbox.job.js';
import { UNSENT_SMS_SWEEP_EVERY_MS } from './jobs/invitations/sweep-unsent.job.js';
import { WORKFLOW_RULES_CRON } from './jobs/practice/apply-workflow-rules.job.js';
import { TASK_DIGEST_CRON } from './jobs/practice/task-digest.job.js';
import { AUM_INVOICING_CRON } from './jobs/sales/invoice-aum-periods.job.js';

export interface RunningWorker {
  host: WorkerHost;
  /** The worker's Nest context (its services, for tests and tools). */
  context: INestApplicationContext;
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
  const host = new WorkerHost({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    handlers,
    logger,
    queues: {
      sync: {
        // A sync holds its job for many pages; a worker that dies loses it after the lock
        // duration, and the stalled-job check (run as often) hands it to another worker, which
        // resumes from the last committed cursor. Two stalls are tolerated before BullMQ gives up
        // (then sync.sweep-queued fails the run).
        lockDuration: config.SYNC_LOCK_DURATION_MS,
        stalledInterval: config.SYNC_LOCK_DURATION_MS,
        maxStalledCount: 2,
        concurrency: 5,
        backoffStrategy: (attemptsMade, _type, error) => syncBackoffDelay(attemptsMade, error),
      },
    },
  });
  const queues = context.get(QueueService);
  await queues
    .queue('email')
    .upsertJobScheduler(
      'email.sweep-outbox',
      { every: OUTBOX_SWEEP_EVERY_MS },
      { name: 'email.sweep-outbox', data: {} },
    );
  await queues
    .queue('email')
    .upsertJobScheduler(
      'invitations.sweep-unsent',
      { every: UNSENT_SMS_SWEEP_EVERY_MS },
      { name: 'invitations.sweep-unsent', data: {} },
    );
  await queues
    .queue('sync')
    .upsertJobScheduler('sync.sweep-queued', { every: SYNC_SWEEP_EVERY_MS }, { name: 'sync.sweep-queued', data: {} });
  await queues
    .queue('sync')
    .upsertJobScheduler(
      'imports.sweep-stuck',
      { every: IMPORT_SWEEP_EVERY_MS },
      { name: 'imports.sweep-stuck', data: {} },
    );
  await queues
    .queue('practice')
    .upsertJobScheduler(
      'practice.apply-workflow-rules',
      { pattern: WORKFLOW_RULES_CRON, tz: 'UTC' },
      { name: 'practice.apply-workflow-rules', data: {} },
    );
  await queues
    .queue('practice')
    .upsertJobScheduler(
      'practice.task-digest',
      { pattern: TASK_DIGEST_CRON, tz: 'UTC' },
      { name: 'practice.task-digest', data: {} },
    );
  await queues
    .queue('billing')
    .upsertJobScheduler(
      'billing.sweep-pending',
      { every: BILLING_SWEEP_EVERY_MS },
      { name: 'billing.sweep-pending', data: {} },
    );
  await queues
    .queue('billing')
    .upsertJobScheduler(
      'billing.invoice-aum-periods',
      { pattern: AUM_INVOICING_CRON, tz: 'UTC' },
      { name: 'billing.invoice-aum-periods', data: {} },
    );
  // Drop folders' schedules live in Redis: a flushed Redis would silently stop every folder.
  await context.get(ImportFolderScheduler).restoreAll();
  await host.start();
  return {
    host,
    context,
    async close() {
      await host.close();
      await context.close();
    },
  };
}

import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { jobDefinitions, QueueName, type JobName } from '@meridian/domain';
import { buildJobRegistry, type JobHandler } from './job-registry.js';

export interface WorkerHostOptions {
  redisUrl: string;
  prefix: string;
  handlers: readonly JobHandler[];
  logger: Logger;
  concurrency?: number;
}

/**
 * Runs one BullMQ worker per queue and dispatches each job to its handler by name. An invalid
 * payload or an unknown job name is a permanent error (UnrecoverableError: discarded, never
 * retried); any other error is retried with the queue's backoff.
 */
export class WorkerHost {
  private readonly registry: Map<JobName, JobHandler>;
  private readonly workers: Worker[] = [];

  constructor(private readonly options: WorkerHostOptions) {
    this.registry = buildJobRegistry(options.handlers);
  }

  async start(): Promise<void> {
    for (const queue of Object.values(QueueName)) {
      const worker = new Worker(queue, (job) => this.process(job), {
        connection: { url: this.options.redisUrl, maxRetriesPerRequest: null },
        prefix: this.options.prefix,
        concurrency: this.options.concurrency ?? 5,
        autorun: false,
      });
      worker.on('failed', (job, error) =>
        this.options.logger.warn(
          { queue, jobId: job?.id, jobName: job?.name, attempt: job?.attemptsMade, err: error },
          'job failed',
        ),
      );
      worker.on('error', (error) => this.options.logger.error({ queue, err: error }, 'worker error'));
      this.workers.push(worker);
      void worker.run();
      await worker.waitUntilReady();
    }
    this.options.logger.info({ queues: Object.values(QueueName), jobs: [...this.registry.keys()] }, 'worker started');
  }

  private async process(job: Job): Promise<void> {
    const name = job.name as JobName;
    const handler = this.registry.get(name);
    const definition = jobDefinitions[name];
    if (!handler || !definition) throw new UnrecoverableError(`Unknown job "${job.name}"`);
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(
        `Invalid payload for ${job.name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
      );
    }
    const maxAttempts = job.opts.attempts ?? 1;
    const attempt = job.attemptsMade + 1;
    await handler.handle(parsed.data as never, {
      jobId: job.id ?? '',
      attempt,
      maxAttempts,
      isFinalAttempt: attempt >= maxAttempts,
      updateProgress: (progress) => job.updateProgress(progress),
    });
  }

  /** Stops taking new jobs and waits for the active ones to finish. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.workers.length = 0;
  }
}

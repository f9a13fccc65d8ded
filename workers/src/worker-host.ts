import { DelayedError, UnrecoverableError, Worker, type BackoffStrategy, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { runAsOrganization } from '@meridian/api';
import { jobDefinitions, QueueName, type JobName } from '@meridian/domain';
import { buildJobRegistry, type JobHandler } from './job-registry.js';

/** Settings of one queue's worker; unset ones take BullMQ's defaults. */
export interface QueueWorkerSettings {
  concurrency?: number;
  /** How long a job's lock lasts without renewal: a dead worker's job is taken over after it. */
  lockDuration?: number;
  /** How often this worker looks for stalled jobs (jobs whose lock expired). */
  stalledInterval?: number;
  /** Stalls a job may survive before BullMQ fails it. */
  maxStalledCount?: number;
  /** Used by jobs whose backoff type is `custom`. */
  backoffStrategy?: BackoffStrategy;
}

/** A job handed back at shutdown waits this long, so the worker closing is not the one taking it again. */
const HAND_BACK_DELAY_MS = 1000;

export interface WorkerHostOptions {
  redisUrl: string;
  prefix: string;
  handlers: readonly JobHandler[];
  logger: Logger;
  /** Default concurrency of every queue's worker (5). */
  concurrency?: number;
  /** Per-queue settings, over the defaults. */
  queues?: Partial<Record<QueueName, QueueWorkerSettings>>;
}

/**
 * Runs one BullMQ worker per queue and dispatches each job to its handler by name. An invalid
 * payload or an unknown job name is a permanent error (UnrecoverableError: discarded, never
 * retried); any other error is retried with the queue's backoff.
 */
export class WorkerHost {
  private readonly registry: Map<JobName, JobHandler>;
  private readonly workers: Worker[] = [];
  private closing = false;

  constructor(private readonly options: WorkerHostOptions) {
    this.registry = buildJobRegistry(options.handlers);
  }

  async start(): Promise<void> {
    for (const queue of Object.values(QueueName)) {
      const { backoffStrategy, ...settings } = this.options.queues?.[queue] ?? {};
      const worker = new Worker(queue, (job, token, signal) => this.process(job, token, signal), {
        connection: { url: this.options.redisUrl, maxRetriesPerRequest: null },
        prefix: this.options.prefix,
        concurrency: this.options.concurrency ?? 5,
        ...settings,
        ...(backoffStrategy ? { settings: { backoffStrategy } } : {}),
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

  private async process(job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<void> {
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
    const context = {
      jobId: job.id ?? '',
      attempt,
      maxAttempts,
      isFinalAttempt: attempt >= maxAttempts,
      signal: signal ?? new AbortController().signal,
      updateProgress: (progress: number | object) => job.updateProgress(progress),
    };
    // A closing BullMQ worker may still take a job that became ready meanwhile (e.g. one just
    // handed back below): hand it back too instead of running it during the shutdown.
    if (this.closing && token !== undefined) return this.handBack(job, token);
    try {
      // A job of one organization runs in its context, as a request does: the tenant-scoped
      // client works in its handler. Jobs without one (sweeps) act across organizations.
      const organizationId = (parsed.data as { organizationId?: unknown }).organizationId;
      const run = () => handler.handle(parsed.data as never, context);
      await (typeof organizationId === 'string'
        ? runAsOrganization({ organizationId }, run, `job:${job.id ?? job.name}`)
        : run());
    } catch (error) {
      // Stopped by the shutdown (the handler saw the signal): back to the queue for another
      // worker, without spending one of the job's attempts on it.
      if (signal?.aborted && token !== undefined && !(error instanceof UnrecoverableError)) {
        return this.handBack(job, token);
      }
      throw error;
    }
  }

  /** Returns an active job to the queue untouched (BullMQ's DelayedError: no attempt counted). */
  private async handBack(job: Job, token: string): Promise<never> {
    await job.moveToDelayed(Date.now() + HAND_BACK_DELAY_MS, token);
    throw new DelayedError();
  }

  /**
   * Stops taking new jobs and waits for the active ones to finish. Their abort signal fires first,
   * so a long job (a sync) stops at its next outside call and goes back to the queue, where the
   * next worker resumes it (see process).
   */
  async close(): Promise<void> {
    this.closing = true;
    const closing = this.workers.map((worker) => worker.close());
    for (const worker of this.workers) worker.cancelAllJobs('The worker is shutting down');
    await Promise.all(closing);
    this.workers.length = 0;
  }
}

import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobDefinitions, jobIdFor, QueueName, type JobName, type JobPayload, type QueueHealth } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { REDIS } from '../redis/redis.module.js';

/** Retries with exponential backoff unless a job definition says otherwise. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** What `requeue` did: enqueued a new job, found one still queued or running, or found it failed for good. */
export type Requeue = { outcome: 'requeued' } | { outcome: 'live' } | { outcome: 'failed'; reason: string | null };

/** The producer side of the job registry: typed enqueueing and queue depths for health. */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.redis,
        prefix: this.config.QUEUE_PREFIX,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Validates the payload against the job's schema and enqueues it under its fixed job id. */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: JobsOptions = {}): Promise<string> {
    const definition = jobDefinitions[name];
    const data = definition.payload.parse(payload) as JobPayload<N>;
    const job = await this.queue(definition.queue).add(name, data, { jobId: jobIdFor(name, data), ...options });
    return job.id!;
  }

  /**
   * Enqueues a job again when the one before it is gone (Redis flushed, the enqueue lost): left
   * alone while a job under the same id is queued or running; a completed one is removed first, as
   * it would swallow the new one; a failed one is reported, not replaced, for the caller to record.
   */
  async requeue<N extends JobName>(name: N, payload: JobPayload<N>, options: JobsOptions = {}): Promise<Requeue> {
    const jobId = options.jobId ?? jobIdFor(name, payload);
    const queue = this.queue(jobDefinitions[name].queue);
    const state = await queue.getJobState(jobId);
    if (state === 'failed') return { outcome: 'failed', reason: (await queue.getJob(jobId))?.failedReason || null };
    if (state !== 'unknown' && state !== 'completed') return { outcome: 'live' };
    if (state === 'completed') await queue.remove(jobId);
    await this.enqueue(name, payload, { ...options, jobId });
    return { outcome: 'requeued' };
  }

  async health(): Promise<QueueHealth[]> {
    return Promise.all(
      Object.values(QueueName).map(async (name) => {
        const queue = this.queue(name);
        const [counts, paused] = await Promise.all([
          queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
          queue.isPaused(),
        ]);
        return {
          name,
          waiting: counts.waiting ?? 0,
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
          completed: counts.completed ?? 0,
          paused,
        };
      }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@meridian/api';
import { jobNames, type JobName } from '@meridian/domain';
import { buildJobRegistry, type JobHandler } from '../job-registry.js';
import { WorkerHost } from '../worker-host.js';
import { createTestEnvironment, type TestEnvironment } from '#test/support/app.js';
import { waitFor } from '#test/support/wait.js';

function handlerFor(jobName: JobName, handle: JobHandler['handle'] = async () => undefined): JobHandler {
  return { jobName, handle } as JobHandler;
}

describe('job registry', () => {
  it('accepts exactly one handler per job', () => {
    expect([...buildJobRegistry(jobNames.map((name) => handlerFor(name))).keys()].sort()).toEqual([...jobNames].sort());
  });

  it('refuses to boot when a job has no handler, two handlers, or an unknown name', () => {
    const [first, ...rest] = jobNames;
    expect(() => buildJobRegistry(rest.map((name) => handlerFor(name)))).toThrowError(`no handler for job "${first}"`);
    expect(() => buildJobRegistry([...jobNames, first!].map((name) => handlerFor(name)))).toThrowError(
      `two handlers for job "${first}"`,
    );
    expect(() =>
      buildJobRegistry([...jobNames.map((name) => handlerFor(name)), handlerFor('nope' as JobName)]),
    ).toThrowError('handler for unknown job "nope"');
  });
});

describe('worker host', () => {
  let environment: TestEnvironment;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    const connection = { url: environment.config.REDIS_URL };
    queue = new Queue('email', { connection, prefix: environment.config.QUEUE_PREFIX });
    events = new QueueEvents('email', { connection, prefix: environment.config.QUEUE_PREFIX });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events?.close();
    await queue?.close();
    await environment?.dispose();
  });

  function host(handle: JobHandler['handle']) {
    return new WorkerHost({
      redisUrl: environment.config.REDIS_URL,
      prefix: environment.config.QUEUE_PREFIX,
      logger: createLogger('silent'),
      handlers: jobNames.map((name) => handlerFor(name, name === 'email.deliver' ? handle : undefined)),
    });
  }

  it('lets an active job finish before closing', async () => {
    let finished = false;
    let started = false;
    const worker = host(async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
    });
    await worker.start();
    await queue.add('email.deliver', { outboxEmailId: 'outbox_email-slow' });
    await waitFor('the job to start', async () => started);
    await worker.close();
    expect(finished).toBe(true);
  });

  it("aborts an active job's signal when closing, so a long job stops early and goes back to the queue", async () => {
    let started = false;
    let aborted = false;
    const worker = host(async (_payload, context) => {
      started = true;
      await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = true;
      throw new Error('stopped for shutdown');
    });
    await worker.start();
    const job = await queue.add('email.deliver', { outboxEmailId: 'outbox_email-long' }, { attempts: 3 });
    await waitFor('the job to start', async () => started);
    await worker.close();
    expect(aborted).toBe(true);
    // Not lost: back in the queue for another worker, without spending an attempt.
    const stored = await queue.getJob(job.id!);
    expect(stored?.attemptsMade).toBe(0);
    expect(['delayed', 'waiting']).toContain(await stored?.getState());
    await stored?.remove();
  });

  it('discards a job whose payload breaks its schema instead of retrying it', async () => {
    let calls = 0;
    const worker = host(async () => {
      calls += 1;
    });
    await worker.start();
    const job = await queue.add('email.deliver', { wrong: true }, { attempts: 5 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/Invalid payload for email.deliver/);
    const stored = await queue.getJob(job.id!);
    expect(stored?.attemptsMade).toBe(1);
    expect(calls).toBe(0);
    await worker.close();
  });
});

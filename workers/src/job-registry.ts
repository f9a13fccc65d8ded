import { jobNames, type JobName, type JobPayload } from '@meridian/domain';

export interface JobContext {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  isFinalAttempt: boolean;
  /** Aborted when the worker shuts down: long handlers stop their outside calls and let the job retry. */
  signal: AbortSignal;
  /** Reports progress (0-100 or a structured value) to BullMQ, visible in the operations views. */
  updateProgress(progress: number | object): Promise<void>;
}

/** One handler per job name; payloads arrive already parsed by the job's zod schema. */
export interface JobHandler<N extends JobName = JobName> {
  readonly jobName: N;
  handle(payload: JobPayload<N>, context: JobContext): Promise<void>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

export class JobRegistryError extends Error {
  override readonly name = 'JobRegistryError';
}

/**
 * The worker refuses to boot unless every job of @meridian/domain's registry has exactly one
 * handler and no handler names an unknown job: a job enqueued by the API must never sit unprocessed.
 */
export function buildJobRegistry(handlers: readonly JobHandler[]): Map<JobName, JobHandler> {
  const registry = new Map<JobName, JobHandler>();
  const problems: string[] = [];
  for (const handler of handlers) {
    if (!jobNames.includes(handler.jobName)) problems.push(`handler for unknown job "${handler.jobName}"`);
    else if (registry.has(handler.jobName)) problems.push(`two handlers for job "${handler.jobName}"`);
    else registry.set(handler.jobName, handler);
  }
  for (const name of jobNames) if (!registry.has(name)) problems.push(`no handler for job "${name}"`);
  if (problems.length > 0) throw new JobRegistryError(`Job registry is incomplete: ${problems.join('; ')}`);
  return registry;
}

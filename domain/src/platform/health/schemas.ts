import { z } from 'zod';

export const serviceCheckSchema = z.object({
  status: z.enum(['up', 'down']),
  /** Round-trip time of the check, in milliseconds. */
  latencyMs: z.number().optional(),
  /** Why the service is down, in one line. */
  error: z.string().optional(),
});

export const queueHealthSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
  paused: z.boolean(),
});

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  checks: z.object({ postgres: serviceCheckSchema, redis: serviceCheckSchema }),
  queues: z.array(queueHealthSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type QueueHealth = z.infer<typeof queueHealthSchema>;

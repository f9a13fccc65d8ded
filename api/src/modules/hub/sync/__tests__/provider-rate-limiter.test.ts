import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRateLimiter } from '../provider-rate-limiter.js';

let redis: Redis;
let otherProcess: Redis;
const prefix = `test-${randomBytes(6).toString('hex')}`;

beforeAll(() => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  redis = new Redis(url);
  otherProcess = new Redis(url);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  otherProcess.disconnect();
});

describe('provider rate limiter', () => {
  it('lets `limit` calls through at once and makes the next one wait, across processes', async () => {
    // A long window: the bucket cannot refill during the test, whatever the machine's speed.
    const options = { prefix, limit: 3, windowMs: 60 * 60_000 };
    const first = new ProviderRateLimiter(redis, options);
    const second = new ProviderRateLimiter(otherProcess, options);

    expect(await first.tryAcquire('PLAID')).toBe(0);
    expect(await second.tryAcquire('PLAID')).toBe(0);
    expect(await first.tryAcquire('PLAID')).toBe(0);
    // The fourth call (from either process) must wait about a third of the window for a token.
    const wait = await second.tryAcquire('PLAID');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(options.windowMs / options.limit);

    // Another service has its own bucket.
    expect(await first.tryAcquire('NYLAS')).toBe(0);

    // acquire() waits instead of failing; it gives up only when aborted.
    const controller = new AbortController();
    let settled = false;
    const waiting = first.acquire('PLAID', controller.signal).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    controller.abort();
    await expect(waiting).rejects.toThrow(/aborted/);
  });

  it('frees a token once its share of the window has passed', async () => {
    const limiter = new ProviderRateLimiter(redis, { prefix: `${prefix}-refill`, limit: 2, windowMs: 400 });
    await limiter.acquire('PLAID');
    await limiter.acquire('PLAID');
    expect(await limiter.tryAcquire('PLAID')).toBeGreaterThan(0);
    // The third acquire resolves by itself, after the refill.
    await limiter.acquire('PLAID');
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new ProviderRateLimiter(redis, { prefix, limit: 0 })).toThrow(RangeError);
  });
});

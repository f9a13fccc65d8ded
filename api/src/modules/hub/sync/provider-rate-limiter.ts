import type { Redis } from 'ioredis';

/**
 * A token bucket in one Redis hash, refilled continuously at `capacity` tokens per `windowMs`.
 * The script reads Redis's own clock, so every worker process on every machine agrees on it.
 * Returns 0 when a token was taken, else how many milliseconds until one is free (nothing taken).
 */
const TAKE_TOKEN = `
local key = KEYS[1]
local capacity = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local state = redis.call('HMGET', key, 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
end
local rate = capacity / window
tokens = math.min(capacity, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) / rate)
end
redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', key, window * 2)
return wait
`;

export interface ProviderRateLimiterOptions {
  /** Namespaces the buckets (the queue prefix), so deployments sharing a Redis do not share limits. */
  prefix: string;
  /** Calls allowed per window, per service. */
  limit: number;
  /** Default one minute. */
  windowMs?: number;
}

export class RateLimitWaitAborted extends Error {
  override readonly name = 'AbortError';
}

/**
 * Limits the calls to each outside service across every worker process (SYNC_RATE_LIMIT_PER_MINUTE),
 * so many connections syncing at once stay under the provider's own limits instead of collecting
 * 429s. A caller over the limit waits until a token is free; the wait ends early when aborted.
 */
export class ProviderRateLimiter {
  private readonly windowMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: ProviderRateLimiterOptions,
  ) {
    this.windowMs = options.windowMs ?? 60_000;
    if (!Number.isInteger(options.limit) || options.limit < 1) {
      throw new RangeError(`limit must be a positive integer, not ${options.limit}`);
    }
  }

  /** Takes a token now when one is free: 0; otherwise takes nothing and says how many ms to wait. */
  async tryAcquire(service: string): Promise<number> {
    const wait = await this.redis.eval(TAKE_TOKEN, 1, this.key(service), this.options.limit, this.windowMs);
    return Number(wait);
  }

  /** Resolves once a token of `service` was taken; rejects with an AbortError when `signal` aborts first. */
  async acquire(service: string, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw new RateLimitWaitAborted('The wait for the rate limiter was aborted');
      const wait = await this.tryAcquire(service);
      if (wait === 0) return;
      await sleep(wait, signal);
    }
  }

  private key(service: string): string {
    return `${this.options.prefix}:rate-limit:${service}`;
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

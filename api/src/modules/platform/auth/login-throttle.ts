import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError, ErrorCode } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { REDIS } from '../../../infra/redis/redis.module.js';

const MAX_LOCK_SECONDS = 15 * 60;

/**
 * Slows repeated failed logins for one e-mail address: after LOGIN_MAX_FAILURES failures inside
 * the window, each further attempt waits twice as long as the one before (1 s, 2 s, 4 s, ... up to
 * 15 minutes), answered with 429 and Retry-After. State lives in Redis so every API process agrees.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(email: string): string {
    return `${this.config.QUEUE_PREFIX}:login-failures:${email}`;
  }

  async assertAllowed(email: string): Promise<void> {
    const lockedUntil = Number(await this.redis.hget(this.key(email), 'lockedUntil'));
    const waitMs = lockedUntil - Date.now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new DomainError(
        ErrorCode.TOO_MANY_REQUESTS,
        `Too many failed sign-in attempts; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
        [],
        seconds,
      );
    }
  }

  async recordFailure(email: string): Promise<void> {
    const key = this.key(email);
    const failures = await this.redis.hincrby(key, 'failures', 1);
    const excess = failures - this.config.LOGIN_MAX_FAILURES;
    if (excess >= 0) {
      const lockSeconds = Math.min(2 ** excess, MAX_LOCK_SECONDS);
      await this.redis.hset(key, 'lockedUntil', String(Date.now() + lockSeconds * 1000));
    }
    await this.redis.expire(key, this.config.LOGIN_FAILURE_WINDOW_SECONDS + MAX_LOCK_SECONDS);
  }

  async reset(email: string): Promise<void> {
    await this.redis.del(this.key(email));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError, ErrorCode } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { REDIS } from '../../../infra/redis/redis.module.js';

/**
 * Stops guessing invitation codes: a client (by IP address) that has tried
 * INVITATION_CODE_MAX_FAILURES unknown codes inside the window is answered 429 until the window
 * ends, whatever code it sends. Known codes do not count, so an invitee is never locked out by
 * opening their own link again. State lives in Redis so every API process agrees.
 */
@Injectable()
export class InvitationCodeThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(client: string): string {
    return `${this.config.QUEUE_PREFIX}:invitation-code-failures:${client}`;
  }

  async assertAllowed(client: string): Promise<void> {
    const key = this.key(client);
    const failures = Number(await this.redis.get(key));
    if (failures < this.config.INVITATION_CODE_MAX_FAILURES) return;
    const ttl = await this.redis.ttl(key);
    const seconds = ttl > 0 ? ttl : this.config.INVITATION_CODE_FAILURE_WINDOW_SECONDS;
    throw new DomainError(
      ErrorCode.TOO_MANY_REQUESTS,
      `Too many unknown invitation codes were tried; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      [],
      seconds,
    );
  }

  async recordFailure(client: string): Promise<void> {
    const key = this.key(client);
    const failures = await this.redis.incr(key);
    if (failures === 1) await this.redis.expire(key, this.config.INVITATION_CODE_FAILURE_WINDOW_SECONDS);
  }
}

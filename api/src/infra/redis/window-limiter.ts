import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DomainError, ErrorCode } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { REDIS } from './redis.module.js';

/** One limit: at most `max` counted events per subject inside a window that starts with the first. */
export interface WindowRule {
  /** Names the counter in Redis (`<prefix>:<name>:<subject>`). */
  name: string;
  max: number;
  windowSeconds: number;
  /** The 429's message, given the seconds until the window ends. */
  refusal: (seconds: number) => string;
}

/**
 * Fixed-window counters in Redis, so every API process agrees: what the public routes use to stop
 * guessing and flooding (invitation codes by client, the links-profile contact form by client and
 * by page). A refusal is a 429 with Retry-After.
 */
@Injectable()
export class WindowLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(rule: WindowRule, subject: string): string {
    return `${this.config.QUEUE_PREFIX}:${rule.name}:${subject}`;
  }

  /** 429 when the subject has already reached the rule's maximum inside the window. */
  async assertAllowed(rule: WindowRule, subject: string): Promise<void> {
    const key = this.key(rule, subject);
    const count = Number(await this.redis.get(key));
    if (count >= rule.max) await this.refuse(rule, key);
  }

  /** Counts one event; the first starts the window. */
  async record(rule: WindowRule, subject: string): Promise<void> {
    await this.count(this.key(rule, subject), rule);
  }

  /** Counts one event and refuses it (429) when it goes past the maximum: check and count in one step. */
  async take(rule: WindowRule, subject: string): Promise<void> {
    const key = this.key(rule, subject);
    if ((await this.count(key, rule)) > rule.max) await this.refuse(rule, key);
  }

  private async count(key: string, rule: WindowRule): Promise<number> {
    const count = await this.redis.incr(key);
    if (count === 1) await this.redis.expire(key, rule.windowSeconds);
    return count;
  }

  private async refuse(rule: WindowRule, key: string): Promise<never> {
    const ttl = await this.redis.ttl(key);
    const seconds = ttl > 0 ? ttl : rule.windowSeconds;
    throw new DomainError(ErrorCode.TOO_MANY_REQUESTS, rule.refusal(seconds), [], seconds);
  }
}

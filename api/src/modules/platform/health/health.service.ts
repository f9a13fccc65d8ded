import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { HealthResponse, QueueHealth } from '@meridian/domain';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { REDIS } from '../../../infra/redis/redis.module.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { APP_VERSION } from '../../../version.js';

const CHECK_TIMEOUT_MS = 2000;

async function timed(check: () => Promise<unknown>): Promise<HealthResponse['checks']['postgres']> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref(),
      ),
    ]);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

@Injectable()
export class HealthService {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(QueueService) private readonly queues: QueueService,
  ) {}

  async report(): Promise<HealthResponse> {
    const [postgres, redis] = await Promise.all([
      timed(() => this.prisma.$queryRaw`SELECT 1`),
      timed(() => this.redis.ping()),
    ]);
    let queues: QueueHealth[] = [];
    if (redis.status === 'up') queues = await this.queues.health().catch(() => []);
    return {
      status: postgres.status === 'up' && redis.status === 'up' ? 'ok' : 'degraded',
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
      checks: { postgres, redis },
      queues,
    };
  }
}

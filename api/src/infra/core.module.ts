import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../common/config/config.js';
import { LOGGER } from '../common/logging/logger.js';
import { scopeToCurrentOrganization } from '../common/tenancy/tenant-scope.js';
import { PreparedDocuments } from './prisma/prepared-documents.js';
import { SystemPrisma, TENANT_PRISMA } from './prisma/prisma.service.js';
import { createRedis, REDIS, RedisCloser } from './redis/redis.module.js';
import { WindowLimiter } from './redis/window-limiter.js';
import { QueueService } from './queue/queue.service.js';
import { CredentialVault } from './secrets/credential-vault.js';

/**
 * Configuration, logging, PostgreSQL (system and tenant-scoped clients), Redis and the queues:
 * shared by the API and the worker process so no repository or connection exists twice.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        SystemPrisma,
        {
          provide: TENANT_PRISMA,
          inject: [SystemPrisma],
          useFactory: (prisma: SystemPrisma) => scopeToCurrentOrganization(prisma),
        },
        PreparedDocuments,
        { provide: REDIS, useFactory: () => createRedis(config.REDIS_URL) },
        RedisCloser,
        WindowLimiter,
        QueueService,
        CredentialVault,
      ],
      exports: [
        APP_CONFIG,
        LOGGER,
        SystemPrisma,
        TENANT_PRISMA,
        PreparedDocuments,
        REDIS,
        WindowLimiter,
        QueueService,
        CredentialVault,
      ],
    };
  }
}

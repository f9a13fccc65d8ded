import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { TenantPrismaClient } from '../../common/tenancy/tenant-scope.js';
import { statementName } from './prepared-statements.js';

/** The PostgreSQL adapter, naming the statements registered as prepared (prepared-statements.ts). */
function adapterFor(databaseUrl: string): PrismaPg {
  return new PrismaPg({ connectionString: databaseUrl }, { statementNameGenerator: statementName });
}

export function createPrismaClient(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: adapterFor(databaseUrl) });
}

/**
 * The unscoped client, for the few operations that act across organizations or before one is
 * known: creating the first admin, login, health, migrations and seeding. Feature modules use
 * TenantPrisma instead.
 */
@Injectable()
export class SystemPrisma extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({ adapter: adapterFor(config.DATABASE_URL) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

export type { TenantPrismaClient };

/**
 * The client every feature repository uses: each query is limited to the caller's organization
 * and every created row is stamped with it (see tenant-scope.ts).
 */
export const TENANT_PRISMA = Symbol('TENANT_PRISMA');

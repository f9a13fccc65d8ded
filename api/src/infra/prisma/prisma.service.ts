import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { TenantPrismaClient } from '../../common/tenancy/tenant-scope.js';
import { statementName } from './prepared-statements.js';

/** The PostgreSQL adapter, naming the statements registered as prepared (prepared-statements.ts). */
function adapterFor(databaseUrl: string): PrismaPg {
  return new PrismaPg({ connectionString: databaseUrl }, { statementNameGenerator: statementName });
}

/**
 * How long a transaction may wait for a connection, and run, before Prisma abandons it (its
 * defaults: 2 s and 5 s). A request's transaction takes milliseconds; on a loaded machine (two
 * cores busy with imports and syncs) it can take seconds, and an abandoned one answers 500 for a
 * request that was valid. A sync's page writes set their own (sync-page-writer.ts).
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

export function createPrismaClient(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: adapterFor(databaseUrl), transactionOptions: TRANSACTION_OPTIONS });
}

/**
 * The unscoped client, for the few operations that act across organizations or before one is
 * known: creating the first admin, login, health, migrations and seeding. Feature modules use
 * TenantPrisma instead.
 */
@Injectable()
export class SystemPrisma extends PrismaClient implements OnModuleDestroy {
  /**
   * The adapter's connections (node-postgres's pool, as the adapter would make it), kept so hot
   * reads can run a prepared statement on them without Prisma's pipeline (prepared-documents.ts).
   */
  readonly pool: pg.Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL });
    super({
      adapter: new PrismaPg(pool, { statementNameGenerator: statementName }),
      transactionOptions: TRANSACTION_OPTIONS,
    });
    // An idle connection that breaks (PostgreSQL restarted) leaves the pool by itself; unheard, the
    // pool's error event would end the process before Prisma has connected and listens to it.
    pool.on('error', () => undefined);
    this.pool = pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    // Nest calls this for the tenant client too (an extension of this one, whose methods it shares).
    if (!this.pool.ended) await this.pool.end();
  }
}

export type { TenantPrismaClient };

/**
 * The client every feature repository uses: each query is limited to the caller's organization
 * and every created row is stamped with it (see tenant-scope.ts).
 */
export const TENANT_PRISMA = Symbol('TENANT_PRISMA');

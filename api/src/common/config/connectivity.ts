import pg from 'pg';
import { Redis } from 'ioredis';

export class ServiceUnreachableError extends Error {
  override readonly name = 'ServiceUnreachableError';
}

function describeAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol.startsWith('redis') ? '6379' : '5432')}`;
  } catch {
    return url;
  }
}

function reason(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.message : String(error);
}

/** Fails with one line naming the address and how to start PostgreSQL. */
export async function assertPostgresReachable(databaseUrl: string): Promise<void> {
  // The target database may not exist yet (the migrator creates it), so probe the server only.
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new ServiceUnreachableError(
      `Cannot reach PostgreSQL at ${describeAddress(databaseUrl)} (${reason(error)}). ` +
        'Start it (`pg_ctlcluster 15 main start`, or `docker compose up -d postgres`) or set DATABASE_URL.',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Fails with one line naming the address and how to start Redis. */
export async function assertRedisReachable(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  // ioredis reports the socket error (ECONNREFUSED...) as an event and rejects with a generic one.
  let socketError: unknown;
  redis.on('error', (error) => (socketError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new ServiceUnreachableError(
      `Cannot reach Redis at ${describeAddress(redisUrl)} (${reason(socketError ?? error)}). ` +
        'Start it (`redis-server --daemonize yes`, or `docker compose up -d redis`) or set REDIS_URL.',
    );
  } finally {
    redis.disconnect();
  }
}

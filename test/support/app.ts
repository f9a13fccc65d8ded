import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createApiApp, createLogger, formatLogLine, loadConfig, type AppConfig } from '@meridian/api';
import { startWorker, type RunningWorker } from '@meridian/workers';
import { seedDemoOrganization } from '../../scripts/seed/main.js';
import { createTestDatabase } from './database.js';

export const DEMO_ADMIN = { email: 'demo@advisor.test', password: 'demo-password-1' } as const;

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface TestEnvironment {
  config: AppConfig;
  databaseUrl: string;
  mailDir: string;
  /** Where the worker writes SMS messages when Twilio is not configured. */
  smsDir: string;
  /** Drops the database, the Redis keys of this environment and the mail and SMS folders. */
  dispose(): Promise<void>;
}

/**
 * A fresh database (from the migrated template), its own Redis key prefix and mail folder, so
 * test files never see each other's rows, queues or e-mails.
 */
export async function createTestEnvironment(overrides: Partial<Record<string, string>> = {}): Promise<TestEnvironment> {
  const database = await createTestDatabase();
  const mailDir = await mkdtemp(join(tmpdir(), 'meridian-mail-'));
  const smsDir = await mkdtemp(join(tmpdir(), 'meridian-sms-'));
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    AUTH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    DASHBOARD_DIST: join(REPO_ROOT, 'dashboard', 'dist'),
    MAIL_FILE_DIR: mailDir,
    SMS_FILE_DIR: smsDir,
    ...overrides,
  });
  return {
    config,
    databaseUrl: database.url,
    mailDir,
    smsDir,
    async dispose() {
      await database.drop();
      await deleteRedisKeys(config.REDIS_URL, `${prefix}:*`);
      await rm(mailDir, { recursive: true, force: true });
      await rm(smsDir, { recursive: true, force: true });
    },
  };
}

async function deleteRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function seedDemo(databaseUrl: string): Promise<void> {
  await seedDemoOrganization(databaseUrl, DEMO_ADMIN);
}

export interface TestApi {
  baseUrl: string;
  databaseUrl: string;
  environment: TestEnvironment;
  close(): Promise<void>;
}

/**
 * The test API's log: what LOG_LEVEL asks for when set; otherwise only a request that ended in a
 * 500, with its stack on stderr. No test expects one, and a CI run that meets one must say why.
 */
function apiLogger(level: string): ReturnType<typeof createLogger> {
  // vitest.config.ts sets LOG_LEVEL to 'silent' unless the run names a level: only a named level
  // replaces the 500s' stacks.
  if (process.env.LOG_LEVEL && process.env.LOG_LEVEL !== 'silent') return createLogger(level);
  return createLogger('error', 'json', {
    write: (line: string) => {
      if (line.includes('"msg":"request failed"')) process.stderr.write(formatLogLine(line));
    },
  });
}

/** The real API on a free loopback port, against its own database (seeded with the demo organization unless told otherwise). */
export async function startTestApi(
  options: { seedDemo?: boolean; environment?: TestEnvironment } = {},
): Promise<TestApi> {
  const environment = options.environment ?? (await createTestEnvironment());
  if (options.seedDemo ?? true) await seedDemo(environment.databaseUrl);
  const app = await createApiApp(environment.config, apiLogger(environment.config.LOG_LEVEL));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: environment.databaseUrl,
    environment,
    async close() {
      await app.close();
      if (!options.environment) await environment.dispose();
    },
  };
}

/** The real worker process's internals, in this process, against the environment's database and Redis. */
export function startTestWorker(environment: TestEnvironment): Promise<RunningWorker> {
  return startWorker(environment.config, createLogger(environment.config.LOG_LEVEL));
}

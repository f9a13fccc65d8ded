// Throw-away PostgreSQL databases for integration tests.
//
// test/support/global-setup.ts migrates a template database once per set of migrations; each test
// file then clones it with CREATE DATABASE ... TEMPLATE, which takes milliseconds, instead of
// running the migrations again. The template's name reaches the test workers through vitest's
// provide/inject (key `testDatabaseTemplate`, declared below), so a test file only needs:
//
//   const db = await createTestDatabase();   // in beforeAll
//   ... new PrismaPg({ connectionString: db.url }) ...
//   await db.drop();                         // in afterAll
//
// The server comes from TEST_DATABASE_URL (any database on it; default the `postgres` one).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

import {
  connect,
  DatabaseSetupError,
  disconnect,
  errorCode,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  withDatabaseName,
} from '../../prisma/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of the migrated template database, provided by test/support/global-setup.ts. */
    testDatabaseTemplate: string;
  }
}

export interface TestDatabase {
  /** Connection URL of the new database. */
  url: string;
  name: string;
  /** Drops the database, ending any connection still open to it. Safe to call twice. */
  drop: () => Promise<void>;
}

export const TEST_URL_SOURCE = 'TEST_DATABASE_URL';
export const TEMPLATE_PREFIX = 'meridian_test_template_';
const APPLICATION_NAME = 'meridian-tests';

/**
 * Test databases are named meridian_test_<base-36 creation time>_<random>, so global-setup can
 * recognise the ones a crashed run left behind and tell how old they are.
 */
const TEST_DATABASE_PATTERN = /^meridian_test_([0-9a-z]{8,9})_[0-9a-f]{8}$/;

/** CREATE DATABASE ... TEMPLATE fails while any session is connected to the template; retry for this long. */
const IN_USE_RETRY_MS = 15_000;

/** URL of the test PostgreSQL server's maintenance database. */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? `postgresql://postgres@127.0.0.1:5432/${MAINTENANCE_DATABASE}`;
  return withDatabaseName(url, MAINTENANCE_DATABASE);
}

export function newTestDatabaseName(now = Date.now()): string {
  return `meridian_test_${now.toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Creation time (ms) of a database named by newTestDatabaseName, or undefined for other names. */
export function testDatabaseCreatedAt(name: string): number | undefined {
  const stamp = TEST_DATABASE_PATTERN.exec(name)?.[1];
  return stamp === undefined ? undefined : parseInt(stamp, 36);
}

/** A new database with every migration applied, cloned from the template global-setup prepared. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = templateName();
  const serverUrl = testServerUrl();
  const name = newTestDatabaseName();
  const admin = await connect(serverUrl, APPLICATION_NAME, TEST_URL_SOURCE);
  try {
    await retryWhileInUse(template, () =>
      admin.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`),
    );
  } catch (error) {
    if (errorCode(error) === '3D000') {
      throw new DatabaseSetupError(
        `The template database ${template} does not exist (dropped while tests were running?). Run the tests again.`,
      );
    }
    throw error;
  } finally {
    await disconnect(admin);
  }
  return { url: withDatabaseName(serverUrl, name), name, drop: () => dropDatabase(serverUrl, name) };
}

function templateName(): string {
  const template = inject('testDatabaseTemplate');
  if (!template) {
    throw new DatabaseSetupError(
      'No test database template was provided: add test/support/global-setup.ts to globalSetup of this ' +
        'vitest project in vitest.config.ts.',
    );
  }
  return template;
}

/**
 * Runs `action` (which copies or renames `database`) again while PostgreSQL reports the database
 * in use by another session (55006, object_in_use): typically a connection that is just closing.
 */
export async function retryWhileInUse<T>(database: string, action: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + IN_USE_RETRY_MS;
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    try {
      return await action();
    } catch (error) {
      if (errorCode(error) !== '55006') throw error;
      if (Date.now() > deadline) {
        throw new DatabaseSetupError(
          `Database ${database} stayed in use by other sessions for ${IN_USE_RETRY_MS / 1000} s, so it cannot be ` +
            `copied. Close them (see SELECT pid, application_name FROM pg_stat_activity WHERE datname = ` +
            `'${database}') and run the tests again.`,
        );
      }
      await sleep(delay);
    }
  }
}

/** Drops a test database, terminating the sessions still connected to it (only those). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = await connect(serverUrl, APPLICATION_NAME, TEST_URL_SOURCE);
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  } finally {
    await disconnect(admin);
  }
}

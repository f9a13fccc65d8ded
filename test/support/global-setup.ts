// vitest globalSetup: prepares the migrated template database that createTestDatabase()
// (test/support/database.ts) clones, and provides its name to the test workers.
//
// The template is named meridian_test_template_<first 8 hex of a hash of the migrations>, so it
// is built once and reused until a migration (or the migrator) changes. Several vitest projects
// (and several checkouts sharing one PostgreSQL) may run this at the same time, so all the work
// happens under an advisory lock on the maintenance database.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { TestProject } from 'vitest/node';

import { migrateDatabase } from '../../prisma/migrate.js';
import { readMigrationFolders } from '../../prisma/migration-files.js';
import {
  connect,
  disconnect,
  errorCode,
  quoteIdentifier,
  quoteLiteral,
  withDatabaseName,
} from '../../prisma/postgres.js';
import { dropDatabase, TEMPLATE_PREFIX, TEST_URL_SOURCE, testDatabaseCreatedAt, testServerUrl } from './database.js';

const MIGRATOR_SOURCE = fileURLToPath(new URL('../../prisma/migrate.ts', import.meta.url));
const APPLICATION_NAME = 'meridian-test-setup';

/** Any constant works; it only has to differ from the other advisory locks taken on `postgres`. */
const TEMPLATE_LOCK_KEY = 0x6d65_7274; // "mert"

/**
 * COMMENT ON DATABASE of a template whose migrations all succeeded, followed by the last time a
 * test run used it. A template without it is what a crashed build left behind.
 */
const READY_COMMENT = 'meridian test template, ready; last used';

/**
 * Templates of other migration sets are dropped once unused for this long. The grace period spares
 * the template of a test run in another checkout (sharing this server) that may still clone it.
 */
const STALE_TEMPLATE_AGE_MS = 60 * 60 * 1000;
/** Test databases a crashed run left behind are dropped once this old. */
const ABANDONED_DATABASE_AGE_MS = 24 * 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<void> {
  const template = await prepareTemplate();
  project.provide('testDatabaseTemplate', template);
}

async function prepareTemplate(): Promise<string> {
  const serverUrl = testServerUrl();
  const template = `${TEMPLATE_PREFIX}${await migrationsHash()}`;
  const admin = await connect(serverUrl, APPLICATION_NAME, TEST_URL_SOURCE);
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const databases = await listDatabases(admin);
    if (lastUsedAt(databases.get(template)) === undefined) await buildTemplate(serverUrl, template);
    await markReady(admin, template);
    await dropStaleTemplates(admin, databases, template);
    await dropAbandonedTestDatabases(admin, databases);
  } finally {
    // Ending the session releases the advisory lock.
    await disconnect(admin);
  }
  return template;
}

/** First 8 hex digits of a hash over every migration (name and checksum) and the migrator itself. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const migration of await readMigrationFolders()) hash.update(`${migration.name}\0${migration.checksum}\0`);
  hash.update(await readFile(MIGRATOR_SOURCE));
  return hash.digest('hex').slice(0, 8);
}

/** Every database on the server that belongs to the tests, with its comment. */
async function listDatabases(admin: pg.Client): Promise<Map<string, string | null>> {
  const { rows } = await admin.query<{ name: string; comment: string | null }>(
    `SELECT datname AS name, shobj_description(oid, 'pg_database') AS comment
       FROM pg_database WHERE datname LIKE 'meridian\\_test\\_%'`,
  );
  return new Map(rows.map((row) => [row.name, row.comment]));
}

/** When a template was last used, from its ready comment; undefined for an incomplete one. */
function lastUsedAt(comment: string | null | undefined): number | undefined {
  if (!comment?.startsWith(READY_COMMENT)) return undefined;
  const time = Date.parse(comment.slice(READY_COMMENT.length).trim());
  return Number.isNaN(time) ? undefined : time;
}

async function buildTemplate(serverUrl: string, template: string): Promise<void> {
  await dropDatabase(serverUrl, template); // whatever a crashed build left
  await migrateDatabase(withDatabaseName(serverUrl, template), { urlSource: TEST_URL_SOURCE });
}

async function markReady(admin: pg.Client, template: string): Promise<void> {
  const comment = `${READY_COMMENT} ${new Date().toISOString()}`;
  await admin.query(`COMMENT ON DATABASE ${quoteIdentifier(template)} IS ${quoteLiteral(comment)}`);
}

/** Drops other templates: incomplete ones at once (nobody builds them while we hold the lock), others when stale. */
async function dropStaleTemplates(
  admin: pg.Client,
  databases: Map<string, string | null>,
  current: string,
): Promise<void> {
  for (const [name, comment] of databases) {
    if (!name.startsWith(TEMPLATE_PREFIX) || name === current) continue;
    const used = lastUsedAt(comment);
    if (used === undefined || Date.now() - used > STALE_TEMPLATE_AGE_MS) await dropIfUnused(admin, name);
  }
}

/** Drops test databases whose creation time (encoded in their name) is long past. */
async function dropAbandonedTestDatabases(admin: pg.Client, databases: Map<string, string | null>): Promise<void> {
  for (const name of databases.keys()) {
    const createdAt = testDatabaseCreatedAt(name);
    if (createdAt !== undefined && Date.now() - createdAt > ABANDONED_DATABASE_AGE_MS) await dropIfUnused(admin, name);
  }
}

/** Best-effort cleanup: without FORCE, a database someone is still using is left alone. */
async function dropIfUnused(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
  } catch (error) {
    if (errorCode(error) !== '55006') throw error;
  }
}

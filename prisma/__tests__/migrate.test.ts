import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { dropDatabase, newTestDatabaseName, testServerUrl } from '#test/support/database.js';
import { migrateDatabase } from '../migrate.js';
import { MIGRATIONS_DIR, readMigrationFolders } from '../migration-files.js';
import type { MigrationFolder } from '../migration-files.js';
import { DatabaseSetupError, withDatabaseName } from '../postgres.js';
import { readDatamodel } from './support/schema-datamodel.js';
import { SCHEMA_DIR } from './support/schema-files.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const serverUrl = testServerUrl();
const createdDatabases: string[] = [];
const scratchDirs: string[] = [];
let migrations: MigrationFolder[];

beforeAll(async () => {
  migrations = await readMigrationFolders();
});

afterAll(async () => {
  await Promise.all(createdDatabases.map((name) => dropDatabase(serverUrl, name)));
  await Promise.all(scratchDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** URL of a database that does not exist yet (dropped after the tests). */
function newDatabaseUrl(): string {
  const name = newTestDatabaseName();
  createdDatabases.push(name);
  return withDatabaseName(serverUrl, name);
}

/** A scratch copy of prisma/migrations that a test may edit. */
async function copyOfMigrations(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  scratchDirs.push(dir);
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

async function addMigration(dir: string, name: string, sql: string): Promise<void> {
  await mkdir(join(dir, name));
  await writeFile(join(dir, name, 'migration.sql'), sql);
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('on a database that does not exist yet', () => {
  const url = newDatabaseUrl();
  const log: string[] = [];

  beforeAll(async () => {
    const result = await migrateDatabase(url, { log: (line) => log.push(line) });
    expect(result.applied).toEqual(migrations.map((migration) => migration.name));
  });

  test('creates the database and applies every migration', async () => {
    expect(log[0]).toMatch(/^Created database meridian_test_/);
    expect(migrations.length).toBeGreaterThan(0);
    const datamodel = await readDatamodel(SCHEMA_DIR);
    const tables = await query<{ tablename: string }>(
      url,
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(tables.map((row) => row.tablename).sort()).toEqual(
      [...datamodel.models.map((model) => model.dbName ?? model.name), '_prisma_migrations'].sort(),
    );
  });

  test('records each migration as Prisma does, with the SHA-256 of its file', async () => {
    const rows = await query<{
      id: string;
      checksum: string;
      migration_name: string;
      finished: boolean;
      rolled_back_at: Date | null;
      applied_steps_count: number;
      logs: string | null;
    }>(
      url,
      `SELECT id, checksum, migration_name, finished_at >= started_at AS finished, rolled_back_at,
              applied_steps_count, logs
         FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(rows).toEqual(
      migrations.map((migration) => ({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        checksum: createHash('sha256').update(migration.script).digest('hex'),
        migration_name: migration.name,
        finished: true,
        rolled_back_at: null,
        applied_steps_count: 1,
        logs: null,
      })),
    );
  });

  test('creates _prisma_migrations with the columns Prisma Migrate creates', async () => {
    const columns = await query(
      url,
      `SELECT column_name, data_type, character_maximum_length AS length, is_nullable, column_default
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    const column = (
      column_name: string,
      data_type: string,
      length: number | null,
      nullable: boolean,
      def: string | null,
    ) => ({
      column_name,
      data_type,
      length,
      is_nullable: nullable ? 'YES' : 'NO',
      column_default: def,
    });
    expect(columns).toEqual([
      column('id', 'character varying', 36, false, null),
      column('checksum', 'character varying', 64, false, null),
      column('finished_at', 'timestamp with time zone', null, true, null),
      column('migration_name', 'character varying', 255, false, null),
      column('logs', 'text', null, true, null),
      column('rolled_back_at', 'timestamp with time zone', null, true, null),
      column('started_at', 'timestamp with time zone', null, false, 'now()'),
      column('applied_steps_count', 'integer', null, false, '0'),
    ]);
  });

  test('running again applies nothing', async () => {
    const again: string[] = [];
    expect(await migrateDatabase(url, { log: (line) => again.push(line) })).toEqual({ applied: [] });
    expect(again).toEqual([expect.stringMatching(/is up to date/)]);
  });
});

test('two migrators started together: one applies everything, the other waits and applies nothing', async () => {
  const url = newDatabaseUrl();
  const results = await Promise.all([migrateDatabase(url), migrateDatabase(url)]);
  const counts = results.map((result) => result.applied.length).sort();
  expect(counts).toEqual([0, migrations.length]);
  const rows = await query(url, 'SELECT count(*)::int AS count FROM _prisma_migrations');
  expect(rows).toEqual([{ count: migrations.length }]);
});

test('applies a new migration after the applied ones', async () => {
  const dir = await copyOfMigrations();
  const url = newDatabaseUrl();
  await migrateDatabase(url, { migrationsDir: dir });
  await addMigration(dir, '29990101000000_probe', 'CREATE TABLE probe (id integer);\n');
  expect(await migrateDatabase(url, { migrationsDir: dir })).toEqual({ applied: ['29990101000000_probe'] });
});

describe('refuses, with one line saying what to do,', () => {
  async function migratedCopy(): Promise<{ dir: string; url: string }> {
    const dir = await copyOfMigrations();
    const url = newDatabaseUrl();
    await migrateDatabase(url, { migrationsDir: dir });
    return { dir, url };
  }

  test('a migration edited after it was applied', async () => {
    const { dir, url } = await migratedCopy();
    const first = migrations[0]!;
    await appendFile(join(dir, first.name, 'migration.sql'), '\n-- an afterthought\n');
    await expect(migrateDatabase(url, { migrationsDir: dir })).rejects.toThrow(
      new DatabaseSetupError(
        `Migration ${first.name} was edited after it was applied to ${url.split('/').at(-1)} (its checksum ` +
          `changed). Restore ${join(dir, first.name, 'migration.sql')} (git checkout -- <file>) and put the ` +
          'change in a new migration: npm run db:new-migration -- <name>.',
      ),
    );
  });

  test('a line-ending-only change is not an edit (as for Prisma)', async () => {
    const { dir, url } = await migratedCopy();
    const first = migrations[0]!;
    await writeFile(join(dir, first.name, 'migration.sql'), first.script.toString('utf8').replace(/\n/g, '\r\n'));
    await expect(migrateDatabase(url, { migrationsDir: dir })).resolves.toEqual({ applied: [] });
  });

  test('an applied migration whose folder is gone', async () => {
    const { dir, url } = await migratedCopy();
    const last = migrations.at(-1)!;
    await rm(join(dir, last.name), { recursive: true });
    await expect(migrateDatabase(url, { migrationsDir: dir })).rejects.toThrow(
      new RegExp(
        `^Migration ${last.name} is applied to meridian_test_\\w+ but .* does not exist\\. Restore the folder from git`,
      ),
    );
  });

  test('a migration that started but never finished', async () => {
    const { dir, url } = await migratedCopy();
    await query(url, 'UPDATE _prisma_migrations SET finished_at = NULL');
    await expect(migrateDatabase(url, { migrationsDir: dir })).rejects.toThrow(/never finished .* Repair the database/);
  });

  test('migrations for another database provider', async () => {
    const dir = await copyOfMigrations();
    await writeFile(join(dir, 'migration_lock.toml'), 'provider = "mysql"\n');
    await expect(migrateDatabase(newDatabaseUrl(), { migrationsDir: dir })).rejects.toThrow(
      /migration_lock\.toml says provider = "mysql", but these migrations run on postgresql/,
    );
  });
});

test('a rolled-back row (prisma migrate resolve --rolled-back) is applied again, as Prisma does', async () => {
  const dir = await copyOfMigrations();
  const url = newDatabaseUrl();
  await addMigration(dir, '29990101000000_probe', 'CREATE TABLE probe (id integer);\n');
  await migrateDatabase(url, { migrationsDir: dir });
  await query(
    url,
    `DROP TABLE probe; UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name LIKE '%probe'`,
  );
  expect(await migrateDatabase(url, { migrationsDir: dir })).toEqual({ applied: ['29990101000000_probe'] });
  const rows = await query(
    url,
    `SELECT rolled_back_at IS NULL AS live FROM _prisma_migrations WHERE migration_name LIKE '%probe' ORDER BY started_at`,
  );
  expect(rows).toEqual([{ live: false }, { live: true }]);
});

test('a failing migration is rolled back whole, reported with its line, and not recorded', async () => {
  const dir = await copyOfMigrations();
  const url = newDatabaseUrl();
  await addMigration(dir, '29990101000000_broken', 'CREATE TABLE half (id integer);\nSELECT * FROM nowhere;\n');
  await expect(migrateDatabase(url, { migrationsDir: dir })).rejects.toThrow(
    /^Migration 29990101000000_broken failed at line 2 and was rolled back, nothing of it is applied: relation "nowhere" does not exist\./,
  );
  const leftovers = await query(
    url,
    `SELECT to_regclass('half') AS half, (SELECT count(*)::int FROM _prisma_migrations WHERE migration_name LIKE '%broken') AS rows`,
  );
  expect(leftovers).toEqual([{ half: null, rows: 0 }]);
});

describe('when PostgreSQL is not running', () => {
  const unreachable = 'postgresql://postgres@127.0.0.1:1/meridian';
  const message =
    'Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED). Start it (e.g. `pg_ctlcluster 15 main start`, or ' +
    '`docker compose up -d postgres`) or set DATABASE_URL to a running server.';

  test('migrateDatabase says so in one line', async () => {
    await expect(migrateDatabase(unreachable)).rejects.toThrow(new DatabaseSetupError(message));
  });

  test('npm run db:migrate prints that line, no stack trace, and exits with 1', async () => {
    const run = promisify(execFile);
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const failure = await run(tsx, ['prisma/migrate.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: unreachable },
    }).then(
      () => expect.fail('the migrator should have failed'),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toBe(`error: ${message}\n`);
  });
});

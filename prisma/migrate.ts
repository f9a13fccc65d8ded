// Applies prisma/migrations to a PostgreSQL database without Prisma's native schema engine (which
// cannot be installed on machines without internet). It keeps `_prisma_migrations` exactly as
// `prisma migrate deploy` does, so Prisma's own `migrate deploy` / `migrate status` agree with it
// wherever the engine is available.
//
//   npm run db:migrate                      (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/meridian)
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';

import { checksumMatches, displayPath, MIGRATIONS_DIR, readMigrationFolders } from './migration-files.js';
import type { MigrationFolder } from './migration-files.js';
import {
  connect,
  databaseNameOf,
  DatabaseSetupError,
  DEFAULT_DATABASE_URL,
  disconnect,
  errorCode,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  serverAddressOf,
  withDatabaseName,
} from './postgres.js';

export interface MigrateOptions {
  log?: (line: string) => void;
  /** Defaults to prisma/migrations; tests point it at edited copies. */
  migrationsDir?: string;
  /** Where the URL came from, for error messages. Defaults to "DATABASE_URL". */
  urlSource?: string;
}

export interface MigrateResult {
  /** Names of the migrations applied by this run, in order; empty when already up to date. */
  applied: string[];
}

/**
 * The advisory lock key Prisma Migrate itself takes. Sharing it means this migrator, other
 * instances of it and `prisma migrate deploy` never run against the same database at once.
 * Advisory locks are per database, so migrating different databases does not serialise.
 */
const MIGRATION_LOCK_KEY = 72707369;
const LOCK_WAIT_TIMEOUT = '10min';
const APPLICATION_NAME = 'meridian-migrate';

// Column for column what Prisma's schema engine creates on PostgreSQL.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

interface MigrationRow {
  migration_name: string;
  checksum: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export async function migrateDatabase(databaseUrl: string, opts: MigrateOptions = {}): Promise<MigrateResult> {
  const log = opts.log ?? (() => undefined);
  const urlSource = opts.urlSource ?? 'DATABASE_URL';
  const migrationsDir = opts.migrationsDir ?? MIGRATIONS_DIR;
  const migrations = await readMigrationFolders(migrationsDir);
  const database = databaseNameOf(databaseUrl);
  const client = await connectCreatingDatabase(databaseUrl, urlSource, log);
  try {
    await acquireMigrationLock(client, database, log);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const rows = await readMigrationRows(client);
    const pending = pendingMigrations(migrations, rows, database, migrationsDir);
    for (const migration of pending) {
      await applyMigration(client, migration);
      log(`Applied ${migration.name}`);
    }
    if (pending.length === 0) log(`Database ${database} is up to date (${plural(migrations.length, 'migration')}).`);
    return { applied: pending.map((migration) => migration.name) };
  } finally {
    // Ending the session also releases the advisory lock.
    await disconnect(client);
  }
}

/** Connects to the database, creating it first (from the maintenance database) if it does not exist. */
async function connectCreatingDatabase(
  url: string,
  urlSource: string,
  log: (line: string) => void,
): Promise<pg.Client> {
  try {
    return await connect(url, APPLICATION_NAME, urlSource);
  } catch (error) {
    if (errorCode(error) !== '3D000') throw error; // 3D000: invalid_catalog_name, the database does not exist
  }
  const database = databaseNameOf(url);
  const admin = await connect(withDatabaseName(url, MAINTENANCE_DATABASE), APPLICATION_NAME, urlSource);
  try {
    await admin.query(`CREATE DATABASE ${quoteIdentifier(database)}`);
    log(`Created database ${database} on ${serverAddressOf(url)}`);
  } catch (error) {
    // Another migrator created it between our two connections: fine, it exists now. (A race on
    // CREATE DATABASE surfaces either as duplicate_database or as a unique violation in pg_database.)
    const code = errorCode(error);
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await disconnect(admin);
  }
  return connect(url, APPLICATION_NAME, urlSource);
}

async function acquireMigrationLock(client: pg.Client, database: string, log: (line: string) => void): Promise<void> {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
    MIGRATION_LOCK_KEY,
  ]);
  if (rows[0]?.locked) return;
  log(`Waiting for another migration run on ${database} to finish…`);
  try {
    // lock_timeout bounds the wait so a stuck session cannot hang CI forever.
    await client.query(`SET lock_timeout = '${LOCK_WAIT_TIMEOUT}'`);
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('RESET lock_timeout');
  } catch (error) {
    if (errorCode(error) !== '55P03') throw error; // 55P03: lock_not_available
    const holder = await lockHolderPid(client);
    throw new DatabaseSetupError(
      `Another migration run has held the migration lock on ${database} for over ${LOCK_WAIT_TIMEOUT}` +
        (holder ? ` (backend pid ${holder})` : '') +
        `. If it is stuck, end it with SELECT pg_terminate_backend(<pid>) and run the migration again.`,
    );
  }
}

async function lockHolderPid(client: pg.Client): Promise<number | undefined> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = $1
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [MIGRATION_LOCK_KEY],
  );
  return rows[0]?.pid;
}

async function readMigrationRows(client: pg.Client): Promise<MigrationRow[]> {
  const { rows } = await client.query<MigrationRow>(
    `SELECT migration_name, checksum, started_at, finished_at, rolled_back_at
       FROM _prisma_migrations ORDER BY started_at, migration_name`,
  );
  return rows;
}

/**
 * The migrations still to apply, after checking that the recorded history is one this folder can
 * continue. Rows marked rolled back (`prisma migrate resolve --rolled-back`) are ignored and their
 * migration is applied again, as `prisma migrate deploy` does.
 */
function pendingMigrations(
  migrations: MigrationFolder[],
  rows: MigrationRow[],
  database: string,
  migrationsDir: string,
): MigrationFolder[] {
  const live = rows.filter((row) => row.rolled_back_at === null);
  const unfinished = live.find((row) => row.finished_at === null);
  if (unfinished) throw unfinishedMigrationError(unfinished, database);

  const folders = new Map(migrations.map((migration) => [migration.name, migration]));
  for (const row of live) {
    const folder = folders.get(row.migration_name);
    if (!folder) throw missingFolderError(row, database, migrationsDir);
    if (!checksumMatches(folder.script, row.checksum)) throw modifiedMigrationError(folder, database);
  }
  const applied = new Set(live.map((row) => row.migration_name));
  return migrations.filter((migration) => !applied.has(migration.name));
}

function unfinishedMigrationError(row: MigrationRow, database: string): DatabaseSetupError {
  return new DatabaseSetupError(
    `Migration ${row.migration_name} started on ${database} at ${row.started_at.toISOString()} but never ` +
      `finished (a failed or interrupted \`prisma migrate deploy\`). Repair the database by hand, then mark ` +
      `the row finished (UPDATE _prisma_migrations SET finished_at = now(), applied_steps_count = 1 WHERE ` +
      `migration_name = '${row.migration_name}') or delete it to re-apply the migration; a disposable ` +
      `database can simply be dropped and migrated again.`,
  );
}

function missingFolderError(row: MigrationRow, database: string, migrationsDir: string): DatabaseSetupError {
  const folder = displayPath(`${migrationsDir}/${row.migration_name}`);
  return new DatabaseSetupError(
    `Migration ${row.migration_name} is applied to ${database} but ${folder} does not exist. Restore the ` +
      `folder from git (e.g. after switching branches), or drop and re-create a disposable database.`,
  );
}

function modifiedMigrationError(folder: MigrationFolder, database: string): DatabaseSetupError {
  return new DatabaseSetupError(
    `Migration ${folder.name} was edited after it was applied to ${database} (its checksum changed). ` +
      `Restore ${displayPath(folder.sqlPath)} (git checkout -- <file>) and put the change in a new ` +
      `migration: npm run db:new-migration -- <name>.`,
  );
}

/**
 * Runs one migration and records it in the same transaction, so a failure leaves neither half
 * of its changes nor a row behind. (Prisma runs scripts outside a transaction and would leave a
 * failed row to resolve by hand.) The row is written the way Prisma writes it: a v4 UUID, the
 * checksum, start and finish times and applied_steps_count = 1.
 */
async function applyMigration(client: pg.Client, migration: MigrationFolder): Promise<void> {
  const id = randomUUID();
  const script = migration.script.toString('utf8');
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, clock_timestamp(), 0)`,
      [id, migration.checksum, migration.name],
    );
    // No parameters: pg uses the simple query protocol, which accepts a multi-statement script.
    await client.query(script);
    await client.query(
      'UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw failedMigrationError(migration, script, error);
  }
}

function failedMigrationError(migration: MigrationFolder, script: string, error: unknown): DatabaseSetupError {
  const reason = error instanceof Error ? error.message : String(error);
  const position = Number((error as { position?: string }).position);
  const line = Number.isInteger(position) && position > 0 ? script.slice(0, position - 1).split('\n').length : null;
  const where = line ? ` at line ${line}` : '';
  return new DatabaseSetupError(
    `Migration ${migration.name} failed${where} and was rolled back, nothing of it is applied: ${reason}. ` +
      `Fix ${displayPath(migration.sqlPath)} (or the data it trips over) and run the migration again.`,
  );
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  console.log(`Migrating ${databaseNameOf(url)} on ${serverAddressOf(url)}`);
  try {
    const { applied } = await migrateDatabase(url, { log: (line) => console.log(line) });
    if (applied.length > 0) console.log(`Applied ${plural(applied.length, 'migration')}.`);
  } catch (error) {
    if (!(error instanceof DatabaseSetupError)) throw error;
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** True when run as `tsx prisma/migrate.ts`, false when imported (tests, test setup). */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) await main();

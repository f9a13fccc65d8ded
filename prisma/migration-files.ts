// Reading prisma/migrations the way Prisma Migrate does: every sub-folder is one migration, applied
// in the order of the folder names, and its identity is the folder name plus the SHA-256 of
// migration.sql. The newest folder also keeps `schema.prisma`, the datamodel it produces, from which
// tools/prisma-diff computes the next migration; the tool then deletes it, so only the newest
// folder ever has one.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DatabaseSetupError } from './postgres.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const REPOSITORY_ROOT = fileURLToPath(new URL('../', import.meta.url));
const LOCK_FILE = 'migration_lock.toml';
const SNAPSHOT_FILE = 'schema.prisma';
const SUPPORTED_PROVIDER = 'postgresql';

export interface MigrationFolder {
  /** The folder name, e.g. "20261122000000_identity"; what `_prisma_migrations.migration_name` records. */
  name: string;
  sqlPath: string;
  script: Buffer;
  checksum: string;
}

/**
 * Where a migration folder keeps the datamodel it produces. Only the newest migration has one
 * (for the next diff and the drift test); older snapshots are deleted as new migrations are made.
 */
export function snapshotPathOf(migration: Pick<MigrationFolder, 'sqlPath'>): string {
  return join(dirname(migration.sqlPath), SNAPSHOT_FILE);
}

/** SHA-256 of the file bytes as lower-case hex: what Prisma stores in `_prisma_migrations.checksum`. */
export function checksumOf(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Whether a recorded checksum still matches the file. Like Prisma, a file whose only change is
 * its line endings (a Windows checkout with core.autocrlf) still counts as the same migration.
 */
export function checksumMatches(script: Buffer, recorded: string): boolean {
  const text = script.toString('utf8');
  const unix = text.replace(/\r\n/g, '\n');
  const windows = unix.replace(/\n/g, '\r\n');
  return [script, unix, windows].some((variant) => checksumOf(variant) === recorded);
}

/** A path relative to the repository root, for messages. */
export function displayPath(path: string): string {
  const fromRoot = relative(REPOSITORY_ROOT, path);
  return fromRoot.startsWith('..') ? path : fromRoot;
}

/**
 * Every migration folder in `dir`, sorted by name, with its script and checksum. Fails on a folder
 * without migration.sql and on a missing or foreign migration_lock.toml. A missing `dir` means no
 * migrations yet.
 */
export async function readMigrationFolders(dir: string = MIGRATIONS_DIR): Promise<MigrationFolder[]> {
  const names = await listMigrationNames(dir);
  if (names.length > 0) await assertMigrationLock(dir);
  return Promise.all(names.map((name) => readMigrationFolder(dir, name)));
}

async function listMigrationNames(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

async function readMigrationFolder(dir: string, name: string): Promise<MigrationFolder> {
  const sqlPath = join(dir, name, 'migration.sql');
  let script: Buffer;
  try {
    script = await readFile(sqlPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new DatabaseSetupError(
      `${displayPath(join(dir, name))} has no migration.sql. Restore it from git, or delete the folder ` +
        `if it is not a migration.`,
    );
  }
  return { name, sqlPath, script, checksum: checksumOf(script) };
}

/** Prisma refuses migrations written for another database provider; so do we. */
async function assertMigrationLock(dir: string): Promise<void> {
  const lockPath = join(dir, LOCK_FILE);
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new DatabaseSetupError(
      `${displayPath(lockPath)} is missing. Restore it from git (\`npm run db:new-migration\` also ` +
        `writes it), with the line: provider = "${SUPPORTED_PROVIDER}"`,
    );
  }
  const provider = providerOf(text);
  if (provider !== SUPPORTED_PROVIDER) {
    throw new DatabaseSetupError(
      `${displayPath(lockPath)} says provider = "${provider ?? ''}", but these migrations run on ` +
        `${SUPPORTED_PROVIDER}. Restore the file from git.`,
    );
  }
}

function providerOf(toml: string): string | undefined {
  for (const line of toml.split(/\r?\n/)) {
    const match = /^\s*provider\s*=\s*"([^"]*)"\s*(#.*)?$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

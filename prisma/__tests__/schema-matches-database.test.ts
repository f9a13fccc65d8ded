// The database the migrations build has exactly the structure the schema (prisma/schema/) describes:
// tables, columns, types, nullability, defaults, enums, primary keys, unique and plain indexes,
// foreign keys and their actions. Catches a hand-edited migration, or a schema change whose
// migration was written by hand and got something wrong. (schema-drift.test.ts catches a schema
// change with no migration at all.) The only extra indexes allowed are those that hand-written
// migrations create (support/hand-written-indexes.ts): partial and expression indexes Prisma
// cannot declare. CHECK constraints are not part of this comparison; invariants.test.ts proves them.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createTestDatabase } from '#test/support/database.js';
import type { TestDatabase } from '#test/support/database.js';
import { readMigrationFolders } from '../migration-files.js';
import { compareStructures } from './support/compare-structures.js';
import { readDatabaseStructure } from './support/database-structure.js';
import { expectedStructure } from './support/expected-structure.js';
import { HAND_WRITTEN_MARKER, handWrittenIndexNames } from './support/hand-written-indexes.js';
import { readDatamodel } from './support/schema-datamodel.js';
import type { Datamodel } from './support/schema-datamodel.js';
import { SCHEMA_DIR } from './support/schema-files.js';

const FIXTURE_SCHEMA = fileURLToPath(new URL('./support/fixture/schema.prisma', import.meta.url));
const FIXTURE_SQL = fileURLToPath(new URL('./support/fixture/migration.sql', import.meta.url));

let database: TestDatabase | undefined;
let client: pg.Client;
let schemaDatamodel: Datamodel;
let fixtureDatamodel: Datamodel;

beforeAll(async () => {
  // Each read runs `prisma generate` (over a second); do both at once, and while cloning.
  [database, schemaDatamodel, fixtureDatamodel] = await Promise.all([
    createTestDatabase(),
    readDatamodel(SCHEMA_DIR),
    readDatamodel(FIXTURE_SCHEMA),
  ]);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

test('the migrated database matches prisma/schema/', async () => {
  const expected = expectedStructure(schemaDatamodel);
  const allowedExtraIndexes = handWrittenIndexNames(await readMigrationFolders());
  const differences = compareStructures(expected, await readDatabaseStructure(client), { allowedExtraIndexes });
  expect(differences, 'the migrations do not build what schema.prisma describes').toEqual([]);
});

test('every hand-written index exists in the database and is one schema.prisma does not declare', async () => {
  const allowed = handWrittenIndexNames(await readMigrationFolders());
  const actual = await readDatabaseStructure(client);
  const expected = expectedStructure(schemaDatamodel);
  const inDatabase = new Set([...actual.tables.values()].flatMap((table) => [...table.indexes.keys()]));
  const inSchema = new Set([...expected.tables.values()].flatMap((table) => [...table.indexes.keys()]));
  expect(allowed.size).toBeGreaterThan(0);
  expect(
    [...allowed].filter((name) => !inDatabase.has(name)),
    'listed but not in the database',
  ).toEqual([]);
  expect(
    [...allowed].filter((name) => inSchema.has(name)),
    'declared by schema.prisma too',
  ).toEqual([]);
});

describe('handWrittenIndexNames', () => {
  const migration = (sql: string) => ({ script: Buffer.from(sql) });

  test('lists the indexes of hand-written migrations only, minus those dropped later', () => {
    const names = handWrittenIndexNames([
      migration('-- CreateIndex\nCREATE UNIQUE INDEX "generated_key" ON "t"("a");'),
      migration(
        `${HAND_WRITTEN_MARKER}: partial indexes\n` +
          'CREATE UNIQUE INDEX "one_primary" ON "t" ("a") WHERE "is_primary";\n' +
          'CREATE INDEX IF NOT EXISTS Search_Idx ON t USING gin ((lower(b)) gin_trgm_ops);\n' +
          '-- CREATE INDEX "commented_out" ON "t" ("a");\n' +
          'CREATE INDEX "dropped_later" ON "t" ("c");',
      ),
      migration(`${HAND_WRITTEN_MARKER}\nDROP INDEX IF EXISTS "dropped_later";`),
    ]);
    expect([...names].sort()).toEqual(['one_primary', 'search_idx']);
  });

  test('still reports an extra index that no hand-written migration creates', async () => {
    const expected = expectedStructure(schemaDatamodel);
    await client.query('BEGIN');
    try {
      await client.query('CREATE INDEX stray_contacts_idx ON contacts (gender)');
      const allowedExtraIndexes = handWrittenIndexNames(await readMigrationFolders());
      expect(compareStructures(expected, await readDatabaseStructure(client), { allowedExtraIndexes })).toEqual([
        'index contacts.stray_contacts_idx: in the database, not in schema.prisma',
      ]);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});

// The comparison is only as good as its mapping of Prisma types and conventions to PostgreSQL.
// This checks it against SQL Prisma generated for a datamodel using many more features than ours,
// built in a separate PostgreSQL schema of the same test database.
describe('the comparison itself', () => {
  beforeAll(async () => {
    await client.query('CREATE SCHEMA fixture; SET search_path TO fixture');
    await client.query(await readFile(FIXTURE_SQL, 'utf8'));
  });

  afterAll(async () => {
    await client.query('RESET search_path; DROP SCHEMA fixture CASCADE');
  });

  test('finds no difference between a datamodel and the SQL Prisma generates for it', async () => {
    const expected = expectedStructure(fixtureDatamodel);
    expect(compareStructures(expected, await readDatabaseStructure(client))).toEqual([]);
  });

  test('reports each kind of drift', async () => {
    const expected = expectedStructure(fixtureDatamodel);
    await client.query('BEGIN');
    try {
      await client.query(`
        ALTER TYPE "Size" ADD VALUE 'MEDIUM';
        ALTER TABLE accounts ALTER COLUMN label TYPE text, ALTER COLUMN code DROP NOT NULL,
                             ALTER COLUMN ratio SET DEFAULT 2, ALTER COLUMN opened_at DROP DEFAULT,
                             ADD COLUMN extra integer;
        DROP INDEX accounts_external_id_key;
        CREATE INDEX accounts_small_idx ON accounts (small);
        DROP INDEX account_recent;
        CREATE INDEX account_recent ON accounts (opened_at, code);
        ALTER TABLE entries DROP CONSTRAINT entries_account_id_fkey,
          ADD CONSTRAINT entries_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;
        DROP TABLE "Owner" CASCADE;
        CREATE TABLE stray (id integer PRIMARY KEY);
      `);
      expect(compareStructures(expected, await readDatabaseStructure(client))).toEqual([
        'enum Size: values [SMALL, LARGE] in schema.prisma, [SMALL, LARGE, MEDIUM] in the database',
        'table Owner: in schema.prisma, not in the database',
        'table stray: in the database, not in schema.prisma',
        'column accounts.extra: in the database, not in schema.prisma',
        'accounts.code: NOT NULL in schema.prisma, nullable in the database',
        'accounts.label: type character varying(80) in schema.prisma, text in the database',
        'accounts.ratio: default "-1.5" in schema.prisma, 2 in the database',
        'accounts.opened_at: default now() in schema.prisma, none in the database',
        'index accounts.accounts_external_id_key: in schema.prisma, not in the database',
        'index accounts.accounts_small_idx: in the database, not in schema.prisma',
        'index account_recent: btree (opened_at DESC, code) in schema.prisma, btree (opened_at, code) in the database',
        'entries: foreign key (account_id) → accounts(id) ON DELETE RESTRICT ON UPDATE CASCADE in schema.prisma, not in the database',
        'entries: foreign key (owner_ref) → Owner(ref) ON DELETE CASCADE ON UPDATE NO ACTION in schema.prisma, not in the database',
        'entries: foreign key (account_id) → accounts(id) ON DELETE CASCADE ON UPDATE NO ACTION in the database, not in schema.prisma',
      ]);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});

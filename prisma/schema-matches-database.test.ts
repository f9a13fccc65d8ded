// The database the migrations build has exactly the structure prisma/schema.prisma describes:
// tables, columns, types, nullability, defaults, enums, primary keys, unique and plain indexes,
// foreign keys and their actions. Catches a hand-edited migration, or a schema change whose
// migration was written by hand and got something wrong. (schema-drift.test.ts catches a schema
// change with no migration at all.)
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createTestDatabase } from '../test/support/database.js';
import type { TestDatabase } from '../test/support/database.js';
import { SCHEMA_PATH } from './migration-files.js';
import { compareStructures } from './support/compare-structures.js';
import { readDatabaseStructure } from './support/database-structure.js';
import { expectedStructure } from './support/expected-structure.js';
import { readDatamodel } from './support/schema-datamodel.js';
import type { Datamodel } from './support/schema-datamodel.js';

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
    readDatamodel(SCHEMA_PATH),
    readDatamodel(FIXTURE_SCHEMA),
  ]);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

test('the migrated database matches prisma/schema.prisma', async () => {
  const expected = expectedStructure(schemaDatamodel);
  const differences = compareStructures(expected, await readDatabaseStructure(client));
  expect(differences, 'the migrations do not build what schema.prisma describes').toEqual([]);
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

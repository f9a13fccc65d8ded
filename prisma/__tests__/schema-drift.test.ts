// A change to the schema (prisma/schema/) needs a migration. The newest migration folder keeps the
// datamodel it produces, which must say the same as the schema.
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';

import { displayPath, readMigrationFolders, snapshotPathOf } from '../migration-files.js';
import { readSchema } from './support/schema-files.js';
import { schemaDifference } from './support/schema-text.js';

test('prisma/schema/ has no change that lacks a migration', async () => {
  const newest = (await readMigrationFolders()).at(-1);
  if (!newest) expect.fail('prisma/migrations has no migration yet. Create it: npm run db:new-migration -- init');
  const kept = await readFile(snapshotPathOf(newest), 'utf8').catch(() => {
    throw new Error(
      `${displayPath(snapshotPathOf(newest))} is missing: the newest migration keeps the datamodel it produces.`,
    );
  });
  const difference = schemaDifference(kept, await readSchema());
  if (difference) {
    expect.fail(
      `prisma/schema/ changed since the newest migration (${newest.name}), first at ${difference}. ` +
        'Create a migration for it: npm run db:new-migration -- <name>, then npm run db:migrate.',
    );
  }
});

describe('schemaDifference', () => {
  const schema = [
    'generator client {',
    '  provider = "prisma-client"',
    '}',
    '',
    '// Users of the system.',
    'model User {',
    '  id    String @id',
    '  email String @unique @default("a//b") // trailing comment',
    '  @@map("users")',
    '}',
  ].join('\n');

  test('ignores comments, blank lines, alignment and generator blocks', () => {
    const reformatted = schema
      .replace('// Users of the system.', '/// Documented differently.\n\n')
      .replace('id    String @id', 'id String   @id')
      .replace('@@map("users")', '@@map( "users" )')
      .replace('provider = "prisma-client"', 'provider = "prisma-client"\n  output = "../elsewhere"');
    expect(schemaDifference(schema, reformatted)).toBeNull();
  });

  test('reports a change to the datamodel, including inside strings that look like comments', () => {
    expect(schemaDifference(schema, schema.replace('@id', '@id @db.Uuid'))).toBe(
      '"id String @id" → "id String @id @db.Uuid"',
    );
    expect(schemaDifference(schema, schema.replace('"a//b"', '"a//c"'))).toContain('a//c');
  });
});

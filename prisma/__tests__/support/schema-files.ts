// The schema is the folder prisma/schema/ (Prisma's multi-file schema): one .prisma file per area,
// which Prisma reads as one schema. Tests read it the same way, as the files' text concatenated in
// name order, each under a comment naming it. tools/prisma-diff/new-migration.mjs builds the
// migration snapshot the same way.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));

/** The text of a schema: a single .prisma file, or every .prisma file of a folder, concatenated. */
export async function readSchema(path: string = SCHEMA_DIR): Promise<string> {
  if (!(await stat(path)).isDirectory()) return readFile(path, 'utf8');
  const names = (await readdir(path)).filter((name) => name.endsWith('.prisma')).sort();
  if (names.length === 0) throw new Error(`${path} has no .prisma file`);
  const parts = await Promise.all(
    names.map(async (name) => `// ─── prisma/schema/${name}\n\n${await readFile(join(path, name), 'utf8')}`),
  );
  return parts.join('\n');
}

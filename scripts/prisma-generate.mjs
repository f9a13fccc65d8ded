// Generates the Prisma client without network access.
// `prisma generate` only needs the schema engine path to exist (it never runs it), so point it at
// node itself when no engine is configured. `--if-missing` skips the work when the client is there
// and newer than the schema, so `npm test` and `npm start` can call this cheaply.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The schema is a folder of .prisma files (prisma.config.ts), read by Prisma as one.
const schemaDir = join(root, 'prisma', 'schema');
const marker = join(root, 'api', 'src', 'generated', 'prisma', 'client.ts');

if (!existsSync(schemaDir)) process.exit(0);
if (process.argv.includes('--if-missing') && existsSync(marker) && statSync(marker).mtimeMs >= schemaChangedAt()) {
  process.exit(0);
}
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const prismaCli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
if (!existsSync(prismaCli)) {
  console.warn('prisma is not installed yet; skipping client generation');
  process.exit(0);
}
const result = spawnSync(process.execPath, [prismaCli, 'generate'], { cwd: root, env, stdio: 'inherit' });
process.exit(result.status ?? 1);

/** When the schema last changed: its newest file, or the folder itself (a file added or removed). */
function schemaChangedAt() {
  const files = readdirSync(schemaDir).filter((name) => name.endsWith('.prisma'));
  return Math.max(statSync(schemaDir).mtimeMs, ...files.map((name) => statSync(join(schemaDir, name)).mtimeMs));
}

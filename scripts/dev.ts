// `npm run dev`: the TypeScript compiler in watch mode, the API and the worker restarted on every
// rebuild (node --watch), and Vite's dev server with hot reload for the dashboard (proxying /api).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPostgresReachable, assertRedisReachable, loadConfig } from '@meridian/api';
import { migrateDatabase } from '../prisma/migrate.js';
import { startFakePlaidIfWanted, type RunningFakePlaid } from './lib/fake-plaid.js';
import { WORKER_NODE_FLAGS } from './lib/worker-heap.js';
import { CompileError, compileServices } from './lib/compile-services.js';
import { phase } from './lib/phase.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = loadConfig();
try {
  await Promise.all([assertPostgresReachable(config.DATABASE_URL), assertRedisReachable(config.REDIS_URL)]);
} catch (error) {
  console.error(`npm run dev: ${(error as Error).message}`);
  process.exit(1);
}
await phase(
  'Migrating the database',
  ({ log }) => migrateDatabase(config.DATABASE_URL, { log }),
  ({ applied }) => (applied.length > 0 ? `applied ${applied.length} migration(s)` : 'up to date'),
);
let fakePlaid: RunningFakePlaid | null = null;
try {
  fakePlaid = await startFakePlaidIfWanted(config);
} catch (error) {
  console.error(`npm run dev: ${(error as Error).message}`);
  process.exit(1);
}
// The API and the worker (restarted on every rebuild) reach the fake Plaid, which outlives them here.
const serviceEnv = { ...process.env, ...fakePlaid?.env };

const children: ChildProcess[] = [];
function start(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): void {
  children.push(spawn(command, args, { cwd: options.cwd ?? root, stdio: 'inherit', env: options.env ?? process.env }));
}

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// A first build in seconds (oxc, no type check) so node --watch has files to run at once; tsc's
// watch then checks the types and rewrites dist/ as files change (on a fresh clone its first pass
// takes minutes and ends with one restart of the API and the worker).
try {
  await phase(
    'Compiling the API and the worker',
    () => compileServices(),
    ({ written, total }) => (written === 0 ? 'up to date' : `${written} of ${total} files`),
  );
} catch (error) {
  console.error(`npm run dev: ${error instanceof CompileError ? error.message : String(error)}`);
  process.exit(1);
}
start(process.execPath, [tsc, '-b', 'api', 'workers', '--watch', '--preserveWatchOutput']);
start(process.execPath, ['--watch', '--enable-source-maps', 'api/dist/main.js'], { env: serviceEnv });
start(process.execPath, ['--watch', '--enable-source-maps', ...WORKER_NODE_FLAGS, 'workers/dist/main.js'], {
  env: serviceEnv,
});
// Vite directly rather than through npm, so stopping it reaches the server itself.
start(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
  cwd: join(root, 'dashboard'),
  env: { ...process.env, API_PORT: String(config.PORT) },
});
console.log(`Dashboard with hot reload: http://localhost:5173  (API: http://localhost:${config.PORT}/api)`);
if (fakePlaid) console.log(`Plaid: the local fake Plaid at ${fakePlaid.url} (PLAID_ENV=fake)`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => void (fakePlaid?.close() ?? Promise.resolve()).finally(() => process.exit(0)), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// `npm start`: migrate, seed the demo organization on an empty database, build what is stale,
// then run the API (which serves the dashboard) and the worker until Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_NODE_FLAGS } from './lib/worker-heap.js';
import {
  ConfigError,
  ServiceUnreachableError,
  assertPostgresReachable,
  assertRedisReachable,
  loadConfig,
  portInUseMessage,
} from '@meridian/api';
import { migrateDatabase } from '../prisma/migrate.js';
import { seedDemoOrganization, DEMO_ORGANIZATION_NAME } from './seed/main.js';
import { buildDashboardIfStale } from './lib/dashboard-build.js';
import { startFakePlaidIfWanted, type RunningFakePlaid } from './lib/fake-plaid.js';
import { showDemoHubAtWork } from './lib/demo-hub.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

/** Whether something already listens on the API's port (checked before minutes of migrating and compiling). */
function portTaken(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

async function prepare() {
  const config = loadConfig();
  if (config.PORT !== 0 && (await portTaken(config.PORT, config.HOST))) {
    console.error(portInUseMessage(config.PORT));
    process.exit(1);
  }
  await Promise.all([assertPostgresReachable(config.DATABASE_URL), assertRedisReachable(config.REDIS_URL)]);
  // The summary below says how many migrations ran; a line for each would bury the rest.
  const { applied } = await migrateDatabase(config.DATABASE_URL, {
    log: (line) => {
      if (!line.startsWith('Applied ')) console.log(line);
    },
  });
  console.log(applied.length > 0 ? `Applied ${applied.length} migration(s).` : 'Database schema is up to date.');
  let seeded = false;
  if (config.SEED_DEMO) {
    seeded = (
      await seedDemoOrganization(config.DATABASE_URL, {
        email: config.DEMO_ADMIN_EMAIL,
        password: config.DEMO_ADMIN_PASSWORD,
      })
    ).seeded;
    if (seeded) console.log(`Seeded the demo organization "${DEMO_ORGANIZATION_NAME}" (sample data).`);
  }
  console.log('Compiling the API and the worker (tsc -b)...');
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'api', 'workers'],
    { cwd: root, stdio: 'inherit' },
  );
  if (tsc.status !== 0) fail('the TypeScript build failed (see above).');
  await buildDashboardIfStale();
  return { config, seeded };
}

function run(name: string, script: string, env: NodeJS.ProcessEnv, flags: string[] = []): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', ...flags, script], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`npm start: the ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  return child;
}

/** Resolves once the API answers its health route (200, or 503 while a service is down). */
async function waitUntilServing(port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !stopping) {
    const status = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200 || status === 503) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) fail(`the API did not answer on port ${port} within 2 minutes.`);
}

let stopping = false;
const children: ChildProcess[] = [];
let fakePlaid: RunningFakePlaid | null = null;
function stop(exitCode = 0): void {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  // The fake Plaid stops after the API and the worker, which may still call it while stopping.
  const exit = () => void (fakePlaid?.close() ?? Promise.resolve()).finally(() => process.exit(exitCode));
  if (alive.length === 0) return exit();
  let remaining = alive.length;
  for (const child of alive) {
    child.once('exit', () => {
      remaining -= 1;
      if (remaining === 0) exit();
    });
    child.kill('SIGTERM');
  }
  setTimeout(() => {
    console.error('npm start: still stopping after 30 s; forcing exit.');
    process.exit(1);
  }, 30_000).unref();
}

try {
  const { config, seeded } = await prepare();
  try {
    fakePlaid = await startFakePlaidIfWanted(config);
  } catch (error) {
    fail((error as Error).message);
  }
  if (fakePlaid) {
    console.log(
      `Plaid: the local fake Plaid at ${fakePlaid.url} (PLAID_ENV=fake; "Link a bank" offers its sandbox banks).`,
    );
  }
  const env = { ...process.env, ...fakePlaid?.env };
  children.push(run('API', join(root, 'api', 'dist', 'main.js'), env));
  children.push(run('worker', join(root, 'workers', 'dist', 'main.js'), env, WORKER_NODE_FLAGS));
  await waitUntilServing(config.PORT);
  if (seeded && fakePlaid) {
    // Once, with the demo's first start: the Connections page then shows the hub at work.
    console.log(
      'Linking a bank on the fake Plaid and importing a file, so the demo shows the integration hub at work...',
    );
    try {
      const hub = await showDemoHubAtWork({
        apiUrl: `http://127.0.0.1:${config.PORT}`,
        admin: { email: config.DEMO_ADMIN_EMAIL, password: config.DEMO_ADMIN_PASSWORD },
        fake: fakePlaid.server,
        dropRoot: config.IMPORT_DROP_ROOT,
      });
      console.log(`Demo hub ready: ${hub.runs.length} sync runs, a committed import and a drop folder.`);
    } catch (error) {
      console.warn(`npm start: the demo's integration hub history could not be written (${(error as Error).message}).`);
    }
  }
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log('');
  console.log(`  Meridian is running at ${url}  (API under ${url}/api, API document at ${url}/api/docs)`);
  if (config.SEED_DEMO) {
    console.log(`  Demo login (sample data): ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}`);
  }
  console.log('  Press Ctrl-C to stop.');
  console.log('');
  // Ctrl-C reaches the children from the terminal too; they shut down gracefully and we exit after them.
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
} catch (error) {
  if (error instanceof ConfigError || error instanceof ServiceUnreachableError) fail(error.message);
  throw error;
}

// `npm start`: migrate, seed the demo organization on an empty database, build what is stale,
// then run the API (which serves the dashboard) and the worker until Ctrl-C. Each phase prints a
// line as it begins and its duration as it ends.
import { spawn, type ChildProcess } from 'node:child_process';
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
import { buildDashboard, dashboardBuildReason } from './lib/dashboard-build.js';
import { CompileError, compileServices } from './lib/compile-services.js';
import { phase, secondsSince } from './lib/phase.js';
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

/**
 * The dashboard's build (the longest phase of a fresh clone's start) runs while the database is
 * migrated and seeded and the services start (the API answers without it), and the address is
 * printed once it is done. Resolves with its duration.
 */
function startDashboardBuildIfStale(): Promise<string> | null {
  const staleBecause = dashboardBuildReason();
  if (staleBecause === null) return null;
  console.log(`Building the dashboard in the background (${staleBecause}).`);
  const started = performance.now();
  const build = buildDashboard().then(() => secondsSince(started));
  // Its failure is reported where it is awaited, not as an unhandled rejection meanwhile.
  build.catch(() => undefined);
  return build;
}

async function prepare() {
  const config = loadConfig();
  if (config.PORT !== 0 && (await portTaken(config.PORT, config.HOST))) {
    console.error(portInUseMessage(config.PORT));
    process.exit(1);
  }
  await Promise.all([assertPostgresReachable(config.DATABASE_URL), assertRedisReachable(config.REDIS_URL)]);
  const dashboardBuild = startDashboardBuildIfStale();
  // The phase's line says how many migrations ran, or none; the migrator's line for each would bury
  // the rest. What else it says (a database created, a wait for another run) is kept.
  await phase(
    'Migrating the database',
    ({ log }) =>
      migrateDatabase(config.DATABASE_URL, {
        log: (line) => {
          if (!line.startsWith('Applied ') && !line.startsWith('Database ')) log(line);
        },
      }),
    ({ applied }) => (applied.length > 0 ? `applied ${applied.length} migration(s)` : 'up to date'),
  );
  let seeded = false;
  if (config.SEED_DEMO) {
    seeded = await phase(
      'Seeding the demo organization',
      async () =>
        (
          await seedDemoOrganization(config.DATABASE_URL, {
            email: config.DEMO_ADMIN_EMAIL,
            password: config.DEMO_ADMIN_PASSWORD,
          })
        ).seeded,
      (done) => (done ? `"${DEMO_ORGANIZATION_NAME}" (sample data)` : 'not needed, the database has an organization'),
    );
  }
  // No type check here (npm test and CI run it): oxc writes what changed in seconds.
  await phase(
    'Compiling the API and the worker',
    () => compileServices(),
    ({ written, total }) => (written === 0 ? 'up to date' : `${written} of ${total} files`),
  ).catch((error: unknown) => fail(error instanceof CompileError ? error.message : String(error)));
  return { config, seeded, dashboardBuild };
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

/** Waits for the background dashboard build; when it failed, says why and stops the services. */
async function awaitDashboardBuild(build: Promise<string>): Promise<void> {
  try {
    await phase(
      'Waiting for the dashboard build',
      () => build,
      (took) => `built in ${took}`,
    );
  } catch (error) {
    console.error(`npm start: ${(error as Error).message}`);
    stop(1);
    // stop() exits the process once the API and the worker are down.
    await new Promise<never>(() => undefined);
  }
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
  const { config, seeded, dashboardBuild } = await prepare();
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
  // The services' own log lines may come in between, so the outcome gets a line of its own.
  console.log('Starting the API and the worker...');
  const servicesStarted = performance.now();
  children.push(run('API', join(root, 'api', 'dist', 'main.js'), env));
  children.push(run('worker', join(root, 'workers', 'dist', 'main.js'), env, WORKER_NODE_FLAGS));
  await waitUntilServing(config.PORT);
  console.log(`The API answered after ${secondsSince(servicesStarted)}.`);
  if (seeded && fakePlaid) {
    // Once, with the demo's first start: the Connections page then shows the hub at work.
    console.log(
      'Linking a bank on the fake Plaid and importing a file, so the demo shows the integration hub at work...',
    );
    const hubStarted = performance.now();
    try {
      const hub = await showDemoHubAtWork({
        apiUrl: `http://127.0.0.1:${config.PORT}`,
        admin: { email: config.DEMO_ADMIN_EMAIL, password: config.DEMO_ADMIN_PASSWORD },
        fake: fakePlaid.server,
        dropRoot: config.IMPORT_DROP_ROOT,
      });
      console.log(
        `Demo hub ready after ${secondsSince(hubStarted)}: ${hub.runs.length} sync runs, a committed import and a drop folder.`,
      );
    } catch (error) {
      console.warn(`npm start: the demo's integration hub history could not be written (${(error as Error).message}).`);
    }
  }
  if (dashboardBuild) await awaitDashboardBuild(dashboardBuild);
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`Ready after ${secondsSince(0)}.`);
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

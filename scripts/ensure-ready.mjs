// First step of `npm start` and `npm test`, so a fresh clone needs no other command: installs the
// project from the lock file when node_modules is missing or older than package-lock.json (as
// `npm ci` would), and starts the local PostgreSQL and Redis when they are installed but stopped
// (as .ci/run does), or names the one command that installs them.
//
// Plain node with no dependency: it runs before anything is installed.
//
//   node scripts/ensure-ready.mjs           for npm start: DATABASE_URL and REDIS_URL (or the defaults)
//   node scripts/ensure-ready.mjs --tests   for npm test: TEST_DATABASE_URL and TEST_REDIS_URL
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const DEFAULT_URLS = {
  postgres: 'postgresql://postgres@127.0.0.1:5432/meridian',
  redis: 'redis://127.0.0.1:6379',
};
const SERVICE_NAMES = { postgres: 'PostgreSQL', redis: 'Redis' };
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Whether the project must be installed: no node_modules, or npm's record of the last install
 * (node_modules/.package-lock.json) missing or older than package-lock.json.
 * @param {{ nodeModules: boolean, installedAt: number | null, lockChangedAt: number | null }} state
 */
export function installReason(state) {
  if (!state.nodeModules) return 'node_modules is missing';
  if (state.installedAt === null) return 'node_modules was not installed from the lock file';
  if (state.lockChangedAt !== null && state.lockChangedAt > state.installedAt) {
    return 'package-lock.json changed since the last install';
  }
  return null;
}

/** Host and port of a postgresql:// or redis:// address (the defaults when it names none). */
export function serviceAddress(kind, url) {
  const parsed = new URL(url);
  const port = parsed.port ? Number(parsed.port) : kind === 'postgres' ? 5432 : 6379;
  return { host: parsed.hostname, port, local: LOCAL_HOSTS.has(parsed.hostname) };
}

/**
 * What to do about one service: nothing when it answers; when it does not, start it if it is on
 * this machine and installed, say how to install it if it is on this machine and missing, and
 * otherwise leave the message to the application (a remote server we cannot start).
 * @param {{ reachable: boolean, local: boolean, installed: boolean }} state
 * @returns {'ready' | 'start' | 'install' | 'unreachable'}
 */
export function serviceAction(state) {
  if (state.reachable) return 'ready';
  if (!state.local) return 'unreachable';
  return state.installed ? 'start' : 'install';
}

/** The one command that installs a service on this platform. */
export function installCommand(kind, platform = process.platform) {
  if (platform === 'darwin') {
    return kind === 'postgres'
      ? 'brew install postgresql@17 && brew services start postgresql@17'
      : 'brew install redis && brew services start redis';
  }
  return kind === 'postgres' ? 'sudo apt-get install -y postgresql' : 'sudo apt-get install -y redis-server';
}

function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host: host.replace(/^\[|\]$/g, ''), port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(host, port, seconds) {
  for (let attempt = 0; attempt < seconds * 4; attempt += 1) {
    if (await portAnswers(host, port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Debian's newest PostgreSQL cluster version (/etc/postgresql/<version>/main), if any. */
function debianCluster() {
  if (!onPath('pg_ctlcluster') || !existsSync('/etc/postgresql')) return null;
  const versions = readdirSync('/etc/postgresql')
    .filter((name) => existsSync(join('/etc/postgresql', name, 'main')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.at(-1) ?? null;
}

function installed(kind) {
  return kind === 'postgres' ? debianCluster() !== null || onPath('pg_ctl') : onPath('redis-server');
}

/** Starts the installed service; true when it answers afterwards. */
async function start(kind, address) {
  let result;
  if (kind === 'postgres') {
    const cluster = debianCluster();
    if (cluster === null) return false;
    result = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'start'], { stdio: 'inherit' });
  } else {
    result = spawnSync(
      'redis-server',
      ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(address.port), '--save', '', '--appendonly', 'no'],
      { stdio: 'inherit' },
    );
  }
  return result.status === 0 && (await waitForPort(address.host, address.port, 30));
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

function installIfNeeded() {
  const lock = join(root, 'package-lock.json');
  const record = join(root, 'node_modules', '.package-lock.json');
  const reason = installReason({
    nodeModules: existsSync(join(root, 'node_modules')),
    installedAt: existsSync(record) ? statSync(record).mtimeMs : null,
    lockChangedAt: existsSync(lock) ? statSync(lock).mtimeMs : null,
  });
  if (reason === null) return;
  console.log(`Installing the project (${reason}): npm ci...`);
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail('npm ci failed (see above); fix that, then run the command again.');
  console.log(`Installed in ${Math.round((performance.now() - started) / 1000)} s.`);
}

async function ensureService(kind, url, variable) {
  const name = SERVICE_NAMES[kind];
  const address = serviceAddress(kind, url);
  const reachable = await portAnswers(address.host, address.port);
  const action = serviceAction({ reachable, local: address.local, installed: reachable || installed(kind) });
  if (action === 'ready' || action === 'unreachable') return;
  if (action === 'install') {
    fail(
      `${name} is not installed. Install it with: ${installCommand(kind)}  (or set ${variable} to a running server)`,
    );
  }
  console.log(`Starting the local ${name} (port ${address.port})...`);
  if (!(await start(kind, address))) {
    fail(`${name} is installed but did not start on port ${address.port}; start it yourself, or set ${variable}.`);
  }
}

async function main() {
  const tests = process.argv.includes('--tests');
  installIfNeeded();
  const databaseVariable = tests ? 'TEST_DATABASE_URL' : 'DATABASE_URL';
  const redisVariable = tests ? 'TEST_REDIS_URL' : 'REDIS_URL';
  await ensureService('postgres', process.env[databaseVariable] || DEFAULT_URLS.postgres, databaseVariable);
  await ensureService('redis', process.env[redisVariable] || DEFAULT_URLS.redis, redisVariable);
}

/** True when run as `node scripts/ensure-ready.mjs`, false when imported (its tests). */
function isEntryPoint() {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) await main();

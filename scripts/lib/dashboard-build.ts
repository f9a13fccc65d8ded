// The dashboard is served from dashboard/dist; `npm start` and the browser tests build it only
// when it is missing or older than anything a build reads.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DASHBOARD_DIR = path.join(REPO_ROOT, 'dashboard');
/** Rewritten by every vite build, so its age is the age of the build. */
const BUILD_MARKER = path.join(DASHBOARD_DIR, 'dist', 'index.html');
/** Everything a build reads besides node_modules, relative to dashboard/. */
const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'postcss.config.js',
  'package.json',
  'tsconfig.json',
  '../package-lock.json',
  '../domain/src',
];

/** The newest file under `target` (or `target` itself), or undefined if nothing is there. */
function newestFile(target: string): { file: string; mtimeMs: number } | undefined {
  if (!existsSync(target)) return undefined;
  const stats = statSync(target);
  if (!stats.isDirectory()) return { file: target, mtimeMs: stats.mtimeMs };
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(target)) {
    const candidate = newestFile(path.join(target, entry));
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}

/** Why dashboard/dist must be rebuilt, or null when it is up to date. */
export function dashboardBuildReason(): string | null {
  if (!existsSync(BUILD_MARKER)) return 'dashboard/dist is missing';
  const builtAt = statSync(BUILD_MARKER).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const newest = newestFile(path.join(DASHBOARD_DIR, input));
    if (newest && newest.mtimeMs > builtAt) {
      return `${path.relative(REPO_ROOT, newest.file)} changed after the last build`;
    }
  }
  return null;
}

/** Builds dashboard/dist with vite, printing nothing unless it fails. */
export function buildDashboard(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'dashboard'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Building the dashboard failed (npm run build -w dashboard, exit ${code}):\n${output}`));
    });
  });
}

/** Builds the dashboard when stale; returns whether it built. */
export async function buildDashboardIfStale(log: (line: string) => void = console.log): Promise<boolean> {
  const reason = dashboardBuildReason();
  if (reason === null) return false;
  log(`Building the dashboard (${reason})...`);
  const started = Date.now();
  await buildDashboard();
  log(`Dashboard built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

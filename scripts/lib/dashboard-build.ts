import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'postcss.config.js',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** The built dashboard is stale when it is missing or older than any of its sources. */
export function isDashboardStale(repoRoot: string): boolean {
  const index = join(repoRoot, 'dashboard', 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(...INPUTS.map((input) => newestMtime(join(repoRoot, 'dashboard', input))));
  return sources > statSync(index).mtimeMs;
}

/** Builds the dashboard with Vite when it is stale; returns whether it built. */
export function buildDashboardIfStale(repoRoot: string, log: (line: string) => void = console.log): boolean {
  if (!isDashboardStale(repoRoot)) return false;
  log('Building the dashboard (vite build)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'dashboard', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The dashboard build failed (see the output above).');
  return true;
}

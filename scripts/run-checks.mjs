// The static checks of `npm test` (and `npm run typecheck`), side by side instead of one after the
// other: each tsc is single-threaded and the three type checks read the workspaces' sources (the
// "source" condition), not each other's output, so on two cores they finish in about half the
// time. Each check's output is printed whole when it ends, under its name, so lines never mix.
//
// Plain node with no dependency.
//
//   node scripts/run-checks.mjs types         the three type checks
//   node scripts/run-checks.mjs types lint    the type checks and the lint (npm test)
import { spawn } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const CHECKS = {
  types: [
    ['packages (tsc -b)', 'tsc -b'],
    ['dashboard (tsc)', 'tsc -p dashboard'],
    ['tests, benches and scripts (tsc)', 'tsc -p tsconfig.tests.json'],
  ],
  lint: [
    ['lint (eslint)', 'eslint .'],
    ['format (prettier)', 'prettier --check .'],
  ],
};

// The type check of the tests reaches about 4 GB, Node's default heap limit here; a larger limit
// keeps it from dying as the product grows (the machines have 24 GiB).
const CHECK_ENV = {
  ...process.env,
  // The project's tools first, also when this runs outside an npm script.
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].filter(Boolean).join(delimiter),
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-old-space-size=8192'].filter(Boolean).join(' '),
};

const groups = process.argv.slice(2);
const unknown = groups.filter((group) => !(group in CHECKS));
if (groups.length === 0 || unknown.length > 0) {
  console.error(`usage: node scripts/run-checks.mjs ${Object.keys(CHECKS).join('|')} ...`);
  process.exit(2);
}

/** Runs one check through the shell npm scripts use (node_modules/.bin on the PATH); resolves its exit code. */
function run([name, command]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: CHECK_ENV });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${name}: ${status} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(groups.flatMap((group) => CHECKS[group]).map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);

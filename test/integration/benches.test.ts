import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testServerUrl } from '#test/support/database.js';

// Every bench runs once, as a user runs it (tsx, from the repository root), on the smallest input
// it takes, so none stops working unnoticed. Only that it finishes and prints its figures is
// checked: timings on a shared CI machine mean nothing, and the benches assert nothing themselves.
// Each one works in scratch databases of its own on the test server and drops them.

const root = path.resolve(import.meta.dirname, '../..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const run = promisify(execFile);

/** A figure: a number, possibly with thousands separators and decimals. */
const N = String.raw`[\d,]+(?:\.\d+)?`;

interface Bench {
  file: string;
  /** The smallest input. */
  args: string[];
  /** Lines the run must print, each with its figure. */
  figures: RegExp[];
}

const server = testServerUrl();

const BENCHES: Bench[] = [
  {
    file: 'api-load.ts',
    args: ['--database-url', server, '--households', '3', '--rates', '10', '--seconds', '1', '--connections', '2'],
    figures: [
      ...['auth/me', 'contacts', 'households', 'get-financial-view', 'search'].map(
        (route) =>
          new RegExp(
            String.raw`^GET /api/${route}\S*.*API\s+(?:${N}|none)/s.*bare\s+(?:${N}|none)/s.*API / bare ${N}`,
            'm',
          ),
      ),
      /^Every route at least half the bare server's rate: (?:yes|no)/m,
    ],
  },
  {
    file: 'financial-view.ts',
    args: ['--database-url', server, '--generate', '--records', '20', '--runs', '20'],
    figures: [
      new RegExp(String.raw`^GET /api/get-financial-view \(HTTP\)\s+p50\s+${N} ms\s+p99\s+${N} ms`, 'm'),
      new RegExp(String.raw`^bare SQL aggregate.*p50\s+${N} ms\s+p99\s+${N} ms`, 'm'),
      new RegExp(String.raw`^ratio view / SQL\s+p50\s+${N}x\s+p99\s+${N}x`, 'm'),
    ],
  },
  {
    file: 'import-contacts.ts',
    args: ['--database-url', server, '--rows', '200'],
    figures: [
      new RegExp(String.raw`^end to end \(upload, dry run, commit\)\s+${N} s\s+${N} rows/s`, 'm'),
      new RegExp(String.raw`^ratio end to end / COPY\s+${N}x`, 'm'),
      new RegExp(String.raw`^ratio end to end / bare INSERT\s+${N}x`, 'm'),
      new RegExp(String.raw`^memory .* the import adds ${N} MiB`, 'm'),
    ],
  },
  {
    file: 'nylas-sync.ts',
    args: ['--database-url', server, '--events', '50'],
    figures: [
      new RegExp(String.raw`^first sync, end to end .*\s${N} s\s+${N} events/s`, 'm'),
      new RegExp(String.raw`^ratio end to end / bare INSERT\s+${N}x`, 'm'),
    ],
  },
  {
    file: 'plaid-sync.ts',
    args: ['--database-url', server, '--transactions', '50', '--streams', '5'],
    figures: [
      new RegExp(String.raw`^first sync, end to end .*\s${N} s\s+${N} records/s`, 'm'),
      new RegExp(String.raw`^ratio end to end / bare INSERT\s+${N}x`, 'm'),
    ],
  },
  {
    file: 'task-list.ts',
    args: ['--database-url', server, '--households', '3', '--tasks', '300', '--notes', '100', '--runs', '10'],
    figures: [
      /^Same rows over HTTP and in SQL: my tasks yes .* board yes /m,
      ...['mine', 'board'].map(
        (route) =>
          new RegExp(
            String.raw`^GET /api/tasks/${route}\S* \(HTTP\)\s+p50\s+${N} ms\s+p95\s+${N} ms\s+p99\s+${N} ms`,
            'm',
          ),
      ),
      ...['my tasks', 'board'].map(
        (route) =>
          new RegExp(
            String.raw`^ratio ${route} HTTP / SQL\s+p50\s+${N}x\s+p95\s+${N}x\s+p99\s+${N}x\s+within 3x at p99: (?:yes|no)`,
            'm',
          ),
      ),
    ],
  },
  {
    file: 'pipeline.ts',
    args: ['--database-url', server, '--households', '3', '--runs', '10', '--fee-households', '1000'],
    figures: [
      /^Same totals over HTTP and in SQL: yes/m,
      new RegExp(String.raw`^GET /api/opportunitys/pipeline \(HTTP\)\s+p50\s+${N} ms\s+p99\s+${N} ms`, 'm'),
      new RegExp(String.raw`^bare SQL aggregate \(pg, 2 statements\)\s+p50\s+${N} ms\s+p99\s+${N} ms`, 'm'),
      new RegExp(String.raw`^ratio HTTP / SQL\s+p50\s+${N}x\s+p99\s+${N}x\s+within 3x at p99: (?:yes|no)`, 'm'),
      new RegExp(String.raw`^fee engine, rubric prepared once\s+${N} households/s\s+${N} ms`, 'm'),
    ],
  },
  {
    file: 'fees.ts',
    args: ['--households', '200', '--rounds', '1'],
    figures: [
      /^AUM fee of a 10-tier schedule for 200 households/m,
      ...['tiers on every call', 'rubric prepared once'].map(
        (loop) => new RegExp(String.raw`^fee engine, ${loop}\s+${N} households/s\s+${N} ms\s+${N}x baseline`, 'm'),
      ),
    ],
  },
  {
    file: 'slots.ts',
    args: ['--events', '100', '--runs', '3'],
    figures: [
      /^Every slot inside a free interval of the baseline: yes/m,
      new RegExp(String.raw`^slot engine \(freeSlots, ${N} slots\)\s+p50\s+${N} ms\s+p99\s+${N} ms`, 'm'),
      new RegExp(String.raw`^baseline: sort, merge, subtract \(${N} free\)\s+p50\s+${N} ms\s+p99\s+${N} ms`, 'm'),
      new RegExp(String.raw`^ratio engine / baseline\s+p50\s+${N}x\s+p99\s+${N}x\s+within 3x at p99: (?:yes|no)`, 'm'),
    ],
  },
  {
    file: 'seed-large.ts',
    args: ['--households', '5'],
    figures: [
      new RegExp(String.raw`^Large seed: ${N} rows in ${N} s, ${N} rows/s`, 'm'),
      new RegExp(String.raw`^Seed / baseline: ${N}× the time`, 'm'),
    ],
  },
  {
    file: 'seed-small.ts',
    args: ['--runs', '1'],
    figures: [new RegExp(String.raw`^Small seed: ${N} rows, median ${N} ms over 1 runs`, 'm')],
  },
  {
    file: 'plan-projection.ts',
    args: ['--runs', '1', '--paths', '20'],
    figures: [
      new RegExp(String.raw`^projection \(decimal, explained\)\s+${N} ms\s+${N}x baseline`, 'm'),
      new RegExp(String.raw`^Monte Carlo \(20 paths, float\)\s+${N} ms\s+${N}x baseline`, 'm'),
      new RegExp(String.raw`^baseline: bare float compounding\s+${N} ms`, 'm'),
    ],
  },
];

describe('benches on a tiny input', () => {
  it.each(BENCHES.map((bench) => [bench.file, bench] as const))(
    'bench/%s runs to the end and prints its figures',
    async (file, { args, figures }) => {
      const { stdout } = await run(
        process.execPath,
        [tsx, '--tsconfig', 'tsconfig.base.json', '--conditions=source', `bench/${file}`, ...args],
        // The seeds read the server from DATABASE_URL; the others take --database-url. A failing
        // run rejects with its exit code and stderr.
        { cwd: root, env: { ...process.env, DATABASE_URL: server }, timeout: 150_000, maxBuffer: 16 * 1024 * 1024 },
      );
      for (const figure of figures) expect(stdout).toMatch(figure);
    },
    180_000,
  );
});

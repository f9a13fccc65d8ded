import { defaultClientConditions, defaultServerConditions } from 'vite';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript source ("source" export condition), so tests
// never need a build first. Decorator metadata for Nest comes from tsconfig (oxc reads it).
// `#test/...` is the test support folder, wherever a test sits.
const alias = { '#test': fileURLToPath(new URL('./test', import.meta.url)) };
const resolve = { alias, conditions: ['source', ...defaultClientConditions] };
const ssr = { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } };
const env = { TZ: 'UTC', NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };

export default defineConfig({
  resolve,
  ssr,
  test: {
    env,
    // Two test files at a time even on two cores (vitest's default there is one): a file's worker
    // waits on PostgreSQL, Redis and chromium for much of its time, and every file has its own
    // database and Redis prefix. 22 integration files on this 2-core machine, quiet: 77 s with one
    // worker, 55 s with two. The browser files still run one at a time (fileParallelism below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI also writes a JSON report for scripts/test-summary.mjs.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
    projects: [
      {
        resolve,
        ssr,
        // Pure code: its files share a worker's modules too.
        test: { name: 'domain', root: 'domain', include: ['src/**/*.test.ts'], env, isolate: false },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'integration',
          include: [
            'api/src/**/*.test.ts',
            'workers/src/**/*.test.ts',
            'connectors/src/**/*.test.ts',
            'prisma/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/integration/**/*.test.ts',
          ],
          globalSetup: ['test/support/global-setup.ts'],
          env,
          // Files share a worker's module graph instead of evaluating the API's (Nest, Prisma, the
          // SDKs) again for each: every file already starts its own app, database and Redis
          // prefix, and no test mocks a module or stubs a global. 12 CRM files: 107 s isolated,
          // 55 s shared (import 83 s -> 25 s); the whole project passed shared.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts', 'test/support/dashboard-build.ts'],
          env,
          fileParallelism: false,
          // As the integration files: each starts its own servers; the module graph is shared.
          isolate: false,
          // One worker, so a group of its own (vitest refuses projects of different worker counts
          // in one group); it runs after the domain and integration files, as it did isolated.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for a condition, not a time: its default of one second failed page
          // reloads on a loaded 2-core machine (a reload, the API's answer and React's render).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});

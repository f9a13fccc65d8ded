import { defaultClientConditions, defaultServerConditions } from 'vite';
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
    // CI also writes a JSON report for scripts/test-summary.mjs.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
    projects: [
      {
        resolve,
        ssr,
        test: { name: 'domain', root: 'domain', include: ['src/**/*.test.ts'], env },
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

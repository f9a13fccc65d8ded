import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/ at "/" and falls back to index.html for client routes, so assets live at the root.
// In development the dev server forwards /api to a locally running API (API_PORT, default 3000).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
const proxy = { '/api': { target: apiTarget } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  // Workspace packages export their TypeScript under the "source" condition (as tsconfig's
  // customConditions and vitest resolve it): the zod schemas and formatters the dashboard imports
  // from @meridian/domain are bundled from domain/src, never from a possibly stale domain/dist.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          // @tremor/react does not declare "sideEffects": false, so without this every component,
          // charts and recharts included, rides along with the first page that imports a Button.
          { test: /[\\/]node_modules[\\/]@tremor[\\/]react[\\/]/, sideEffects: false },
          // domain/src is pure (no I/O, nothing registers itself on import): a page that uses one
          // schema must not carry every module the package index re-exports.
          { test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});

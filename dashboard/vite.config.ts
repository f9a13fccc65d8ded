import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/ at "/" and falls back to index.html for client routes, so assets live at the root.
// In development the dev server forwards /api to a locally running API (API_PORT, default 3000).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
const proxy = { '/api': { target: apiTarget } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // @tremor/react does not declare "sideEffects": false, so without this every component,
        // charts and recharts included, rides along with the first page that imports a Button.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@tremor[\\/]react[\\/]/, sideEffects: false }],
      },
    },
  },
});

// Prisma 6 configuration for new-migration.mjs only. Prisma 6.19 can run its schema engine as wasm
// through a driver adapter (early access), which works without the native engine binary that
// cannot be downloaded here. We only ask it to diff two datamodel files; the engine still opens a
// connection through the adapter when it starts, so it needs a reachable PostgreSQL, but it reads
// and writes nothing there.
import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';

const url = process.env.PRISMA_DIFF_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  // A short idle timeout lets the CLI exit as soon as the diff is printed, not 10 s later.
  adapter: async () => new PrismaPg({ connectionString: url, idleTimeoutMillis: 1 }),
});

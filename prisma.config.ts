// Prisma 7 reads the connection URL from here, not from the schema.
// Only `prisma generate` is used on machines without the native schema engine; see docs/DECISIONS.md.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  // A folder: Prisma reads every .prisma file in it as one schema (multi-file schema).
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/meridian' },
});

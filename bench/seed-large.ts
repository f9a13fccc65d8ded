// How fast the large demo seed writes, beside a bare COPY of as many rows into a plain temporary
// table in the same run (the baseline: the same server, the same moment, no generation, no index,
// no constraint). Prints figures; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/seed-large.ts [--households N] [--keep]
//
// It creates a fresh database on the server of DATABASE_URL (default the local one), named
// meridian_bench_seed_<time>, migrates it, seeds it, and drops it unless --keep is given.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateDatabase } from '../prisma/migrate.js';
import {
  connect,
  DEFAULT_DATABASE_URL,
  disconnect,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  serverAddressOf,
  withDatabaseName,
} from '../prisma/postgres.js';
import { SEED_SIZES, seedDemoOrganization } from '../scripts/seed/main.js';

const { values } = parseArgs({
  options: { households: { type: 'string' }, keep: { type: 'boolean', default: false } },
});
const households = values.households === undefined ? SEED_SIZES.large.households : Number(values.households);
const serverUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const name = `meridian_bench_seed_${Date.now().toString(36)}`;
const url = withDatabaseName(serverUrl, name);
const number = (value: number) => Math.round(value).toLocaleString('en-US');

console.log(`Database ${name} on ${serverAddressOf(url)}, ${number(households)} households`);
try {
  await migrateDatabase(url, { log: () => undefined });

  const seed = await seedDemoOrganization(
    url,
    { email: 'demo@advisor.test', password: 'demo-password-1' },
    { size: 'large', households, when: 'no-demo-organization', log: (line) => console.log(line) },
  );
  if (!seed.seeded) throw new Error(`Nothing seeded: ${seed.reason}`);
  const seedSeconds = seed.durationMs / 1000;
  const memory = process.resourceUsage().maxRSS / 1024;

  const baselineSeconds = await bareCopy(url, seed.rows);

  console.log('');
  console.log(
    `Large seed: ${number(seed.rows)} rows in ${seedSeconds.toFixed(2)} s, ${number(seed.rows / seedSeconds)} rows/s`,
  );
  console.log(
    `  (generation, COPY into ${Object.keys(seed.rowsByTable).length} tables with their indexes and constraints, one transaction; peak RSS ${number(memory)} MiB)`,
  );
  console.log(
    `Baseline:   ${number(seed.rows)} rows in ${baselineSeconds.toFixed(2)} s, ${number(seed.rows / baselineSeconds)} rows/s`,
  );
  console.log('  (bare COPY of six columns into a temporary table without index, same run, same server)');
  console.log(`Seed / baseline: ${(seedSeconds / baselineSeconds).toFixed(1)}× the time`);
  const largest = Object.entries(seed.rowsByTable)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8)
    .map(([table, rows]) => `${table} ${number(rows)}`);
  console.log(`Largest tables: ${largest.join(', ')}`);
} finally {
  if (values.keep) {
    console.log(`Kept ${name}: DATABASE_URL=${url}`);
  } else {
    const admin = await connect(withDatabaseName(serverUrl, MAINTENANCE_DATABASE), 'meridian-bench', 'DATABASE_URL');
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`).finally(() => disconnect(admin));
  }
}

/** Seconds to COPY `rows` rows of id, organization, name, amount, currency and time into a temp table. */
async function bareCopy(databaseUrl: string, rows: number): Promise<number> {
  const client = await connect(databaseUrl, 'meridian-bench', 'DATABASE_URL');
  try {
    await client.query(
      `CREATE TEMP TABLE bench_baseline (id text, organization_id text, name text, amount numeric(20, 8),
         amount_currency text, created_at timestamptz)`,
    );
    const started = performance.now();
    await client.query('BEGIN');
    await pipeline(
      Readable.from(lines(rows)),
      client.query(
        copyFrom('COPY bench_baseline (id, organization_id, name, amount, amount_currency, created_at) FROM STDIN'),
      ),
    );
    await client.query('COMMIT');
    return (performance.now() - started) / 1000;
  } finally {
    await disconnect(client);
  }
}

function* lines(rows: number): Generator<string> {
  const createdAt = new Date('2026-11-20T12:00:00.000Z').toISOString();
  let piece = '';
  for (let index = 0; index < rows; index += 1) {
    piece += `row-${index.toString(36).padStart(21, '0')}\torganization-baseline000000000\tRow ${index}\t${(index % 100_000) / 100}\tCAD\t${createdAt}\n`;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece.length > 0) yield piece;
}

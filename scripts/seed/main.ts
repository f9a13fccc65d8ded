// The demo organization: sample data for a newcomer's first `npm start`, for the tests, and (at
// the large size) for benchmarks. Everything in it is invented; the organization is flagged isDemo
// and the dashboard says so. What it contains and how: scripts/seed/demo.ts.
//
//   npm run seed                       the small demo (the same as `npm run db:seed`)
//   npm run seed -- --size large       10,000 households, for benchmarks
//   npm run seed -- --seed 42          another, equally deterministic, organization
//
// It migrates the database first (creating it if needed), then seeds unless the database already
// has a demo organization. `npm start` seeds only a database with no organization at all.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@meridian/api';
import { migrateDatabase } from '../../prisma/migrate.js';
import { connect, databaseNameOf, DatabaseSetupError, disconnect, serverAddressOf } from '../../prisma/postgres.js';
import {
  DEFAULT_SEED,
  DEMO_ORGANIZATION_NAME,
  PER_HOUSEHOLD,
  SEED_REFERENCE_DATE,
  SEED_SIZES,
  seedDemo,
  type SeedDemoOptions,
  type SeedDemoResult,
  type SeedSize,
} from './demo.js';
import { isEntryPoint } from '../lib/entry-point.js';

export {
  DEFAULT_SEED,
  DEMO_ORGANIZATION_NAME,
  PER_HOUSEHOLD,
  SEED_REFERENCE_DATE,
  SEED_SIZES,
  type SeedDemoResult,
  type SeedSize,
};

export type SeedResult = SeedDemoResult;

/**
 * Seeds the demo organization into the database at `databaseUrl`. By default (npm start, the
 * tests) only when it has no organization at all; see SeedDemoOptions for the other choices.
 */
export async function seedDemoOrganization(
  databaseUrl: string,
  admin: { email: string; password: string },
  options: Omit<SeedDemoOptions, 'admin'> = {},
): Promise<SeedResult> {
  const client = await connect(databaseUrl, 'meridian-seed', 'DATABASE_URL');
  try {
    return await seedDemo(client, { ...options, admin });
  } finally {
    await disconnect(client);
  }
}

function parseOptions(argv: string[]): { size: SeedSize; seed: number } {
  const { values } = parseArgs({
    args: argv,
    options: { size: { type: 'string', default: 'small' }, seed: { type: 'string' } },
    strict: true,
  });
  const size = values.size;
  if (size !== 'small' && size !== 'large') {
    throw new DatabaseSetupError(`--size must be small or large, not "${size}".`);
  }
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new DatabaseSetupError('--seed must be a whole number.');
  return { size, seed };
}

async function main(): Promise<void> {
  try {
    const { size, seed } = parseOptions(process.argv.slice(2));
    const config = loadConfig();
    const url = config.DATABASE_URL;
    console.log(`Database ${databaseNameOf(url)} on ${serverAddressOf(url)}`);
    const { applied } = await migrateDatabase(url, { log: (line) => console.log(line) });
    if (applied.length > 0) console.log(`Applied ${applied.length} migration(s).`);
    console.log(
      `Seeding the ${size} demo organization (${SEED_SIZES[size].households.toLocaleString('en-US')} households, ` +
        `seed ${seed}, reference date ${SEED_REFERENCE_DATE.toISOString().slice(0, 10)})...`,
    );
    const result = await seedDemoOrganization(
      url,
      { email: config.DEMO_ADMIN_EMAIL, password: config.DEMO_ADMIN_PASSWORD },
      { size, seed, when: 'no-demo-organization', log: (line) => console.log(line) },
    );
    const seconds = result.durationMs / 1000;
    if (!result.seeded) {
      console.log(`${result.reason} (${seconds.toFixed(2)} s)`);
      return;
    }
    console.log(
      `Seeded "${DEMO_ORGANIZATION_NAME}" (${result.organizationId}): ${result.rows.toLocaleString('en-US')} rows ` +
        `in ${seconds.toFixed(2)} s (${Math.round(result.rows / seconds).toLocaleString('en-US')} rows/s).`,
    );
    console.log(`Demo login: ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}`);
  } catch (error) {
    if (!(error instanceof DatabaseSetupError || error instanceof ConfigError)) throw error;
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  }
}

if (isEntryPoint(import.meta.url)) await main();

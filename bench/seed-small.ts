// How long the small demo seed takes: what every API test file pays in startTestApi() and what a
// newcomer's first `npm start` pays. Seeds several fresh databases (cloned from one migrated
// template, as the tests do) and prints each time and the median. Asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/seed-small.ts [--runs N]
import { parseArgs } from 'node:util';
import { migrateDatabase } from '../prisma/migrate.js';
import {
  connect,
  DEFAULT_DATABASE_URL,
  disconnect,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  withDatabaseName,
} from '../prisma/postgres.js';
import { seedDemoOrganization } from '../scripts/seed/main.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(values.runs);
const serverUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const stamp = Date.now().toString(36);
const template = `meridian_bench_small_${stamp}`;
const admin = await connect(withDatabaseName(serverUrl, MAINTENANCE_DATABASE), 'meridian-bench', 'DATABASE_URL');
const created: string[] = [template];
try {
  await migrateDatabase(withDatabaseName(serverUrl, template), { log: () => undefined });
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run += 1) {
    const name = `${template}_${run}`;
    await admin.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`);
    created.push(name);
    const started = performance.now();
    const result = await seedDemoOrganization(withDatabaseName(serverUrl, name), {
      email: 'demo@advisor.test',
      password: 'demo-password-1',
    });
    const elapsed = performance.now() - started;
    rows = result.rows;
    times.push(elapsed);
    console.log(`run ${run + 1}: ${elapsed.toFixed(0)} ms (seed's own measure ${result.durationMs.toFixed(0)} ms)`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `Small seed: ${rows.toLocaleString('en-US')} rows, median ${median.toFixed(0)} ms over ${runs} runs ` +
      `(first run, with module warm-up: ${times[0]!.toFixed(0)} ms)`,
  );
} finally {
  for (const name of created.reverse())
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  await disconnect(admin);
}

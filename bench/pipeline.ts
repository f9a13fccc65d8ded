// How fast the sales pipeline answers over HTTP, beside the bare SQL that computes the same totals
// in the same run: `GET /api/opportunitys/pipeline` for one team of the large seed (some 20,000
// opportunities in the firm, their proposals, offers and households' investment accounts), then
// how fast the domain's fee engine prices households on a 10-tier AUM schedule. Prints figures;
// asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/pipeline.ts \
//     [--database-url URL] [--seeded URL] [--households 10000] [--runs 300] \
//     [--fee-households 100000] [--explain] [--keep]
//
// By default it creates a scratch database on the server of --database-url (or DATABASE_URL, or
// the local one), migrates it, seeds the large demo organization (--households to change its
// size), runs VACUUM ANALYZE as autovacuum would, and drops the database at the end (--keep keeps
// it). --seeded URL uses a database already so prepared (a kept one). The smallest run (CI's):
// --households 3 --runs 10 --fee-households 1000.
//
// The caller is an advisor (a role limited to their teams, so the team scope is paid); the team is
// that advisor's team with the most opportunities, over the year up to the seed's reference date.
// The API runs in this process (createApiApp, NODE_ENV=production, silent), asked with `fetch` one
// request at a time. The baseline is the pipeline's own two statements (the totals aggregate and
// the stage flows), captured from one request of the API and sent again straight through `pg`
// with the same values: no guard, tenancy, team check, mapping or JSON. The two are interleaved
// request by request, so a machine whose load changes during the run weighs on both alike. Before
// timing, the bench checks that both give the same counts and totals.
//
// The fee engine: annualAumFee with a rubric prepared once (aumFeeRubric), rounded to cents as a
// proposal shows it, for --fee-households households whose assets are the seeded households'
// investment accounts in CAD, repeated to the count asked; the median of 5 rounds after a warm-up.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Decimal } from 'decimal.js';
import pg from 'pg';
import { createApiApp, createLogger, loadConfig, TokenService } from '@meridian/api';
import {
  annualAumFee,
  aumFeeRubric,
  seesEveryTeam,
  type FeeTierInput,
  type PipelineResponse,
  type UserRole,
} from '@meridian/domain';
import { migrateDatabase } from '../prisma/migrate.js';
import { interleaved, statementsOf, type Figures } from './lib/http-beside-sql.js';
import {
  connect,
  DEFAULT_DATABASE_URL,
  disconnect,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  serverAddressOf,
  withDatabaseName,
} from '../prisma/postgres.js';
import { seedDemoOrganization, SEED_REFERENCE_DATE, SEED_SIZES } from '../scripts/seed/main.js';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    seeded: { type: 'string' },
    households: { type: 'string' },
    runs: { type: 'string', default: '300' },
    'fee-households': { type: 'string', default: '100000' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const serverUrl = options['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const runs = Number(options.runs);
const feeHouseholds = Number(options['fee-households']);
const households = options.households === undefined ? SEED_SIZES.large.households : Number(options.households);
const number = (value: number) => Math.round(value).toLocaleString('en-US');

/** Ten tiers, from 1% on the first 250,000 down to 0.2% above 15 million (bench/fees.ts's). */
const TIERS: FeeTierInput[] = [
  { breakpoint: 250_000, fee: 1 },
  { breakpoint: 500_000, fee: 0.9 },
  { breakpoint: 1_000_000, fee: 0.8 },
  { breakpoint: 2_000_000, fee: 0.7 },
  { breakpoint: 3_000_000, fee: 0.6 },
  { breakpoint: 5_000_000, fee: 0.5 },
  { breakpoint: 7_500_000, fee: 0.4 },
  { breakpoint: 10_000_000, fee: 0.35 },
  { breakpoint: 15_000_000, fee: 0.3 },
  { breakpoint: 20_000_000, fee: 0.2 },
];

interface Target {
  organizationId: string;
  userId: string;
  userName: string;
  role: UserRole;
  teamId: string;
  teamOpportunities: number;
  firmOpportunities: number;
  firmProposals: number;
}

/** An advisor limited to their teams, and their team with the most opportunities. */
async function findTarget(client: pg.ClientBase): Promise<Target> {
  const { rows } = await client.query<{
    id: string;
    name: string;
    organization_id: string;
    role: UserRole;
    team_id: string;
    opportunities: string;
  }>(
    `SELECT u.id, u.name, u.organization_id, u.role::text AS role, m.team_id,
            (SELECT count(*) FROM opportunities o WHERE o.organization_id = u.organization_id
                AND o.team_id = m.team_id) AS opportunities
       FROM users u JOIN team_members m ON m.organization_id = u.organization_id AND m.user_id = u.id
      ORDER BY opportunities DESC, u.id, m.team_id`,
  );
  const row = rows.find((candidate) => !seesEveryTeam(candidate.role));
  if (!row) throw new Error('No advisor limited to their teams: seed the large demo first');
  const { rows: firm } = await client.query<{ opportunities: string; proposals: string }>(
    `SELECT (SELECT count(*) FROM opportunities WHERE organization_id = $1) AS opportunities,
            (SELECT count(*) FROM proposals WHERE organization_id = $1) AS proposals`,
    [row.organization_id],
  );
  return {
    organizationId: row.organization_id,
    userId: row.id,
    userName: row.name,
    role: row.role,
    teamId: row.team_id,
    teamOpportunities: Number(row.opportunities),
    firmOpportunities: Number(firm[0]!.opportunities),
    firmProposals: Number(firm[0]!.proposals),
  };
}

// ─── Timing ─────────────────────────────────────────────────────────────────────────────────────

function line(label: string, figure: Figures): string {
  const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;
  return `${label.padEnd(44)} p50 ${ms(figure.p50)}   p99 ${ms(figure.p99)}`;
}

// ─── The fee engine ─────────────────────────────────────────────────────────────────────────────

/** The seeded households' investment accounts in CAD, one total a household, as decimal strings. */
async function householdAssets(client: pg.ClientBase, organizationId: string): Promise<string[]> {
  const { rows } = await client.query<{ amount: string }>(
    `SELECT sum(ia.market_value)::text AS amount
       FROM financial_records fr
       JOIN investment_accounts ia ON ia.organization_id = fr.organization_id AND ia.id = fr.id
      WHERE fr.organization_id = $1 AND fr.deleted_at IS NULL AND ia.market_value_currency = 'CAD'
        AND ia.market_value IS NOT NULL
      GROUP BY fr.household_id ORDER BY fr.household_id`,
    [organizationId],
  );
  return rows.map((row) => row.amount);
}

function feeRound(assets: readonly Decimal[]): { ms: number; total: Decimal } {
  const rubric = aumFeeRubric(TIERS);
  const start = performance.now();
  let total = new Decimal(0);
  for (const value of assets) total = total.plus(annualAumFee(rubric, value).annual.toDecimalPlaces(2));
  return { ms: performance.now() - start, total };
}

// ─── The run ────────────────────────────────────────────────────────────────────────────────────

let scratch: string | undefined;
let databaseUrl = options.seeded;
let app: Awaited<ReturnType<typeof createApiApp>> | undefined;
let bare: pg.Client | undefined;
try {
  if (!databaseUrl) {
    scratch = `meridian_bench_pipeline_${Date.now().toString(36)}`;
    databaseUrl = withDatabaseName(serverUrl, scratch);
    console.log(`Seeding ${number(households)} households into ${scratch} on ${serverAddressOf(serverUrl)}...`);
    const seedStarted = performance.now();
    await migrateDatabase(databaseUrl, { log: () => undefined });
    const seed = await seedDemoOrganization(
      databaseUrl,
      { email: 'demo@advisor.test', password: 'demo-password-1' },
      { size: 'large', households, when: 'no-demo-organization' },
    );
    if (!seed.seeded) throw new Error(`Nothing seeded: ${seed.reason}`);
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    // VACUUM as autovacuum would in use: the statistics and the visibility map the planner counts on.
    const admin = await connect(databaseUrl, 'meridian-bench', 'VACUUM ANALYZE');
    await admin.query('VACUUM ANALYZE').finally(() => disconnect(admin));
  } else {
    await migrateDatabase(databaseUrl, { log: () => undefined });
  }

  bare = await connect(databaseUrl, 'meridian-bench', '--database-url');
  const target = await findTarget(bare);
  console.log(
    `\nFirm: ${number(target.firmOpportunities)} opportunities, ${number(target.firmProposals)} proposals. ` +
      `Caller: ${target.userName} (${target.role}); team ${target.teamId} (${number(target.teamOpportunities)} opportunities).`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    AUTH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    // Production refuses to start without credential keys; the pipeline opens no credential.
    CREDENTIALS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    SEED_DEMO: 'false',
  });
  app = await createApiApp(config, createLogger('silent'));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const token = await app
    .get(TokenService)
    .issue({ userId: target.userId, organizationId: target.organizationId, role: target.role });
  const headers = { authorization: `Bearer ${token}` };
  // The year up to the seed's reference date.
  const endDate = SEED_REFERENCE_DATE.toISOString().slice(0, 10);
  const startDate = `${Number(endDate.slice(0, 4)) - 1}${endDate.slice(4)}`;
  const url = `http://127.0.0.1:${port}/api/opportunitys/pipeline?teamId=${target.teamId}&startDate=${startDate}&endDate=${endDate}`;
  const ask = async (): Promise<Buffer> => {
    const response = await fetch(url, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.toString()}`);
    return body;
  };

  // The pipeline's own statements, as the API sends them for one (warm) request.
  await ask();
  const captured = await statementsOf(async () => void (await ask()));
  const aggregates = captured.filter((statement) =>
    /\bFROM opportunities o\b|\bopportunity_stage_changes c\b/.test(statement.text),
  );
  if (aggregates.length !== 2) {
    throw new Error(
      `Expected the pipeline's 2 statements among the API's ${captured.length}, found ${aggregates.length}`,
    );
  }
  const client = bare;
  const sql = async () => {
    const results = [];
    for (const statement of aggregates) results.push((await client.query(statement.text, statement.values)).rows);
    return results as [
      { stage: string; count: number; expectedAnnualFees: string | null; aum: string | null }[],
      unknown[],
    ];
  };

  // The same totals, or the comparison means nothing.
  const answer = JSON.parse((await ask()).toString()) as PipelineResponse;
  const [totals] = await sql();
  const same = answer.stages.every((stage) => {
    const row = totals.find((candidate) => candidate.stage === stage.stage);
    return (
      (row?.count ?? 0) === stage.count &&
      (row?.expectedAnnualFees ?? null) === stage.expectedAnnualFees &&
      (row?.aum ?? null) === stage.aum
    );
  });
  console.log(`Same totals over HTTP and in SQL: ${same ? 'yes' : 'NO'}`);
  for (const stage of answer.stages) {
    console.log(
      `  ${stage.stage.padEnd(10)} ${String(stage.count).padStart(6)} now, ${String(stage.enteredInPeriod).padStart(6)} entered; ` +
        `fees ${stage.expectedAnnualFees ?? '-'} ${answer.currency}, AUM ${stage.aum ?? '-'} ${answer.currency}`,
    );
  }
  console.log(
    `  the API sends ${captured.length} statement(s) a request; the baseline is its ${aggregates.length} aggregates`,
  );
  if (options.explain) {
    for (const statement of aggregates) {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
        statement.values,
      );
      console.log('\nEXPLAIN ANALYZE:');
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  }

  console.log(
    `\n${runs} runs each after a warm-up, one request at a time, HTTP and SQL interleaved. Load average before: ` +
      `${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
  );
  const timed = await interleaved(
    runs,
    async () => void (await ask()),
    async () => void (await sql()),
  );
  console.log(line('GET /api/opportunitys/pipeline (HTTP)', timed.http));
  console.log(line(`bare SQL aggregate (pg, ${aggregates.length} statements)`, timed.sql));
  const p99 = timed.http.p99 / timed.sql.p99;
  console.log(
    `${'ratio HTTP / SQL'.padEnd(44)} p50 ${(timed.http.p50 / timed.sql.p50).toFixed(1).padStart(7)}x   ` +
      `p99 ${p99.toFixed(1).padStart(7)}x   within 3x at p99: ${p99 <= 3 ? 'yes' : 'no'}`,
  );
  await app.close();
  app = undefined;

  // The fee engine, on the seeded households' assets repeated to the count asked.
  const seeded = await householdAssets(client, target.organizationId);
  if (seeded.length === 0) seeded.push('0');
  const assets = Array.from({ length: feeHouseholds }, (_, index) => new Decimal(seeded[index % seeded.length]!));
  feeRound(assets); // warm-up
  const rounds = Array.from({ length: 5 }, () => feeRound(assets));
  const ms = rounds.map((round) => round.ms).sort((a, b) => a - b)[2]!;
  console.log(
    `\nAUM fee of a ${TIERS.length}-tier schedule for ${number(feeHouseholds)} households ` +
      `(assets of the ${number(seeded.length)} seeded households, repeated), median of 5 rounds`,
  );
  console.log(
    `${'fee engine, rubric prepared once'.padEnd(44)} ${number((feeHouseholds / ms) * 1000).padStart(12)} households/s ` +
      `${ms.toFixed(0).padStart(7)} ms   total ${rounds[0]!.total.toFixed(2)} CAD`,
  );
  console.log(
    `Load average after: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await app?.close();
  if (bare) await disconnect(bare);
  if (scratch) {
    if (options.keep) {
      console.log(`\nKept ${scratch}: --seeded ${databaseUrl}`);
    } else {
      const admin = await connect(withDatabaseName(serverUrl, MAINTENANCE_DATABASE), 'meridian-bench', 'cleanup');
      await admin
        .query(`DROP DATABASE IF EXISTS ${quoteIdentifier(scratch)} WITH (FORCE)`)
        .finally(() => disconnect(admin));
    }
  }
}

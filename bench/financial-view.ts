// How fast a household's financial view answers over HTTP, beside the bare SQL aggregate of the
// same household's records in the same run (the baseline: one query, the same rows, no tenancy,
// no conversion, no JSON). Prints figures; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/financial-view.ts \
//     [--database-url URL] [--runs 300] [--records 400] [--currency CAD] [--generate] [--keep]
//
// It benchmarks the household with the most financial records in DATABASE_URL (default the local
// database; seed it first with `npm run seed -- --size large`). When that database has no
// household with records, or with --generate, it generates one itself, in a scratch database on
// the same server it drops afterwards (--records records of every type in CAD, USD and EUR, with
// rates), and says so; --keep keeps it. The smallest run (CI's): --generate --records 20 --runs 20.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import {
  createApiApp,
  createLogger,
  createPrismaClient,
  loadConfig,
  TokenService,
  type PrismaClient,
} from '@meridian/api';
import {
  EntityType,
  FINANCIAL_RECORD_ID_TYPE,
  newId,
  type CurrencyCode,
  type FinancialRecordType,
} from '@meridian/domain';

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

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '300' },
    records: { type: 'string', default: '400' },
    currency: { type: 'string', default: 'CAD' },
    generate: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const currency = options.currency as CurrencyCode;
const sourceUrl = options['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;

interface Target {
  url: string;
  householdId: string;
  organizationId: string;
  userId: string;
  records: number;
  source: string;
  /** Drops the scratch database, when one was made. */
  cleanup: () => Promise<void>;
}

/** The same household's records, summed per type and currency in one query over the type tables. */
const AGGREGATE_SQL = `
  SELECT fr.type,
         COALESCE(ba.balance_currency, ia.market_value_currency, cc.balance_currency, loc.balance_currency,
                  lo.balance_currency, mo.balance_currency, rep.market_value_currency, ra.value_currency,
                  ip.cash_value_currency, pi.current_value_currency, ce.current_value_currency) AS currency,
         SUM(COALESCE(ba.balance, ia.market_value, cc.balance, loc.balance, lo.balance, mo.balance,
                      rep.market_value, ra.value, ip.cash_value, pi.current_value, ce.current_value)) AS total,
         COUNT(*) AS records
    FROM financial_records fr
    LEFT JOIN bank_accounts ba ON ba.id = fr.id
    LEFT JOIN investment_accounts ia ON ia.id = fr.id
    LEFT JOIN credit_cards cc ON cc.id = fr.id
    LEFT JOIN lines_of_credit loc ON loc.id = fr.id
    LEFT JOIN loans lo ON lo.id = fr.id
    LEFT JOIN mortgages mo ON mo.id = fr.id
    LEFT JOIN real_estate_properties rep ON rep.id = fr.id
    LEFT JOIN real_assets ra ON ra.id = fr.id
    LEFT JOIN insurance_policies ip ON ip.id = fr.id
    LEFT JOIN private_investments pi ON pi.id = fr.id
    LEFT JOIN company_equities ce ON ce.id = fr.id
   WHERE fr.organization_id = $1 AND fr.household_id = $2 AND fr.deleted_at IS NULL
   GROUP BY 1, 2`;

async function existingTarget(url: string): Promise<Target | undefined> {
  let client: pg.Client;
  try {
    client = await connect(url, 'meridian-bench', '--database-url');
  } catch {
    return undefined;
  }
  try {
    const largest = await client.query<{ household_id: string; organization_id: string; records: string }>(
      `SELECT household_id, organization_id, COUNT(*) AS records FROM financial_records
        WHERE deleted_at IS NULL GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
    const row = largest.rows[0];
    if (!row) return undefined;
    const user = await client.query<{ id: string }>('SELECT id FROM users WHERE organization_id = $1 LIMIT 1', [
      row.organization_id,
    ]);
    if (!user.rows[0]) return undefined;
    const households = await client.query<{ count: string }>('SELECT COUNT(*) AS count FROM households');
    return {
      url,
      householdId: row.household_id,
      organizationId: row.organization_id,
      userId: user.rows[0].id,
      records: Number(row.records),
      source: `the household with the most records of ${Number(households.rows[0]!.count).toLocaleString('en-US')} households in ${serverAddressOf(url)}`,
      cleanup: async () => undefined,
    };
  } catch {
    return undefined;
  } finally {
    await disconnect(client);
  }
}

const GENERATED_TYPES: FinancialRecordType[] = [
  'BANK_ACCOUNT',
  'INVESTMENT_ACCOUNT',
  'INVESTMENT_ACCOUNT',
  'CREDIT_CARD',
  'LINE_OF_CREDIT',
  'LOAN',
  'MORTGAGE',
  'REAL_ESTATE_PROPERTY',
  'REAL_ASSET',
  'INSURANCE_POLICY',
  'PRIVATE_INVESTMENT',
  'COMPANY_EQUITY',
];
const ACCOUNT_TYPES = ['TFSA', 'RRSP', 'NRSP', 'CASH', 'ROTH_IRA', 'ACCOUNT_401K', 'RESP', 'LIRA'] as const;
const CURRENCIES = ['CAD', 'USD', 'EUR'] as const;

/** Columns of each generated type's table: its amount (in `currency`) and required fields. */
function typeRow(
  type: FinancialRecordType,
  index: number,
  amount: string,
  money: CurrencyCode,
): Record<string, unknown> {
  switch (type) {
    case 'BANK_ACCOUNT':
      return { bankAccountType: 'CHECKING', balance: amount, balanceCurrency: money };
    case 'INVESTMENT_ACCOUNT':
      return {
        accountType: ACCOUNT_TYPES[index % ACCOUNT_TYPES.length],
        marketValue: amount,
        marketValueCurrency: money,
      };
    case 'CREDIT_CARD':
    case 'LINE_OF_CREDIT':
    case 'LOAN':
    case 'MORTGAGE':
      return { balance: amount, balanceCurrency: money };
    case 'REAL_ESTATE_PROPERTY':
      return { propertyKind: 'RESIDENTIAL', marketValue: amount, marketValueCurrency: money };
    case 'REAL_ASSET':
      return { assetType: 'CAR', value: amount, valueCurrency: money };
    case 'INSURANCE_POLICY':
      return { cashValue: amount, cashValueCurrency: money };
    case 'PRIVATE_INVESTMENT':
      return { currentValue: amount, currentValueCurrency: money };
    default:
      return {
        companyName: `Company ${index}`,
        securityType: 'COMMON_STOCK',
        currentValue: amount,
        currentValueCurrency: money,
      };
  }
}

const TYPE_DELEGATE: Partial<Record<FinancialRecordType, string>> = {
  BANK_ACCOUNT: 'bankAccount',
  INVESTMENT_ACCOUNT: 'investmentAccount',
  CREDIT_CARD: 'creditCard',
  LINE_OF_CREDIT: 'lineOfCredit',
  LOAN: 'loan',
  MORTGAGE: 'mortgage',
  REAL_ESTATE_PROPERTY: 'realEstateProperty',
  REAL_ASSET: 'realAsset',
  INSURANCE_POLICY: 'insurancePolicy',
  PRIVATE_INVESTMENT: 'privateInvestment',
  COMPANY_EQUITY: 'companyEquity',
};

async function generatedTarget(serverUrl: string, count: number): Promise<Target> {
  const name = `meridian_bench_fv_${Date.now().toString(36)}`;
  const url = withDatabaseName(serverUrl, name);
  await migrateDatabase(url, { log: () => undefined });
  const prisma = createPrismaClient(url);
  const organizationId = newId(EntityType.organization);
  const teamId = newId(EntityType.team);
  const userId = newId(EntityType.user);
  const householdId = newId(EntityType.household);
  try {
    await prisma.organization.create({ data: { id: organizationId, name: 'Bench Wealth' } });
    await prisma.team.create({ data: { id: teamId, organizationId, name: 'Bench team' } });
    await prisma.user.create({
      data: { id: userId, organizationId, email: 'bench@bench.test', name: 'Bench', passwordHash: 'x', role: 'ADMIN' },
    });
    await prisma.household.create({ data: { id: householdId, organizationId, teamId, name: 'Bench household' } });
    const personId = newId(EntityType.person);
    await prisma.person.create({
      data: { id: personId, organizationId, householdId, firstName: 'Bench', lastName: 'Person' },
    });
    const day = new Date(Date.UTC(2024, 0, 1));
    await prisma.fxRate.createMany({
      data: [
        {
          id: newId(EntityType.fxRate),
          organizationId,
          date: day,
          baseCurrency: 'USD',
          quoteCurrency: 'CAD',
          rate: '1.35',
        },
        {
          id: newId(EntityType.fxRate),
          organizationId,
          date: day,
          baseCurrency: 'EUR',
          quoteCurrency: 'CAD',
          rate: '1.47',
        },
        {
          id: newId(EntityType.fxRate),
          organizationId,
          date: day,
          baseCurrency: 'EUR',
          quoteCurrency: 'USD',
          rate: '1.09',
        },
      ],
    });
    const records = Array.from({ length: count }, (_, index) => {
      const type = GENERATED_TYPES[index % GENERATED_TYPES.length]!;
      return { id: newId(FINANCIAL_RECORD_ID_TYPE[type]), type, index };
    });
    await prisma.financialRecord.createMany({
      data: records.map(({ id, type, index }) => ({
        id,
        organizationId,
        householdId,
        type,
        nickname: `Record ${index}`,
      })),
    });
    for (const type of new Set(records.map((record) => record.type))) {
      const rows = records
        .filter((record) => record.type === type)
        .map(({ id, index }) => ({
          id,
          organizationId,
          ...typeRow(
            type,
            index,
            (1000 + ((index * 7919) % 500000)).toFixed(2),
            CURRENCIES[index % CURRENCIES.length]!,
          ),
        }));
      const delegate = (
        prisma as unknown as Record<string, { createMany(args: { data: unknown[] }): Promise<unknown> }>
      )[TYPE_DELEGATE[type]!]!;
      await delegate.createMany({ data: rows });
    }
    await prisma.financialRecordOwner.createMany({
      data: records.map((record) => ({
        id: newId(EntityType.accountOwner),
        organizationId,
        financialRecordId: record.id,
        recordType: record.type,
        ownerKind: 'Person' as const,
        personId,
      })),
    });
    // A database in use has statistics (autovacuum gathers them within a minute or so); without
    // them the planner guesses one row per table, for the view and the baseline alike.
    await prisma.$executeRawUnsafe('ANALYZE');
  } finally {
    await prisma.$disconnect();
  }
  return {
    url,
    householdId,
    organizationId,
    userId,
    records: count,
    source: `a household generated here (${options.generate ? '--generate' : `no household with records in ${serverAddressOf(serverUrl)}`}): scratch database ${name}`,
    cleanup: async () => {
      const admin = await connect(withDatabaseName(serverUrl, MAINTENANCE_DATABASE), 'meridian-bench', 'cleanup');
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      } finally {
        await disconnect(admin);
      }
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(label: string, count: number, fn: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let warm = 0; warm < Math.min(20, count); warm += 1) await fn();
  const durations: number[] = [];
  for (let run = 0; run < count; run += 1) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  const result = { p50: percentile(durations, 50), p99: percentile(durations, 99) };
  console.log(
    `${label.padEnd(34)} p50 ${result.p50.toFixed(2).padStart(8)} ms   p99 ${result.p99.toFixed(2).padStart(8)} ms`,
  );
  return result;
}

const target =
  (options.generate ? undefined : await existingTarget(sourceUrl)) ??
  (await generatedTarget(sourceUrl, Number(options.records)));
let prisma: PrismaClient | undefined;
try {
  console.log(`Financial view of ${target.householdId}: ${target.records} records, ${target.source}`);
  console.log(`${runs} runs each after a warm-up, in ${currency}, one request at a time\n`);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: target.url,
    QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    AUTH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    // Production refuses to start without credential keys; the view never opens a credential,
    // so a throwaway key of the right shape is enough.
    CREDENTIALS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  });
  const app = await createApiApp(config, createLogger('silent'));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const user = { userId: target.userId, organizationId: target.organizationId, role: 'ADMIN' as const };
  const token = await app.get(TokenService).issue(user);
  const viewUrl = `http://127.0.0.1:${port}/api/get-financial-view/${target.householdId}?currency=${currency}`;
  const probe = await fetch(viewUrl, { headers: { authorization: `Bearer ${token}` } });
  if (!probe.ok) throw new Error(`The view answered ${probe.status}: ${await probe.text()}`);
  const answer = (await probe.json()) as unknown;

  const view = await time('GET /api/get-financial-view (HTTP)', runs, async () => {
    const response = await fetch(viewUrl, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
  });
  prisma = createPrismaClient(target.url);
  const sql = await time('bare SQL aggregate (one query)', runs, async () => {
    await prisma!.$queryRawUnsafe(AGGREGATE_SQL, target.organizationId, target.householdId);
  });
  console.log(
    `${'ratio view / SQL'.padEnd(34)} p50 ${(view.p50 / sql.p50).toFixed(1).padStart(7)}x    p99 ${(view.p99 / sql.p99).toFixed(1).padStart(7)}x`,
  );
  await app.close();

  // For scale, not the target: what serializing and moving the same answer over HTTP costs alone,
  // from a bare node:http server (JSON.stringify and send per request; no framework, no auth, no
  // database), measured with the same client in the same process.
  const bare = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const bytes = Buffer.byteLength(JSON.stringify(answer));
  console.log(`\nfor scale (not the target): the same ${Math.round(bytes / 1024)} KiB answer from a bare HTTP server`);
  const floor = await time('JSON + HTTP only (no app, no DB)', runs, async () => {
    await (await fetch(bareUrl)).arrayBuffer();
  });
  console.log(
    `${'ratio view / JSON + HTTP only'.padEnd(34)} p50 ${(view.p50 / floor.p50).toFixed(1).padStart(7)}x    p99 ${(view.p99 / floor.p99).toFixed(1).padStart(7)}x`,
  );
  await new Promise((resolve) => bare.close(resolve));
} finally {
  await prisma?.$disconnect();
  if (!options.keep) await target.cleanup();
  else console.log(`\nkept: ${target.url}`);
}

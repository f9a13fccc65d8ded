// How fast a Plaid sync writes, end to end: the fake Plaid with 10,000 transactions and 500
// recurring streams, the real PlaidConnector (SDK over HTTP, zod parsing, mapping) and the real
// SyncPageWriter (one database transaction per page, upserts through external links), beside a
// bare batched INSERT of the same rows into a scratch table in the same run (the baseline: no
// links, no lookups, no counts, no cursor). Prints figures; asserts nothing.
//
// Beside it, the floor the schema sets: the same transactions and their external links INSERTed
// the same bare way (500 rows a statement) into the real tables, whose indexes, foreign keys and
// CHECKs every sync pays for too.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/plaid-sync.ts \
//     [--database-url URL] [--transactions 10000] [--streams 500] [--keep]
//
// Everything happens in a scratch database on DATABASE_URL's server (migrated here, dropped at
// the end unless --keep). A second run of the same connection then measures a sync with nothing
// new (accounts and streams unchanged, no new transaction).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { startSyncContext, type SyncContext } from '../test/support/sync-context.js';
import { PlaidClient, PlaidConnector, type NormalizedRecord } from '@meridian/connectors';
import { FakePlaidServer, type FakeStreamSeed, type FakeTransactionSeed } from '@meridian/connectors/testing';
import { EntityType, newId } from '@meridian/domain';
import type pg from 'pg';
import { migrateDatabase } from '../prisma/migrate.js';
import { timedSync } from './lib/sync-run.js';
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
    transactions: { type: 'string', default: '10000' },
    streams: { type: 'string', default: '500' },
    keep: { type: 'boolean', default: false },
  },
});
const transactionCount = Number(options.transactions);
const streamCount = Number(options.streams);
const serverUrl = withDatabaseName(
  options['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  MAINTENANCE_DATABASE,
);
const BARE_BATCH = 500;

const CATEGORIES = [
  'FOOD_AND_DRINK_GROCERIES',
  'FOOD_AND_DRINK_RESTAURANT',
  'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
  'TRANSPORTATION_GAS',
  'RENT_AND_UTILITIES_TELEPHONE',
  'ENTERTAINMENT_TV_AND_MOVIES',
  'INCOME_WAGES',
];

/** Deterministic amounts with cents, as Plaid sends them (numbers; the connector makes decimal strings). */
const amountOf = (index: number) => (((index * 7919) % 250_000) + 1) / 100;
const dateOf = (index: number) =>
  new Date(Date.UTC(2025, 0, 1) + (index % 640) * 86_400_000).toISOString().slice(0, 10);

function itemSeed(accounts: string[]) {
  const transactions: FakeTransactionSeed[] = Array.from({ length: transactionCount }, (_, index) => ({
    transaction_id: `txn-${index}`,
    account_id: accounts[index % accounts.length]!,
    amount: index % 9 === 0 ? -amountOf(index) : amountOf(index),
    date: dateOf(index),
    name: `PURCHASE ${index}`,
    merchant_name: `Merchant ${index % 300}`,
    category: CATEGORIES[index % CATEGORIES.length]!,
    iso_currency_code: 'CAD',
  }));
  const streams: FakeStreamSeed[] = Array.from({ length: streamCount }, (_, index) => ({
    stream_id: `stream-${index}`,
    account_id: accounts[index % accounts.length]!,
    direction: index % 5 === 0 ? 'inflow' : 'outflow',
    description: `STREAM ${index}`,
    merchant_name: `Merchant ${index % 300}`,
    frequency: (['MONTHLY', 'WEEKLY', 'BIWEEKLY', 'ANNUALLY'] as const)[index % 4]!,
    average_amount: index % 5 === 0 ? -amountOf(index) : amountOf(index),
    iso_currency_code: 'CAD',
    category: CATEGORIES[index % CATEGORIES.length]!,
    // Ten transactions per stream, while there are enough.
    transaction_ids: Array.from({ length: 10 }, (_, offset) => `txn-${index * 10 + offset}`).filter(
      (id) => Number(id.slice(4)) < transactionCount,
    ),
  }));
  return {
    accounts: [
      {
        account_id: accounts[0]!,
        type: 'depository',
        subtype: 'checking',
        balances: { current: 5120.45, iso_currency_code: 'CAD' },
      },
      {
        account_id: accounts[1]!,
        type: 'depository',
        subtype: 'savings',
        balances: { current: 20000, iso_currency_code: 'CAD' },
      },
      {
        account_id: accounts[2]!,
        type: 'credit',
        subtype: 'credit card',
        balances: { current: 812.3, limit: 10000, iso_currency_code: 'CAD' },
      },
    ],
    transactions,
    streams,
  };
}

async function createWorld(prisma: PrismaClient) {
  const organizationId = newId(EntityType.organization);
  const teamId = newId(EntityType.team);
  const householdId = newId(EntityType.household);
  const connectionId = newId(EntityType.connection);
  await prisma.organization.create({ data: { id: organizationId, name: 'Bench Wealth' } });
  await prisma.team.create({ data: { id: teamId, organizationId, name: 'Bench team' } });
  await prisma.household.create({ data: { id: householdId, organizationId, teamId, name: 'Bench household' } });
  await prisma.person.create({
    data: { id: newId(EntityType.person), organizationId, householdId, firstName: 'Ada', lastName: 'Bench' },
  });
  await prisma.connection.create({
    data: { id: connectionId, organizationId, service: 'PLAID', status: 'SUCCESS', ownerHouseholdId: householdId },
  });
  return { organizationId, connectionId };
}

/** The baseline: the same records as plain rows, INSERTed 500 per statement into a scratch table. */
async function bareInsert(url: string, records: readonly NormalizedRecord[]): Promise<number> {
  const client = await connect(url, 'meridian-bench', '--database-url');
  try {
    await client.query(`CREATE TABLE bench_bare_rows (
      id text PRIMARY KEY, organization_id text NOT NULL, kind text NOT NULL, account text, date date,
      amount numeric(20, 8), currency text, direction text, description text, merchant_name text,
      category text, pending boolean)`);
    const rows = records.map((record) => {
      switch (record.kind) {
        case 'transaction':
          return [
            record.sourceId,
            'org',
            record.kind,
            record.accountSourceId,
            record.date,
            record.amount.value,
            record.amount.currency,
            record.direction,
            record.description,
            record.merchantName,
            record.category?.code ?? null,
            record.pending,
          ];
        case 'recurring-stream':
          return [
            record.sourceId,
            'org',
            record.kind,
            record.accountSourceId,
            record.lastDate,
            record.averageAmount?.value ?? null,
            record.averageAmount?.currency ?? null,
            record.direction,
            record.name,
            record.merchantName,
            record.category?.code ?? null,
            null,
          ];
        case 'financial-account':
          return [
            record.sourceId,
            'org',
            record.kind,
            null,
            null,
            record.balances.current?.value ?? null,
            record.balances.current?.currency ?? null,
            null,
            record.name,
            null,
            null,
            null,
          ];
      }
    });
    const start = performance.now();
    for (let offset = 0; offset < rows.length; offset += BARE_BATCH) {
      const batch = rows.slice(offset, offset + BARE_BATCH);
      const width = batch[0]!.length;
      const values = batch
        .map((_, row) => `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`)
        .join(', ');
      await client.query(`INSERT INTO bench_bare_rows VALUES ${values}`, batch.flat());
    }
    return performance.now() - start;
  } finally {
    await disconnect(client);
  }
}

/** Runs `rows` through `insert`, BARE_BATCH rows a statement, as the bare baseline does. */
async function batched(client: pg.Client, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += BARE_BATCH) {
    const batch = rows.slice(offset, offset + BARE_BATCH);
    const values = batch
      .map((_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, batch.flat());
  }
}

/**
 * The schema's floor for the first sync's transactions: each as a new row of `transactions` (of
 * the same account, household and category) and a new external link, INSERTed like the baseline.
 * Indexes, foreign keys and CHECKs are those the sync writes through.
 */
async function schemaInsert(url: string, organizationId: string, records: readonly NormalizedRecord[]) {
  const client = await connect(url, 'meridian-bench', '--database-url');
  try {
    const accounts = new Map(
      (
        await client.query<{ source_id: string; id: string; household_id: string }>(
          `SELECT l.source_id, r.id, r.household_id FROM external_links l
             JOIN financial_records r ON r.organization_id = l.organization_id AND r.id = l.entity_id
            WHERE l.organization_id = $1`,
          [organizationId],
        )
      ).rows.map((row) => [row.source_id, row]),
    );
    const categories = new Map(
      (
        await client.query<{ detailed_category: string; id: string }>(
          `SELECT detailed_category, id FROM transaction_categories WHERE organization_id = $1`,
          [organizationId],
        )
      ).rows.map((row) => [row.detailed_category, row.id]),
    );
    const now = new Date();
    const transactions: unknown[][] = [];
    const links: unknown[][] = [];
    for (const record of records) {
      if (record.kind !== 'transaction') continue;
      const account = accounts.get(record.accountSourceId)!;
      const id = newId(EntityType.transaction);
      transactions.push([
        id,
        organizationId,
        account.household_id,
        account.id,
        (record.category?.code && categories.get(record.category.code)) ?? null,
        record.date,
        record.amount.value,
        record.amount.currency,
        record.direction,
        record.description,
        record.merchantName,
        record.pending,
        now,
        now,
      ]);
      links.push([
        newId(EntityType.externalLink),
        organizationId,
        'PLAID',
        `${record.sourceId}-floor`,
        EntityType.transaction,
        id,
        'hash',
        now,
        now,
        now,
      ]);
    }
    const start = performance.now();
    await batched(
      client,
      'transactions',
      [
        'id',
        'organization_id',
        'household_id',
        'financial_record_id',
        'category_id',
        'date',
        'amount',
        'amount_currency',
        'direction',
        'description',
        'merchant_name',
        'pending',
        'created_at',
        'updated_at',
      ],
      transactions,
    );
    await batched(
      client,
      'external_links',
      [
        'id',
        'organization_id',
        'service',
        'source_id',
        'entity_type',
        'entity_id',
        'content_hash',
        'last_seen_at',
        'created_at',
        'updated_at',
      ],
      links,
    );
    return { rows: transactions.length + links.length, ms: performance.now() - start };
  } finally {
    await disconnect(client);
  }
}

const rate = (records: number, ms: number) => Math.round((records / ms) * 1000).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const name = `meridian_bench_plaid_${Date.now().toString(36)}`;
const url = withDatabaseName(serverUrl, name);
const fake = await FakePlaidServer.start();
let prisma: PrismaClient | undefined;
let hub: SyncContext | undefined;
try {
  await migrateDatabase(url, { log: () => undefined });
  prisma = createPrismaClient(url);
  hub = await startSyncContext(url);
  const world = await createWorld(prisma);
  const item = fake.createItem(itemSeed(['acc-chequing', 'acc-savings', 'acc-card']));
  const client = new PlaidClient({ environment: fake.url, clientId: fake.clientId, secret: fake.secret });
  const connector = new PlaidConnector({ client });
  console.log(
    `Plaid sync into scratch database ${name} on ${serverAddressOf(serverUrl)}: fake Plaid with ` +
      `${transactionCount.toLocaleString('en-US')} transactions, ${streamCount} streams, 3 accounts\n`,
  );

  const first = await timedSync(prisma, hub.writer, connector, { accessToken: item.accessToken }, world);
  const bareMs = await bareInsert(url, first.written);
  const second = await timedSync(prisma, hub.writer, connector, { accessToken: item.accessToken }, world);
  const floor = await schemaInsert(url, world.organizationId, first.written);

  const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
  line('first sync: pages', String(first.pages));
  line('first sync: counts', JSON.stringify(first.counts));
  line(
    'first sync, end to end (fetch + map + write)',
    `${seconds(first.totalMs).padStart(8)}  ${rate(first.records, first.totalMs).padStart(7)} records/s`,
  );
  line(
    'first sync, page writes only',
    `${seconds(first.writeMs).padStart(8)}  ${rate(first.records, first.writeMs).padStart(7)} records/s`,
  );
  line(
    `bare batched INSERT (${BARE_BATCH} rows a statement)`,
    `${seconds(bareMs).padStart(8)}  ${rate(first.written.length, bareMs).padStart(7)} rows/s`,
  );
  line('ratio end to end / bare INSERT', `${(first.totalMs / bareMs).toFixed(1)}x`);
  line('ratio page writes / bare INSERT', `${(first.writeMs / bareMs).toFixed(1)}x`);
  line(
    'bare INSERTs into transactions + links',
    `${seconds(floor.ms).padStart(8)}  ${rate(floor.rows, floor.ms).padStart(7)} rows/s  (the schema's floor)`,
  );
  line('ratio end to end / that floor', `${(first.totalMs / floor.ms).toFixed(1)}x`);
  line(
    'ratio that floor / bare INSERT',
    `${(floor.ms / bareMs).toFixed(1)}x  (writing the rows alone into the real tables)`,
  );
  line('second sync (nothing new): counts', JSON.stringify(second.counts));
  line(
    'second sync, end to end',
    `${seconds(second.totalMs).padStart(8)}  ${rate(second.records, second.totalMs).padStart(7)} records/s`,
  );
} finally {
  await hub?.close();
  await prisma?.$disconnect();
  await fake.close();
  if (options.keep) {
    console.log(`\nkept: ${url}`);
  } else {
    const admin = await connect(serverUrl, 'meridian-bench', 'cleanup');
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    } finally {
      await disconnect(admin);
    }
  }
}

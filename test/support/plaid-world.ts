// A Plaid world for sync tests: the fake Plaid behind the prism proxy (every request and answer
// checked against Plaid's OpenAPI description, as issue #7 asks of CI), and Plaid connections
// whose access tokens are sealed with the CredentialVault like the real link flow does.
import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  CoreModule,
  CredentialVault,
  createLogger,
  SyncModule,
  type AppConfig,
  type PrismaClient,
} from '@meridian/api';
import {
  FakePlaidServer,
  type FakeItem,
  type FakeItemSeed,
  type FakeTransactionSeed,
  type PrismProxy,
} from '@meridian/connectors/testing';
import { EntityType, newId } from '@meridian/domain';
import { createOrganization, type CreatedOrganization } from './factories.js';
import { createHousehold } from './crm-factories.js';
import { startPlaidSandbox } from './plaid-sandbox.js';

export interface PlaidWorld {
  fake: FakePlaidServer;
  prism: PrismProxy;
  /** Settings pointing the platform's Plaid client at prism (for createTestEnvironment). */
  settings: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the fake Plaid and prism in front of it. */
export async function startPlaidWorld(): Promise<PlaidWorld> {
  const sandbox = await startPlaidSandbox();
  return { fake: sandbox.fake, prism: sandbox.prism, settings: sandbox.environment, stop: () => sandbox.close() };
}

export interface PlaidConnectionWorld {
  organization: CreatedOrganization;
  householdId: string;
  connectionId: string;
  item: FakeItem;
}

/**
 * An organization (new unless given) with a household owning a Plaid connection to `item`: its
 * access token sealed under the environment's credentials key, no cursor yet (a first sync).
 */
export async function createPlaidConnection(
  prisma: PrismaClient,
  config: AppConfig,
  item: FakeItem,
  options: { organization?: CreatedOrganization; syncIntervalMinutes?: number | null } = {},
): Promise<PlaidConnectionWorld> {
  const organization = options.organization ?? (await createOrganization(prisma));
  const householdId = await createHousehold(prisma, organization, { name: `${item.institutionName} household` });
  const connectionId = newId(EntityType.connection);
  const sealed = new CredentialVault(config).seal(connectionId, { accessToken: item.accessToken });
  await prisma.connection.create({
    data: {
      id: connectionId,
      organizationId: organization.organizationId,
      service: 'PLAID',
      status: 'CREATED',
      ownerHouseholdId: householdId,
      displayName: item.institutionName,
      externalAccountId: item.itemId,
      credentialsCiphertext: sealed.ciphertext,
      credentialsKeyId: sealed.keyId,
      syncIntervalMinutes: options.syncIntervalMinutes ?? null,
    },
  });
  return { organization, householdId, connectionId, item };
}

/**
 * An item seed with two accounts (checking and a credit card), `transactions` transactions spread
 * over both and two recurring streams. The ids derive from `key`, so two items made with the same
 * key hold the same data (to compare an interrupted sync with an uninterrupted one).
 */
export function plaidItemSeed(key: string, transactions: number, extra: Partial<FakeItemSeed> = {}): FakeItemSeed {
  const checking = `${key}-acc-checking`;
  const card = `${key}-acc-card`;
  const seeds: FakeTransactionSeed[] = Array.from({ length: transactions }, (_, index) => ({
    transaction_id: `${key}-tx-${String(index).padStart(5, '0')}`,
    account_id: index % 3 === 0 ? card : checking,
    // Cents that binary floating point cannot hold exactly, and both signs.
    amount: (index % 7 === 0 ? -1 : 1) * (12.34 + (index % 97) * 1.01),
    date: `2026-${String(1 + (index % 10)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
    name: `PURCHASE ${index}`,
    merchant_name: index % 2 === 0 ? `Merchant ${index % 13}` : null,
  }));
  return {
    accounts: [
      {
        account_id: checking,
        type: 'depository',
        subtype: 'checking',
        name: 'Everyday chequing',
        mask: '0001',
        balances: { current: 1520.37, available: 1400.1, iso_currency_code: 'USD' },
      },
      {
        account_id: card,
        type: 'credit',
        subtype: 'credit card',
        name: 'Rewards card',
        mask: '0002',
        balances: { current: 310.55, limit: 5000, iso_currency_code: 'USD' },
      },
    ],
    transactions: seeds,
    streams: [
      {
        stream_id: `${key}-stream-pay`,
        account_id: checking,
        direction: 'inflow',
        frequency: 'BIWEEKLY',
        average_amount: -2150.25,
        description: 'ACME PAYROLL',
        category: 'INCOME_WAGES',
      },
      {
        stream_id: `${key}-stream-rent`,
        account_id: checking,
        direction: 'outflow',
        frequency: 'MONTHLY',
        average_amount: 1800,
        description: 'RENT',
        category: 'RENT_AND_UTILITIES_RENT',
      },
    ],
    ...extra,
  };
}

/**
 * What a Plaid sync left in an organization, keyed by the outside ids (so two organizations synced
 * from identical items compare equal): transactions, accounts and streams, amounts as exact
 * decimal text, and the count of rows beside the count of distinct links (equal: no duplicate).
 */
export async function syncedRecords(prisma: PrismaClient, organizationId: string) {
  const transactions = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT l.source_id AS "sourceId", t.amount::text AS amount, t.amount_currency::text AS currency,
           t.date::text AS date, t.direction::text AS direction, t.description, t.merchant_name AS "merchantName",
           t.pending, a.source_id AS "accountSourceId"
      FROM transactions t
      JOIN external_links l ON l.organization_id = t.organization_id AND l.entity_id = t.id
      LEFT JOIN external_links a ON a.organization_id = t.organization_id AND a.entity_id = t.financial_record_id
     WHERE t.organization_id = ${organizationId}
     ORDER BY l.source_id`;
  const accounts = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT l.source_id AS "sourceId", r.type::text AS type, r.name, r.connection_type::text AS "connectionType",
           r.deleted_at IS NULL AS active
      FROM financial_records r
      JOIN external_links l ON l.organization_id = r.organization_id AND l.entity_id = r.id
     WHERE r.organization_id = ${organizationId}
     ORDER BY l.source_id`;
  const streams = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT l.source_id AS "sourceId", s.name, s.direction::text AS direction, s.frequency::text AS frequency,
           s.average_amount::text AS "averageAmount", s.average_amount_currency::text AS currency
      FROM recurring_streams s
      JOIN external_links l ON l.organization_id = s.organization_id AND l.entity_id = s.id
     WHERE s.organization_id = ${organizationId}
     ORDER BY l.source_id`;
  const [rows] = await prisma.$queryRaw<{ transactions: bigint; links: bigint }[]>`
    SELECT (SELECT count(*) FROM transactions WHERE organization_id = ${organizationId}) AS transactions,
           (SELECT count(DISTINCT l.source_id) FROM external_links l JOIN transactions t
               ON t.organization_id = l.organization_id AND t.id = l.entity_id
             WHERE l.organization_id = ${organizationId}) AS links`;
  return {
    transactions,
    accounts,
    streams,
    transactionRows: Number(rows?.transactions ?? 0),
    transactionLinks: Number(rows?.links ?? 0),
  };
}

/** The API's sync services (launcher, scheduler) without a worker: to queue runs that another process runs. */
export async function startSyncServices(config: AppConfig): Promise<INestApplicationContext> {
  class SyncServicesModule {}
  return NestFactory.createApplicationContext(
    { module: SyncServicesModule, imports: [CoreModule.forRoot(config, createLogger(config.LOG_LEVEL)), SyncModule] },
    { logger: false },
  );
}

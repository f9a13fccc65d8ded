/**
 * Test support for the page writer: connector pages built by hand from the normalized record
 * types (what every connector maps to), and a Plaid connection with a RUNNING run, written straight
 * to the database.
 */
import { randomUUID } from 'node:crypto';
import type {
  ConnectorPage,
  NormalizedFinancialAccount,
  NormalizedRecurringStream,
  NormalizedTransaction,
} from '@meridian/connectors';
import { EntityType, newId } from '@meridian/domain';
import type { PrismaClient } from '@meridian/api';
import type { SyncRunRef } from '../sync-page-writer.js';

export function page(overrides: Partial<ConnectorPage> = {}): ConnectorPage {
  return {
    records: [],
    removed: [],
    recordErrors: [],
    complete: [],
    nextCursor: `cursor-${randomUUID()}`,
    hasMore: false,
    ...overrides,
  };
}

export function checking(
  sourceId: string,
  overrides: Partial<Extract<NormalizedFinancialAccount, { recordType: 'BANK_ACCOUNT' }>> = {},
): NormalizedFinancialAccount {
  return {
    kind: 'financial-account',
    sourceId,
    connectionType: 'CONNECTION',
    name: 'Everyday chequing',
    officialName: null,
    mask: '0042',
    institution: { sourceId: 'ins_1', name: 'Harbourfront Savings Bank' },
    balances: { current: { value: '1234.56', currency: 'CAD' }, available: null, limit: null },
    provider: { type: 'depository', subtype: 'checking' },
    recordType: 'BANK_ACCOUNT',
    subtype: 'CHECKING',
    ...overrides,
  };
}

export function creditCard(sourceId: string): NormalizedFinancialAccount {
  return {
    kind: 'financial-account',
    sourceId,
    connectionType: 'CONNECTION',
    name: 'Rewards card',
    officialName: null,
    mask: '9876',
    institution: { sourceId: 'ins_1', name: 'Harbourfront Savings Bank' },
    balances: {
      current: { value: '410.10', currency: 'CAD' },
      available: null,
      limit: { value: '5000', currency: 'CAD' },
    },
    provider: { type: 'credit', subtype: 'credit card' },
    recordType: 'CREDIT_CARD',
    subtype: null,
  };
}

export function rrsp(sourceId: string): NormalizedFinancialAccount {
  return {
    kind: 'financial-account',
    sourceId,
    connectionType: 'CONNECTION',
    name: 'Retirement savings',
    officialName: null,
    mask: '7777',
    institution: { sourceId: 'ins_1', name: 'Harbourfront Savings Bank' },
    balances: { current: { value: '98000.25', currency: 'CAD' }, available: null, limit: null },
    provider: { type: 'investment', subtype: 'rrsp' },
    recordType: 'INVESTMENT_ACCOUNT',
    subtype: 'RRSP',
    taxStatus: 'TAX_DEFERRED',
  };
}

export function transaction(
  sourceId: string,
  accountSourceId: string,
  overrides: Partial<NormalizedTransaction> = {},
): NormalizedTransaction {
  return {
    kind: 'transaction',
    sourceId,
    accountSourceId,
    date: '2026-10-01',
    authorizedDate: null,
    amount: { value: '12.34', currency: 'CAD' },
    direction: 'OUTFLOW',
    description: 'GROCER 42',
    merchantName: 'Grocer',
    pending: false,
    pendingSourceId: null,
    category: {
      code: 'FOOD_AND_DRINK_GROCERIES',
      providerCode: 'FOOD_AND_DRINK_GROCERIES',
      group: 'EXPENSE',
      nature: 'ESSENTIAL',
    },
    ...overrides,
  };
}

export function stream(
  sourceId: string,
  accountSourceId: string,
  overrides: Partial<NormalizedRecurringStream> = {},
): NormalizedRecurringStream {
  return {
    kind: 'recurring-stream',
    sourceId,
    accountSourceId,
    name: 'NETFLIX',
    merchantName: 'Netflix',
    direction: 'OUTFLOW',
    flowType: 'EXPENSE',
    frequency: 'MONTHLY',
    averageAmount: { value: '16.99', currency: 'CAD' },
    lastAmount: { value: '16.99', currency: 'CAD' },
    firstDate: '2026-01-05',
    lastDate: '2026-10-05',
    predictedNextDate: '2026-11-05',
    isActive: true,
    status: 'MATURE',
    transactionSourceIds: [],
    category: {
      code: 'ENTERTAINMENT_TV_AND_MOVIES',
      providerCode: 'ENTERTAINMENT_TV_AND_MOVIES',
      group: 'EXPENSE',
      nature: 'NON_ESSENTIAL',
    },
    ...overrides,
  };
}

/** A Plaid connection owned by the household, with no run yet. */
export async function createPlaidConnection(
  prisma: PrismaClient,
  organizationId: string,
  householdId: string,
): Promise<string> {
  const id = newId(EntityType.connection);
  await prisma.connection.create({
    data: {
      id,
      organizationId,
      service: 'PLAID',
      status: 'SUCCESS',
      ownerHouseholdId: householdId,
      externalAccountId: `item-${randomUUID()}`,
    },
  });
  return id;
}

/** A RUNNING run of the connection (the worker's state while it writes pages). */
export async function startRun(
  prisma: PrismaClient,
  organizationId: string,
  connectionId: string,
): Promise<SyncRunRef> {
  const syncRunId = newId(EntityType.syncRun);
  await prisma.syncRun.create({
    data: {
      id: syncRunId,
      organizationId,
      connectionId,
      status: 'RUNNING',
      trigger: 'MANUAL',
      startedAt: new Date(),
    },
  });
  return { organizationId, syncRunId, connectionId };
}

/** Ends a run (so that the connection may start another one). */
export async function finishRun(prisma: PrismaClient, run: SyncRunRef): Promise<void> {
  await prisma.syncRun.update({
    where: { id: run.syncRunId },
    data: { status: 'SUCCEEDED', finishedAt: new Date() },
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient, type SyncPageWriter } from '@meridian/api';
import { startSyncContext, type SyncContext } from '#test/support/sync-context.js';
import { EntityType, newId } from '@meridian/domain';
import { createTestDatabase, type TestDatabase } from '#test/support/database.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createFinancialHousehold, type FinancialHousehold } from '#test/support/financial-factories.js';
import {
  checking,
  createPlaidConnection,
  creditCard,
  finishRun,
  page,
  rrsp,
  startRun,
  stream,
  transaction,
} from './pages.js';
import type { SyncRunRef } from '../sync-page-writer.js';

let db: TestDatabase;
let prisma: PrismaClient;
let writer: SyncPageWriter;
let sync: SyncContext;
let north: CreatedOrganization;
let home: FinancialHousehold;

/** Provider ids are unique per test: each test has its own connection (Plaid item). */
let sequence = 0;
const sourceId = (name: string) => `${name}-${++sequence}`;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url);
  sync = await startSyncContext(db.url);
  writer = sync.writer;
  north = await createOrganization(prisma, { name: 'North Wealth' });
  home = await createFinancialHousehold(prisma, north);
});

afterAll(async () => {
  await sync.close();
  await prisma.$disconnect();
  await db.drop();
});

async function newRun(organizationId = north.organizationId, householdId = home.householdId): Promise<SyncRunRef> {
  const connectionId = await createPlaidConnection(prisma, organizationId, householdId);
  return startRun(prisma, organizationId, connectionId);
}

/** Ends `run` and starts the connection's next one (one active run per connection). */
async function nextRun(run: SyncRunRef): Promise<SyncRunRef> {
  await finishRun(prisma, run);
  return startRun(prisma, run.organizationId, run.connectionId);
}

function connectionRecords(connectionId: string) {
  return prisma.financialRecord.findMany({
    where: { connectionId },
    include: { bankAccount: true, creditCard: true, investmentAccount: true, owners: true, institution: true },
    orderBy: { name: 'asc' },
  });
}

async function connectionTransactions(run: SyncRunRef) {
  return prisma.transaction.findMany({
    where: { organizationId: run.organizationId, financialRecord: { connectionId: run.connectionId } },
    include: { category: true },
    orderBy: { id: 'asc' },
  });
}

async function linkCount(organizationId: string, sourceIds: string[]) {
  return prisma.externalLink.count({ where: { organizationId, sourceId: { in: sourceIds } } });
}

describe('SyncPageWriter.writePage', () => {
  it('creates accounts, their type rows, owner and institution, transactions and streams, and saves the cursor', async () => {
    const run = await newRun();
    const ids = { chequing: sourceId('chq'), card: sourceId('card'), rrsp: sourceId('rrsp') };
    const t1 = sourceId('t');
    const t2 = sourceId('t');
    const s1 = sourceId('s');
    const first = page({
      records: [
        checking(ids.chequing),
        creditCard(ids.card),
        rrsp(ids.rrsp),
        transaction(t1, ids.chequing),
        transaction(t2, ids.card, { direction: 'INFLOW', amount: { value: '500', currency: 'CAD' }, category: null }),
        stream(s1, ids.card, { transactionSourceIds: [t2] }),
      ],
      complete: ['financial-account'],
    });

    const result = await writer.writePage(run, first);

    expect(result).toEqual({
      written: true,
      counts: { created: 6, updated: 0, unchanged: 0, deleted: 0, failed: 0 },
    });
    const records = await connectionRecords(run.connectionId);
    expect(records.map((record) => [record.name, record.type, record.connectionType])).toEqual([
      ['Everyday chequing', 'BANK_ACCOUNT', 'CONNECTION'],
      ['Retirement savings', 'INVESTMENT_ACCOUNT', 'CONNECTION'],
      ['Rewards card', 'CREDIT_CARD', 'CONNECTION'],
    ]);
    const [chequing, savings, card] = records;
    for (const record of records) {
      expect(record).toMatchObject({ householdId: home.householdId, nickname: null, deletedAt: null });
      expect(record.institution?.name).toBe('Harbourfront Savings Bank');
      // The household's first person, as sole owner (accounts.ts, defaultOwner).
      expect(record.owners.map((owner) => owner.personId)).toEqual([home.personIds[0]]);
    }
    expect(chequing!.bankAccount).toMatchObject({ bankAccountType: 'CHECKING', balanceCurrency: 'CAD' });
    expect(chequing!.bankAccount!.balance!.toFixed()).toBe('1234.56');
    expect(card!.creditCard).toMatchObject({ lastFourDigits: '9876', creditLimitCurrency: 'CAD' });
    expect(card!.creditCard!.creditLimit!.toFixed()).toBe('5000');
    expect(savings!.investmentAccount).toMatchObject({ accountType: 'RRSP', taxStatus: 'TAX_DEFERRED' });
    expect(savings!.investmentAccount!.marketValue!.toFixed()).toBe('98000.25');

    const transactions = await connectionTransactions(run);
    expect(transactions).toHaveLength(2);
    const groceries = transactions.find((row) => row.financialRecordId === chequing!.id)!;
    expect(groceries).toMatchObject({ direction: 'OUTFLOW', description: 'GROCER 42', householdId: home.householdId });
    expect(groceries.category?.detailedCategory).toBe('FOOD_AND_DRINK_GROCERIES');
    const deposit = transactions.find((row) => row.financialRecordId === card!.id)!;
    expect(deposit).toMatchObject({ direction: 'INFLOW', categoryId: null });

    const streams = await prisma.recurringStream.findMany({ where: { financialRecordId: card!.id } });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ name: 'NETFLIX', frequency: 'MONTHLY', isActive: true, editedFields: [] });
    expect(streams[0]!.averageAmount!.toFixed()).toBe('16.99');
    // The stream's transactions point at it.
    expect(deposit.recurringStreamId).toBe(streams[0]!.id);

    const saved = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.syncRunId } });
    expect(saved).toMatchObject({ createdCount: 6, cursorAfter: first.nextCursor, status: 'RUNNING' });
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: run.connectionId } });
    expect(connection.syncCursor).toBe(first.nextCursor);
  });

  it('writes the same page twice as unchanged, with no duplicate row or link', async () => {
    const run = await newRun();
    const account = sourceId('chq');
    const transactions = Array.from({ length: 30 }, (_, index) =>
      transaction(sourceId('t'), account, { amount: { value: `${index + 1}.05`, currency: 'CAD' } }),
    );
    const streamId = sourceId('s');
    const again = page({ records: [checking(account), ...transactions, stream(streamId, account)] });

    const first = await writer.writePage(run, again);
    const second = await writer.writePage(run, again);

    expect(first.counts).toEqual({ created: 32, updated: 0, unchanged: 0, deleted: 0, failed: 0 });
    expect(second.counts).toEqual({ created: 0, updated: 0, unchanged: 32, deleted: 0, failed: 0 });
    expect(await connectionRecords(run.connectionId)).toHaveLength(1);
    expect(await connectionTransactions(run)).toHaveLength(30);
    const [record] = await connectionRecords(run.connectionId);
    expect(await prisma.recurringStream.count({ where: { financialRecordId: record!.id } })).toBe(1);
    const sourceIds = [account, streamId, ...transactions.map((record) => record.sourceId)];
    expect(await linkCount(north.organizationId, sourceIds)).toBe(32);
    const saved = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.syncRunId } });
    expect([saved.createdCount, saved.unchangedCount]).toEqual([32, 32]);
  });

  it('counts updated, deleted and failed records, and reports each failure with its outside id', async () => {
    let run = await newRun();
    const account = sourceId('chq');
    const [kept, changed, removed] = [sourceId('t'), sourceId('t'), sourceId('t')];
    await writer.writePage(
      run,
      page({
        records: [
          checking(account),
          transaction(kept, account),
          transaction(changed, account),
          transaction(removed, account),
        ],
      }),
    );
    run = await nextRun(run);
    const orphan = sourceId('t');
    const malformed = sourceId('t');

    const result = await writer.writePage(
      run,
      page({
        records: [
          transaction(kept, account),
          transaction(changed, account, { amount: { value: '99.99', currency: 'CAD' }, description: 'GROCER 43' }),
          transaction(orphan, 'an-account-we-never-saw'),
        ],
        removed: [{ kind: 'transaction', sourceId: removed }],
        recordErrors: [
          {
            kind: 'transaction',
            sourceId: malformed,
            reason: 'MALFORMED',
            message: 'amount: expected number',
            payload: { transaction_id: malformed, amount: 'lots' },
          },
          { kind: 'transaction', sourceId: null, reason: 'MALFORMED', message: 'not an object', payload: 42 },
        ],
      }),
    );

    expect(result.counts).toEqual({ created: 0, updated: 1, unchanged: 1, deleted: 1, failed: 3 });
    const rows = await connectionTransactions(run);
    expect(rows).toHaveLength(2);
    const updated = rows.find((row) => row.description === 'GROCER 43');
    expect(updated?.amount.toFixed()).toBe('99.99');
    expect(await linkCount(north.organizationId, [removed, orphan])).toBe(0);
    const errors = await prisma.syncRecordError.findMany({
      where: { syncRunId: run.syncRunId },
      orderBy: { outsideId: 'asc' },
    });
    expect(errors.map((error) => [error.outsideId, error.reason.split(':')[0]])).toEqual(
      [
        ['', 'MALFORMED'],
        [malformed, 'MALFORMED'],
        [orphan, 'UNKNOWN_ACCOUNT'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(errors.find((error) => error.outsideId === malformed)?.payload).toEqual({
      transaction_id: malformed,
      amount: 'lots',
    });
    const saved = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.syncRunId } });
    expect(saved).toMatchObject({ updatedCount: 1, unchangedCount: 1, deletedCount: 1, failedCount: 3 });
  });

  it('keeps money exact: decimal strings reach numeric columns without a float in between', async () => {
    const run = await newRun();
    const account = sourceId('chq');
    const big = sourceId('t');
    const small = sourceId('t');
    await writer.writePage(
      run,
      page({
        records: [
          checking(account),
          transaction(big, account, { amount: { value: '123456789012.12345678', currency: 'CAD' } }),
          transaction(small, account, { amount: { value: '0.1', currency: 'USD' } }),
        ],
      }),
    );
    const rows = await prisma.$queryRaw<{ amount: string; currency: string }[]>`
      SELECT t.amount::text AS amount, t.amount_currency::text AS currency
        FROM transactions t JOIN financial_records r ON r.id = t.financial_record_id
       WHERE r.connection_id = ${run.connectionId}
       ORDER BY t.amount`;
    expect(rows).toEqual([
      { amount: '0.10000000', currency: 'USD' },
      { amount: '123456789012.12345678', currency: 'CAD' },
    ]);
    const [balance] = await prisma.$queryRaw<{ balance: string }[]>`
      SELECT b.balance::text AS balance FROM bank_accounts b JOIN financial_records r ON r.id = b.id
       WHERE r.connection_id = ${run.connectionId}`;
    expect(balance).toEqual({ balance: '1234.56000000' });
  });

  it('replaces a pending transaction by its posted one, leaving no duplicate', async () => {
    let run = await newRun();
    const account = sourceId('chq');
    const pending = sourceId('pending');
    await writer.writePage(
      run,
      page({ records: [checking(account), transaction(pending, account, { pending: true })] }),
    );
    run = await nextRun(run);
    const posted = sourceId('posted');

    // The provider's removal of the pending one may come later (or never): the posted one replaces it now.
    const result = await writer.writePage(
      run,
      page({ records: [transaction(posted, account, { pending: false, pendingSourceId: pending })] }),
    );
    const late = await writer.writePage(run, page({ removed: [{ kind: 'transaction', sourceId: pending }] }));

    expect(result.counts).toMatchObject({ created: 1, deleted: 1 });
    expect(late.counts).toMatchObject({ deleted: 0 });
    const rows = await connectionTransactions(run);
    expect(rows.map((row) => row.pending)).toEqual([false]);
    expect(await linkCount(north.organizationId, [pending])).toBe(0);
  });

  it('soft-deletes accounts a complete snapshot no longer lists, restores them when listed again, and never touches the nickname', async () => {
    let run = await newRun();
    const [stays, closes, unreadable] = [sourceId('chq'), sourceId('card'), sourceId('rrsp')];
    await writer.writePage(
      run,
      page({ records: [checking(stays), creditCard(closes), rrsp(unreadable)], complete: ['financial-account'] }),
    );
    const [chequing] = await connectionRecords(run.connectionId);
    await prisma.financialRecord.update({ where: { id: chequing!.id }, data: { nickname: 'Joint chequing' } });
    run = await nextRun(run);

    const snapshot = await writer.writePage(
      run,
      page({
        records: [checking(stays, { name: 'Chequing (renamed by the bank)' })],
        recordErrors: [
          { kind: 'financial-account', sourceId: unreadable, reason: 'MALFORMED', message: 'balances', payload: {} },
        ],
        complete: ['financial-account'],
      }),
    );

    expect(snapshot.counts).toEqual({ created: 0, updated: 1, unchanged: 0, deleted: 1, failed: 1 });
    const after = await connectionRecords(run.connectionId);
    const byName = Object.fromEntries(after.map((record) => [record.type, record]));
    expect(byName.BANK_ACCOUNT).toMatchObject({ name: 'Chequing (renamed by the bank)', nickname: 'Joint chequing' });
    expect(byName.CREDIT_CARD!.deletedAt).not.toBeNull();
    // Listed but unreadable: left as it was, not deleted.
    expect(byName.INVESTMENT_ACCOUNT!.deletedAt).toBeNull();

    const again = await writer.writePage(
      run,
      page({ records: [checking(stays, { name: 'Chequing (renamed by the bank)' }), creditCard(closes)] }),
    );
    expect(again.counts).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const card = (await connectionRecords(run.connectionId)).find((record) => record.type === 'CREDIT_CARD');
    expect(card?.deletedAt).toBeNull();
    expect(card?.id).toBe(byName.CREDIT_CARD!.id);
  });

  it('leaves an account the advisor deleted deleted', async () => {
    let run = await newRun();
    const account = sourceId('chq');
    await writer.writePage(run, page({ records: [checking(account)] }));
    const [record] = await connectionRecords(run.connectionId);
    await prisma.financialRecord.update({ where: { id: record!.id }, data: { deletedAt: new Date() } });
    run = await nextRun(run);

    const result = await writer.writePage(run, page({ records: [checking(account, { name: 'New name' })] }));

    expect(result.counts).toMatchObject({ unchanged: 1, updated: 0, created: 0 });
    const [after] = await connectionRecords(run.connectionId);
    expect(after).toMatchObject({ id: record!.id, name: 'Everyday chequing' });
    expect(after!.deletedAt).not.toBeNull();
  });

  it('marks streams a complete snapshot no longer lists inactive, keeping their cash-flow source', async () => {
    let run = await newRun();
    const account = sourceId('chq');
    const [kept, gone] = [sourceId('s'), sourceId('s')];
    await writer.writePage(
      run,
      page({
        records: [checking(account), stream(kept, account), stream(gone, account, { name: 'GYM' })],
        complete: ['recurring-stream'],
      }),
    );
    const gym = await prisma.recurringStream.findFirstOrThrow({
      where: { name: 'GYM', householdId: home.householdId },
    });
    const cashFlowSourceId = newId(EntityType.cashFlowSource);
    await prisma.cashFlowSource.create({
      data: {
        id: cashFlowSourceId,
        organizationId: north.organizationId,
        householdId: home.householdId,
        type: 'EXPENSE',
        subtype: 'OTHER',
        necessity: 'WANT',
        name: 'Gym',
      },
    });
    await prisma.recurringStream.update({
      where: { id: gym.id },
      data: { cashFlowSourceId: cashFlowSourceId, confirmedAt: new Date() },
    });
    run = await nextRun(run);

    const result = await writer.writePage(
      run,
      page({ records: [stream(kept, account)], complete: ['recurring-stream'] }),
    );
    const repeated = await writer.writePage(
      run,
      page({ records: [stream(kept, account)], complete: ['recurring-stream'] }),
    );

    expect(result.counts).toEqual({ created: 0, updated: 0, unchanged: 1, deleted: 1, failed: 0 });
    expect(repeated.counts).toEqual({ created: 0, updated: 0, unchanged: 1, deleted: 0, failed: 0 });
    const after = await prisma.recurringStream.findUniqueOrThrow({ where: { id: gym.id } });
    expect(after).toMatchObject({ isActive: false, cashFlowSourceId: cashFlowSourceId, deletedAt: null });

    const back = await writer.writePage(run, page({ records: [stream(gone, account, { name: 'GYM' })] }));
    expect(back.counts).toMatchObject({ updated: 1 });
    expect(await prisma.recurringStream.findUniqueOrThrow({ where: { id: gym.id } })).toMatchObject({
      isActive: true,
      cashFlowSourceId: cashFlowSourceId,
    });
  });

  it('writes nothing for a run that was cancelled meanwhile', async () => {
    const run = await newRun();
    await prisma.syncRun.update({
      where: { id: run.syncRunId },
      data: { status: 'CANCELLED', finishedAt: new Date() },
    });
    const account = sourceId('chq');

    const result = await writer.writePage(
      run,
      page({ records: [checking(account), transaction(sourceId('t'), account)] }),
    );

    expect(result).toEqual({
      written: false,
      counts: { created: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0 },
    });
    expect(await connectionRecords(run.connectionId)).toEqual([]);
    expect(await linkCount(north.organizationId, [account])).toBe(0);
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: run.connectionId } });
    expect(connection.syncCursor).toBeNull();
    const saved = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.syncRunId } });
    expect(saved.cursorAfter).toBeNull();
  });

  it('leaves nothing of a page whose write fails on its last record: no record, link, count nor cursor', async () => {
    const run = await newRun();
    const account = sourceId('chq');
    const transactions = Array.from({ length: 5 }, () => transaction(sourceId('t'), account));
    // February 30th passes the type system but not PostgreSQL's date input: the streams'
    // statement, the page's last write of records, fails.
    const poisoned = stream(sourceId('s'), account, { firstDate: '2026-02-30' });

    await expect(
      writer.writePage(
        run,
        page({ records: [checking(account), ...transactions, poisoned], complete: ['financial-account'] }),
      ),
    ).rejects.toThrow();

    expect(await connectionRecords(run.connectionId)).toEqual([]);
    expect(await linkCount(north.organizationId, [account, ...transactions.map((record) => record.sourceId)])).toBe(0);
    const saved = await prisma.syncRun.findUniqueOrThrow({ where: { id: run.syncRunId } });
    expect(saved).toMatchObject({ createdCount: 0, cursorAfter: null, status: 'RUNNING' });
    const connection = await prisma.connection.findUniqueOrThrow({ where: { id: run.connectionId } });
    expect(connection.syncCursor).toBeNull();

    // The same page without the poison goes through on the retry.
    const retried = await writer.writePage(run, page({ records: [checking(account), ...transactions] }));
    expect(retried.counts.created).toBe(6);
  });

  it('keeps organizations apart: the same provider ids in two organizations are two independent records', async () => {
    const south = await createOrganization(prisma, { name: 'South Wealth' });
    const southHome = await createFinancialHousehold(prisma, south, 'Gagnon household');
    const northRun = await newRun();
    const southRun = await newRun(south.organizationId, southHome.householdId);
    const account = sourceId('chq');
    const shared = sourceId('t');

    await writer.writePage(northRun, page({ records: [checking(account), transaction(shared, account)] }));
    const southResult = await writer.writePage(
      southRun,
      page({
        records: [
          checking(account, { name: 'South chequing' }),
          transaction(shared, account, { amount: { value: '77.00', currency: 'CAD' } }),
        ],
      }),
    );

    // Created, not "updated": the north organization's links are not the south's.
    expect(southResult.counts).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    const [northRecord] = await connectionRecords(northRun.connectionId);
    const [southRecord] = await connectionRecords(southRun.connectionId);
    expect(northRecord).toMatchObject({ organizationId: north.organizationId, name: 'Everyday chequing' });
    expect(southRecord).toMatchObject({ organizationId: south.organizationId, name: 'South chequing' });
    expect(southRecord!.owners.map((owner) => owner.personId)).toEqual([southHome.personIds[0]]);
    const [northTransaction] = await connectionTransactions(northRun);
    const [southTransaction] = await connectionTransactions(southRun);
    expect(northTransaction!.amount.toFixed()).toBe('12.34');
    expect(southTransaction!.amount.toFixed()).toBe('77');
    expect(southTransaction!.organizationId).toBe(south.organizationId);
    // Each organization's categories are its own rows.
    expect(southTransaction!.category!.organizationId).toBe(south.organizationId);
    expect(await linkCount(north.organizationId, [account, shared])).toBe(2);
    expect(await linkCount(south.organizationId, [account, shared])).toBe(2);
  });
});

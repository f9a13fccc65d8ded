// The writer on its own, as the sync and the import call it: batches of records of several types,
// given fields only, institutions by name, owners in order, and every statement kept to the
// scope's organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, runAsOrganization, type PrismaClient } from '@meridian/api';
import { EntityType, newId } from '@meridian/domain';
import { createTestDatabase, type TestDatabase } from '#test/support/database.js';
import { createOrganization } from '#test/support/factories.js';
import { createFinancialHousehold, type FinancialHousehold } from '#test/support/financial-factories.js';
import { scopeToCurrentOrganization } from '../../../../common/tenancy/tenant-scope.js';
import { writeScope, type WriteScope } from '../../../../common/tenancy/write-scope.js';
import { FinancialRecordsWriter } from '../financial-records.writer.js';

let db: TestDatabase;
let prisma: PrismaClient;
let home: FinancialHousehold;
let away: FinancialHousehold;
const writer = new FinancialRecordsWriter();

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url);
  home = await createFinancialHousehold(prisma, await createOrganization(prisma, { name: 'North Wealth' }));
  away = await createFinancialHousehold(prisma, await createOrganization(prisma, { name: 'South Wealth' }));
});

afterAll(async () => {
  await prisma.$disconnect();
  await db.drop();
});

/** Runs `write` in a transaction of `household`'s organization, with its scope. */
function inScope<T>(household: FinancialHousehold, write: (scope: WriteScope) => Promise<T>, now?: Date): Promise<T> {
  const tenant = scopeToCurrentOrganization(prisma);
  return runAsOrganization({ organizationId: household.organizationId }, () =>
    tenant.$transaction((tx) => write(writeScope(tx, now ? { now } : {}))),
  );
}

function stored(id: string) {
  return prisma.financialRecord.findUniqueOrThrow({
    where: { id },
    include: {
      bankAccount: true,
      investmentAccount: true,
      institution: true,
      owners: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
}

describe('FinancialRecordsWriter', () => {
  it('creates a batch of records of several types, with type rows, owners in order and institutions', async () => {
    const ids = await inScope(home, (scope) =>
      writer.create(scope, [
        {
          householdId: home.householdId,
          type: 'INVESTMENT_ACCOUNT',
          connectionType: 'MANAGED',
          name: 'Joint non-registered',
          institution: 'Harbour Trust',
          isJoint: true,
          asOfDate: '2026-03-31',
          owners: [home.personIds[1], home.personIds[0], home.corporationId],
          columns: {
            accountType: 'CASH',
            taxStatus: 'TAXABLE',
            jurisdiction: 'CA',
            marketValue: '123456789012.12345678',
            marketValueCurrency: 'CAD',
          },
        },
        {
          householdId: home.householdId,
          type: 'BANK_ACCOUNT',
          connectionType: 'MANUAL',
          institution: ' harbour TRUST ',
          columns: { bankAccountType: 'SAVINGS', balance: '0.1', balanceCurrency: 'USD' },
        },
      ]),
    );

    expect(ids).toHaveLength(2);
    const [investment, bank] = [await stored(ids[0]!), await stored(ids[1]!)];
    expect(investment).toMatchObject({
      type: 'INVESTMENT_ACCOUNT',
      connectionType: 'MANAGED',
      name: 'Joint non-registered',
      nickname: null,
      isJoint: true,
      deletedAt: null,
    });
    expect(investment.asOfDate?.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(investment.investmentAccount).toMatchObject({ accountType: 'CASH', taxStatus: 'TAXABLE' });
    expect(investment.investmentAccount!.marketValue!.toFixed()).toBe('123456789012.12345678');
    expect(investment.owners.map((owner) => [owner.ownerKind, owner.personId ?? owner.corporationId])).toEqual([
      ['Person', home.personIds[1]],
      ['Person', home.personIds[0]],
      ['Corporation', home.corporationId],
    ]);
    expect(bank).toMatchObject({ type: 'BANK_ACCOUNT', connectionType: 'MANUAL', isJoint: false, owners: [] });
    expect(bank.bankAccount).toMatchObject({ bankAccountType: 'SAVINGS', balanceCurrency: 'USD' });
    expect(bank.bankAccount!.balance!.toFixed()).toBe('0.1');
    // One institution, found again case and spaces aside.
    expect(bank.institutionId).toBe(investment.institutionId);
    expect(investment.institution?.name).toBe('Harbour Trust');
  });

  it('writes only the given fields, base and type columns, and touches updated_at', async () => {
    const [id] = await inScope(home, (scope) =>
      writer.create(scope, [
        {
          householdId: home.householdId,
          type: 'BANK_ACCOUNT',
          connectionType: 'MANUAL',
          name: 'Chequing',
          nickname: 'Our account',
          columns: { bankAccountType: 'CHECKING', balance: '10', balanceCurrency: 'CAD', interestRatePercent: '1.5' },
        },
      ]),
    );
    const before = await stored(id!);
    const later = new Date(before.updatedAt.getTime() + 60_000);
    await inScope(
      home,
      (scope) =>
        writer.update(scope, [
          { id: id!, type: 'BANK_ACCOUNT', name: 'Everyday chequing', columns: { balance: '20.5' } },
        ]),
      later,
    );

    const after = await stored(id!);
    expect(after).toMatchObject({ name: 'Everyday chequing', nickname: 'Our account' });
    expect(after.updatedAt).toEqual(later);
    expect(after.bankAccount).toMatchObject({ bankAccountType: 'CHECKING', balanceCurrency: 'CAD' });
    expect(after.bankAccount!.balance!.toFixed()).toBe('20.5');
    expect(after.bankAccount!.interestRatePercent!.toFixed()).toBe('1.5');
  });

  it('soft-deletes once, restores, detaches from a connection and removes for good', async () => {
    const connectionId = newId(EntityType.connection);
    await prisma.connection.create({
      data: { id: connectionId, organizationId: home.organizationId, service: 'PLAID', status: 'SUCCESS' },
    });
    const ids = await inScope(home, (scope) =>
      writer.create(
        scope,
        ['A', 'B'].map((name) => ({
          householdId: home.householdId,
          type: 'LOAN' as const,
          connectionType: 'CONNECTION' as const,
          connectionId,
          name,
          owners: [home.personIds[0]],
        })),
      ),
    );

    expect(await inScope(home, (scope) => writer.softDelete(scope, [ids[0]!]))).toEqual([ids[0]]);
    expect(await inScope(home, (scope) => writer.softDelete(scope, ids))).toEqual([ids[1]]);
    expect(await inScope(home, (scope) => writer.liveOfConnection(scope, connectionId))).toEqual([]);
    await inScope(home, (scope) => writer.update(scope, [{ id: ids[0]!, type: 'LOAN', restore: true }]));
    expect(await inScope(home, (scope) => writer.liveOfConnection(scope, connectionId))).toEqual([ids[0]]);

    expect((await inScope(home, (scope) => writer.detachFromConnection(scope, connectionId))).sort()).toEqual(
      [...ids].sort(),
    );
    expect(await stored(ids[0]!)).toMatchObject({ connectionType: 'MANUAL', connectionId: null });

    expect(await inScope(home, (scope) => writer.remove(scope, ids))).toBe(2);
    expect(await prisma.financialRecord.count({ where: { id: { in: ids } } })).toBe(0);
    expect(await prisma.loan.count({ where: { id: { in: ids } } })).toBe(0);
    expect(await prisma.financialRecordOwner.count({ where: { financialRecordId: { in: ids } } })).toBe(0);
  });

  it('says which institutions it created, and drops only those no record uses', async () => {
    const first = await inScope(home, (scope) => writer.institutionIds(scope, ['Maple Bank', 'MAPLE BANK', ' ']));
    expect([...first.keys()]).toEqual(['Maple Bank', 'MAPLE BANK']);
    expect(first.get('Maple Bank')).toEqual({ id: first.get('MAPLE BANK')!.id, created: true });
    const again = await inScope(home, (scope) => writer.institutionIds(scope, ['maple bank', 'Cedar Bank']));
    expect(again.get('maple bank')).toEqual({ id: first.get('Maple Bank')!.id, created: false });
    expect(again.get('Cedar Bank')?.created).toBe(true);

    await inScope(home, (scope) =>
      writer.create(scope, [
        {
          householdId: home.householdId,
          type: 'REAL_ASSET',
          connectionType: 'MANUAL',
          institution: 'Cedar Bank',
          columns: { assetType: 'CAR' },
        },
      ]),
    );
    const ids = [first.get('Maple Bank')!.id, again.get('Cedar Bank')!.id];
    expect(await inScope(home, (scope) => writer.removeUnusedInstitutions(scope, ids))).toEqual([ids[0]]);
  });

  it('adds and removes owners, parties and additional cards', async () => {
    const [card] = await inScope(home, (scope) =>
      writer.create(scope, [
        { householdId: home.householdId, type: 'CREDIT_CARD', connectionType: 'MANUAL', owners: [home.personIds[0]] },
      ]),
    );
    await inScope(home, async (scope) => {
      await writer.addOwners(scope, [{ recordId: card!, recordType: 'CREDIT_CARD', entityId: home.trustId }]);
      await writer.removeOwners(scope, [{ recordId: card!, entityId: home.personIds[0] }]);
      await writer.addLiabilityParties(scope, [
        { recordId: card!, recordType: 'CREDIT_CARD', personId: home.personIds[1], role: 'COSIGNER' },
      ]);
      const [extra] = await writer.addAdditionalCards(scope, [
        { creditCardId: card!, description: 'Second card', firstFourDigits: '4111', lastFourDigits: '1111' },
      ]);
      await writer.updateAdditionalCards(scope, [
        { id: extra!, description: 'Spouse card', firstFourDigits: '4111', lastFourDigits: '2222' },
      ]);
    });
    const row = await prisma.financialRecord.findUniqueOrThrow({
      where: { id: card! },
      include: { owners: true, liabilityParties: true, creditCard: { include: { additionalCards: true } } },
    });
    expect(row.owners.map((owner) => owner.trustId)).toEqual([home.trustId]);
    expect(row.liabilityParties).toMatchObject([{ personId: home.personIds[1], role: 'COSIGNER' }]);
    expect(row.creditCard!.additionalCards).toMatchObject([{ description: 'Spouse card', lastFourDigits: '2222' }]);

    await inScope(home, async (scope) => {
      await writer.removeLiabilityParties(scope, [{ recordId: card!, personId: home.personIds[1] }]);
      await writer.removeAdditionalCards(scope, [row.creditCard!.additionalCards[0]!.id]);
    });
    expect(await prisma.liabilityParty.count({ where: { financialRecordId: card! } })).toBe(0);
    expect(await prisma.additionalCard.count({ where: { creditCardId: card! } })).toBe(0);
  });

  it("never writes another organization's records, whatever ids it is given", async () => {
    const [theirs] = await inScope(away, (scope) =>
      writer.create(scope, [
        {
          householdId: away.householdId,
          type: 'BANK_ACCOUNT',
          connectionType: 'MANUAL',
          name: 'Theirs',
          columns: { bankAccountType: 'CHECKING' },
        },
      ]),
    );
    await inScope(home, async (scope) => {
      await writer.update(scope, [{ id: theirs!, type: 'BANK_ACCOUNT', name: 'Mine now' }]);
      expect(await writer.softDelete(scope, [theirs!])).toEqual([]);
      expect(await writer.remove(scope, [theirs!])).toBe(0);
      expect((await writer.find(scope, [theirs!])).size).toBe(0);
    });
    expect(await stored(theirs!)).toMatchObject({ name: 'Theirs', deletedAt: null });
  });
});

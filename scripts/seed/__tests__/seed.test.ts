// The demo seed: both sizes on an empty database, a second run that changes nothing, determinism
// (the same seed gives the same rows, id for id), and the domain rules its data must follow.
//
// The large size runs here scaled down (LARGE_IN_TESTS households: the same code path, chunked
// and paired the same way, exact totals per household); its full size is measured by hand with
// `npx tsx --tsconfig tsconfig.base.json --conditions=source bench/seed-large.ts`.
import {
  FHSA_LIFETIME_LIMIT,
  NEVER_JOINT_ACCOUNT_TYPES,
  RESP_MAX_CONTRIBUTION_PER_BENEFICIARY,
  allowsJointOwnership,
  canBeOwnedBy,
  defaultJurisdiction,
  isCanonicalId,
  securedLoanPurpose,
  taxStatusOf,
  tfsaCumulativeRoom,
  type InvestmentAccountType,
  type OwnerKind,
} from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createTestDatabase, type TestDatabase } from '#test/support/database.js';
import { createOrganization } from '#test/support/factories.js';
import { PER_HOUSEHOLD, SEED_REFERENCE_DATE, SEED_SIZES, seedDemoOrganization, type SeedResult } from '../main.js';
import { ageOn } from '../finance.js';

const ADMIN = { email: 'demo@advisor.test', password: 'demo-password-1' } as const;
const LARGE_IN_TESTS = 401;

const databases: TestDatabase[] = [];
const clients: PrismaClient[] = [];

async function freshDatabase(): Promise<{ url: string; prisma: PrismaClient }> {
  const database = await createTestDatabase();
  databases.push(database);
  const prisma = createPrismaClient(database.url);
  clients.push(prisma);
  return { url: database.url, prisma };
}

afterAll(async () => {
  await Promise.all(clients.map((prisma) => prisma.$disconnect()));
  await Promise.all(databases.map((database) => database.drop()));
});

/** Every table of the public schema (but the migrations' own), with its number of rows. */
async function rowCounts(prisma: PrismaClient): Promise<Record<string, number>> {
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
      ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await prisma.$queryRawUnsafe<{ count: bigint }[]>(`SELECT count(*) AS count FROM "${name}"`);
    counts[name] = Number(row!.count);
  }
  return counts;
}

/** A digest of every row of every table; users without their password hash (salted at random). */
async function contentDigest(prisma: PrismaClient): Promise<Record<string, string>> {
  const counts = await rowCounts(prisma);
  const digests: Record<string, string> = {};
  for (const table of Object.keys(counts)) {
    const row =
      table === 'users' ? `(t.id, t.organization_id, t.email, t.name, t.role, t.created_at)::text` : 't::text';
    const [result] = await prisma.$queryRawUnsafe<{ digest: string | null }[]>(
      `SELECT md5(string_agg(${row}, '|' ORDER BY ${row})) AS digest FROM "${table}" t`,
    );
    digests[table] = result!.digest ?? '';
  }
  return digests;
}

describe('the small demo organization', () => {
  let prisma: PrismaClient;
  let url: string;
  let first: SeedResult;

  beforeAll(async () => {
    ({ url, prisma } = await freshDatabase());
    first = await seedDemoOrganization(url, ADMIN);
  });

  test('is seeded on an empty database with the sizes it promises', async () => {
    const households = SEED_SIZES.small.households;
    expect(first.seeded).toBe(true);
    expect(isCanonicalId(first.organizationId, ['organization'])).toBe(true);
    const organization = await prisma.organization.findUniqueOrThrow({ where: { id: first.organizationId! } });
    expect(organization).toMatchObject({ name: 'Maple & Pine Wealth Partners (demo)', isDemo: true });
    expect(await prisma.team.count()).toBe(2);
    expect(await prisma.professional.count({ where: { role: 'ADVISOR' } })).toBe(5);
    expect(await prisma.user.findUnique({ where: { email: ADMIN.email } })).toMatchObject({ role: 'ADMIN' });
    expect(await prisma.household.count()).toBe(households);
    expect(await prisma.contact.count()).toBe(households * PER_HOUSEHOLD.contacts);
    expect(await prisma.financialRecord.count()).toBe(households * PER_HOUSEHOLD.records);
    expect(await prisma.cashFlow.count()).toBe(households * PER_HOUSEHOLD.flows);
    const counts = await rowCounts(prisma);
    expect(first.rows).toBe(Object.values(counts).reduce((sum, count) => sum + count, 0));
    for (const table of [
      'persons',
      'corporations',
      'trusts',
      'leads',
      'prospects',
      'opportunities',
      'proposals',
      'tasks',
      'meetings',
      'notes',
    ]) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
  });

  test('a second run writes nothing, whichever rule it runs under', async () => {
    const before = await rowCounts(prisma);
    const digest = await contentDigest(prisma);
    const again = await seedDemoOrganization(url, ADMIN);
    const explicit = await seedDemoOrganization(url, ADMIN, { when: 'no-demo-organization', size: 'large' });
    expect(again).toMatchObject({ seeded: false, rows: 0 });
    expect(explicit).toMatchObject({ seeded: false, rows: 0 });
    expect(explicit.reason).toContain('already has the demo organization');
    expect(await rowCounts(prisma)).toEqual(before);
    expect(await contentDigest(prisma)).toEqual(digest);
  });

  test('financial records follow the ownership rules of foundations §5', async () => {
    const records = await prisma.financialRecord.findMany({
      include: { owners: true, investmentAccount: true, definedBenefitPension: true },
    });
    for (const record of records) {
      const accountType = record.investmentAccount?.accountType as InvestmentAccountType | undefined;
      const label = `${record.type} ${accountType ?? ''} ${record.id}`;
      expect(record.owners.length, label).toBeGreaterThan(0);
      expect(record.isJoint, label).toBe(record.owners.length > 1);
      if (record.isJoint) expect(allowsJointOwnership(record.type, accountType), label).toBe(true);
      for (const owner of record.owners) {
        expect(canBeOwnedBy(owner.ownerKind as OwnerKind, record.type, accountType), label).toBe(true);
      }
    }
    const pensions = records.filter((record) => record.type === 'DEFINED_BENEFIT_PENSION');
    expect(pensions.length).toBeGreaterThan(0);
    for (const pension of pensions) {
      expect(pension.owners).toHaveLength(1);
      expect(pension.owners[0]!.ownerKind).toBe('Person');
      expect(pension.definedBenefitPension).not.toBeNull();
    }
    const neverJoint = records.filter((record) =>
      (NEVER_JOINT_ACCOUNT_TYPES as readonly string[]).includes(record.investmentAccount?.accountType ?? ''),
    );
    for (const record of neverJoint) {
      expect(record.owners, record.id).toHaveLength(1);
      expect(record.isJoint).toBe(false);
    }
    // Every kind of record is there, and non-person owners too.
    expect(new Set(records.map((record) => record.type)).size).toBeGreaterThanOrEqual(10);
    const ownerKinds = new Set(records.flatMap((record) => record.owners.map((owner) => owner.ownerKind)));
    expect([...ownerKinds].sort()).toEqual(expect.arrayContaining(['Corporation', 'Person']));
  });

  test('owners, borrowers and payers belong to the household of the record', async () => {
    const persons = new Map((await prisma.person.findMany()).map((person) => [person.id, person.householdId]));
    const corporations = new Map(
      (await prisma.corporation.findMany()).map((entity) => [entity.id, entity.householdId]),
    );
    const trusts = new Map((await prisma.trust.findMany()).map((entity) => [entity.id, entity.householdId]));
    const foundations = new Map((await prisma.foundation.findMany()).map((entity) => [entity.id, entity.householdId]));
    const householdOf = (row: {
      personId: string | null;
      corporationId: string | null;
      trustId: string | null;
      foundationId: string | null;
    }) =>
      (row.personId && persons.get(row.personId)) ??
      (row.corporationId && corporations.get(row.corporationId)) ??
      (row.trustId && trusts.get(row.trustId)) ??
      (row.foundationId && foundations.get(row.foundationId));
    for (const record of await prisma.financialRecord.findMany({ include: { owners: true, liabilityParties: true } })) {
      for (const owner of record.owners) expect(householdOf(owner), record.id).toBe(record.householdId);
      for (const party of record.liabilityParties)
        expect(persons.get(party.personId), record.id).toBe(record.householdId);
    }
    for (const source of await prisma.cashFlowSource.findMany({ include: { parties: true } })) {
      for (const party of source.parties) expect(householdOf(party), source.id).toBe(source.householdId);
    }
  });

  test('investment accounts carry the tax status and jurisdiction of their type', async () => {
    const accounts = await prisma.investmentAccount.findMany();
    expect(new Set(accounts.map((account) => account.accountType)).size).toBeGreaterThanOrEqual(8);
    for (const account of accounts) {
      const type = account.accountType as InvestmentAccountType;
      expect(account.taxStatus, type).toBe(taxStatusOf(type));
      if (!['CASH', 'CRYPTO', 'OTHER', 'ESOP', 'ESPP'].includes(type))
        expect(account.jurisdiction, type).toBe(defaultJurisdiction(type));
    }
  });

  test('registered balances stay within the limits', async () => {
    const year = SEED_REFERENCE_DATE.getUTCFullYear();
    const accounts = await prisma.investmentAccount.findMany({
      where: { accountType: { in: ['TFSA', 'FHSA', 'RESP'] } },
      include: {
        record: { include: { owners: { include: { person: true } }, household: { include: { persons: true } } } },
      },
    });
    expect(accounts.some((account) => account.accountType === 'TFSA')).toBe(true);
    for (const account of accounts) {
      const invested = Number(account.costBasis);
      if (account.accountType === 'TFSA') {
        const birth = account.record.owners[0]!.person!.dateOfBirth!;
        expect(invested, account.id).toBeLessThanOrEqual(tfsaCumulativeRoom(birth.getUTCFullYear(), year));
        expect(Number(account.marketValue), account.id).toBeLessThan(invested * 2);
      } else if (account.accountType === 'FHSA') {
        expect(invested).toBeLessThanOrEqual(FHSA_LIFETIME_LIMIT);
      } else {
        const minors = account.record.household.persons.filter(
          (person) => person.dateOfBirth && ageOn(person.dateOfBirth, SEED_REFERENCE_DATE) < 18,
        ).length;
        expect(invested).toBeLessThanOrEqual(RESP_MAX_CONTRIBUTION_PER_BENEFICIARY * minors);
      }
    }
  });

  test('secured debts have the secured type of their asset, and mortgages sit on a property', async () => {
    const loans = await prisma.loan.findMany({ include: { securedBy: { include: { realAsset: true } } } });
    const lines = await prisma.lineOfCredit.findMany({ include: { securedBy: { include: { realAsset: true } } } });
    for (const [debt, rows] of [
      ['LOAN', loans],
      ['LINE_OF_CREDIT', lines],
    ] as const) {
      for (const row of rows) {
        if (!row.securedBy) continue;
        const asset = { recordType: row.securedBy.type, realAssetType: row.securedBy.realAsset?.assetType };
        expect(row.securedType, row.id).toBe(securedLoanPurpose(debt, asset));
      }
    }
    const mortgages = await prisma.mortgage.findMany();
    expect(mortgages.length).toBeGreaterThan(0);
    for (const mortgage of mortgages) {
      expect(mortgage.propertyId).not.toBeNull();
      expect(Number(mortgage.balance)).toBeLessThanOrEqual(Number(mortgage.originalAmount));
      expect(Number(mortgage.interestRatePercent)).toBeGreaterThan(1);
      expect(mortgage.termEndDate!.getTime()).toBeGreaterThan(SEED_REFERENCE_DATE.getTime());
    }
  });

  test('contacts have exactly one primary e-mail and phone, at example domains and fictional numbers', async () => {
    const contacts = await prisma.contact.findMany({
      include: { emails: true, phoneNumbers: true, addresses: true, employments: true },
    });
    for (const contact of contacts) {
      for (const kind of ['emails', 'phoneNumbers', 'addresses', 'employments'] as const) {
        const rows = contact[kind];
        if (rows.length > 0)
          expect(
            rows.filter((row) => row.isPrimary),
            `${contact.id} ${kind}`,
          ).toHaveLength(1);
      }
      expect(contact.emails.length).toBeGreaterThan(0);
      for (const { email } of contact.emails)
        expect(email).toMatch(/^[a-z0-9.]+@([a-z0-9-]+\.example|example\.(com|net|org))$/);
      for (const { number } of contact.phoneNumbers) expect(number).toMatch(/^[2-9]\d{2}55501\d{2}$/);
      for (const address of contact.addresses) {
        const postal = address.countryName === 'Canada' ? /^[A-Z]\d[A-Z] \d[A-Z]\d$/ : /^\d{5}$/;
        expect(address.postalCode).toMatch(postal);
      }
      if (contact.type === 'LEAD') expect([contact.source, contact.discoveryMethod]).not.toContain(null);
    }
    expect(new Set(contacts.map((contact) => contact.type))).toEqual(
      new Set(['CLIENT', 'LEAD', 'PROSPECT', 'ONBOARDING', 'OTHER']),
    );
  });

  test('the pipeline has every stage, and the practice every task status, dated around the reference date', async () => {
    const opportunities = await prisma.opportunity.findMany();
    const stage = (row: (typeof opportunities)[number]) =>
      row.wonAt ? 'WON' : row.proposalStartedAt ? 'PROPOSAL' : row.discoveryStartedAt ? 'DISCOVERY' : 'NEW';
    expect(new Set(opportunities.map(stage))).toEqual(new Set(['NEW', 'DISCOVERY', 'PROPOSAL', 'WON']));
    for (const opportunity of opportunities) {
      expect(opportunity.createdAt.getTime()).toBeLessThanOrEqual(SEED_REFERENCE_DATE.getTime());
      if (opportunity.wonAt) expect(opportunity.confidence).toBe(100);
    }
    expect(new Set(opportunities.map((row) => row.temperature))).toEqual(new Set(['COLD', 'WARM', 'HOT']));
    const tasks = await prisma.task.findMany();
    expect(new Set(tasks.map((task) => task.status)).size).toBeGreaterThanOrEqual(7);
    const scheduled = tasks.filter((task) => task.status === 'SCHEDULED');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const task of scheduled) expect(task.scheduledTime!.getTime()).toBeGreaterThan(SEED_REFERENCE_DATE.getTime());
    for (const task of tasks) expect(task.id.startsWith(`${task.kind.toLowerCase()}-`), task.id).toBe(true);
    const meetings = await prisma.meeting.findMany();
    expect(meetings.some((meeting) => meeting.startTime < SEED_REFERENCE_DATE)).toBe(true);
    expect(meetings.some((meeting) => meeting.startTime > SEED_REFERENCE_DATE)).toBe(true);
    const expenses = await prisma.cashFlowSource.findMany({ where: { type: 'EXPENSE' } });
    expect(new Set(expenses.map((source) => source.necessity))).toEqual(new Set(['NEED', 'WANT']));
    const types = await prisma.cashFlowSource.groupBy({ by: ['type'], _count: true });
    expect(types.map((row) => row.type).sort()).toEqual(['CONTRIBUTION', 'DEBT', 'EXPENSE', 'INCOME']);
  });
});

describe('determinism', () => {
  test('two databases seeded with the same seed hold the same rows, id for id; another seed differs', async () => {
    const [a, b, c] = await Promise.all([freshDatabase(), freshDatabase(), freshDatabase()]);
    const [resultA, resultB, resultC] = await Promise.all([
      seedDemoOrganization(a.url, ADMIN),
      seedDemoOrganization(b.url, ADMIN),
      seedDemoOrganization(c.url, ADMIN, { seed: 7 }),
    ]);
    expect(resultA.organizationId).toBe(resultB.organizationId);
    expect(resultC.organizationId).not.toBe(resultA.organizationId);
    expect(await contentDigest(a.prisma)).toEqual(await contentDigest(b.prisma));
    const ids = async (prisma: PrismaClient) =>
      (await prisma.contact.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((row) => row.id);
    const [idsA, idsC] = await Promise.all([ids(a.prisma), ids(c.prisma)]);
    expect(idsA.filter((id) => idsC.includes(id))).toEqual([]);
  });
});

describe('the large demo organization (scaled down)', () => {
  test(`seeds ${LARGE_IN_TESTS} households with exact totals, then a second run changes nothing`, async () => {
    const { url, prisma } = await freshDatabase();
    const lines: string[] = [];
    const result = await seedDemoOrganization(url, ADMIN, {
      size: 'large',
      households: LARGE_IN_TESTS,
      when: 'no-demo-organization',
      log: (line) => lines.push(line),
    });
    expect(result.seeded).toBe(true);
    expect(lines.some((line) => line.includes(`${LARGE_IN_TESTS} / ${LARGE_IN_TESTS} households`))).toBe(true);
    expect(lines.at(-1)).toMatch(/analyzed \d+ tables/);
    expect(await prisma.household.count()).toBe(LARGE_IN_TESTS);
    expect(await prisma.contact.count()).toBe(LARGE_IN_TESTS * PER_HOUSEHOLD.contacts);
    expect(await prisma.financialRecord.count()).toBe(LARGE_IN_TESTS * PER_HOUSEHOLD.records);
    expect(await prisma.cashFlow.count()).toBe(LARGE_IN_TESTS * PER_HOUSEHOLD.flows);
    const before = await rowCounts(prisma);
    expect(result.rowsByTable).toEqual(Object.fromEntries(Object.entries(before).filter(([, count]) => count > 0)));
    const again = await seedDemoOrganization(url, ADMIN, {
      size: 'large',
      households: LARGE_IN_TESTS,
      when: 'no-demo-organization',
    });
    expect(again.seeded).toBe(false);
    expect(await rowCounts(prisma)).toEqual(before);
  });
});

describe('a database with another organization', () => {
  test('gets the demo from `npm run seed` but not from `npm start`', async () => {
    const { url, prisma } = await freshDatabase();
    await createOrganization(prisma, { name: 'Real Firm' });
    const atStart = await seedDemoOrganization(url, ADMIN, { households: 3 });
    expect(atStart).toMatchObject({
      seeded: false,
      reason: 'The database already has an organization; nothing seeded.',
    });
    const explicit = await seedDemoOrganization(url, ADMIN, { households: 3, when: 'no-demo-organization' });
    expect(explicit.seeded).toBe(true);
    expect(await prisma.organization.count()).toBe(2);
  });

  test('refuses a demo admin e-mail that already signs in elsewhere, writing nothing', async () => {
    const { url, prisma } = await freshDatabase();
    await createOrganization(prisma, { name: 'Real Firm', email: ADMIN.email });
    const before = await rowCounts(prisma);
    await expect(seedDemoOrganization(url, ADMIN, { households: 3, when: 'no-demo-organization' })).rejects.toThrow(
      /already signs in to "Real Firm"/,
    );
    expect(await rowCounts(prisma)).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { HomeView } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs, createRecord } from '#test/support/financial-factories.js';
import { createHousehold } from '#test/support/crm-factories.js';
import { createUser, isoDay, seedHomeWorld, type HomeWorld } from '#test/support/home-world.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let world: HomeWorld;
const now = new Date();
const today = isoDay(now);
const year = now.getUTCFullYear();

async function homeOf(user: { email: string; password: string }, query = '') {
  const as = apiAs(api.baseUrl, await login(api.baseUrl, user.email, user.password));
  return as<HomeView>('GET', `/api/home${query}`);
}

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  const northToken = await login(api.baseUrl, north.email, north.password);
  world = await seedHomeWorld(prisma, api.baseUrl, north, northToken, now);
  // Another organization's household and account: never counted by North's home.
  const southToken = await login(api.baseUrl, south.email, south.password);
  const southHousehold = await createHousehold(prisma, south, { name: 'South household' });
  await createRecord(api.baseUrl, southToken, {
    householdId: southHousehold,
    type: 'INVESTMENT_ACCOUNT',
    accountType: 'RRSP',
    marketValue: { value: 5555, currency: 'CAD' },
  });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

/** Market values of the advisor's (or every) household's live investment accounts, per currency, in plain SQL. */
async function marketValuesBySql(advisorId: string | null): Promise<Record<string, string>> {
  const rows = await prisma.$queryRawUnsafe<{ currency: string; total: string }[]>(
    `SELECT ia.market_value_currency::text AS currency, sum(ia.market_value)::text AS total
     FROM investment_accounts ia JOIN financial_records fr ON fr.id = ia.id
     JOIN households h ON h.id = fr.household_id
     WHERE fr.organization_id = $1 AND fr.deleted_at IS NULL AND ($2::text IS NULL OR h.primary_advisor_id = $2)
     GROUP BY 1`,
    north.organizationId,
    advisorId,
  );
  return Object.fromEntries(rows.map((row) => [row.currency, new Decimal(row.total).toString()]));
}

describe('GET /api/home', () => {
  it('answers an advisor for the households they are the primary advisor of', async () => {
    const response = await homeOf(world.advisor);
    expect(response.status).toBe(200);
    const home = response.body;
    expect(home.scope).toEqual({ kind: 'ADVISOR', advisorId: world.advisor.professionalId, householdCount: 3 });
    expect(home.currency).toBe('CAD');
    expect(home.today).toBe(today);

    // AUM: the CAD accounts as they are, USD at the stored 1.35, EUR (no rate) left out and said so.
    const values = await marketValuesBySql(world.advisor.professionalId);
    expect(values).toEqual({ CAD: '120000', USD: '5000.5', EUR: '1000' });
    const aum = new Decimal(values.CAD!).plus(new Decimal(values.USD!).times('1.35'));
    expect(aum.toString()).toBe('126750.675');
    expect(home.assetsUnderManagement).toEqual({
      total: { value: aum.toString(), currency: 'CAD' },
      accountCount: 4,
      unconverted: [{ currency: 'EUR', total: { value: '1000', currency: 'EUR' } }],
    });

    // Net new assets: posted investment-account transactions of the last 12 months: 6000 + 100 USD in, 1500 out.
    const deposits = new Decimal(6000).plus(new Decimal(100).times('1.35'));
    expect(home.netNewAssets).toEqual({
      total: { value: deposits.minus(1500).toString(), currency: 'CAD' },
      deposits: { value: '6135', currency: 'CAD' },
      withdrawals: { value: '1500', currency: 'CAD' },
      from: `${year - 1}${today.slice(4)}`.replace(/-02-29$/, '-03-01'),
      to: today,
      transactionCount: 3,
      unconverted: [],
    });
    expect(home.netNewAssets.total.value).toBe('4635');

    expect(home.reviewsDue).toEqual({
      count: 2,
      items: [
        {
          householdId: world.maple,
          householdName: 'Maple household',
          daysSinceLastKycUpdate: 730,
          daysSinceLastMeeting: null,
        },
        {
          householdId: world.cedar,
          householdName: 'Cedar household',
          daysSinceLastKycUpdate: null,
          daysSinceLastMeeting: 400,
        },
      ],
    });

    expect(home.birthdays.count).toBe(1);
    expect(home.birthdays.items).toEqual([
      {
        contactId: world.contacts.rose,
        name: 'Rose Maple',
        householdId: world.maple,
        householdName: 'Maple household',
        date: isoDay(new Date(now.getTime() + 5 * 86_400_000)),
        turns: 71,
        daysUntil: 5,
      },
    ]);

    expect(home.rrspDeadline.holderCount).toBe(1);
    expect(home.rrspDeadline.daysLeft).toBeGreaterThanOrEqual(0);
    expect(home.conversions).toEqual({
      count: 2,
      items: [
        {
          recordId: world.records.lira,
          accountType: 'LIRA',
          convertsTo: 'LIF',
          deadline: `${year - 4}-12-31`,
          overdue: true,
          personId: world.persons.ken,
          personName: 'Ken Maple',
          householdId: world.maple,
          householdName: 'Maple household',
        },
        {
          recordId: world.records.rrsp,
          accountType: 'RRSP',
          convertsTo: 'RRIF',
          deadline: `${year}-12-31`,
          overdue: false,
          personId: world.persons.rose,
          personName: 'Rose Maple',
          householdId: world.maple,
          householdName: 'Maple household',
        },
      ],
    });
    // Syncs are for administrators.
    expect(home.syncs).toBeNull();
  });

  it('answers an administrator for every household of the organization, with the failing syncs', async () => {
    const response = await homeOf(world.admin);
    expect(response.status).toBe(200);
    const home = response.body;
    expect(home.scope).toEqual({ kind: 'ALL', advisorId: null, householdCount: 4 });
    const values = await marketValuesBySql(null);
    expect(values).toEqual({ CAD: '120999', USD: '5000.5', EUR: '1000' });
    expect(home.assetsUnderManagement.total.value).toBe(
      new Decimal(values.CAD!).plus(new Decimal(values.USD!).times('1.35')).toString(),
    );
    expect(home.assetsUnderManagement.accountCount).toBe(5);
    expect(home.reviewsDue.count).toBe(3);
    expect(home.reviewsDue.items.map((item) => item.householdName)).toEqual([
      'Spruce household',
      'Maple household',
      'Cedar household',
    ]);
    expect(home.birthdays.items.map((item) => [item.name, item.daysUntil])).toEqual([
      ['Ivy Spruce', 3],
      ['Rose Maple', 5],
    ]);
    // The clients, not the firm's own people: no teams, users or professionals.
    expect(home.clientRecords.map((count) => count.label)).toEqual([
      'Households',
      'Household members',
      'Contacts',
      'Leads',
      'Financial records',
    ]);
    expect(home.clientRecords[0]!.value).toBe(4);
    // Maple's last run failed; Cedar's failed too, then succeeded: two failed runs this week, one
    // connection failing now (the queues keep a failed job as many days).
    expect(home.syncs).toMatchObject({
      failedCount: 1,
      staleCount: 1,
      failedRunCount: 2,
      failedRunDays: 7,
      items: [
        {
          connectionId: world.connections.failed,
          name: 'Maple Bank',
          householdName: 'Maple household',
          problem: 'FAILED',
          lastRunStatus: 'FAILED',
          lastError: 'Plaid is unavailable',
        },
        {
          connectionId: world.connections.stale,
          name: 'Birch Credit Union',
          problem: 'STALE',
          lastRunStatus: 'SUCCEEDED',
        },
      ],
    });
  });

  it('converts to the requested currency, never 1:1', async () => {
    const response = await homeOf(world.admin, '?currency=USD');
    expect(response.status).toBe(200);
    // CAD amounts become USD through the USD->CAD rate inverted; EUR has no rate to USD either.
    expect(response.body.currency).toBe('USD');
    expect(response.body.assetsUnderManagement.unconverted).toEqual([
      { currency: 'EUR', total: { value: '1000', currency: 'EUR' } },
    ]);
    expect(response.body.assetsUnderManagement.total.currency).toBe('USD');
  });

  it('shows nothing to a user without a professional profile, and refuses a bad currency', async () => {
    const response = await homeOf(north);
    expect(response.status).toBe(200);
    expect(response.body.scope).toEqual({ kind: 'NONE', advisorId: null, householdCount: 0 });
    expect(response.body.assetsUnderManagement.total).toEqual({ value: '0', currency: 'CAD' });
    expect(response.body.reviewsDue.count).toBe(0);

    const bad = await homeOf(world.advisor, '?currency=XYZ');
    expect(bad.status).toBe(400);
  });

  it('never counts another organization’s households', async () => {
    const response = await homeOf(south);
    expect(response.status).toBe(200);
    expect(response.body.scope.householdCount).toBe(1);
    expect(response.body.assetsUnderManagement).toEqual({
      total: { value: '5555', currency: 'CAD' },
      accountCount: 1,
      unconverted: [],
    });
    expect(response.body.reviewsDue.items.map((item) => item.householdName)).toEqual(['South household']);
    expect(response.body.syncs).toEqual({
      failedCount: 0,
      staleCount: 0,
      failedRunCount: 0,
      failedRunDays: 7,
      items: [],
    });
    // North's advisor logged in as themselves still sees only North's.
    const northAdmin = await createUser(prisma, north, 'ADMIN');
    const north2 = await homeOf(northAdmin);
    expect(north2.body.scope.householdCount).toBe(4);
  });
});

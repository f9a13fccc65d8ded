import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { isLiability, Money, type CurrencyCode, type FinancialView, type FxRateTable } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  createHousehold,
  createRecord,
  setFxRate,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let home: FinancialHousehold;
let token: string;
let as: ReturnType<typeof apiAs>;

const today = () => new Date().toISOString().slice(0, 10);
const money = (value: number, currency: string) => ({ value, currency });

function create(body: Record<string, unknown>, householdId = home.householdId) {
  return createRecord(api.baseUrl, token, { householdId, ...body });
}

function view(householdId: string, currency?: string) {
  return as<FinancialView>('GET', `/api/get-financial-view/${householdId}${currency ? `?currency=${currency}` : ''}`);
}

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  home = await createFinancialHousehold(prisma, north);
  token = await login(api.baseUrl, north.email, north.password);
  as = apiAs(api.baseUrl, token);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('GET /api/get-financial-view/{householdId}', () => {
  it('totals the records by snapshot group and net worth, each record in its own and the requested currency', async () => {
    await setFxRate(prisma, north.organizationId, { date: '2024-01-01', base: 'USD', quote: 'CAD', rate: '1.30' });
    await setFxRate(prisma, north.organizationId, { date: '2024-06-01', base: 'USD', quote: 'CAD', rate: '1.35' });
    // A rate dated after the valuation date is not used yet.
    await setFxRate(prisma, north.organizationId, { date: '2999-01-01', base: 'USD', quote: 'CAD', rate: '9.99' });
    await setFxRate(prisma, north.organizationId, { date: '2024-03-01', base: 'CAD', quote: 'EUR', rate: '0.68' });
    const rrsp = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'RRSP', marketValue: money(50000, 'CAD') });
    const ira = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'ROTH_IRA', marketValue: money(10000, 'USD') });
    const tfsa = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'TFSA', marketValue: money(20000, 'CAD') });
    const cash = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'CASH', marketValue: money(1000, 'CAD') });
    const chequing = await create({ type: 'BANK_ACCOUNT', bankAccountType: 'CHECKING', balance: money(2500.5, 'CAD') });
    const flat = await create({
      type: 'REAL_ESTATE_PROPERTY',
      propertyKind: 'RESIDENTIAL',
      marketValue: money(300000, 'EUR'),
    });
    const mortgage = await create({ type: 'MORTGAGE', balance: money(150000, 'USD'), propertyId: flat.id });
    const card = await create({ type: 'CREDIT_CARD', nickname: 'Visa', balance: money(1234.56, 'CAD') });
    const nothing = await create({ type: 'REAL_ASSET', assetType: 'COLLECTIBLES' });
    const gone = await create({ type: 'BANK_ACCOUNT', bankAccountType: 'SAVINGS', balance: money(999999, 'CAD') });
    await as('DELETE', `/api/financial-records/${gone.id}/soft-delete`);

    const response = await view(home.householdId, 'CAD');
    expect(response.status).toBe(200);
    const body = response.body;
    // 300000 EUR / 0.68 = 441176.4705882... -> 441176.4706; 10000 USD x 1.35; 150000 USD x 1.35.
    expect(body).toMatchObject({
      householdId: home.householdId,
      householdName: 'Tremblay household',
      currency: 'CAD',
      valuationDate: today(),
      totalAssets: { value: '528176.9706', currency: 'CAD' },
      totalDebt: { value: '203734.56', currency: 'CAD' },
      netWorth: { value: '324442.4106', currency: 'CAD' },
      snapshotGroups: [
        {
          group: 'SAVINGS_AND_INVESTMENTS',
          label: 'Savings and investments',
          total: { value: '87000.5', currency: 'CAD' },
        },
        { group: 'PROPERTY_AND_REAL_ASSETS', label: 'Property and real assets', total: { value: '441176.4706' } },
        { group: 'TOTAL_DEBT', label: 'Total debt', total: { value: '203734.56' } },
      ],
    });
    const groups = Object.fromEntries(
      body.accountGroups.map((group) => [group.group, [group.total.value, group.recordIds]]),
    );
    expect(groups).toEqual({
      BANKING: ['2500.5', [chequing.id]],
      INVESTMENT: ['84500', [cash.id, tfsa.id, rrsp.id, ira.id]],
      PRIVATE_INVESTMENT: ['0', []],
      REAL_ASSETS: ['441176.4706', [nothing.id, flat.id]],
      CREDIT_CARDS: ['1234.56', [card.id]],
      LINES_OF_CREDIT: ['0', []],
      LOANS: ['0', []],
      MORTGAGES: ['202500', [mortgage.id]],
    });
    // Records in display order: banking, then cash, TFSA, RRSP first among the accounts, with flag labels.
    expect(
      body.records.map((record) => [record.label, record.value?.value ?? null, record.converted?.value ?? null]),
    ).toEqual([
      ['Bank account', '2500.5', '2500.5'],
      ['Cash', '1000', '1000'],
      ['🇨🇦 TFSA', '20000', '20000'],
      ['🇨🇦 RRSP', '50000', '50000'],
      ['🇺🇸 Roth IRA', '10000', '13500'],
      ['Real asset', null, null],
      ['Real estate property', '300000', '441176.4706'],
      ['Credit card', '1234.56', '1234.56'],
      ['Mortgage', '150000', '202500'],
    ]);
    expect(body.ratesUsed.map((rate) => [rate.date, rate.base, rate.quote, rate.rate])).toEqual([
      ['2024-06-01', 'USD', 'CAD', '1.35'],
      ['2024-03-01', 'CAD', 'EUR', '0.68'],
    ]);
    expect(body.parties.map((party) => [party.kind, party.name])).toEqual([
      ['Person', 'Amélie Tremblay'],
      ['Person', 'Louis Tremblay'],
      ['Corporation', 'Tremblay Holdings Inc.'],
      ['Trust', 'Tremblay Family Trust'],
      ['Foundation', 'Tremblay Foundation'],
    ]);
  });

  it('answers the spec’s money error for a missing rate, never a silent 1:1', async () => {
    const usd = await view(home.householdId, 'USD');
    expect(usd.status).toBe(400);
    expect(usd.body).toMatchObject({
      code: 'ERR_INVALID_PROPS',
      message: 'No rate found for currency EUR',
      details: [{ path: 'currency', message: 'No rate found for currency EUR' }],
    });
    expect((await view(home.householdId, 'GBP')).body).toMatchObject({
      message: 'No rate found for target currency GBP',
    });
    const other = await createOrganization(prisma, { name: 'No Rates Wealth' });
    const otherHousehold = await createFinancialHousehold(prisma, other);
    const otherToken = await login(api.baseUrl, other.email, other.password);
    await createRecord(api.baseUrl, otherToken, {
      householdId: otherHousehold.householdId,
      type: 'BANK_ACCOUNT',
      bankAccountType: 'CHECKING',
      balance: money(10, 'USD'),
    });
    const withoutRates = await apiAs(api.baseUrl, otherToken)(
      'GET',
      `/api/get-financial-view/${otherHousehold.householdId}`,
    );
    expect(withoutRates.status).toBe(400);
    expect(withoutRates.body).toMatchObject({ code: 'ERR_INVALID_PROPS', message: 'Currency rates not set' });
  });

  it('shows CAD unless asked, and an empty household as zeros', async () => {
    const empty = await createHousehold(prisma, north, 'Empty household');
    const response = await view(empty);
    expect(response.body).toMatchObject({
      currency: 'CAD',
      netWorth: { value: '0', currency: 'CAD' },
      records: [],
      ratesUsed: [],
      parties: [],
    });
  });

  it('validates the household id and the currency', async () => {
    const badId = await as('GET', '/api/get-financial-view/not-a-household');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'householdId', message: 'Invalid household id' }],
    });
    const badCurrency = await view(home.householdId, 'cad');
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.body).toMatchObject({ details: [{ path: 'currency', message: 'Currency is not valid' }] });
  });

  it("answers 404 for another organization's household, exactly as for a missing one", async () => {
    const south = await createOrganization(prisma, { name: 'South Wealth' });
    const southHousehold = await createHousehold(prisma, south);
    const foreign = await view(southHousehold);
    const missing = await view('household-AAAAAAAAAAAAAAAAAAAAA');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', message: 'Household not found' });
    expect({ ...foreign.body, requestId: 0 }).toEqual({ ...missing.body, requestId: 0 });
  });
});

describe('financial view totals (property)', () => {
  const currencies = ['CAD', 'USD', 'EUR'] as const;
  const valueField: Record<string, Record<string, unknown>> = {
    BANK_ACCOUNT: { bankAccountType: 'CHECKING', field: 'balance' },
    INVESTMENT_ACCOUNT: { accountType: 'NRSP', field: 'marketValue' },
    CREDIT_CARD: { field: 'balance' },
    LINE_OF_CREDIT: { field: 'balance' },
    LOAN: { field: 'balance' },
    MORTGAGE: { field: 'balance' },
    REAL_ESTATE_PROPERTY: { propertyKind: 'LAND', field: 'marketValue' },
    REAL_ASSET: { assetType: 'BOAT', field: 'value' },
    INSURANCE_POLICY: { field: 'cashValue' },
    PRIVATE_INVESTMENT: { field: 'currentValue' },
    COMPANY_EQUITY: { companyName: 'Co', securityType: 'SAFE', field: 'currentValue' },
  };
  const record = fc.record({
    type: fc.constantFrom(...Object.keys(valueField)),
    currency: fc.constantFrom(...currencies),
    cents: fc.integer({ min: 0, max: 99_999_999_999 }),
  });
  const rate = fc.integer({ min: 1, max: 5_000_000 }).map((micro) => (micro / 1_000_000).toFixed(6));

  it('every total equals the sum of its records’ converted values, in any currency pair with rates set', async () => {
    const pairs = [
      ['USD', 'CAD'],
      ['EUR', 'CAD'],
      ['EUR', 'USD'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...currencies),
        fc.tuple(rate, rate, rate),
        async (records, target, rates) => {
          for (const [index, [base, quote]] of pairs.entries()) {
            const put = await as('PUT', '/api/fx-rates', { date: today(), base, quote, rate: rates[index] });
            expect(put.status).toBe(200);
          }
          const householdId = await createHousehold(prisma, north, 'Property household');
          for (const item of records) {
            const { field, ...fields } = valueField[item.type]!;
            const value = Money.of(String(item.cents), item.currency).divide(100).value.toNumber();
            await create({ type: item.type, ...fields, [field as string]: money(value, item.currency) }, householdId);
          }
          const response = await view(householdId, target);
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          const body = response.body;

          // Each record converted with the pair's rate, independently of the API's converter.
          const tableFor = (from: CurrencyCode): FxRateTable => {
            const index = pairs.findIndex(
              ([base, quote]) => (base === from && quote === target) || (base === target && quote === from),
            );
            const [base, quote] = pairs[index]!;
            return { base, rates: { [quote]: rates[index] } } as FxRateTable;
          };
          for (const item of body.records) {
            const own = Money.fromJSON(item.value!);
            const expected = own.currency === target ? own : own.convertTo(target, tableFor(own.currency));
            expect(item.converted).toEqual(expected.toJSON());
          }
          const sum = (keep: (type: (typeof body.records)[number]) => boolean) =>
            Money.sum(
              body.records.filter(keep).map((item) => Money.fromJSON(item.converted!)),
              target,
            );
          const debt = sum((item) => isLiability(item.type));
          const assets = sum((item) => !isLiability(item.type));
          expect(Money.fromJSON(body.totalDebt).equals(debt)).toBe(true);
          expect(Money.fromJSON(body.totalAssets).equals(assets)).toBe(true);
          expect(Money.fromJSON(body.netWorth).equals(assets.subtract(debt))).toBe(true);
          for (const group of body.snapshotGroups) {
            const total = sum((item) => item.snapshotGroup === group.group);
            expect(Money.fromJSON(group.total).equals(total), group.group).toBe(true);
          }
          for (const group of body.accountGroups) {
            expect(Money.fromJSON(group.total).equals(sum((item) => item.accountGroup === group.group))).toBe(true);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { FinancialRecordResponse } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  createHousehold,
  createPerson,
  createRecord,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let home: FinancialHousehold;
let otherHouseholdPerson: string;
let token: string;
let as: ReturnType<typeof apiAs>;
/** A record of every kind the routes act on, in the other organization. */
let south: Record<'bank' | 'investment' | 'card' | 'loan' | 'house', FinancialRecordResponse> & { household: string };

const MISSING = {
  record: 'bank_account-AAAAAAAAAAAAAAAAAAAAA',
  investment: 'investment_account-AAAAAAAAAAAAAAAAAAAAA',
  card: 'credit_card_account-AAAAAAAAAAAAAAAAAAAAA',
  house: 'client_real_estate-AAAAAAAAAAAAAAAAAAAAA',
};

const cad = (value: number) => ({ value, currency: 'CAD' });

function create(body: Record<string, unknown>) {
  return createRecord(api.baseUrl, token, { householdId: home.householdId, ...body });
}

function expectDetails(response: { status: number; body: unknown }, details: { path: string; message: string }[]) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation error' });
  expect((response.body as { details: unknown }).details).toEqual(details);
}

function expectError(response: { status: number; body: unknown }, status: number, code: string, message: string) {
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: { code, message } });
}

async function auditOf(entityId: string) {
  const response = await as<{ items: { action: string; before: unknown; after: unknown; actorId: string }[] }>(
    'GET',
    `/api/audit-logs?entityId=${entityId}`,
  );
  return response.body.items;
}

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  home = await createFinancialHousehold(prisma, north);
  const otherHousehold = await createHousehold(prisma, north, 'Other household');
  otherHouseholdPerson = await createPerson(prisma, north.organizationId, otherHousehold, {
    firstName: 'Other',
    lastName: 'Person',
  });
  token = await login(api.baseUrl, north.email, north.password);
  as = apiAs(api.baseUrl, token);

  const southOrg = await createOrganization(prisma, { name: 'South Wealth' });
  const southHome = await createFinancialHousehold(prisma, southOrg);
  const southToken = await login(api.baseUrl, southOrg.email, southOrg.password);
  const southCreate = (body: Record<string, unknown>) =>
    createRecord(api.baseUrl, southToken, { householdId: southHome.householdId, ...body });
  south = {
    household: southHome.householdId,
    bank: await southCreate({ type: 'BANK_ACCOUNT', bankAccountType: 'CHECKING', owners: [southHome.personIds[0]] }),
    investment: await southCreate({
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'NRSP',
      owners: [southHome.personIds[0]],
    }),
    card: await southCreate({ type: 'CREDIT_CARD' }),
    loan: await southCreate({ type: 'LOAN' }),
    house: await southCreate({
      type: 'REAL_ESTATE_PROPERTY',
      propertyKind: 'RESIDENTIAL',
      owners: [southHome.personIds[0]],
    }),
  };
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('POST /api/financial-records', () => {
  it('creates a record of each of the twelve types, with its own fields and value', async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      BANK_ACCOUNT: { bankAccountType: 'SAVINGS', balance: cad(1500.25), interestRatePercent: 2.5 },
      INVESTMENT_ACCOUNT: { accountType: 'RRSP', marketValue: cad(80000), costBasis: cad(60000) },
      CREDIT_CARD: { balance: cad(1200), creditLimit: cad(10000), lastFourDigits: '4242' },
      LINE_OF_CREDIT: { balance: cad(5000), creditLimit: cad(50000) },
      LOAN: { balance: cad(15000), paymentAmount: cad(400), paymentFrequency: 'MONTHLY', startDate: '2023-01-15' },
      MORTGAGE: { balance: cad(400000), amortizationMonths: 300, termStartDate: '2022-06-01' },
      REAL_ESTATE_PROPERTY: { propertyKind: 'RESIDENTIAL', city: 'Montréal', marketValue: cad(750000) },
      REAL_ASSET: { assetType: 'CAR', description: 'Hybrid', value: cad(30000) },
      INSURANCE_POLICY: { policyType: 'WHOLE_LIFE', faceAmount: cad(500000), cashValue: cad(12000) },
      DEFINED_BENEFIT_PENSION: {
        formulaType: 'FLAT_BENEFIT',
        serviceStartDate: '2000-01-01',
        serviceEndDate: '2025-01-01',
        amountPerYear: cad(1200),
        expectedYearsInRetirement: 20,
      },
      PRIVATE_INVESTMENT: { investmentName: 'Seed round', currentValue: cad(25000), ownershipPercent: 1.5 },
      COMPANY_EQUITY: {
        companyName: 'Maple Tech',
        securityType: 'COMMON_STOCK',
        quantity: 100,
        pricePerShare: cad(12.5),
      },
    };
    const values: Record<string, unknown> = {};
    for (const [type, fields] of Object.entries(bodies)) {
      const record = await create({ type, nickname: `My ${type}`, ...fields });
      expect(record).toMatchObject({ type, householdId: home.householdId, displayName: `My ${type}` });
      values[type] = record.value?.value;
    }
    expect(values).toEqual({
      BANK_ACCOUNT: '1500.25',
      INVESTMENT_ACCOUNT: '80000',
      CREDIT_CARD: '1200',
      LINE_OF_CREDIT: '5000',
      LOAN: '15000',
      MORTGAGE: '400000',
      REAL_ESTATE_PROPERTY: '750000',
      REAL_ASSET: '30000',
      INSURANCE_POLICY: '12000',
      DEFINED_BENEFIT_PENSION: '407709.79',
      PRIVATE_INVESTMENT: '25000',
      COMPANY_EQUITY: '1250',
    });
  });

  it('answers money as decimal strings, the groups, the flag label and the derived tax status', async () => {
    const record = await create({
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'TFSA',
      marketValue: { value: 1234.5678, currency: 'USD' },
      owners: [home.personIds[0]],
      asOfDate: '2024-12-31',
    });
    expect(record).toMatchObject({
      side: 'ASSET',
      accountGroup: 'INVESTMENT',
      snapshotGroup: 'SAVINGS_AND_INVESTMENTS',
      label: '🇨🇦 TFSA',
      displayName: '🇨🇦 TFSA',
      connectionType: 'MANUAL',
      isJoint: false,
      asOfDate: '2024-12-31',
      owners: [{ ownerKind: 'Person', entityId: home.personIds[0], name: 'Amélie Tremblay' }],
      details: { accountType: 'TFSA', taxStatus: 'TAX_EXEMPT', jurisdiction: 'CA', costBasis: null },
      value: { value: '1234.5678', currency: 'USD' },
    });
    expect(record.owners[0]!.id).toMatch(/^acount_owner-/);
    expect(await auditOf(record.id)).toMatchObject([{ action: 'CREATE', before: null, after: { id: record.id } }]);
  });

  it('reports what is missing or wrong, field by field', async () => {
    expectDetails(await as('POST', '/api/financial-records', {}), [
      { path: 'type', message: 'Financial record type is required' },
    ]);
    expectDetails(await as('POST', '/api/financial-records', { type: 'YACHT' }), [
      { path: 'type', message: 'Financial record type is not valid' },
    ]);
    expectDetails(await as('POST', '/api/financial-records', { type: 'BANK_ACCOUNT' }), [
      { path: 'householdId', message: 'Household is required' },
      { path: 'bankAccountType', message: 'Bank account type is required' },
    ]);
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'LOAN',
        householdId: home.householdId,
        balance: { value: '12' },
        interestRatePercent: 120,
        startDate: '15/01/2023',
        paymentFrequency: 'FORTNIGHTLY',
        connectionType: 'CONNECTION',
      }),
      [
        { path: 'connectionType', message: 'Connection type must be MANUAL or MANAGED (connections set CONNECTION)' },
        { path: 'balance.value', message: 'Money value must be a number' },
        { path: 'balance.currency', message: 'Currency is required' },
        { path: 'interestRatePercent', message: 'Interest rate must be at most 100' },
        { path: 'paymentFrequency', message: 'Payment frequency is not valid' },
        { path: 'startDate', message: 'Start date must be a date (YYYY-MM-DD)' },
      ],
    );
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'CREDIT_CARD',
        householdId: home.householdId,
        lastFourDigits: '42',
        creditLimit: cad(-5),
      }),
      [{ path: 'creditLimit.value', message: 'Credit limit must not be negative' }],
    );
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'CREDIT_CARD',
        householdId: home.householdId,
        lastFourDigits: '42',
      }),
      [{ path: 'lastFourDigits', message: 'Last four digits should be exactly 4 numbers' }],
    );
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'REAL_ASSET',
        householdId: home.householdId,
        assetType: 'CAR',
        value: { value: 1, currency: 'XYZ' },
        purchasePrice: { value: 1e13, currency: 'CAD' },
      }),
      [
        { path: 'value.currency', message: 'Currency is not valid' },
        { path: 'purchasePrice.value', message: 'Purchase price must be less than 1,000,000,000,000' },
      ],
    );
  });

  it('requires each pension formula its inputs, and says why an OTHER formula has no payout', async () => {
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'DEFINED_BENEFIT_PENSION',
        householdId: home.householdId,
        formulaType: 'CAREER_AVERAGE_EARNINGS',
        serviceStartDate: '2010-01-01',
        serviceEndDate: '2009-01-01',
      }),
      [
        { path: 'averageSalary', message: 'Average salary is required' },
        { path: 'accrualRatePercent', message: 'Accrual rate is required' },
        { path: 'serviceEndDate', message: 'Service end date must not be before the service start date' },
      ],
    );
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'DEFINED_BENEFIT_PENSION',
        householdId: home.householdId,
        formulaType: 'FINAL_AVERAGE_EARNINGS',
        serviceStartDate: '2010-01-01',
        finalAverageSalary: cad(90000),
        accrualRatePercent: 2,
        perYearAmountCap: { value: 3000, currency: 'USD' },
      }),
      [{ path: 'averageSalary', message: 'All amounts of a pension must be in the same currency' }],
    );
    const other = await create({
      type: 'DEFINED_BENEFIT_PENSION',
      formulaType: 'OTHER',
      serviceStartDate: '2001-02-03',
    });
    expect(other).toMatchObject({
      pension: { annualPayout: null, error: 'Cannot calculate payout for OTHER benefit formula type' },
      value: null,
    });
    const career = await create({
      type: 'DEFINED_BENEFIT_PENSION',
      formulaType: 'CAREER_AVERAGE_EARNINGS',
      serviceStartDate: '1995-01-01',
      serviceEndDate: '2025-01-01',
      retirementDate: '2025-01-01',
      fullRetirementDate: '2027-01-01',
      averageSalary: cad(80000),
      accrualRatePercent: 1.5,
      earlyRetirementPenaltyPercentPerYear: 6,
      owners: [home.personIds[1]],
    });
    // 80000 x 1.5% x 30 years = 36000; 24 months early x 6% / 12 = 12% less: 31680. No retirement years: no commuted value.
    expect(career.pension).toEqual({
      yearsOfService: '30.0',
      accruedAnnualBenefit: { value: '36000', currency: 'CAD' },
      earlyRetirementReduction: '12',
      annualPayout: { value: '31680', currency: 'CAD' },
      commutedValue: null,
      error: null,
    });
  });

  it('answers 404 for a household of another organization, as for a missing one', async () => {
    for (const householdId of [south.household, 'household-AAAAAAAAAAAAAAAAAAAAA']) {
      expectError(
        await as('POST', '/api/financial-records', { type: 'REAL_ASSET', householdId, assetType: 'BOAT' }),
        404,
        'NOT_FOUND',
        'Household not found',
      );
    }
  });
});

describe('ownership rules (foundations §5)', () => {
  it('lets only a person own a defined-benefit pension, and never jointly', async () => {
    const pension = {
      type: 'DEFINED_BENEFIT_PENSION',
      householdId: home.householdId,
      formulaType: 'FLAT_BENEFIT',
      serviceStartDate: '2010-01-01',
      amountPerYear: cad(1000),
    };
    expectDetails(await as('POST', '/api/financial-records', { ...pension, owners: [home.corporationId] }), [
      { path: 'owners', message: 'A defined-benefit pension can only be owned by a person' },
    ]);
    expectDetails(await as('POST', '/api/financial-records', { ...pension, owners: home.personIds }), [
      { path: 'owners', message: 'A defined-benefit pension cannot be owned jointly' },
    ]);
    expectDetails(await as('POST', '/api/financial-records', { ...pension, isJoint: true }), [
      { path: 'owners', message: 'A defined-benefit pension cannot be owned jointly' },
    ]);
    const record = await create({ ...pension, owners: [home.personIds[0]] });
    expectDetails(await as('PATCH', `/api/financial-records/${record.id}`, { isJoint: true }), [
      { path: 'isJoint', message: 'A defined-benefit pension cannot be owned jointly' },
    ]);
  });

  it('gives investment accounts the owner kinds of their type and refuses joint FHSA, 529, ESA, UGMA, UTMA and HSA', async () => {
    const account = (accountType: string, extra: Record<string, unknown>) =>
      as('POST', '/api/financial-records', {
        type: 'INVESTMENT_ACCOUNT',
        householdId: home.householdId,
        accountType,
        ...extra,
      });
    expectDetails(await account('TFSA', { owners: [home.trustId] }), [
      { path: 'owners', message: 'TFSA accounts can only be owned by a person' },
    ]);
    expect((await account('NRSP', { owners: [home.trustId, home.foundationId] })).status).toBe(201);
    for (const [type, label] of [
      ['FHSA', 'FHSA'],
      ['ACCOUNT_529', '529 Plan'],
      ['ESA', 'Coverdell ESA'],
      ['UGMA', 'UGMA'],
      ['UTMA', 'UTMA'],
      ['HSA', 'HSA'],
    ]) {
      expectDetails(await account(type!, { isJoint: true }), [
        { path: 'owners', message: `${label} accounts cannot be owned jointly` },
      ]);
    }
    expectDetails(await account('ROTH_IRA', { jurisdiction: 'CA', taxStatus: 'TAXABLE' }), [
      { path: 'taxStatus', message: 'Tax status cannot be chosen for Roth IRA accounts' },
      { path: 'jurisdiction', message: 'Jurisdiction cannot be chosen for Roth IRA accounts' },
    ]);
    const cash = await create({
      type: 'INVESTMENT_ACCOUNT',
      accountType: 'CASH',
      jurisdiction: 'US',
      taxStatus: 'TAXABLE',
    });
    expect(cash.details).toMatchObject({ jurisdiction: 'US', taxStatus: 'TAXABLE' });
    expect(cash.label).toBe('Cash');
  });

  it('lets bank accounts and other records be owned by anyone, jointly', async () => {
    const bank = await create({
      type: 'BANK_ACCOUNT',
      bankAccountType: 'CHECKING',
      owners: [home.personIds[0], home.personIds[1], home.corporationId],
    });
    expect(bank.isJoint).toBe(true);
    expect(bank.owners.map((owner) => owner.ownerKind)).toEqual(['Person', 'Person', 'Corporation']);
  });

  it('refuses owners from another household, another organization, or listed twice', async () => {
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'REAL_ASSET',
        householdId: home.householdId,
        assetType: 'BOAT',
        owners: [otherHouseholdPerson],
      }),
      [{ path: 'owners.0', message: "The person must belong to the record's household" }],
    );
    expectError(
      await as('POST', '/api/financial-records', {
        type: 'REAL_ASSET',
        householdId: home.householdId,
        assetType: 'BOAT',
        owners: [south.bank.owners[0]!.entityId],
      }),
      404,
      'NOT_FOUND',
      'Person not found',
    );
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'REAL_ASSET',
        householdId: home.householdId,
        assetType: 'BOAT',
        owners: [home.trustId, home.trustId, 'team-AAAAAAAAAAAAAAAAAAAAA'],
      }),
      [{ path: 'owners.2', message: 'Owner must be a person, corporation, trust or foundation' }],
    );
    expectDetails(
      await as('POST', '/api/financial-records', {
        type: 'REAL_ASSET',
        householdId: home.householdId,
        assetType: 'BOAT',
        owners: [home.trustId, home.trustId],
      }),
      [{ path: 'owners', message: 'An owner can be listed only once' }],
    );
  });
});

describe('GET, PATCH, rename and soft-delete', () => {
  it('reads a record, in another currency when asked (never 1:1 without a rate)', async () => {
    const record = await create({
      type: 'BANK_ACCOUNT',
      bankAccountType: 'SAVINGS',
      balance: { value: 100, currency: 'USD' },
    });
    const read = await as<FinancialRecordResponse>('GET', `/api/financial-records/${record.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(record);
    expectError(
      await as('GET', `/api/financial-records/${record.id}?currency=CAD`),
      400,
      'ERR_INVALID_PROPS',
      'Currency rates not set',
    );
    expectDetails(await as('GET', `/api/financial-records/${record.id}?currency=XYZ`), [
      { path: 'currency', message: 'Currency is not valid' },
    ]);
    expectDetails(await as('GET', '/api/financial-records/not-a-record'), [
      { path: 'financialRecordId', message: 'Invalid financial record id' },
    ]);
  });

  it('edits common and own fields, clears with null, re-derives what follows, and audits before and after', async () => {
    const record = await create({ type: 'LOAN', balance: cad(10000), interestRatePercent: 5 });
    const edited = await as<FinancialRecordResponse>('PATCH', `/api/financial-records/${record.id}`, {
      name: 'Car loan at the bank',
      balance: cad(9500.5),
      interestRatePercent: null,
      maturityDate: '2029-05-01',
      type: 'BANK_ACCOUNT',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      type: 'LOAN',
      displayName: 'Car loan at the bank',
      details: { balance: { value: '9500.5', currency: 'CAD' }, interestRatePercent: null, maturityDate: '2029-05-01' },
    });
    const [update] = await auditOf(record.id);
    expect(update).toMatchObject({
      action: 'UPDATE',
      actorId: north.userId,
      before: { details: { balance: { value: '10000' }, interestRatePercent: '5' } },
      after: { details: { balance: { value: '9500.5' }, interestRatePercent: null } },
    });

    const account = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'TFSA', owners: [home.personIds[0]] });
    const moved = await as<FinancialRecordResponse>('PATCH', `/api/financial-records/${account.id}`, {
      accountType: 'ROTH_IRA',
    });
    expect(moved.body.details).toMatchObject({ accountType: 'ROTH_IRA', taxStatus: 'TAX_EXEMPT', jurisdiction: 'US' });
    expect(moved.body.label).toBe('🇺🇸 Roth IRA');
    const joint = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'RRSP', isJoint: true });
    expectDetails(await as('PATCH', `/api/financial-records/${joint.id}`, { accountType: 'FHSA' }), [
      { path: 'isJoint', message: 'FHSA accounts cannot be owned jointly' },
    ]);
    expectDetails(await as('PATCH', `/api/financial-records/${joint.id}`, { accountType: null, marketValue: 5 }), [
      { path: 'accountType', message: 'Account type is required' },
      { path: 'marketValue', message: 'Market value must be an amount: { value, currency }' },
    ]);
  });

  it('renames a record (Edit Name), with the spec’s nickname rule', async () => {
    const record = await create({ type: 'REAL_ASSET', assetType: 'JEWELRY' });
    const renamed = await as<FinancialRecordResponse>('PATCH', `/api/financial-records/${record.id}/rename`, {
      nickname: '  Grandmother’s ring ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ nickname: 'Grandmother’s ring', displayName: 'Grandmother’s ring' });
    expectDetails(await as('PATCH', `/api/financial-records/${record.id}/rename`, { nickname: ' ' }), [
      { path: 'nickname', message: 'Nickname is required' },
    ]);
    expect((await auditOf(record.id)).map((entry) => entry.action)).toEqual(['UPDATE', 'CREATE']);
  });

  it('soft-deletes a record: gone from reads, kept in the audit log', async () => {
    const record = await create({ type: 'REAL_ASSET', assetType: 'BOAT', value: cad(20000) });
    const deleted = await as('DELETE', `/api/financial-records/${record.id}/soft-delete`);
    expect(deleted.status).toBe(204);
    expectError(await as('GET', `/api/financial-records/${record.id}`), 404, 'NOT_FOUND', 'Financial record not found');
    expectError(
      await as('DELETE', `/api/financial-records/${record.id}/soft-delete`),
      404,
      'NOT_FOUND',
      'Financial record not found',
    );
    const [softDelete] = await auditOf(record.id);
    expect(softDelete).toMatchObject({ action: 'SOFT_DELETE', before: { id: record.id }, after: { id: record.id } });
    expect((softDelete!.after as { deletedAt: string }).deletedAt).toEqual(expect.any(String));
    const row = await prisma.financialRecord.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.deletedAt).not.toBeNull();
  });
});

describe('owners of investment accounts, bank accounts and real estate', () => {
  it('adds and removes investment account owners within the account type’s rules', async () => {
    const rrsp = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'RRSP', owners: [home.personIds[0]] });
    const path = `/api/financial-records/investment-accounts/${rrsp.id}/owners`;
    const added = await as<FinancialRecordResponse>('PATCH', `${path}/add`, { ownerId: home.personIds[1] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      isJoint: true,
      owners: [{ entityId: home.personIds[0] }, { entityId: home.personIds[1] }],
    });
    expectError(
      await as('PATCH', `${path}/add`, { ownerId: home.personIds[1] }),
      409,
      'CONFLICT',
      'This owner already owns the record',
    );
    expectDetails(await as('PATCH', `${path}/add`, { ownerId: home.corporationId }), [
      { path: 'ownerId', message: 'RRSP accounts can only be owned by a person' },
    ]);
    expectDetails(await as('PATCH', `${path}/add`, {}), [{ path: 'ownerId', message: 'Owner is required' }]);
    expectDetails(await as('PATCH', `${path}/add`, { ownerId: 'household-AAAAAAAAAAAAAAAAAAAAA' }), [
      { path: 'ownerId', message: 'Owner must be a person, corporation, trust or foundation' },
    ]);
    expectDetails(await as('PATCH', `${path}/add`, { ownerId: otherHouseholdPerson }), [
      { path: 'ownerId', message: "The person must belong to the record's household" },
    ]);
    const removed = await as<FinancialRecordResponse>('PATCH', `${path}/remove`, { ownerId: home.personIds[1] });
    expect(removed.body).toMatchObject({ isJoint: false, owners: [{ entityId: home.personIds[0] }] });
    expectError(
      await as('PATCH', `${path}/remove`, { ownerId: home.personIds[1] }),
      404,
      'NOT_FOUND',
      'Owner not found on this record',
    );
    expect((await auditOf(rrsp.id)).map((entry) => entry.action)).toEqual(['UPDATE', 'UPDATE', 'CREATE']);

    const fhsa = await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'FHSA', owners: [home.personIds[0]] });
    expectDetails(
      await as('PATCH', `/api/financial-records/investment-accounts/${fhsa.id}/owners/add`, {
        ownerId: home.personIds[1],
      }),
      [{ path: 'ownerId', message: 'FHSA accounts cannot be owned jointly' }],
    );
    expectError(
      await as('PATCH', `/api/financial-records/investment-accounts/${MISSING.investment}/owners/add`, {
        ownerId: home.personIds[0],
      }),
      404,
      'NOT_FOUND',
      'Investment account not found',
    );
    expectDetails(
      await as('PATCH', `/api/financial-records/investment-accounts/${MISSING.record}/owners/add`, {
        ownerId: home.personIds[0],
      }),
      [{ path: 'accountId', message: 'Invalid investment account id' }],
    );
  });

  it('adds and removes bank account owners, with the spec’s messages', async () => {
    const bank = await create({ type: 'BANK_ACCOUNT', bankAccountType: 'CHECKING', owners: [home.corporationId] });
    const path = `/api/financial-records/bank-accounts/${bank.id}`;
    const added = await as<FinancialRecordResponse>('PATCH', `${path}/add-owner`, { personId: home.personIds[0] });
    expect(added.body.owners.map((owner) => owner.entityId)).toEqual([home.corporationId, home.personIds[0]]);
    expectDetails(await as('PATCH', `${path}/add-owner`, {}), [{ path: 'personId', message: 'Person is required' }]);
    expectDetails(await as('PATCH', `${path}/remove-owner`, {}), [
      { path: 'entityId', message: 'Entity ID is required' },
    ]);
    expectDetails(await as('PATCH', '/api/financial-records/bank-accounts/%20/remove-owner', { entityId: ' ' }), [
      { path: 'bankAccountId', message: 'Bank Account ID is required' },
      { path: 'entityId', message: 'Entity ID is required' },
    ]);
    const removed = await as<FinancialRecordResponse>('PATCH', `${path}/remove-owner`, {
      entityId: home.corporationId,
    });
    expect(removed.body.owners.map((owner) => owner.entityId)).toEqual([home.personIds[0]]);
    expectError(
      await as('PATCH', `/api/financial-records/bank-accounts/${MISSING.record}/remove-owner`, {
        entityId: home.personIds[0],
      }),
      404,
      'NOT_FOUND',
      'Bank account not found',
    );
  });

  it('adds and removes real estate owners', async () => {
    const house = await create({ type: 'REAL_ESTATE_PROPERTY', propertyKind: 'RESIDENTIAL' });
    const path = `/api/financial-records/real-estate-properties/${house.id}`;
    const added = await as<FinancialRecordResponse>('PATCH', `${path}/add-owner`, { personId: home.personIds[1] });
    expect(added.body.owners).toMatchObject([
      { ownerKind: 'Person', entityId: home.personIds[1], name: 'Louis Tremblay' },
    ]);
    expectDetails(await as('PATCH', `${path}/add-owner`, { personId: home.trustId }), [
      { path: 'personId', message: 'Person must be a person id' },
    ]);
    const removed = await as<FinancialRecordResponse>('PATCH', `${path}/remove-owner`, { personId: home.personIds[1] });
    expect(removed.body.owners).toEqual([]);
    expectError(
      await as('PATCH', `${path}/remove-owner`, { personId: home.personIds[1] }),
      404,
      'NOT_FOUND',
      'Owner not found on this record',
    );
    expectError(
      await as('PATCH', `/api/financial-records/real-estate-properties/${MISSING.house}/add-owner`, {
        personId: home.personIds[1],
      }),
      404,
      'NOT_FOUND',
      'Real estate property not found',
    );
    expectDetails(
      await as('PATCH', `/api/financial-records/real-estate-properties/${MISSING.record}/add-owner`, {
        personId: home.personIds[1],
      }),
      [{ path: 'realEstateId', message: 'Invalid real estate property id' }],
    );
  });
});

describe('owners of a record of any type (add-owner, remove-owner)', () => {
  it('adds and removes owners of a credit card or a pension within the type’s rules, and changes nothing on refusal', async () => {
    const card = await create({ type: 'CREDIT_CARD', owners: [home.personIds[0]] });
    const path = `/api/financial-records/${card.id}`;
    const added = await as<FinancialRecordResponse>('PATCH', `${path}/add-owner`, { ownerId: home.corporationId });
    expect(added.status).toBe(200);
    expect(added.body.owners.map((owner) => owner.entityId).sort()).toEqual(
      [home.corporationId, home.personIds[0]].sort(),
    );
    expect(added.body.isJoint).toBe(true);
    expectError(
      await as('PATCH', `${path}/add-owner`, { ownerId: home.corporationId }),
      409,
      'CONFLICT',
      'This owner already owns the record',
    );
    const removed = await as<FinancialRecordResponse>('PATCH', `${path}/remove-owner`, {
      ownerId: home.corporationId,
    });
    expect(removed.body.owners.map((owner) => owner.entityId)).toEqual([home.personIds[0]]);
    expect(removed.body.isJoint).toBe(false);
    expect((await auditOf(card.id)).map((entry) => entry.action)).toEqual(['UPDATE', 'UPDATE', 'CREATE']);

    const pension = await create({
      type: 'DEFINED_BENEFIT_PENSION',
      formulaType: 'OTHER',
      serviceStartDate: '2001-01-01',
      owners: [home.personIds[0]],
    });
    const pensionPath = `/api/financial-records/${pension.id}`;
    expectDetails(await as('PATCH', `${pensionPath}/add-owner`, { ownerId: home.personIds[1] }), [
      { path: 'ownerId', message: 'A defined-benefit pension cannot be owned jointly' },
    ]);
    expectDetails(await as('PATCH', `${pensionPath}/add-owner`, { ownerId: otherHouseholdPerson }), [
      { path: 'ownerId', message: "The person must belong to the record's household" },
    ]);
    expectDetails(await as('PATCH', `${pensionPath}/add-owner`, {}), [
      { path: 'ownerId', message: 'Owner is required' },
    ]);
    expect(await prisma.financialRecordOwner.count({ where: { financialRecordId: pension.id } })).toBe(1);
    expectError(
      await as('PATCH', `${pensionPath}/remove-owner`, { ownerId: home.personIds[1] }),
      404,
      'NOT_FOUND',
      'Owner not found on this record',
    );
  });
});

describe('borrowers, cosigners and securing assets', () => {
  it('adds and removes borrowers and cosigners of loans and lines of credit', async () => {
    for (const type of ['LOAN', 'LINE_OF_CREDIT']) {
      const debt = await create({ type });
      const path = `/api/financial-records/${debt.id}`;
      const borrower = await as<FinancialRecordResponse>('PATCH', `${path}/add-borrower`, {
        personId: home.personIds[0],
      });
      expect(borrower.status).toBe(200);
      const cosigner = await as<FinancialRecordResponse>('PATCH', `${path}/add-cosigner`, {
        personId: home.personIds[1],
      });
      expect(cosigner.body).toMatchObject({
        borrowers: [{ personId: home.personIds[0], name: 'Amélie Tremblay' }],
        cosigners: [{ personId: home.personIds[1], name: 'Louis Tremblay' }],
      });
      expectError(
        await as('PATCH', `${path}/add-cosigner`, { personId: home.personIds[0] }),
        409,
        'CONFLICT',
        'This person is already a borrower of this record',
      );
      expectError(
        await as('PATCH', `${path}/remove-borrower`, { personId: home.personIds[1] }),
        404,
        'NOT_FOUND',
        'This person is not a borrower of this record',
      );
      expectDetails(await as('PATCH', `${path}/add-borrower`, { personId: otherHouseholdPerson }), [
        { path: 'personId', message: "The person must belong to the record's household" },
      ]);
      expectDetails(await as('PATCH', `${path}/add-borrower`, {}), [
        { path: 'personId', message: 'Person is required' },
      ]);
      const removed = await as<FinancialRecordResponse>('PATCH', `${path}/remove-cosigner`, {
        personId: home.personIds[1],
      });
      expect(removed.body.cosigners).toEqual([]);
      const none = await as<FinancialRecordResponse>('PATCH', `${path}/remove-borrower`, {
        personId: home.personIds[0],
      });
      expect(none.body.borrowers).toEqual([]);
    }
    const asset = await create({ type: 'REAL_ASSET', assetType: 'BOAT' });
    expectDetails(
      await as('PATCH', `/api/financial-records/${asset.id}/add-borrower`, { personId: home.personIds[0] }),
      [
        {
          path: 'financialRecordId',
          message: 'Borrowers and cosigners can only be added to a loan, line of credit, credit card or mortgage',
        },
      ],
    );
  });

  it('secures debts by assets with the spec’s secured-type mapping', async () => {
    const house = await create({ type: 'REAL_ESTATE_PROPERTY', propertyKind: 'RESIDENTIAL' });
    const car = await create({ type: 'REAL_ASSET', assetType: 'CAR' });
    const savings = await create({ type: 'BANK_ACCOUNT', bankAccountType: 'SAVINGS' });
    const secured = async (type: string, securedByRecordId: string) =>
      (await create({ type, securedByRecordId })).securedBy;
    expect(await secured('LOAN', house.id)).toEqual({ recordId: house.id, securedType: 'MORTGAGE' });
    expect(await secured('LINE_OF_CREDIT', house.id)).toEqual({ recordId: house.id, securedType: 'HELOC' });
    expect(await secured('LOAN', car.id)).toEqual({ recordId: car.id, securedType: 'AUTO' });
    expect(await secured('LINE_OF_CREDIT', car.id)).toEqual({ recordId: car.id, securedType: 'OTHER' });
    expect(await secured('CREDIT_CARD', savings.id)).toEqual({ recordId: savings.id, securedType: 'OTHER' });

    const loan = await create({ type: 'LOAN', securedByRecordId: car.id });
    const released = await as<FinancialRecordResponse>('PATCH', `/api/financial-records/${loan.id}`, {
      securedByRecordId: null,
    });
    expect(released.body.securedBy).toBeNull();
    const debt = await create({ type: 'LOAN' });
    for (const securedByRecordId of [debt.id, south.house.id]) {
      expectDetails(await as('PATCH', `/api/financial-records/${loan.id}`, { securedByRecordId }), [
        { path: 'securedByRecordId', message: 'A debt can only be secured by an asset of the same household' },
      ]);
    }
    const mortgage = await create({ type: 'MORTGAGE', propertyId: house.id, balance: cad(300000) });
    expect(mortgage.details.propertyId).toBe(house.id);
    expectDetails(await as('PATCH', `/api/financial-records/${mortgage.id}`, { propertyId: south.house.id }), [
      { path: 'propertyId', message: 'A mortgage can only be on a real estate property of the same household' },
    ]);
    expectDetails(await as('PATCH', `/api/financial-records/${mortgage.id}`, { propertyId: car.id }), [
      { path: 'propertyId', message: 'Property is not a valid id' },
    ]);
  });
});

describe('additional cards of a credit card', () => {
  it('adds, edits and removes additional cards, with the 4-digit rules', async () => {
    const card = await create({ type: 'CREDIT_CARD', lastFourDigits: '1111' });
    const path = `/api/financial-records/credit-cards/${card.id}`;
    const added = await as<FinancialRecordResponse>('PATCH', `${path}/add-additional-card`, {
      description: 'Louis’s card',
      firstFourDigits: '4520',
      lastFourDigits: '0042',
    });
    expect(added.status).toBe(200);
    const [extra] = added.body.additionalCards;
    expect(extra).toMatchObject({ description: 'Louis’s card', firstFourDigits: '4520', lastFourDigits: '0042' });
    expect(extra!.id).toMatch(/^additional_card-/);
    expectDetails(
      await as('PATCH', `${path}/add-additional-card`, { firstFourDigits: '45201', lastFourDigits: 'abcd' }),
      [
        { path: 'description', message: 'Description is required' },
        { path: 'firstFourDigits', message: 'First four digits should be exactly 4 numbers' },
        { path: 'lastFourDigits', message: 'Last four digits should be exactly 4 numbers' },
      ],
    );
    const edited = await as<FinancialRecordResponse>('PATCH', `${path}/edit-card`, {
      cardId: extra!.id,
      description: 'Travel card',
      firstFourDigits: '4520',
      lastFourDigits: '9999',
    });
    expect(edited.body.additionalCards).toEqual([{ ...extra, description: 'Travel card', lastFourDigits: '9999' }]);
    expectDetails(
      await as('PATCH', `${path}/edit-card`, { description: 'x', firstFourDigits: '1', lastFourDigits: '2' }),
      [
        { path: 'firstFourDigits', message: 'First four digits should be exactly 4 numbers' },
        { path: 'lastFourDigits', message: 'Last four digits should be exactly 4 numbers' },
        { path: 'cardId', message: 'Card ID is required' },
      ],
    );
    expectError(
      await as('PATCH', `${path}/edit-card`, {
        cardId: 'additional_card-AAAAAAAAAAAAAAAAAAAAA',
        description: 'x',
        firstFourDigits: '1234',
        lastFourDigits: '5678',
      }),
      404,
      'NOT_FOUND',
      'Additional card not found',
    );
    expectDetails(await as('PATCH', `${path}/remove-card`, {}), [{ path: 'cardId', message: 'Card ID is required' }]);
    const removed = await as<FinancialRecordResponse>('PATCH', `${path}/remove-card`, { cardId: extra!.id });
    expect(removed.body.additionalCards).toEqual([]);
    expectError(
      await as('PATCH', `${path}/remove-card`, { cardId: extra!.id }),
      404,
      'NOT_FOUND',
      'Additional card not found',
    );
    expectError(
      await as('PATCH', `/api/financial-records/credit-cards/${MISSING.card}/remove-card`, { cardId: extra!.id }),
      404,
      'NOT_FOUND',
      'Credit card not found',
    );
    expectDetails(
      await as('PATCH', `/api/financial-records/credit-cards/${MISSING.record}/remove-card`, { cardId: 'x' }),
      [{ path: 'creditCardId', message: 'Invalid credit card id' }],
    );
  });
});

describe('another organization’s records', () => {
  it('answers 404 on every route, exactly as for a missing record, and changes nothing', async () => {
    const person = { personId: home.personIds[0] };
    const card = { description: 'x', firstFourDigits: '1234', lastFourDigits: '5678' };
    const routes: [string, string, unknown, string][] = [
      ['GET', `/api/financial-records/${south.bank.id}`, undefined, 'Financial record not found'],
      ['PATCH', `/api/financial-records/${south.bank.id}`, { nickname: 'x' }, 'Financial record not found'],
      ['PATCH', `/api/financial-records/${south.bank.id}/rename`, { nickname: 'x' }, 'Financial record not found'],
      ['DELETE', `/api/financial-records/${south.bank.id}/soft-delete`, undefined, 'Financial record not found'],
      [
        'PATCH',
        `/api/financial-records/${south.card.id}/add-owner`,
        { ownerId: home.personIds[0] },
        'Financial record not found',
      ],
      [
        'PATCH',
        `/api/financial-records/${south.bank.id}/remove-owner`,
        { ownerId: south.bank.owners[0]!.entityId },
        'Financial record not found',
      ],
      ['PATCH', `/api/financial-records/${south.loan.id}/add-borrower`, person, 'Financial record not found'],
      ['PATCH', `/api/financial-records/${south.loan.id}/remove-borrower`, person, 'Financial record not found'],
      ['PATCH', `/api/financial-records/${south.loan.id}/add-cosigner`, person, 'Financial record not found'],
      ['PATCH', `/api/financial-records/${south.loan.id}/remove-cosigner`, person, 'Financial record not found'],
      [
        'PATCH',
        `/api/financial-records/investment-accounts/${south.investment.id}/owners/add`,
        { ownerId: home.personIds[0] },
        'Investment account not found',
      ],
      [
        'PATCH',
        `/api/financial-records/investment-accounts/${south.investment.id}/owners/remove`,
        { ownerId: south.investment.owners[0]!.entityId },
        'Investment account not found',
      ],
      ['PATCH', `/api/financial-records/bank-accounts/${south.bank.id}/add-owner`, person, 'Bank account not found'],
      [
        'PATCH',
        `/api/financial-records/bank-accounts/${south.bank.id}/remove-owner`,
        { entityId: south.bank.owners[0]!.entityId },
        'Bank account not found',
      ],
      [
        'PATCH',
        `/api/financial-records/credit-cards/${south.card.id}/add-additional-card`,
        card,
        'Credit card not found',
      ],
      [
        'PATCH',
        `/api/financial-records/credit-cards/${south.card.id}/edit-card`,
        { ...card, cardId: 'additional_card-AAAAAAAAAAAAAAAAAAAAA' },
        'Credit card not found',
      ],
      [
        'PATCH',
        `/api/financial-records/credit-cards/${south.card.id}/remove-card`,
        { cardId: 'additional_card-AAAAAAAAAAAAAAAAAAAAA' },
        'Credit card not found',
      ],
      [
        'PATCH',
        `/api/financial-records/real-estate-properties/${south.house.id}/add-owner`,
        person,
        'Real estate property not found',
      ],
      [
        'PATCH',
        `/api/financial-records/real-estate-properties/${south.house.id}/remove-owner`,
        { personId: south.house.owners[0]!.entityId },
        'Real estate property not found',
      ],
    ];
    for (const [method, path, body, message] of routes) {
      const foreign = await as(method, path, body);
      expect({ route: `${method} ${path}`, status: foreign.status, message: foreign.body.message }).toEqual({
        route: `${method} ${path}`,
        status: 404,
        message,
      });
      const missingPath = path.replace(/([a-z_]+)-[A-Za-z0-9_-]{21}/, '$1-AAAAAAAAAAAAAAAAAAAAA');
      const missing = await as(method, missingPath, body);
      expect({ ...foreign.body, requestId: 0 }).toEqual({ ...missing.body, requestId: 0 });
    }
    const untouched = await prisma.financialRecord.findUniqueOrThrow({ where: { id: south.bank.id } });
    expect(untouched).toMatchObject({ nickname: null, deletedAt: null });
    expect(await prisma.financialRecordOwner.count({ where: { financialRecordId: south.bank.id } })).toBe(1);
  });
});

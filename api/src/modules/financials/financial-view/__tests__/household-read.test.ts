import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import {
  EntityType,
  FINANCIAL_RECORD_ID_TYPE,
  newId,
  type FinancialRecordResponse,
  type FinancialRecordType,
  type FinancialView,
} from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  setFxRate,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';

// A household's records are read by a few set-based statements (household-read.ts), a single
// record through Prisma. Both must answer each record alike, field for field: here every type
// with every field set and with none, owners of each kind, borrowers, cosigners, additional
// cards, securing assets and a connection, written straight to the database.

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let home: FinancialHousehold;
let as: ReturnType<typeof apiAs>;
const expectedIds: string[] = [];
let hiddenIds: string[] = [];

/** Writes a record and its type row; returns its id. */
async function writeRecord(
  householdId: string,
  type: FinancialRecordType,
  own: Record<string, unknown>,
  base: Record<string, unknown> = {},
  organizationId = north.organizationId,
): Promise<string> {
  const id = newId(FINANCIAL_RECORD_ID_TYPE[type]);
  await prisma.financialRecord.create({ data: { id, organizationId, householdId, type, ...base } });
  const delegate = {
    BANK_ACCOUNT: prisma.bankAccount,
    COMPANY_EQUITY: prisma.companyEquity,
    CREDIT_CARD: prisma.creditCard,
    DEFINED_BENEFIT_PENSION: prisma.definedBenefitPension,
    INSURANCE_POLICY: prisma.insurancePolicy,
    INVESTMENT_ACCOUNT: prisma.investmentAccount,
    LINE_OF_CREDIT: prisma.lineOfCredit,
    LOAN: prisma.loan,
    MORTGAGE: prisma.mortgage,
    PRIVATE_INVESTMENT: prisma.privateInvestment,
    REAL_ASSET: prisma.realAsset,
    REAL_ESTATE_PROPERTY: prisma.realEstateProperty,
  }[type] as unknown as { create(args: { data: Record<string, unknown> }): Promise<unknown> };
  await delegate.create({ data: { id, organizationId, ...own } });
  return id;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  home = await createFinancialHousehold(prisma, north);
  const token = await login(api.baseUrl, north.email, north.password);
  as = apiAs(api.baseUrl, token);
  const { organizationId, householdId, personIds, corporationId, trustId, foundationId } = home;
  await setFxRate(prisma, organizationId, { date: '2024-01-01', base: 'USD', quote: 'CAD', rate: '1.3712' });
  await setFxRate(prisma, organizationId, { date: '2024-01-01', base: 'EUR', quote: 'CAD', rate: '1.4821' });
  await setFxRate(prisma, organizationId, { date: '2024-01-01', base: 'EUR', quote: 'USD', rate: '1.0809' });
  const connectionId = newId(EntityType.connection);
  await prisma.connection.create({
    data: {
      id: connectionId,
      organizationId,
      service: 'PLAID',
      status: 'SUCCESS',
      ownerHouseholdId: householdId,
      lastSyncedAt: at('2026-01-02T03:04:05.678Z'),
      needsReauthSince: at('2026-01-03T00:00:00.000Z'),
    },
  });
  const write = async (...args: Parameters<typeof writeRecord>) => {
    const id = await writeRecord(...args);
    expectedIds.push(id);
    return id;
  };
  const big = '987654321098.12345678';

  const house = await write(householdId, 'REAL_ESTATE_PROPERTY', {
    propertyKind: 'RESIDENTIAL',
    line1: '1 Rue Saint-Paul',
    line2: 'Unit 2',
    city: 'Montréal',
    province: 'QC',
    postalCode: 'H2Y 1G7',
    countryName: 'Canada',
    marketValue: big,
    marketValueCurrency: 'CAD',
    purchasePrice: '450000.5',
    purchasePriceCurrency: 'USD',
    purchaseDate: day('2015-06-30'),
    isPrimaryResidence: true,
  });
  await write(householdId, 'REAL_ESTATE_PROPERTY', { propertyKind: 'LAND' });
  const bank = await write(
    householdId,
    'BANK_ACCOUNT',
    { bankAccountType: 'CHECKING', balance: '-12.00000001', balanceCurrency: 'EUR', interestRatePercent: '1.234567' },
    {
      nickname: 'Everyday',
      name: 'Chequing at the bank',
      connectionType: 'MANAGED',
      connectionId,
      isJoint: true,
      asOfDate: day('2026-01-02'),
    },
  );
  await write(householdId, 'BANK_ACCOUNT', { bankAccountType: 'SAVINGS' });
  await write(householdId, 'INVESTMENT_ACCOUNT', {
    accountType: 'RRSP',
    taxStatus: 'TAX_DEFERRED',
    jurisdiction: 'CA',
    marketValue: '0.00000001',
    marketValueCurrency: 'USD',
    costBasis: '100',
    costBasisCurrency: 'USD',
  });
  await write(householdId, 'INVESTMENT_ACCOUNT', { accountType: 'ROTH_IRA' }, { nickname: 'roth' });
  await write(householdId, 'INVESTMENT_ACCOUNT', { accountType: 'TFSA' }, { nickname: 'Roth' });
  const card = await write(householdId, 'CREDIT_CARD', {
    balance: '1234.56',
    balanceCurrency: 'CAD',
    creditLimit: '10000',
    creditLimitCurrency: 'CAD',
    interestRatePercent: '19.99',
    lastFourDigits: '4242',
    securedByRecordId: bank,
    securedByRecordType: 'BANK_ACCOUNT',
    securedType: 'DEPOSIT',
  });
  await write(householdId, 'CREDIT_CARD', {});
  await write(householdId, 'LINE_OF_CREDIT', {
    balance: '5000',
    balanceCurrency: 'USD',
    creditLimit: '25000',
    creditLimitCurrency: 'USD',
    interestRatePercent: '7.5',
    securedByRecordId: house,
    securedByRecordType: 'REAL_ESTATE_PROPERTY',
    securedType: 'HELOC',
  });
  await write(householdId, 'LINE_OF_CREDIT', {});
  const car = await write(householdId, 'REAL_ASSET', {
    assetType: 'CAR',
    description: 'Blue hatchback',
    value: '18000',
    valueCurrency: 'CAD',
    purchasePrice: '32000',
    purchasePriceCurrency: 'CAD',
    purchaseDate: day('2021-05-01'),
  });
  const loan = await write(householdId, 'LOAN', {
    securedByRecordId: car,
    securedByRecordType: 'REAL_ASSET',
    securedType: 'AUTO',
    originalAmount: '30000',
    originalAmountCurrency: 'CAD',
    balance: '12345.6789',
    balanceCurrency: 'CAD',
    interestRatePercent: '6.49',
    paymentAmount: '512.34',
    paymentAmountCurrency: 'CAD',
    paymentFrequency: 'MONTHLY',
    startDate: day('2022-02-28'),
    maturityDate: day('2029-02-28'),
  });
  await write(householdId, 'LOAN', {});
  const mortgage = await write(householdId, 'MORTGAGE', {
    propertyId: house,
    propertyRecordType: 'REAL_ESTATE_PROPERTY',
    originalAmount: '400000',
    originalAmountCurrency: 'CAD',
    balance: '350000.25',
    balanceCurrency: 'CAD',
    interestRatePercent: '4.89',
    paymentAmount: '2100',
    paymentAmountCurrency: 'CAD',
    paymentFrequency: 'BI_WEEKLY',
    termStartDate: day('2024-01-01'),
    termEndDate: day('2029-01-01'),
    amortizationMonths: 300,
  });
  await write(householdId, 'MORTGAGE', {});
  await write(householdId, 'REAL_ASSET', { assetType: 'COLLECTIBLES' });
  await write(householdId, 'INSURANCE_POLICY', {
    insuredPersonId: personIds[0],
    policyType: 'WHOLE_LIFE',
    insurer: 'Maple Life',
    policyNumber: 'ML-1',
    issueDate: day('2010-10-10'),
    faceAmount: '500000',
    faceAmountCurrency: 'CAD',
    premium: '120.5',
    premiumCurrency: 'CAD',
    premiumFrequency: 'MONTHLY',
    cashValue: '25000.75',
    cashValueCurrency: 'CAD',
  });
  await write(householdId, 'INSURANCE_POLICY', {});
  const pension = await write(householdId, 'DEFINED_BENEFIT_PENSION', {
    formulaType: 'FINAL_AVERAGE_EARNINGS',
    planName: 'Teachers',
    employerName: 'School board',
    serviceStartDate: day('2000-09-01'),
    serviceEndDate: day('2030-06-30'),
    fullRetirementDate: day('2031-01-01'),
    retirementDate: day('2030-07-01'),
    averageSalary: '80000',
    averageSalaryCurrency: 'CAD',
    finalAverageSalary: '95000',
    finalAverageSalaryCurrency: 'CAD',
    accrualRatePercent: '2',
    amountPerYear: '1000',
    amountPerYearCurrency: 'CAD',
    perYearAmountCap: '3000',
    perYearAmountCapCurrency: 'CAD',
    accruedAmountCap: '70000',
    accruedAmountCapCurrency: 'CAD',
    yearsOfServiceCap: '35',
    earlyRetirementPenaltyPercentPerYear: '3',
    earlyRetirementPenaltyCapPercent: '30',
    expectedYearsInRetirement: '25.5',
    discountRatePercent: '4.25',
  });
  await write(householdId, 'DEFINED_BENEFIT_PENSION', { formulaType: 'OTHER', serviceStartDate: day('2020-01-01') });
  await write(householdId, 'PRIVATE_INVESTMENT', {
    investmentName: 'Seed round',
    investmentDate: day('2019-03-15'),
    investedAmount: '10000',
    investedAmountCurrency: 'USD',
    currentValue: '25000',
    currentValueCurrency: 'USD',
    ownershipPercent: '1.5',
  });
  await write(householdId, 'PRIVATE_INVESTMENT', {});
  await write(householdId, 'COMPANY_EQUITY', {
    companyName: 'Maple Tech',
    securityType: 'PREFERRED_STOCK',
    quantity: '1234567890123456.12345678',
    pricePerShare: '12.5',
    pricePerShareCurrency: 'EUR',
    grantDate: day('2018-01-01'),
  });
  await write(householdId, 'COMPANY_EQUITY', {
    companyName: 'Other Co',
    securityType: 'SAFE',
    currentValue: '42',
    currentValueCurrency: 'USD',
  });

  // Owners of every kind, two of them at the same instant (then ordered by id).
  const owner = (financialRecordId: string, recordType: FinancialRecordType, kind: string, createdAt: string) => {
    const column = { Person: 'personId', Corporation: 'corporationId', Trust: 'trustId', Foundation: 'foundationId' }[
      kind
    ]!;
    const entity = { Person: personIds[1], Corporation: corporationId, Trust: trustId, Foundation: foundationId }[kind];
    return {
      id: newId(EntityType.accountOwner),
      organizationId,
      financialRecordId,
      recordType,
      ownerKind: kind as 'Person',
      [column]: entity,
      createdAt: at(createdAt),
    };
  };
  await prisma.financialRecordOwner.createMany({
    data: [
      owner(bank, 'BANK_ACCOUNT', 'Foundation', '2026-01-01T00:00:03Z'),
      owner(bank, 'BANK_ACCOUNT', 'Trust', '2026-01-01T00:00:01Z'),
      owner(bank, 'BANK_ACCOUNT', 'Corporation', '2026-01-01T00:00:02Z'),
      owner(bank, 'BANK_ACCOUNT', 'Person', '2026-01-01T00:00:02Z'),
      owner(pension, 'DEFINED_BENEFIT_PENSION', 'Person', '2026-01-01T00:00:00Z'),
      { ...owner(card, 'CREDIT_CARD', 'Person', '2026-01-01T00:00:00Z'), personId: personIds[0] },
    ],
  });
  await prisma.liabilityParty.createMany({
    data: [
      { personId: personIds[1], role: 'COSIGNER' as const, createdAt: at('2026-01-01T00:00:01Z') },
      { personId: personIds[0], role: 'BORROWER' as const, createdAt: at('2026-01-01T00:00:02Z') },
    ].map((party) => ({ ...party, organizationId, financialRecordId: loan, recordType: 'LOAN' as const })),
  });
  // The borrower added first has the larger id.
  await prisma.liabilityParty.createMany({
    data: [...personIds].sort().map((personId, index) => ({
      organizationId,
      financialRecordId: mortgage,
      recordType: 'MORTGAGE' as const,
      personId,
      role: 'BORROWER' as const,
      createdAt: at(`2026-01-0${2 - index}T00:00:00Z`),
    })),
  });
  // The card added first has the larger id, so creation order and id order differ.
  const [smallerId, largerId] = [newId(EntityType.additionalCard), newId(EntityType.additionalCard)].sort() as [
    string,
    string,
  ];
  await prisma.additionalCard.createMany({
    data: [
      { id: smallerId, description: 'Second', lastFourDigits: '0002', createdAt: at('2026-01-02T00:00:00Z') },
      { id: largerId, description: 'First', lastFourDigits: '0001', createdAt: at('2026-01-01T00:00:00Z') },
    ].map((extra) => ({ ...extra, organizationId, creditCardId: card, firstFourDigits: '4444' })),
  });

  // What the household's read must leave out: a soft-deleted record, another household's and
  // another organization's.
  const gone = await writeRecord(
    householdId,
    'BANK_ACCOUNT',
    { bankAccountType: 'CHECKING' },
    { deletedAt: new Date() },
  );
  const other = await createFinancialHousehold(prisma, north, 'Other household');
  const elsewhere = await writeRecord(other.householdId, 'BANK_ACCOUNT', { bankAccountType: 'CHECKING' });
  const south = await createOrganization(prisma, { name: 'South Wealth' });
  const southHome = await createFinancialHousehold(prisma, south);
  const foreign = await writeRecord(
    southHome.householdId,
    'BANK_ACCOUNT',
    { bankAccountType: 'CHECKING' },
    {},
    south.organizationId,
  );
  hiddenIds = [gone, elsewhere, foreign];
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

/** The record as read alone, through Prisma. */
async function single(id: string, currency?: string) {
  const response = await as<FinancialRecordResponse>(
    'GET',
    `/api/financial-records/${id}${currency ? `?currency=${currency}` : ''}`,
  );
  expect(response.status).toBe(200);
  return response.body;
}

describe('the household read', () => {
  it.each(['CAD', 'USD', 'EUR'])('answers each record as it is read alone, in %s', async (currency) => {
    const view = await as<FinancialView>('GET', `/api/get-financial-view/${home.householdId}?currency=${currency}`);
    expect(view.status).toBe(200);
    expect(view.body.records.map((record) => record.id).sort()).toEqual([...expectedIds].sort());
    for (const record of view.body.records) expect(record).toEqual(await single(record.id, currency));
  });

  it('answers the household page’s records, without a currency, as each is read alone', async () => {
    const household = await as<{ financialRecords: FinancialRecordResponse[] }>(
      'GET',
      `/api/households/${home.householdId}`,
    );
    expect(household.status).toBe(200);
    expect(household.body.financialRecords.map((record) => record.id).sort()).toEqual([...expectedIds].sort());
    for (const record of household.body.financialRecords) expect(record).toEqual(await single(record.id));
  });

  it('leaves out soft-deleted records and other households’ and organizations’ records', async () => {
    const view = await as<FinancialView>('GET', `/api/get-financial-view/${home.householdId}`);
    const ids = view.body.records.map((record) => record.id);
    for (const id of hiddenIds) expect(ids).not.toContain(id);
  });

  it('lists the household’s parties by kind, then name', async () => {
    const view = await as<FinancialView>('GET', `/api/get-financial-view/${home.householdId}`);
    expect(view.body.parties).toEqual([
      { id: home.personIds[0], kind: 'Person', name: 'Amélie Tremblay' },
      { id: home.personIds[1], kind: 'Person', name: 'Louis Tremblay' },
      { id: home.corporationId, kind: 'Corporation', name: 'Tremblay Holdings Inc.' },
      { id: home.trustId, kind: 'Trust', name: 'Tremblay Family Trust' },
      { id: home.foundationId, kind: 'Foundation', name: 'Tremblay Foundation' },
    ]);
  });

  it('answers 404 for another organization’s household', async () => {
    const south = await createOrganization(prisma, { name: 'Far Wealth' });
    const farHome = await createFinancialHousehold(prisma, south);
    const response = await as('GET', `/api/get-financial-view/${farHome.householdId}`);
    expect(response.status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { FinancialRecordResponse } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  apiAs,
  createFinancialHousehold,
  createRecord,
  setFxRate,
  type FinancialHousehold,
} from '#test/support/financial-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let home: FinancialHousehold;
let as: ReturnType<typeof apiAs>;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth' });
  home = await createFinancialHousehold(prisma, north);
  const token = await login(api.baseUrl, north.email, north.password);
  as = apiAs(api.baseUrl, token);
  const create = (body: Record<string, unknown>) =>
    createRecord(api.baseUrl, token, { householdId: home.householdId, ...body });
  await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'RRSP', marketValue: { value: 1000, currency: 'CAD' } });
  await create({ type: 'INVESTMENT_ACCOUNT', accountType: 'TFSA', marketValue: { value: 100, currency: 'USD' } });
  const gone = await create({ type: 'LOAN', balance: { value: 5, currency: 'CAD' } });
  await as('DELETE', `/api/financial-records/${gone.id}/soft-delete`);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('GET /api/households/{householdId} with the financial records', () => {
  it('includes the household’s records in display order, in their own currency', async () => {
    const response = await as<{ financialRecords: FinancialRecordResponse[] }>(
      'GET',
      `/api/households/${home.householdId}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.financialRecords.map((record) => [record.label, record.value, record.converted])).toEqual([
      ['🇨🇦 TFSA', { value: '100', currency: 'USD' }, undefined],
      ['🇨🇦 RRSP', { value: '1000', currency: 'CAD' }, undefined],
    ]);
  });

  it('converts each record to the requested currency, with the spec’s error when a rate is missing', async () => {
    const missing = await as('GET', `/api/households/${home.householdId}?currency=CAD&withPermissions=true`);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'ERR_INVALID_PROPS', message: 'Currency rates not set' });
    await setFxRate(prisma, north.organizationId, { date: '2024-01-01', base: 'USD', quote: 'CAD', rate: '1.4' });
    const response = await as<{ financialRecords: FinancialRecordResponse[]; permissions: unknown }>(
      'GET',
      `/api/households/${home.householdId}?currency=CAD&withPermissions=true`,
    );
    expect(response.body.financialRecords.map((record) => record.converted)).toEqual([
      { value: '140', currency: 'CAD' },
      { value: '1000', currency: 'CAD' },
    ]);
    expect(response.body.permissions).toBeDefined();
  });
});

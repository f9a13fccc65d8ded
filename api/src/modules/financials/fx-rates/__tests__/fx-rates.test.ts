import { permissionRefusal, USER_ROLE_LABELS } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { FxRateResponse } from '@meridian/domain';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { apiAs } from '#test/support/financial-factories.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let asAdmin: ReturnType<typeof apiAs>;
let asAdvisor: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North Wealth', role: 'ADMIN' });
  asAdmin = apiAs(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const advisor = await createOrganization(prisma, { name: 'Advisors Only', role: 'ADVISOR' });
  asAdvisor = apiAs(api.baseUrl, await login(api.baseUrl, advisor.email, advisor.password));
  const south = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  asSouth = apiAs(api.baseUrl, await login(api.baseUrl, south.email, south.password));
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

describe('PUT /api/fx-rates', () => {
  it('sets the rate of a pair on a day, replaces it on a second call, and audits both', async () => {
    const created = await asAdmin<FxRateResponse>('PUT', '/api/fx-rates', {
      date: '2024-06-01',
      base: 'USD',
      quote: 'CAD',
      rate: 1.3579,
      source: 'Bank of Canada',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^fx_rate-/),
      date: '2024-06-01',
      base: 'USD',
      quote: 'CAD',
      rate: '1.3579',
      source: 'Bank of Canada',
    });
    const replaced = await asAdmin<FxRateResponse>('PUT', '/api/fx-rates', {
      date: '2024-06-01',
      base: 'USD',
      quote: 'CAD',
      rate: '1.360000000001',
    });
    expect(replaced.body).toEqual({ ...created.body, rate: '1.360000000001', source: null });
    const audit = await asAdmin<{ items: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      `/api/audit-logs?entityId=${created.body.id}`,
    );
    expect(audit.body.items).toMatchObject([
      { action: 'UPDATE', before: { rate: '1.3579' }, after: { rate: '1.360000000001' } },
      { action: 'CREATE', before: null, after: { rate: '1.3579' } },
    ]);
  });

  it('reports every missing or wrong field', async () => {
    const empty = await asAdmin('PUT', '/api/fx-rates', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'date', message: 'Date is required' },
        { path: 'base', message: 'Base currency is required' },
        { path: 'quote', message: 'Quote currency is required' },
        { path: 'rate', message: 'Rate is required' },
      ],
    });
    const wrong = await asAdmin('PUT', '/api/fx-rates', { date: '2024-13-01', base: 'usd', quote: 'XYZ', rate: 0 });
    expect(wrong.body).toMatchObject({
      details: [
        { path: 'date', message: 'Date must be a date (YYYY-MM-DD)' },
        { path: 'base', message: 'Currency is not valid' },
        { path: 'quote', message: 'Currency is not valid' },
        { path: 'rate', message: 'Rate must be a positive number with at most 12 decimals' },
      ],
    });
    for (const rate of [-1.2, '1.0000000000001', 'abc']) {
      const response = await asAdmin('PUT', '/api/fx-rates', { date: '2024-01-01', base: 'USD', quote: 'CAD', rate });
      expect(response.body).toMatchObject({
        details: [{ path: 'rate', message: 'Rate must be a positive number with at most 12 decimals' }],
      });
    }
    const same = await asAdmin('PUT', '/api/fx-rates', { date: '2024-01-01', base: 'CAD', quote: 'CAD', rate: 1 });
    expect(same.body).toMatchObject({ details: [{ path: 'quote', message: 'Base and quote currencies must differ' }] });
  });

  it('is for administrators only', async () => {
    const response = await asAdvisor('PUT', '/api/fx-rates', {
      date: '2024-01-01',
      base: 'USD',
      quote: 'CAD',
      rate: 1.3,
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'FORBIDDEN',
      message: permissionRefusal('FX_MANAGE', USER_ROLE_LABELS.ADVISOR),
    });
  });
});

describe('GET /api/fx-rates', () => {
  it("lists the organization's rates newest first, by base or quote, never another organization's", async () => {
    await asAdmin('PUT', '/api/fx-rates', { date: '2024-07-01', base: 'EUR', quote: 'CAD', rate: '1.48' });
    await asSouth('PUT', '/api/fx-rates', { date: '2024-08-01', base: 'USD', quote: 'CAD', rate: '9' });
    const all = await asAdmin<FxRateResponse[]>('GET', '/api/fx-rates');
    expect(all.body.map((rate) => [rate.date, rate.base, rate.quote, rate.rate])).toEqual([
      ['2024-07-01', 'EUR', 'CAD', '1.48'],
      ['2024-06-01', 'USD', 'CAD', '1.360000000001'],
    ]);
    const usd = await asAdmin<FxRateResponse[]>('GET', '/api/fx-rates?base=USD');
    expect(usd.body.map((rate) => rate.base)).toEqual(['USD']);
    const bad = await asAdmin('GET', '/api/fx-rates?quote=cad');
    expect(bad.body).toMatchObject({ details: [{ path: 'quote', message: 'Currency is not valid' }] });
  });
});

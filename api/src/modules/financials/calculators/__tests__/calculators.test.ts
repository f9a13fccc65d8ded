import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '#test/support/http.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from '#test/support/app.js';

let api: TestApi;
let token: string;
const get = (path: string) => call(api.baseUrl, 'GET', path, { token });

beforeAll(async () => {
  api = await startTestApi();
  token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(() => api?.close());

describe('GET /api/calculators/registered-limits', () => {
  it('gives every limit of a year', async () => {
    const response = await get('/api/calculators/registered-limits?year=2025');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      year: 2025,
      tfsa: 7000,
      rrsp: { dollarLimit: 32490, earnedIncomePercent: 18 },
      fhsa: { annual: 8000, lifetime: 40000 },
      dpsp: 22750,
      resp: {
        grantRate: 20,
        maxGrantPerYear: 500,
        lifetimeGrantMax: 7200,
        maxContributionPerBeneficiary: 50000,
        taxPenaltyRate: 20,
      },
    });
    expect((await get('/api/calculators/registered-limits?year=2015')).body).toMatchObject({
      tfsa: 10000,
      rrsp: { dollarLimit: 24930 },
    });
    expect((await get('/api/calculators/registered-limits?year=2022')).body).toMatchObject({ fhsa: { annual: 0 } });
  });

  it('validates the year', async () => {
    const response = await get('/api/calculators/registered-limits?year=abc');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'year', message: 'Year must be a number' }],
    });
  });
});

describe('GET /api/calculators/withdrawal-rate', () => {
  it.each([
    ['RRIF', 65, 'MINIMUM', 4],
    ['RRIF', 70, 'MINIMUM', 5],
    ['PRIF', 95, 'MINIMUM', 20],
    ['LIF', 70, 'MAXIMUM', 6.61],
    ['LRIF', 89, 'MAXIMUM', 100],
  ])('%s at %i is a %s of %d%%', async (type, age, kind, ratePercent) => {
    const response = await get(`/api/calculators/withdrawal-rate?type=${type}&age=${age}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ type, age, kind, ratePercent });
  });

  it('says the range for an age outside the table', async () => {
    const rrif = await get('/api/calculators/withdrawal-rate?type=RRIF&age=96');
    expect(rrif.status).toBe(400);
    expect(rrif.body).toMatchObject({ details: [{ path: 'age', message: 'Age must be between 20 and 95 for RRIF' }] });
    const lif = await get('/api/calculators/withdrawal-rate?type=LIF&age=49');
    expect(lif.body).toMatchObject({ details: [{ path: 'age', message: 'Age must be between 50 and 89 for LIF' }] });
    const type = await get('/api/calculators/withdrawal-rate?type=TFSA&age=60');
    expect(type.body).toMatchObject({
      details: [{ path: 'type', message: 'Type must be one of RRIF, PRIF, LIF, LRIF' }],
    });
  });
});

describe('POST /api/calculators/pension', () => {
  const base = {
    serviceStartDate: '2000-01-01',
    serviceEndDate: '2025-01-01',
    expectedYearsInRetirement: 20,
  };

  it('computes a flat benefit and its commuted value', async () => {
    const response = await call(api.baseUrl, 'POST', '/api/calculators/pension', {
      token,
      body: { ...base, benefitFormulaType: 'FLAT_BENEFIT', amountPerYear: 1200 },
    });
    expect(response.status).toBe(200);
    // 25.0 years x 1,200 = 30,000 a year; 20 years discounted at 4%: 30,000 x (1 - 1.04^-20) / 0.04.
    expect(response.body).toEqual({
      yearsOfService: '25.0',
      accruedAnnualBenefit: '30000.00',
      earlyRetirementReduction: '0.00',
      annualPayout: '30000.00',
      commutedValue: '407709.79',
    });
  });

  it('refuses OTHER and unknown formula types with the spec messages', async () => {
    const other = await call(api.baseUrl, 'POST', '/api/calculators/pension', {
      token,
      body: { ...base, benefitFormulaType: 'OTHER' },
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ message: 'Cannot calculate payout for OTHER benefit formula type' });
    const unknown = await call(api.baseUrl, 'POST', '/api/calculators/pension', {
      token,
      body: { ...base, benefitFormulaType: 'MAGIC' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Unknown benefit formula type' });
  });
});

describe('GET /api/calculators/contribution-room', () => {
  it('sums TFSA room from the year one turns 18 (not before 2009)', async () => {
    const response = await get('/api/calculators/contribution-room?account=TFSA&birthYear=1990&year=2024');
    expect(response.body).toEqual({ account: 'TFSA', year: 2024, room: '95000.00' });
  });

  it('gives 18% of earned income capped by the RRSP dollar limit', async () => {
    expect(
      (await get('/api/calculators/contribution-room?account=RRSP&year=2025&previousYearEarnedIncome=100000')).body,
    ).toEqual({
      account: 'RRSP',
      year: 2025,
      room: '18000.00',
    });
    expect(
      (await get('/api/calculators/contribution-room?account=RRSP&year=2025&previousYearEarnedIncome=500000')).body,
    ).toMatchObject({
      room: '32490.00',
    });
  });

  it('asks for a known account', async () => {
    const response = await get('/api/calculators/contribution-room?account=RESP&year=2025');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ details: [{ message: 'Account must be TFSA or RRSP' }] });
  });
});

describe('GET /api/calculators/account-rules', () => {
  it('gives the rules of a Canadian registered account', async () => {
    const response = await get('/api/calculators/account-rules?type=RRSP');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      type: 'RRSP',
      label: '🇨🇦 RRSP',
      ownerKinds: ['Person'],
      jointAllowed: true,
      creatable: { joint: 'OPTIONAL', jurisdiction: 'NEVER', taxStatus: 'NEVER' },
      taxStatus: 'TAX_DEFERRED',
      jurisdiction: 'CA',
      convertsAt71To: 'RRIF',
      minimumAge: null,
      minimumDistributionFromAge: null,
    });
  });

  it('knows never-joint, US and minimum-age rules', async () => {
    expect((await get('/api/calculators/account-rules?type=FHSA')).body).toMatchObject({
      jointAllowed: false,
      creatable: { joint: 'NEVER' },
      taxStatus: 'DEDUCTIBLE_FREE',
    });
    expect((await get('/api/calculators/account-rules?type=ROTH_IRA')).body).toMatchObject({
      jurisdiction: 'US',
      taxStatus: 'TAX_EXEMPT',
    });
    expect((await get('/api/calculators/account-rules?type=LIRA')).body).toMatchObject({ convertsAt71To: 'LIF' });
    expect((await get('/api/calculators/account-rules?type=RRIF')).body).toMatchObject({
      minimumAge: 20,
      minimumDistributionFromAge: 71,
    });
    expect((await get('/api/calculators/account-rules?type=CASH')).body).toMatchObject({
      ownerKinds: ['Person', 'Corporation', 'Trust', 'Foundation'],
      creatable: { jurisdiction: 'OPTIONAL', taxStatus: 'OPTIONAL' },
    });
  });

  it('refuses an unknown type', async () => {
    const response = await get('/api/calculators/account-rules?type=PIGGY_BANK');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      details: [{ path: 'type', message: 'Type must be an investment account type' }],
    });
  });
});

describe('chart ranges', () => {
  it('gives the limits of every year of a span', async () => {
    const response = await get('/api/calculators/registered-limits/by-year?from=2009&to=2025');
    expect(response.status).toBe(200);
    const years = response.body as unknown as { year: number; tfsa: number }[];
    expect(years.map((entry) => entry.year)).toEqual(Array.from({ length: 17 }, (_, index) => 2009 + index));
    expect(years.find((entry) => entry.year === 2015)?.tfsa).toBe(10000);
    const backwards = await get('/api/calculators/registered-limits/by-year?from=2025&to=2009');
    expect(backwards.body).toMatchObject({
      details: [{ path: 'to', message: 'The last year must not be before the first' }],
    });
  });

  it('gives a withdrawal table, clipped to its ages', async () => {
    const lif = (await get('/api/calculators/withdrawal-rates?type=LIF')).body as unknown as {
      age: number;
      ratePercent: number;
    }[];
    expect(lif).toHaveLength(40);
    expect(lif[0]).toMatchObject({ age: 50 });
    expect(lif.at(-1)).toMatchObject({ age: 89, ratePercent: 100 });
    const rrif = (await get('/api/calculators/withdrawal-rates?type=RRIF&fromAge=60&toAge=120')).body as unknown as {
      age: number;
    }[];
    expect(rrif.map((entry) => entry.age)).toEqual(Array.from({ length: 36 }, (_, index) => 60 + index));
  });
});

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

describe('GET /api/calculators/us-contribution-limits', () => {
  type Limit = {
    accountType: string;
    limit: string | null;
    parts: { label: string; amount: string }[];
    explanation: string;
  };
  const limits = async (query: string) => {
    const response = await get(`/api/calculators/us-contribution-limits?${query}`);
    expect(response.status).toBe(200);
    return response.body as unknown as Limit[];
  };

  it('gives one type’s limit with its parts and explanation', async () => {
    const [k401] = await limits('year=2026&age=52&accountType=ACCOUNT_401K');
    expect(k401).toEqual({
      accountType: 'ACCOUNT_401K',
      label: '🇺🇸 401(k)',
      year: 2026,
      age: 52,
      limit: '32500.00',
      parts: [
        { label: '2026 401(k) limit', amount: '24500.00' },
        { label: 'age-50 catch-up', amount: '8000.00' },
      ],
      notes: expect.any(Array),
      explanation: '2026 401(k) limit $24,500 + age-50 catch-up $8,000 = $32,500',
    });
  });

  it('gives every US type when none is named, with the 60-63 catch-up, HSA coverage and the Roth phase-out', async () => {
    const all = await limits('year=2025&age=61&hsaCoverage=FAMILY&filingStatus=SINGLE&modifiedAgi=157500');
    const byType = Object.fromEntries(all.map((entry) => [entry.accountType, entry.limit]));
    expect(byType).toMatchObject({
      ACCOUNT_403B: '34750.00',
      SIMPLE_IRA: '21750.00',
      TRADITIONAL_IRA: '8000.00',
      ROTH_IRA: '4000.00',
      SEP_IRA: '70000.00',
      HSA: '9550.00',
      ACCOUNT_529: null,
    });
  });

  it('names the field of a bad query', async () => {
    const early = await get('/api/calculators/us-contribution-limits?year=2022&age=40');
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      details: [{ path: 'year', message: 'US contribution limits are known from 2023' }],
    });
    const canadian = await get('/api/calculators/us-contribution-limits?year=2025&age=40&accountType=RRSP');
    expect(canadian.body).toMatchObject({
      details: [{ path: 'accountType', message: 'Account type must be a US account type' }],
    });
    const income = await get('/api/calculators/us-contribution-limits?year=2025&age=40&modifiedAgi=-5');
    expect(income.body).toMatchObject({ details: [{ path: 'modifiedAgi' }] });
  });
});

describe('GET /api/calculators/us-rmd', () => {
  it('divides the prior year-end balance by the Uniform Lifetime Table divisor', async () => {
    const response = await get('/api/calculators/us-rmd?balance=500000&age=75&birthYear=1950');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      accountType: 'TRADITIONAL_IRA',
      label: '🇺🇸 Traditional IRA',
      year: 2025,
      age: 75,
      birthYear: 1950,
      startingAge: 72,
      required: true,
      divisor: '24.6',
      amount: '20325.20',
      reason: 'Balance divided by the Uniform Lifetime Table divisor 24.6 at age 75',
    });
  });

  it('has none before the starting age or for a Roth IRA', async () => {
    expect(
      (await get('/api/calculators/us-rmd?balance=100000&age=74&birthYear=1960&accountType=SEP_IRA')).body,
    ).toMatchObject({
      required: false,
      startingAge: 75,
      amount: '0.00',
    });
    expect(
      (await get('/api/calculators/us-rmd?balance=100000&age=80&birthYear=1946&accountType=ROTH_IRA')).body,
    ).toMatchObject({
      required: false,
      divisor: null,
    });
  });

  it('refuses a distribution year before the current table', async () => {
    const response = await get('/api/calculators/us-rmd?balance=100000&age=70&birthYear=1950');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      details: [{ path: 'age', message: 'The distribution year (birth year + age) must be 2022 or later' }],
    });
  });
});

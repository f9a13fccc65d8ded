import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../../shared/money/decimal.js';
import type { UsFilingStatus } from '../../../../planning/plans/enums.js';
import {
  describeUsContributionLimit,
  rothIraPhaseOutRange,
  rothIraReducedLimit,
  usAnnualContributionLimit,
  type UsContributionLimitInput,
} from '../index.js';

const statuses: UsFilingStatus[] = [
  'SINGLE',
  'HEAD_OF_HOUSEHOLD',
  'MARRIED_FILING_JOINTLY',
  'MARRIED_FILING_SEPARATELY',
];

function limitOf(input: UsContributionLimitInput): string | null {
  return usAnnualContributionLimit(input).limit?.toString() ?? null;
}

// Each row is the year's figures as published: Notices 2022-55, 2023-75, 2024-80, 2025-67 and
// Rev. Procs. 2022-24, 2023-23, 2024-25, 2025-19.
const PUBLISHED = [
  {
    year: 2023,
    deferral: 22500,
    catchUp: 7500,
    ira: 6500,
    iraCatchUp: 1000,
    simple: 15500,
    simpleCatchUp: 3500,
    sep: 66000,
    hsaSelf: 3850,
    hsaFamily: 7750,
  },
  {
    year: 2024,
    deferral: 23000,
    catchUp: 7500,
    ira: 7000,
    iraCatchUp: 1000,
    simple: 16000,
    simpleCatchUp: 3500,
    sep: 69000,
    hsaSelf: 4150,
    hsaFamily: 8300,
  },
  {
    year: 2025,
    deferral: 23500,
    catchUp: 7500,
    ira: 7000,
    iraCatchUp: 1000,
    simple: 16500,
    simpleCatchUp: 3500,
    sep: 70000,
    hsaSelf: 4300,
    hsaFamily: 8550,
  },
  {
    year: 2026,
    deferral: 24500,
    catchUp: 8000,
    ira: 7500,
    iraCatchUp: 1100,
    simple: 17000,
    simpleCatchUp: 4000,
    sep: 72000,
    hsaSelf: 4400,
    hsaFamily: 8750,
  },
] as const;

describe('US contribution limits by year', () => {
  it.each(PUBLISHED)('$year: the published figures', (row) => {
    const { year } = row;
    for (const accountType of ['ACCOUNT_401K', 'ACCOUNT_403B', 'ACCOUNT_457B', 'ROTH_401K', 'ROTH_403B'] as const) {
      expect(limitOf({ accountType, year, age: 40 })).toBe(String(row.deferral));
      expect(limitOf({ accountType, year, age: 50 })).toBe(String(row.deferral + row.catchUp));
    }
    expect(limitOf({ accountType: 'TRADITIONAL_IRA', year, age: 49 })).toBe(String(row.ira));
    expect(limitOf({ accountType: 'ROTH_IRA', year, age: 50 })).toBe(String(row.ira + row.iraCatchUp));
    expect(limitOf({ accountType: 'SIMPLE_IRA', year, age: 30 })).toBe(String(row.simple));
    expect(limitOf({ accountType: 'SIMPLE_IRA', year, age: 55 })).toBe(String(row.simple + row.simpleCatchUp));
    expect(limitOf({ accountType: 'SEP_IRA', year, age: 45, compensation: 1_000_000 })).toBe(String(row.sep));
    expect(limitOf({ accountType: 'HSA', year, age: 40, hsaCoverage: 'SELF_ONLY' })).toBe(String(row.hsaSelf));
    expect(limitOf({ accountType: 'HSA', year, age: 40, hsaCoverage: 'FAMILY' })).toBe(String(row.hsaFamily));
    expect(limitOf({ accountType: 'HSA', year, age: 55, hsaCoverage: 'FAMILY' })).toBe(String(row.hsaFamily + 1000));
  });

  it('gives the age 60-63 catch-up of $11,250 (SIMPLE $5,250) from 2025 only, and not at 64', () => {
    expect(limitOf({ accountType: 'ACCOUNT_401K', year: 2024, age: 61 })).toBe('30500');
    expect(limitOf({ accountType: 'ACCOUNT_401K', year: 2025, age: 60 })).toBe('34750');
    expect(limitOf({ accountType: 'ACCOUNT_403B', year: 2026, age: 63 })).toBe('35750');
    expect(limitOf({ accountType: 'ACCOUNT_401K', year: 2026, age: 64 })).toBe('32500');
    expect(limitOf({ accountType: 'SIMPLE_IRA', year: 2026, age: 62 })).toBe('22250');
    // IRAs have no 60-63 catch-up.
    expect(limitOf({ accountType: 'TRADITIONAL_IRA', year: 2026, age: 61 })).toBe('8600');
  });

  it('explains a limit in words', () => {
    expect(
      describeUsContributionLimit(usAnnualContributionLimit({ accountType: 'ACCOUNT_401K', year: 2026, age: 52 })),
    ).toBe('2026 401(k) limit $24,500 + age-50 catch-up $8,000 = $32,500');
    expect(
      describeUsContributionLimit(usAnnualContributionLimit({ accountType: 'ACCOUNT_529', year: 2026, age: 10 })),
    ).toBe('529 Plan: no federal annual limit');
  });

  it('uses the last published year for later years and refuses years before 2023', () => {
    expect(limitOf({ accountType: 'ACCOUNT_401K', year: 2031, age: 40 })).toBe('24500');
    expect(() => usAnnualContributionLimit({ accountType: 'ACCOUNT_401K', year: 2022, age: 40 })).toThrow(
      'US contribution limits are known from 2023',
    );
  });

  it('limits a SEP IRA to 25% of compensation, counting at most the compensation limit, or to the dollar limit alone', () => {
    expect(limitOf({ accountType: 'SEP_IRA', year: 2025, age: 45, compensation: 100_000 })).toBe('25000');
    expect(limitOf({ accountType: 'SEP_IRA', year: 2025, age: 45, compensation: '281999.99' })).toBe('70000');
    expect(limitOf({ accountType: 'SEP_IRA', year: 2023, age: 45, compensation: 250_000 })).toBe('62500');
    const withoutCompensation = usAnnualContributionLimit({ accountType: 'SEP_IRA', year: 2025, age: 45 });
    expect(withoutCompensation.limit?.toString()).toBe('70000');
    expect(withoutCompensation.notes).toContain('At most 25% of compensation: give the compensation to apply it');
  });

  it('caps an IRA at compensation', () => {
    expect(limitOf({ accountType: 'TRADITIONAL_IRA', year: 2025, age: 30, compensation: 4000 })).toBe('4000');
    expect(limitOf({ accountType: 'TRADITIONAL_IRA', year: 2025, age: 30, compensation: 0 })).toBe('0');
  });

  it('requires the HSA coverage and refuses non-US account types', () => {
    expect(() => usAnnualContributionLimit({ accountType: 'HSA', year: 2025, age: 40 })).toThrow('HSA coverage');
    expect(() => usAnnualContributionLimit({ accountType: 'RRSP', year: 2025, age: 40 })).toThrow(
      'RRSP is not a US account type',
    );
  });

  it('has no federal limit for a 529 plan or a custodial account; a Coverdell ESA has $2,000 until 18', () => {
    expect(limitOf({ accountType: 'ACCOUNT_529', year: 2025, age: 5 })).toBeNull();
    expect(limitOf({ accountType: 'UTMA', year: 2025, age: 5 })).toBeNull();
    expect(limitOf({ accountType: 'ESA', year: 2025, age: 5 })).toBe('2000');
    expect(limitOf({ accountType: 'ESA', year: 2025, age: 18 })).toBe('0');
    expect(limitOf({ accountType: 'ESA', year: 2025, age: 5, filingStatus: 'SINGLE', modifiedAgi: 102_500 })).toBe(
      '1000',
    );
  });
});

describe('Roth IRA income phase-out', () => {
  it('uses the published ranges by filing status', () => {
    expect(rothIraPhaseOutRange('SINGLE', 2023)).toEqual({ from: 138000, to: 153000 });
    expect(rothIraPhaseOutRange('HEAD_OF_HOUSEHOLD', 2024)).toEqual({ from: 146000, to: 161000 });
    expect(rothIraPhaseOutRange('SINGLE', 2025)).toEqual({ from: 150000, to: 165000 });
    expect(rothIraPhaseOutRange('SINGLE', 2026)).toEqual({ from: 153000, to: 168000 });
    expect(rothIraPhaseOutRange('MARRIED_FILING_JOINTLY', 2023)).toEqual({ from: 218000, to: 228000 });
    expect(rothIraPhaseOutRange('MARRIED_FILING_JOINTLY', 2024)).toEqual({ from: 230000, to: 240000 });
    expect(rothIraPhaseOutRange('MARRIED_FILING_JOINTLY', 2025)).toEqual({ from: 236000, to: 246000 });
    expect(rothIraPhaseOutRange('MARRIED_FILING_JOINTLY', 2026)).toEqual({ from: 242000, to: 252000 });
    expect(rothIraPhaseOutRange('MARRIED_FILING_SEPARATELY', 2026)).toEqual({ from: 0, to: 10000 });
  });

  it('reduces in proportion, rounds up to $10 and keeps at least $200 (Pub. 590-A worksheet)', () => {
    // 7,000 × (165,000 − 157,500) / 15,000 = 3,500.
    expect(rothIraReducedLimit(7000, 157_500, 'SINGLE', 2025).toString()).toBe('3500');
    // 7,000 × (165,000 − 160,001) / 15,000 = 2,332.53… -> 2,340.
    expect(rothIraReducedLimit(7000, 160_001, 'SINGLE', 2025).toString()).toBe('2340');
    // 8,000 × (246,000 − 245,900) / 10,000 = 80 -> the $200 minimum.
    expect(rothIraReducedLimit(8000, 245_900, 'MARRIED_FILING_JOINTLY', 2025).toString()).toBe('200');
    expect(rothIraReducedLimit(7000, 246_000, 'MARRIED_FILING_JOINTLY', 2025).toString()).toBe('0');
    expect(rothIraReducedLimit(7000, 150_000, 'SINGLE', 2025).toString()).toBe('7000');
    // MFS: 7,500 × (10,000 − 5,000) / 10,000 = 3,750.
    expect(rothIraReducedLimit(7500, 5000, 'MARRIED_FILING_SEPARATELY', 2026).toString()).toBe('3750');
  });

  it('phases out the lesser of the limit and compensation', () => {
    // Worksheet 2-2: 4,000 of compensation × (165,000 − 157,500) / 15,000 = 2,000, not 3,500.
    const result = usAnnualContributionLimit({
      accountType: 'ROTH_IRA',
      year: 2025,
      age: 40,
      compensation: 4000,
      filingStatus: 'SINGLE',
      modifiedAgi: 157_500,
    });
    expect(result.limit?.toString()).toBe('2000');
    expect(result.parts.map((part) => part.amount.toString())).toEqual(['7000', '-3000', '-2000']);
    // The $200 floor never lifts the limit above the compensation.
    expect(
      usAnnualContributionLimit({
        accountType: 'ROTH_IRA',
        year: 2025,
        age: 40,
        compensation: 150,
        filingStatus: 'SINGLE',
        modifiedAgi: 164_900,
      }).limit?.toString(),
    ).toBe('150');
  });

  it('shows the reduction as a part of the limit', () => {
    const result = usAnnualContributionLimit({
      accountType: 'ROTH_IRA',
      year: 2026,
      age: 51,
      filingStatus: 'SINGLE',
      modifiedAgi: 160_500,
    });
    // 8,600 × 7,500 / 15,000 = 4,300.
    expect(result.limit?.toString()).toBe('4300');
    expect(describeUsContributionLimit(result)).toBe(
      '2026 IRA limit $7,500 + age-50 catch-up $1,100 − income phase-out (modified AGI $160,500) $4,300 = $4,300',
    );
  });

  it('never gives more than the full limit nor less than zero, and never rises with income', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.integer({ min: 2023, max: 2030 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 400_000 }),
        fc.integer({ min: 0, max: 400_000 }),
        (filingStatus, year, age, incomeA, incomeB) => {
          const full = usAnnualContributionLimit({ accountType: 'ROTH_IRA', year, age }).limit!;
          const at = (modifiedAgi: number) =>
            usAnnualContributionLimit({ accountType: 'ROTH_IRA', year, age, filingStatus, modifiedAgi }).limit!;
          const [low, high] = [Math.min(incomeA, incomeB), Math.max(incomeA, incomeB)];
          expect(at(low).lte(full)).toBe(true);
          expect(at(high).gte(0)).toBe(true);
          expect(at(high).lte(at(low))).toBe(true);
        },
      ),
    );
  });
});

describe('properties of the limits', () => {
  const types = [
    'ACCOUNT_401K',
    'ACCOUNT_403B',
    'ACCOUNT_457B',
    'ROTH_401K',
    'ROTH_403B',
    'TRADITIONAL_IRA',
    'ROTH_IRA',
    'SIMPLE_IRA',
    'SEP_IRA',
    'HSA',
  ] as const;

  it('never decreases with age within a year (outside the 60-63 window closing at 64)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.integer({ min: 2023, max: 2030 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('SELF_ONLY' as const, 'FAMILY' as const),
        (accountType, year, ageA, ageB, hsaCoverage) => {
          const [younger, older] = [Math.min(ageA, ageB), Math.max(ageA, ageB)];
          const at = (age: number) =>
            usAnnualContributionLimit({ accountType, year, age, hsaCoverage, compensation: 500_000 }).limit!;
          // The 60-63 catch-up is larger than the age-50 catch-up and ends at 64 by law; past it the
          // limit is still never below what a 59-year-old may put in.
          const comparable = older >= 64 && younger >= 60 && younger <= 63 ? 59 : younger;
          expect(at(older).gte(at(comparable))).toBe(true);
        },
      ),
    );
  });

  it('is the sum of its parts, never negative, and an IRA never more than compensation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.integer({ min: 2023, max: 2030 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 400_000 }),
        fc.constantFrom(...statuses),
        (accountType, year, age, compensation, modifiedAgi, filingStatus) => {
          const result = usAnnualContributionLimit({
            accountType,
            year,
            age,
            compensation,
            modifiedAgi,
            filingStatus,
            hsaCoverage: 'FAMILY',
          });
          const sum = result.parts.reduce((total, part) => total.plus(part.amount), new Dec(0));
          expect(sum.eq(result.limit!)).toBe(true);
          expect(result.limit!.gte(0)).toBe(true);
          if (accountType === 'TRADITIONAL_IRA' || accountType === 'ROTH_IRA') {
            expect(result.limit!.lte(compensation)).toBe(true);
          }
        },
      ),
    );
  });
});

import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  calculatePension,
  commutedValue,
  earlyRetirementPenaltyPercent,
  formulaBenefit,
  type ParsedPensionInput,
  parsePensionInput,
  type PensionInput,
  yearsOfService,
} from '../index.js';

const base = {
  serviceStartDate: '2000-01-01',
  serviceEndDate: '2025-07-01', // 306 months = 25.5 years
  expectedYearsInRetirement: 20,
};

function career(overrides: Partial<PensionInput> = {}): PensionInput {
  return {
    ...base,
    benefitFormulaType: 'CAREER_AVERAGE_EARNINGS',
    averageSalary: 80000,
    accrualRatePercent: 1.5,
    ...overrides,
  } as PensionInput;
}

function errorOf(run: () => unknown): { code: string; message: string; details: unknown } {
  try {
    run();
  } catch (error) {
    return error as { code: string; message: string; details: unknown };
  }
  throw new Error('expected an error');
}

/** Sum of payout / (1 + r)^k for k = 1..n: the annuity written out year by year. */
function discountedPayments(payout: number, years: number, ratePercent: number): Decimal {
  let total = new Decimal(0);
  for (let k = 1; k <= years; k += 1)
    total = total.plus(new Decimal(payout).div(new Decimal(1 + ratePercent / 100).pow(k)));
  return total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

describe('years of service', () => {
  it('is months elapsed / 12 rounded to one decimal', () => {
    expect(yearsOfService(new Date('2000-01-01'), new Date('2025-07-01')).toFixed()).toBe('25.5');
    // 125 months = 10.4166...
    expect(yearsOfService(new Date('2010-01-01'), new Date('2020-06-01')).toFixed()).toBe('10.4');
    // 127 months = 10.5833...
    expect(yearsOfService(new Date('2010-01-01'), new Date('2020-08-01')).toFixed()).toBe('10.6');
    // 1 month = 0.0833... ; 18 months = 1.5 exactly
    expect(yearsOfService(new Date('2020-01-01'), new Date('2020-02-01')).toFixed()).toBe('0.1');
    expect(yearsOfService(new Date('2020-01-01'), new Date('2021-07-01')).toFixed()).toBe('1.5');
    expect(yearsOfService(new Date('2020-01-01'), new Date('2020-01-31')).toFixed()).toBe('0');
  });

  it('is capped', () => {
    expect(yearsOfService(new Date('1990-01-01'), new Date('2025-07-01'), 35).toFixed()).toBe('35');
    expect(yearsOfService(new Date('2000-01-01'), new Date('2025-07-01'), 35).toFixed()).toBe('25.5');
  });
});

describe('formula benefits', () => {
  const parsed = (input: PensionInput) => parsePensionInput(input);

  it('career average: salary x accrual rate x years, rounded to whole dollars', () => {
    // 80000 x 1.5% x 25.5 = 30600
    expect(formulaBenefit(parsed(career()), '25.5').toFixed()).toBe('30600');
    // 71234.56 x 2% x 10.4 = 14816.78848 -> 14817
    expect(formulaBenefit(parsed(career({ averageSalary: 71234.56, accrualRatePercent: 2 })), '10.4').toFixed()).toBe(
      '14817',
    );
    // 50000 x 1% x 0.1 = 50 ; 12345 x 1% x 0.1 = 12.345 -> 12
    expect(formulaBenefit(parsed(career({ averageSalary: 12345, accrualRatePercent: 1 })), '0.1').toFixed()).toBe('12');
    // half rounds up: 25 x 2% x 1 = 0.5 -> 1
    expect(formulaBenefit(parsed(career({ averageSalary: 25, accrualRatePercent: 2 })), 1).toFixed()).toBe('1');
  });

  it('final average: same with the final salary, the per-year benefit optionally capped', () => {
    const finalAverage = (overrides: object) =>
      parsed({
        ...base,
        benefitFormulaType: 'FINAL_AVERAGE_EARNINGS',
        accrualRatePercent: 2,
        ...overrides,
      } as PensionInput);
    // 120000 x 2% = 2400 a year x 25.5 = 61200
    expect(formulaBenefit(finalAverage({ finalAverageSalary: 120000 }), '25.5').toFixed()).toBe('61200');
    // 200000 x 2% = 4000, capped at 3610 (the 2024 CRA DB limit) x 25.5 = 92055
    expect(formulaBenefit(finalAverage({ finalAverageSalary: 200000, perYearAmountCap: 3610 }), '25.5').toFixed()).toBe(
      '92055',
    );
    // under the cap the cap changes nothing
    expect(formulaBenefit(finalAverage({ finalAverageSalary: 100000, perYearAmountCap: 3610 }), 10).toFixed()).toBe(
      '20000',
    );
  });

  it('flat benefit: amount per year x years, to the cent', () => {
    const flat = parsed({ ...base, benefitFormulaType: 'FLAT_BENEFIT', amountPerYear: 612.35 });
    expect(formulaBenefit(flat, '25.5').toFixed(2)).toBe('15614.93');
  });

  it('refuses OTHER with the spec message', () => {
    const other = parsed({ ...base, benefitFormulaType: 'OTHER' });
    expect(errorOf(() => formulaBenefit(other, 10))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Cannot calculate payout for OTHER benefit formula type',
      details: [{ path: 'benefitFormulaType', message: 'Cannot calculate payout for OTHER benefit formula type' }],
    });
  });

  it('treats a type outside the union as an unhandled case', () => {
    const bogus = { ...parsed(career()), benefitFormulaType: 'HYBRID' } as unknown as ParsedPensionInput;
    expect(errorOf(() => formulaBenefit(bogus, 10))).toMatchObject({
      code: 'UNHANDLED_CASE_ERROR',
      message: 'Unknown benefit formula type',
      details: [{ path: 'benefitFormulaType', message: 'Unknown benefit formula type: HYBRID' }],
    });
  });
});

describe('early retirement penalty', () => {
  const full = new Date('2030-07-01');

  it('is months before full retirement x yearly rate / 12', () => {
    // 30 months early at 6% a year = 15%
    expect(earlyRetirementPenaltyPercent(new Date('2028-01-01'), full, 6).toFixed()).toBe('15');
    // 7 months early at 5% a year = 2.91666...%
    expect(earlyRetirementPenaltyPercent(new Date('2029-12-01'), full, 5).toFixed(6)).toBe('2.916667');
    // a partial month does not count
    expect(earlyRetirementPenaltyPercent(new Date('2030-06-02'), full, 6).toFixed()).toBe('0');
  });

  it('is limited by the cap and by 100', () => {
    expect(earlyRetirementPenaltyPercent(new Date('2020-07-01'), full, 6, 30).toFixed()).toBe('30');
    expect(earlyRetirementPenaltyPercent(new Date('2000-07-01'), full, 6).toFixed()).toBe('100');
  });

  it('is zero on or after the full date or when a date is missing', () => {
    expect(earlyRetirementPenaltyPercent(full, full, 6).toFixed()).toBe('0');
    expect(earlyRetirementPenaltyPercent(new Date('2031-01-01'), full, 6).toFixed()).toBe('0');
    expect(earlyRetirementPenaltyPercent(undefined, full, 6).toFixed()).toBe('0');
    expect(earlyRetirementPenaltyPercent(new Date('2028-01-01'), undefined, 6).toFixed()).toBe('0');
  });
});

describe('commuted value', () => {
  it('is the present value of an ordinary annuity at 4% by default', () => {
    // 30000 x (1 - 1.04^-20) / 0.04 = 30000 x 13.59032634... = 407709.79
    expect(commutedValue(30000, 20).toFixed(2)).toBe('407709.79');
    expect(commutedValue(30000, 20).toFixed(2)).toBe(discountedPayments(30000, 20, 4).toFixed(2));
    // one year: 1000 / 1.04 = 961.538... -> 961.54
    expect(commutedValue(1000, 1).toFixed(2)).toBe('961.54');
  });

  it('takes another rate, a zero rate and zero years', () => {
    expect(commutedValue(12000, 25, 5).toFixed(2)).toBe(discountedPayments(12000, 25, 5).toFixed(2));
    expect(commutedValue(12000, 25, 5).toFixed(2)).toBe('169127.33');
    expect(commutedValue(12000, 25, 0).toFixed(2)).toBe('300000.00');
    expect(commutedValue(12000, 0).toFixed(2)).toBe('0.00');
  });

  it('property: matches the year-by-year discounted sum for whole years and rates', () => {
    for (let payout = 1000; payout <= 90000; payout += 7919) {
      for (let years = 1; years <= 40; years += 3) {
        for (const rate of [1, 2.5, 4, 6.75]) {
          const closedForm = commutedValue(payout, years, rate);
          const summed = discountedPayments(payout, years, rate);
          expect(closedForm.minus(summed).abs().lte('0.01')).toBe(true);
        }
      }
    }
  });

  it('property: never more than the undiscounted total and rising with years', () => {
    for (let years = 1; years <= 40; years += 1) {
      expect(commutedValue(10000, years).lte(10000 * years)).toBe(true);
      expect(commutedValue(10000, years).gt(commutedValue(10000, years - 1))).toBe(true);
    }
  });
});

describe('calculatePension', () => {
  it('runs a career average pension end to end', () => {
    const result = calculatePension(career());
    expect(result.yearsOfService.toFixed()).toBe('25.5');
    expect(result.accruedAnnualBenefit.toFixed()).toBe('30600');
    expect(result.earlyRetirementPenaltyPercent.toFixed()).toBe('0');
    expect(result.annualPayout.toFixed(2)).toBe('30600.00');
    // 30600 x 13.59032634... = 415863.99
    expect(result.commutedValue.toFixed(2)).toBe('415863.99');
  });

  it('caps years of service and the accrued amount, then reduces the payout for early retirement', () => {
    const result = calculatePension(
      career({
        serviceStartDate: new Date('1985-03-01'),
        serviceEndDate: '2025-03-01T00:00:00Z', // 40 years, capped at 35
        yearsOfServiceCap: 35,
        averageSalary: 100000,
        accrualRatePercent: 2, // 70000 before the cap
        accruedAmountCap: 60000,
        retirementDate: '2025-03-01',
        fullRetirementDate: '2027-03-01', // 24 months early
        earlyRetirementPenaltyPercentPerYear: 6, // 12%
        earlyRetirementPenaltyCapPercent: 10, // capped at 10%
        expectedYearsInRetirement: 25,
        discountRatePercent: 5,
      }),
    );
    expect(result.yearsOfService.toFixed()).toBe('35');
    expect(result.accruedAnnualBenefit.toFixed()).toBe('60000');
    expect(result.earlyRetirementPenaltyPercent.toFixed()).toBe('10');
    expect(result.annualPayout.toFixed(2)).toBe('54000.00');
    expect(result.commutedValue.toFixed(2)).toBe(discountedPayments(54000, 25, 5).toFixed(2));
    expect(result.commutedValue.toFixed(2)).toBe('761073.01');
  });

  it('runs a flat benefit', () => {
    const result = calculatePension({ ...base, benefitFormulaType: 'FLAT_BENEFIT', amountPerYear: 1200 });
    expect(result.accruedAnnualBenefit.toFixed(2)).toBe('30600.00');
    expect(result.commutedValue.toFixed(2)).toBe('415863.99');
  });

  it('refuses OTHER with the spec message', () => {
    expect(() => calculatePension({ ...base, benefitFormulaType: 'OTHER' })).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'Cannot calculate payout for OTHER benefit formula type',
      }),
    );
  });

  it('property: the payout never exceeds the accrued benefit nor the accrued cap', () => {
    for (let months = 0; months <= 480; months += 17) {
      for (const rate of [0, 3, 6, 12]) {
        const result = calculatePension(
          career({
            serviceEndDate: new Date(Date.UTC(2000, months, 1)).toISOString(),
            accruedAmountCap: 25000,
            retirementDate: '2030-01-01',
            fullRetirementDate: '2035-01-01',
            earlyRetirementPenaltyPercentPerYear: rate,
          }),
        );
        expect(result.accruedAnnualBenefit.lte(25000)).toBe(true);
        expect(result.annualPayout.lte(result.accruedAnnualBenefit)).toBe(true);
        expect(result.annualPayout.gte(0)).toBe(true);
      }
    }
  });
});

describe('pension input validation', () => {
  it('fills the defaults: 4% discount, no penalty', () => {
    const parsed = parsePensionInput(career());
    expect(parsed.discountRatePercent).toBe(4);
    expect(parsed.earlyRetirementPenaltyPercentPerYear).toBe(0);
    expect(parsed.serviceStartDate).toEqual(new Date('2000-01-01T00:00:00Z'));
  });

  it('names an unknown or missing formula type', () => {
    expect(errorOf(() => calculatePension({ ...base, benefitFormulaType: 'HYBRID' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Unknown benefit formula type',
      details: [{ path: 'benefitFormulaType', message: 'Unknown benefit formula type' }],
    });
    expect(errorOf(() => calculatePension({ ...base }))).toMatchObject({
      message: 'Benefit formula type is required',
      details: [{ path: 'benefitFormulaType', message: 'Benefit formula type is required' }],
    });
  });

  it('lists each missing or bad field under the default message', () => {
    const error = errorOf(() => calculatePension(career({ averageSalary: -1 })));
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation error' });
    expect(
      errorOf(() =>
        calculatePension({
          benefitFormulaType: 'CAREER_AVERAGE_EARNINGS',
          serviceStartDate: '01/02/2000',
          averageSalary: -1,
          accrualRatePercent: '2',
          discountRatePercent: -4,
        }),
      ).details,
    ).toEqual([
      { path: 'serviceStartDate', message: 'Service start date must be a date' },
      { path: 'serviceEndDate', message: 'Service end date is required' },
      { path: 'expectedYearsInRetirement', message: 'Expected years in retirement is required' },
      { path: 'discountRatePercent', message: 'Discount rate must not be negative' },
      { path: 'averageSalary', message: 'Average salary must not be negative' },
      { path: 'accrualRatePercent', message: 'Accrual rate must be a number' },
    ]);
  });

  it('refuses an end before the start and a penalty cap over 100', () => {
    expect(errorOf(() => calculatePension(career({ serviceEndDate: '1999-12-31' }))).details).toEqual([
      { path: 'serviceEndDate', message: 'Service end date must not be before the service start date' },
    ]);
    expect(errorOf(() => calculatePension(career({ earlyRetirementPenaltyCapPercent: 120 }))).details).toEqual([
      { path: 'earlyRetirementPenaltyCapPercent', message: 'Early retirement penalty cap must be at most 100 percent' },
    ]);
  });
});

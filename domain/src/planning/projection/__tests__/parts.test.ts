import { describe, expect, it } from 'vitest';
import type { PlanAsset, PlanDocument, PlanLiability } from '../../plans/document.js';
import { PLAN_CASH_ACCOUNT_ID, PLAN_CASH_ACCOUNT_NAME } from '../engine.js';
import { projectPlan } from '../project.js';
import type { Projection } from '../types.js';
import { account, flatTax, income, person, plan } from './plans.js';

function project(document: PlanDocument): Projection {
  return projectPlan(document, { currency: document.settings.currency, fxRates: null }, flatTax);
}

const still = { type: 'NONE', ratePercent: null } as const;

function loan(overrides: Partial<PlanLiability>): PlanLiability {
  return {
    id: 'loan',
    financialRecordId: null,
    name: 'Loan',
    type: 'UNSECURED_LOAN',
    currentBalance: { value: '100000', currency: 'CAD' },
    downPayment: null,
    effectiveDate: null,
    interest: { ratePercent: '5', compounding: { frequency: 'SEMI_ANNUALLY', type: 'COMPOUND' } },
    payment: { frequencyAmount: { amount: { value: '1000', currency: 'CAD' }, frequency: 'MONTHLY' }, start: null },
    assetId: null,
    ...overrides,
  };
}

function house(overrides: Partial<PlanAsset>): PlanAsset {
  return {
    id: 'house',
    financialRecordId: null,
    name: 'House',
    kind: 'REAL_ESTATE',
    owners: ['p1'],
    currentValue: { value: '500000', currency: 'CAD' },
    costBasis: { value: '200000', currency: 'CAD' },
    valueChange: still,
    purchase: null,
    sale: { year: 2027, proceedsAccountId: null },
    rentalIncome: null,
    isPrimaryResidence: true,
    ...overrides,
  };
}

describe('liabilities', () => {
  it('compounds interest at its frequency over the year and takes the year payments', () => {
    const first = project(plan({ liabilities: [loan({})] })).years[0]!.liabilities[0]!;
    // 5% compounded twice a year: 1.025^2 - 1 = 5.0625% of 100,000.00.
    expect(first).toMatchObject({
      opening: { amount: '100000.00' },
      interest: { amount: '5062.50' },
      payments: { amount: '12000.00' },
      closing: { amount: '93062.50' },
    });
    expect(first.interest.explanation?.text).toContain('5% compounded semi-annually (2 times a year) on $100,000.00');
  });

  it('charges simple interest on the balance and never takes more than is owed', () => {
    const years = project(
      plan({
        liabilities: [
          loan({
            currentBalance: { value: '5000', currency: 'CAD' },
            interest: { ratePercent: '10', compounding: { frequency: 'ANNUALLY', type: 'SIMPLE' } },
          }),
        ],
      }),
    ).years;
    expect(years[0]!.liabilities[0]).toMatchObject({
      interest: { amount: '500.00' },
      payments: { amount: '5500.00' },
      closing: { amount: '0.00' },
    });
    expect(years[1]!.liabilities[0]!.payments.amount).toBe('0.00');
    expect(years[0]!.debtPayments.amount).toBe('5500.00');
  });
});

describe('incomes', () => {
  it('pays a defined-benefit pension by the formula, reduced for early retirement', () => {
    const document = plan({
      incomes: [
        income({
          id: 'db',
          kind: 'DEFINED_BENEFIT_PENSION',
          change: still,
          definedBenefit: {
            benefitFormulaType: 'FLAT_BENEFIT',
            amountPerYear: 1000,
            serviceStartDate: '2000-01-01',
            serviceEndDate: '2020-01-01',
            fullRetirementDate: '2030-01-01',
            retirementDate: '2028-01-01',
            earlyRetirementPenaltyPercentPerYear: 3,
            expectedYearsInRetirement: 25,
          },
        }),
      ],
    });
    // 20 years x 1,000.00 = 20,000.00, less 24 months early x 3% a year = 6%: 18,800.00.
    const line = project(document).years[0]!.people[0]!.incomes.find((entry) => entry.sourceId === 'db')!;
    expect(line.amount.amount).toBe('18800.00');
  });

  it('shares an income equally among its earners and stops a person at 100', () => {
    const document = plan({
      people: [
        person({ personId: 'p1', birthDate: '1930-05-05' }),
        person({ personId: 'p2', birthDate: '1932-05-05' }),
      ],
      incomes: [
        income({
          id: 'rent',
          kind: 'OTHER',
          earners: ['p1', 'p2'],
          change: still,
          frequencyAmount: { amount: { value: '1000.01', currency: 'CAD' }, frequency: 'ANNUALLY' },
        }),
      ],
    });
    const projection = project(document);
    expect(projection.endYear).toBe(2032);
    const first = projection.years[0]!;
    // Half of 1,000.01 rounds to 500.01; the last earner's share is what is left.
    expect(first.people.map((entry) => entry.incomes[0]!.amount.amount)).toEqual(['500.01', '500.00']);
    const late = projection.years.find((year) => year.year === 2031)!;
    expect(Object.keys(late.ages)).toEqual(['p2']);
    expect(late.people[0]!.incomes[0]!.amount.amount).toBe('1000.01');
  });
});

describe('assets', () => {
  it('excludes a Canadian principal residence gain entirely', () => {
    const sale = project(plan({ assets: [house({})] })).years[1]!.assets[0]!.sale!;
    expect(sale).toMatchObject({
      proceeds: { amount: '500000.00' },
      gain: { amount: '300000.00' },
      excluded: { amount: '300000.00' },
      taxableGain: { amount: '0.00' },
    });
  });

  it('excludes up to 250,000 of a US principal residence gain', () => {
    const document = plan({
      settings: { startYear: 2026, currency: 'USD', inflationPercent: '0', pensionIncomeSplitting: false },
      people: [person({ country: 'US', province: null, usFilingStatus: 'SINGLE', rrspRoom: null, tfsaRoom: null })],
      assets: [
        house({ currentValue: { value: '700000', currency: 'USD' }, costBasis: { value: '300000', currency: 'USD' } }),
      ],
    });
    const year = project(document).years[1]!;
    expect(year.assets[0]!.sale).toMatchObject({
      excluded: { amount: '250000.00' },
      taxableGain: { amount: '150000.00' },
    });
    // The proceeds land in the accounts, less the flat stand-in tax on half of the 150,000.00 gain.
    expect(year.saleProceeds.amount).toBe('700000.00');
    expect(year.taxes.amount).toBe('18750.00');
  });
});

describe('accounts', () => {
  it('adds an unallocated cash account when the plan has none; a forced minimum beyond the need is surplus', () => {
    const document = plan({
      incomes: [income({ id: 'salary', kind: 'EMPLOYMENT', change: still })],
      accounts: [account({ id: 'rrif', accountType: 'RRIF', liquidityRule: { acceptsSurplus: true, priority: 0 } })],
    });
    const first = project(document).years[0]!;
    const cash = first.accounts.find((line) => line.accountId === PLAN_CASH_ACCOUNT_ID)!;
    expect(PLAN_CASH_ACCOUNT_NAME).toBe('Unallocated cash');
    // The RRIF minimum at 59 is 1 / (90 - 59) of 100,000.00 = 3,225.81, taken though nothing needs it.
    // 50,000.00 + 3,225.81, less 25% flat tax = 39,919.36, all to cash: the RRIF takes no new money.
    expect(first.accounts.find((line) => line.accountId === 'rrif')!.withdrawals.amount).toBe('3225.81');
    expect(cash.contributions.amount).toBe('39919.36');
    expect(first.accounts.find((line) => line.accountId === 'rrif')!.contributions.amount).toBe('0.00');
  });

  it('restores TFSA withdrawals as room the next year', () => {
    const document = plan({
      people: [person({ tfsaRoom: { value: '0', currency: 'CAD' } })],
      expenses: [
        {
          id: 'once',
          name: 'Roof',
          category: 'ASSET',
          timeFrame: { start: { kind: 'YEAR', year: 2026 }, end: { kind: 'YEAR', year: 2027 } },
          frequencyAmount: { amount: { value: '20000', currency: 'CAD' }, frequency: 'ONE_TIME' },
          change: still,
          spenders: [],
          fundingSource: { kind: 'ACCOUNT', accountId: 'tfsa' },
        },
      ],
      incomes: [
        income({
          id: 'bonus',
          kind: 'INHERITANCE',
          taxExempt: true,
          change: still,
          timeFrame: { start: { kind: 'YEAR', year: 2027 }, end: { kind: 'YEAR', year: 2028 } },
          frequencyAmount: { amount: { value: '100000', currency: 'CAD' }, frequency: 'ONE_TIME' },
        }),
      ],
      accounts: [
        account({ id: 'tfsa', accountType: 'TFSA', growth: { type: 'NONE', ratePercent: null, marketClass: null } }),
      ],
    });
    const years = project(document).years;
    expect(years[0]!.accounts[0]!.withdrawals.amount).toBe('20000.00');
    // 2027: 7,000.00 annual limit + 20,000.00 withdrawn in 2026.
    expect(years[1]!.accounts[0]!.contributions.amount).toBe('27000.00');
  });

  it('reaches a retirement milestone in the retirement year', () => {
    const document = plan({
      milestones: [
        {
          id: 'm',
          name: 'Retired',
          conditions: [{ kind: 'RETIRED', personId: 'p1' }],
          display: { colorHex: null, icon: null },
        },
      ],
    });
    expect(project(document).milestones).toEqual([{ milestoneId: 'm', year: 2031 }]);
  });
});

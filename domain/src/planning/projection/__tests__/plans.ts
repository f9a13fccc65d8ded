import { INVESTMENT_ACCOUNT_TYPE_LABELS } from '../../../financials/records/enums.js';
import { PLAN_INCOME_KIND_LABELS } from '../../plans/enums.js';
import type { PlanAccount, PlanDocument, PlanIncome, PlanPerson } from '../../plans/document.js';
import type { HouseholdIncomeTax, PersonTax } from '../../tax/types.js';

/** Plans for the projection's tests: a couple with the usual parts, built from overridable pieces. */
export function person(overrides: Partial<PlanPerson> = {}): PlanPerson {
  return {
    personId: 'p1',
    name: 'Alex',
    birthDate: '1966-06-15',
    retirementAge: 65,
    country: 'CA',
    province: 'ONTARIO',
    usFilingStatus: null,
    rrspRoom: { value: '20000', currency: 'CAD' },
    tfsaRoom: { value: '10000', currency: 'CAD' },
    ...overrides,
  };
}

export function account(overrides: Partial<PlanAccount> & Pick<PlanAccount, 'id' | 'accountType'>): PlanAccount {
  return {
    financialRecordId: null,
    // Named as an advisor would name it, so explanations read as they would in the product.
    name: INVESTMENT_ACCOUNT_TYPE_LABELS[overrides.accountType],
    jurisdiction: 'CA',
    owners: ['p1'],
    marketValue: { value: '100000', currency: 'CAD' },
    costBasis: null,
    dividendPercent: '0',
    feesPercent: '0',
    growth: { type: 'FIXED_RATE', ratePercent: '5', marketClass: null },
    liquidityRule: { acceptsSurplus: true, priority: 1 },
    withdrawalRule: { allowed: true, order: 1, earliestAge: null },
    paymentsActive: false,
    contribution: null,
    annualTaxExemptAmount: null,
    ...overrides,
  };
}

export function income(overrides: Partial<PlanIncome> & Pick<PlanIncome, 'id' | 'kind'>): PlanIncome {
  return {
    name: PLAN_INCOME_KIND_LABELS[overrides.kind],
    timeFrame: { start: { kind: 'PLAN_START' }, end: { kind: 'PLAN_END' } },
    frequencyAmount: { amount: { value: '50000', currency: 'CAD' }, frequency: 'ANNUALLY' },
    change: { type: 'INFLATION', ratePercent: null },
    earners: ['p1'],
    taxExempt: false,
    definedBenefit: null,
    ...overrides,
  };
}

export function plan(overrides: Partial<PlanDocument> = {}): PlanDocument {
  return {
    id: 'plan-1',
    householdId: 'h1',
    name: 'Test plan',
    published: false,
    settings: { startYear: 2026, currency: 'CAD', inflationPercent: '2.1', pensionIncomeSplitting: false },
    people: [person()],
    incomes: [],
    expenses: [],
    accounts: [],
    assets: [],
    liabilities: [],
    milestones: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A stand-in for the tax rules in the engine's own tests: a flat 25% of ordinary income and half of
 * capital gains, 15% of dividends, no clawback. It keeps the engine's tests about the engine.
 */
export const flatTax: HouseholdIncomeTax = (arith, input) =>
  input.taxpayers.map((taxpayer): PersonTax<typeof arith.zero> => {
    const income = taxpayer.income;
    const ordinary = [
      income.employment,
      income.eligiblePension,
      income.cppQpp,
      income.oas,
      income.socialSecurity,
      income.otherOrdinary,
    ].reduce((sum, part) => arith.add(sum, part), arith.zero);
    const taxable = arith.add(
      arith.add(ordinary, arith.div(income.capitalGains, arith.of(2))),
      income.eligibleDividends,
    );
    const federal = arith.round(
      arith.add(
        arith.mul(arith.sub(taxable, income.eligibleDividends), arith.of('0.25')),
        arith.mul(income.eligibleDividends, arith.of('0.15')),
      ),
      2,
    );
    return {
      personId: taxpayer.personId,
      taxableIncome: taxable,
      federal,
      provincial: arith.zero,
      oasClawback: arith.zero,
      total: federal,
      pensionSplitAmount: arith.zero,
      explanations: {},
    };
  });

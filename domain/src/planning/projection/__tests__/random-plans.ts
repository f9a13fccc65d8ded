import fc from 'fast-check';
import type { InvestmentAccountType } from '../../../financials/records/enums.js';
import type {
  PlanAccount,
  PlanAsset,
  PlanDocument,
  PlanExpense,
  PlanIncome,
  PlanLiability,
} from '../../plans/document.js';
import type { MarketReturnClass } from '../../plans/enums.js';
import { account, income, person, plan } from './plans.js';

const CA_TYPES: InvestmentAccountType[] = [
  'RRSP',
  'TFSA',
  'RRIF',
  'LIF',
  'LIRA',
  'NRSP',
  'CASH',
  'FHSA',
  'RESP',
  'PRIF',
];
const US_TYPES: InvestmentAccountType[] = ['TRADITIONAL_IRA', 'ROTH_IRA', 'ACCOUNT_401K', 'CASH', 'OTHER'];
const CLASSES: MarketReturnClass[] = ['CASH', 'CONSERVATIVE', 'BALANCED', 'GROWTH', 'AGGRESSIVE'];

const money = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((cents) => (cents / 100).toFixed(2));

/**
 * Random plans of one or two people (both Canadian, or both American), with accounts of the types
 * the rules bound, incomes, expenses, an asset bought and sold, and a liability. Amounts are in the
 * plan's currency, so the property tests need no exchange rates.
 */
export function arbitraryPlan(): fc.Arbitrary<PlanDocument> {
  return fc
    .record({
      us: fc.boolean(),
      couple: fc.boolean(),
      birthYears: fc.tuple(fc.integer({ min: 1940, max: 1995 }), fc.integer({ min: 1940, max: 1995 })),
      retirementAges: fc.tuple(fc.integer({ min: 55, max: 70 }), fc.integer({ min: 55, max: 70 })),
      accounts: fc.array(
        fc.record({
          typeIndex: fc.nat(),
          value: money(0, 600000),
          basisShare: fc.integer({ min: 0, max: 100 }),
          rate: money(-2, 9),
          dividend: money(0, 3),
          fee: money(0, 2),
          market: fc.option(fc.constantFrom(...CLASSES), { nil: null }),
          order: fc.integer({ min: 0, max: 5 }),
          priority: fc.integer({ min: 0, max: 5 }),
          acceptsSurplus: fc.boolean(),
          secondOwner: fc.boolean(),
          planned: fc.option(money(0, 30000), { nil: null }),
          earliestAge: fc.option(fc.integer({ min: 50, max: 75 }), { nil: null }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      salary: money(0, 250000),
      pension: money(0, 30000),
      oneTime: money(0, 100000),
      spending: money(10000, 150000),
      fundedExpense: money(0, 20000),
      loan: money(0, 400000),
      loanRate: money(0, 9),
      payment: money(0, 3000),
      compound: fc.boolean(),
      houseValue: money(0, 900000),
      saleOffset: fc.integer({ min: 1, max: 30 }),
      primaryResidence: fc.boolean(),
      purchaseOffset: fc.integer({ min: 0, max: 20 }),
      financed: fc.boolean(),
    })
    .map((draw) => {
      const country = draw.us ? 'US' : 'CA';
      const currency = draw.us ? 'USD' : 'CAD';
      const m = (value: string) => ({ value, currency }) as const;
      const people = [
        person({
          personId: 'p1',
          birthDate: `${draw.birthYears[0]}-03-10`,
          retirementAge: draw.retirementAges[0],
          country,
          province: draw.us ? null : 'ONTARIO',
          usFilingStatus: draw.us ? 'MARRIED_FILING_JOINTLY' : null,
          rrspRoom: draw.us ? null : m('15000'),
          tfsaRoom: draw.us ? null : m('8000'),
        }),
      ];
      if (draw.couple) {
        people.push(
          person({
            personId: 'p2',
            name: 'Sam',
            birthDate: `${draw.birthYears[1]}-11-02`,
            retirementAge: draw.retirementAges[1],
            country,
            province: draw.us ? null : 'ONTARIO',
            usFilingStatus: draw.us ? 'MARRIED_FILING_JOINTLY' : null,
            rrspRoom: null,
            tfsaRoom: null,
          }),
        );
      }
      const types = draw.us ? US_TYPES : CA_TYPES;
      const accounts: PlanAccount[] = draw.accounts.map((drawn, index) => {
        const type = types[drawn.typeIndex % types.length]!;
        const owners = draw.couple && drawn.secondOwner ? ['p2'] : ['p1'];
        return account({
          id: `a${index}`,
          accountType: type,
          jurisdiction: country,
          owners,
          marketValue: m(drawn.value),
          costBasis: m(((Number(drawn.value) * drawn.basisShare) / 100).toFixed(2)),
          dividendPercent: drawn.dividend,
          feesPercent: drawn.fee,
          growth: drawn.market
            ? { type: 'MARKET_RETURN_PROFILE', ratePercent: null, marketClass: drawn.market }
            : { type: 'FIXED_RATE', ratePercent: drawn.rate, marketClass: null },
          liquidityRule: { acceptsSurplus: drawn.acceptsSurplus, priority: drawn.priority },
          withdrawalRule: { allowed: true, order: drawn.order, earliestAge: drawn.earliestAge },
          paymentsActive: drawn.planned !== null,
          contribution:
            drawn.planned === null
              ? null
              : {
                  frequencyAmount: { amount: m(drawn.planned), frequency: 'ANNUALLY' },
                  timeFrame: { start: { kind: 'PLAN_START' }, end: { kind: 'RETIREMENT', personId: owners[0]! } },
                },
        });
      });
      const incomes: PlanIncome[] = [
        income({
          id: 'salary',
          kind: 'EMPLOYMENT',
          frequencyAmount: { amount: m(draw.salary), frequency: 'ANNUALLY' },
          timeFrame: { start: { kind: 'PLAN_START' }, end: { kind: 'RETIREMENT', personId: 'p1' } },
        }),
        income({
          id: draw.us ? 'social-security' : 'cpp',
          kind: draw.us ? 'SOCIAL_SECURITY' : 'CPP',
          frequencyAmount: { amount: m(draw.pension), frequency: 'ANNUALLY' },
          timeFrame: { start: { kind: 'AGE', personId: 'p1', age: 65 }, end: { kind: 'PLAN_END' } },
          earners: draw.couple ? ['p1', 'p2'] : ['p1'],
        }),
        income({
          id: 'gift',
          kind: 'INHERITANCE',
          taxExempt: true,
          frequencyAmount: { amount: m(draw.oneTime), frequency: 'ONE_TIME' },
          timeFrame: { start: { kind: 'YEAR', year: 2030 }, end: { kind: 'PLAN_END' } },
        }),
      ];
      const expenses: PlanExpense[] = [
        {
          id: 'living',
          name: 'Living',
          category: 'LIFESTYLE',
          timeFrame: { start: { kind: 'PLAN_START' }, end: { kind: 'PLAN_END' } },
          frequencyAmount: { amount: m(draw.spending), frequency: 'ANNUALLY' },
          change: { type: 'INFLATION', ratePercent: null },
          spenders: [],
          fundingSource: { kind: 'PLAN_CASH' },
        },
        {
          id: 'travel',
          name: 'Travel',
          category: 'LIFESTYLE',
          timeFrame: { start: { kind: 'RETIREMENT', personId: 'p1' }, end: { kind: 'AGE', personId: 'p1', age: 80 } },
          frequencyAmount: { amount: m(draw.fundedExpense), frequency: 'MONTHLY' },
          change: { type: 'FIXED_RATE', ratePercent: '1.5' },
          spenders: ['p1'],
          fundingSource: { kind: 'ACCOUNT', accountId: 'a0' },
        },
      ];
      const purchaseYear = 2026 + draw.purchaseOffset;
      const assets: PlanAsset[] = [
        {
          id: 'house',
          financialRecordId: null,
          name: 'House',
          kind: 'REAL_ESTATE',
          owners: draw.couple ? ['p1', 'p2'] : ['p1'],
          currentValue: null,
          costBasis: null,
          valueChange: { type: 'FIXED_RATE', ratePercent: '3' },
          purchase: {
            year: purchaseYear,
            price: m(draw.houseValue),
            paymentType: draw.financed ? 'FINANCED' : 'OUTRIGHT',
            fundingAccountId: 'a0',
            liabilityId: draw.financed ? 'mortgage' : null,
          },
          sale: { year: purchaseYear + draw.saleOffset, proceedsAccountId: null },
          rentalIncome: {
            frequencyAmount: { amount: m('1000'), frequency: 'MONTHLY' },
            change: { type: 'INFLATION', ratePercent: null },
          },
          isPrimaryResidence: draw.primaryResidence,
        },
      ];
      const liabilities: PlanLiability[] = [
        {
          id: 'mortgage',
          financialRecordId: null,
          name: 'Mortgage',
          type: 'SECURED_LOAN',
          currentBalance: m(Math.min(Number(draw.loan), Number(draw.houseValue)).toFixed(2)),
          downPayment: null,
          effectiveDate: draw.financed ? `${purchaseYear}-01-01` : null,
          interest: {
            ratePercent: draw.loanRate,
            compounding: {
              frequency: draw.compound ? 'SEMI_ANNUALLY' : 'ANNUALLY',
              type: draw.compound ? 'COMPOUND' : 'SIMPLE',
            },
          },
          payment: { frequencyAmount: { amount: m(draw.payment), frequency: 'MONTHLY' }, start: null },
          assetId: 'house',
        },
      ];
      return plan({
        settings: { startYear: 2026, currency, inflationPercent: '2.1', pensionIncomeSplitting: draw.couple },
        people,
        incomes,
        expenses,
        accounts,
        assets,
        liabilities,
        milestones: [
          {
            id: 'debt-free',
            name: 'Debt free',
            conditions: [{ kind: 'DEBT_FREE' }],
            display: { colorHex: null, icon: null },
          },
        ],
      });
    });
}

import type { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rrifMinimumFactor } from '../../../financials/registered/rrif.js';
import { lifMaximumRate } from '../../../financials/registered/lif.js';
import { requiredMinimumDistribution } from '../../../financials/registered/us/rmd.js';
import { Dec } from '../../../shared/money/decimal.js';
import type { PlanDocument } from '../../plans/document.js';
import { projectPlan } from '../project.js';
import { runMonteCarlo } from '../monte-carlo.js';
import type { Projection } from '../types.js';
import { account, flatTax, income, person, plan } from './plans.js';
import { arbitraryPlan } from './random-plans.js';

const d = (amount: string) => new Dec(amount);
const sum = (amounts: string[]) => amounts.reduce((total, amount) => total.plus(amount), new Dec(0));

function project(document: PlanDocument, explain = false): Projection {
  return projectPlan(document, { currency: document.settings.currency, fxRates: null, explain }, flatTax);
}

function expectConserved(projection: Projection): void {
  for (const year of projection.years) {
    for (const line of year.accounts) {
      const parts = d(line.opening.amount)
        .plus(line.contributions.amount)
        .plus(line.growth.amount)
        .plus(line.dividends.amount)
        .minus(line.fees.amount)
        .minus(line.withdrawals.amount);
      expect(parts.toFixed(2), `${year.year} ${line.accountId}`).toBe(line.closing.amount);
      expect(d(line.closing.amount).gte(0)).toBe(true);
    }
    const lhs = sum(year.accounts.map((line) => line.opening.amount))
      .plus(year.incomes.amount)
      .plus(year.saleProceeds.amount)
      .plus(year.borrowed.amount)
      .minus(year.expenses.amount)
      .minus(year.debtPayments.amount)
      .minus(year.purchases.amount)
      .minus(year.taxes.amount)
      .plus(
        sum(
          year.accounts.map((line) =>
            d(line.growth.amount).plus(line.dividends.amount).minus(line.fees.amount).toFixed(2),
          ),
        ),
      )
      .plus(year.shortfall.amount);
    expect(lhs.toFixed(2), `conservation in ${year.year}`).toBe(
      sum(year.accounts.map((line) => line.closing.amount)).toFixed(2),
    );
    for (const liability of year.liabilities) expect(d(liability.closing.amount).gte(0)).toBe(true);
  }
}

describe('the projection on random plans', () => {
  it('conserves money to the cent every year, and each account closes at the sum of its parts', () => {
    fc.assert(
      fc.property(arbitraryPlan(), (document) => expectConserved(project(document))),
      { numRuns: 60, seed: 20260101 },
    );
  });

  it('conserves money with the domain tax rules too (Canadian and US households)', () => {
    fc.assert(
      fc.property(arbitraryPlan(), (document) =>
        expectConserved(projectPlan(document, { currency: document.settings.currency, fxRates: null })),
      ),
      { numRuns: 8, seed: 11 },
    );
  });

  it('never contributes above the year room, takes less than a RRIF/RMD minimum or more than a LIF maximum', () => {
    fc.assert(
      fc.property(arbitraryPlan(), (document) => {
        const projection = project(document);
        const people = new Map(document.people.map((p) => [p.personId, p]));
        const owner = new Map(document.accounts.map((a) => [a.id, a.owners[0]!]));
        // TFSA room tracked here from the output: carried room, the annual limit, last year's withdrawals back.
        const tfsaRoom = new Map<string, Decimal>();
        let previous: Projection['years'][number] | undefined;
        for (const year of projection.years) {
          for (const line of year.accounts) {
            const personId = owner.get(line.accountId);
            const holder = personId ? people.get(personId) : undefined;
            if (line.minimumWithdrawal) {
              expect(d(line.withdrawals.amount).gte(d(line.minimumWithdrawal.amount)), `${year.year} minimum`).toBe(
                true,
              );
            }
            if (line.maximumWithdrawal) {
              expect(d(line.withdrawals.amount).lte(d(line.maximumWithdrawal.amount)), `${year.year} maximum`).toBe(
                true,
              );
            }
            if (!holder) continue;
            const birthYear = Number(holder.birthDate.slice(0, 4));
            const ageAtStart = year.year - birthYear - 1;
            const fundBefore = previous?.accounts.find((other) => other.accountId === line.accountId);
            const wasFund = fundBefore
              ? ['RRIF', 'PRIF', 'LIF'].includes(fundBefore.accountType)
              : ['RRIF', 'PRIF', 'LIF'].includes(line.accountType);
            if (['RRIF', 'PRIF', 'LIF'].includes(line.accountType) && wasFund && line.convertedFrom === null) {
              const minimum = d(line.opening.amount)
                .times(rrifMinimumFactor(ageAtStart))
                .toDecimalPlaces(2, Dec.ROUND_HALF_UP);
              expect(d(line.withdrawals.amount).gte(minimum), `${year.year} RRIF minimum ${line.accountId}`).toBe(true);
            }
            if (line.accountType === 'LIF' && wasFund && line.convertedFrom === null && ageAtStart >= 50) {
              const maximum = d(line.opening.amount)
                .times(lifMaximumRate(ageAtStart))
                .div(100)
                .toDecimalPlaces(2, Dec.ROUND_HALF_UP);
              expect(d(line.withdrawals.amount).lte(Dec.max(maximum, line.minimumWithdrawal?.amount ?? 0))).toBe(true);
            }
            if (['TRADITIONAL_IRA', 'ACCOUNT_401K'].includes(line.accountType) && d(line.opening.amount).gt(0)) {
              const rmd = requiredMinimumDistribution(
                line.opening.amount,
                year.year - birthYear,
                birthYear,
                line.accountType,
              );
              expect(d(line.withdrawals.amount).gte(rmd.amount), `${year.year} RMD`).toBe(true);
            }
            if (['LIRA'].includes(line.accountType)) expect(line.withdrawals.amount).toBe('0.00');
          }
          if (document.people[0]!.country === 'CA') {
            for (const holder of document.people) {
              const limit = year.year === 2026 ? d('0') : d('7000');
              const carried = tfsaRoom.get(holder.personId) ?? (holder.tfsaRoom ? d(holder.tfsaRoom.value) : null);
              const tfsaLines = (y: typeof year | undefined) =>
                (y?.accounts ?? []).filter(
                  (line) => line.accountType === 'TFSA' && owner.get(line.accountId) === holder.personId,
                );
              const contributed = sum(tfsaLines(year).map((line) => line.contributions.amount));
              const restored = sum(tfsaLines(previous).map((line) => line.withdrawals.amount));
              if (carried === null) continue;
              const room = carried.plus(limit).plus(restored);
              expect(contributed.lte(room), `${year.year} TFSA room`).toBe(true);
              tfsaRoom.set(holder.personId, room.minus(contributed));
            }
          }
          previous = year;
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});

describe('worked examples', () => {
  it('takes the RRIF minimum of the published table: 5.28% of 412,000.00 at 71 = 21,753.60', () => {
    // Born 1955-06-15: 71 on 1 January 2027 (turned 71 in 2026), an RRIF from before the plan.
    const document = plan({
      settings: { startYear: 2027, currency: 'CAD', inflationPercent: '0', pensionIncomeSplitting: false },
      people: [person({ birthDate: '1955-06-15' })],
      accounts: [
        account({
          id: 'rrif',
          accountType: 'RRIF',
          marketValue: { value: '412000', currency: 'CAD' },
          growth: { type: 'NONE', ratePercent: null, marketClass: null },
        }),
      ],
    });
    const first = project(document, true).years[0]!.accounts.find((line) => line.accountId === 'rrif')!;
    expect(first.minimumWithdrawal?.amount).toBe('21753.60');
    expect(first.minimumWithdrawal?.explanation?.text).toBe('minimum 5.28% of $412,000.00 at age 71 = $21,753.60');
    expect(first.withdrawals.amount).toBe('21753.60');
  });

  it('converts an RRSP to a RRIF the year its owner turns 71 and takes the minimum from the next year', () => {
    const document = plan({
      people: [person({ birthDate: '1955-06-15' })],
      accounts: [account({ id: 'rrsp', accountType: 'RRSP', marketValue: { value: '300000', currency: 'CAD' } })],
    });
    const years = project(document).years;
    const at71 = years.find((year) => year.year === 2026)!.accounts[0]!;
    expect(at71.accountType).toBe('RRIF');
    expect(at71.convertedFrom).toBe('RRSP');
    expect(at71.minimumWithdrawal).toBeNull();
    const next = years.find((year) => year.year === 2027)!.accounts[0]!;
    // 5.28% at 71 on 1 January 2027 of the 2026 closing balance.
    expect(next.minimumWithdrawal?.amount).toBe(
      d(next.opening.amount).times('0.0528').toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
    );
  });

  it('takes the US RMD from the Uniform Lifetime Table: 500,000.00 / 26.5 at 73 = 18,867.92', () => {
    // Born 1953: RMDs start at 73 (SECURE 2.0); the divisor at 73 is 26.5.
    const document = plan({
      settings: { startYear: 2026, currency: 'USD', inflationPercent: '0', pensionIncomeSplitting: false },
      people: [
        person({
          birthDate: '1953-04-01',
          country: 'US',
          province: null,
          usFilingStatus: 'SINGLE',
          rrspRoom: null,
          tfsaRoom: null,
        }),
      ],
      accounts: [
        account({
          id: 'ira',
          accountType: 'TRADITIONAL_IRA',
          jurisdiction: 'US',
          marketValue: { value: '500000', currency: 'USD' },
          growth: { type: 'NONE', ratePercent: null, marketClass: null },
        }),
      ],
    });
    const first = project(document, true).years[0]!.accounts.find((line) => line.accountId === 'ira')!;
    expect(first.minimumWithdrawal?.amount).toBe('18867.92');
    expect(first.withdrawals.amount).toBe('18867.92');
  });

  it('caps a TFSA contribution at the room and says how the room is made up', () => {
    const document = plan({
      people: [person({ tfsaRoom: { value: '3000', currency: 'CAD' } })],
      incomes: [
        income({
          id: 'salary',
          kind: 'EMPLOYMENT',
          frequencyAmount: { amount: { value: '100000', currency: 'CAD' }, frequency: 'ANNUALLY' },
        }),
      ],
      accounts: [
        account({
          id: 'tfsa',
          accountType: 'TFSA',
          liquidityRule: { acceptsSurplus: false, priority: 1 },
          paymentsActive: true,
          contribution: {
            frequencyAmount: { amount: { value: '12000', currency: 'CAD' }, frequency: 'ANNUALLY' },
            timeFrame: { start: { kind: 'YEAR', year: 2027 }, end: { kind: 'YEAR', year: 2028 } },
          },
        }),
      ],
    });
    const year2027 = project(document, true).years.find((year) => year.year === 2027)!;
    const tfsa = year2027.accounts.find((line) => line.accountId === 'tfsa')!;
    expect(tfsa.contributions.amount).toBe('10000.00');
    expect(tfsa.contributions.explanation?.text).toBe(
      'TFSA room 2027: $7,000.00 annual limit + $3,000.00 carried = $10,000.00; $12,000.00 planned, $10,000.00 contributed',
    );
  });

  it('grosses a withdrawal up for its tax to the cent', () => {
    const document = plan({
      expenses: [
        {
          id: 'living',
          name: 'Living',
          category: 'LIFESTYLE',
          timeFrame: { start: { kind: 'PLAN_START' }, end: { kind: 'PLAN_END' } },
          frequencyAmount: { amount: { value: '30000', currency: 'CAD' }, frequency: 'ANNUALLY' },
          change: { type: 'NONE', ratePercent: null },
          spenders: [],
          fundingSource: { kind: 'PLAN_CASH' },
        },
      ],
      accounts: [
        account({
          id: 'rrsp',
          accountType: 'RRSP',
          marketValue: { value: '900000', currency: 'CAD' },
          growth: { type: 'NONE', ratePercent: null, marketClass: null },
        }),
      ],
    });
    const first = project(document).years[0]!;
    // 25% flat: 30,000 / 0.75 = 40,000 withdrawn, 10,000 of tax; nothing short, at most a cent over.
    expect(first.shortfall.amount).toBe('0.00');
    expect(d(first.withdrawals.amount).minus('40000').abs().lte('0.02')).toBe(true);
    expect(d(first.withdrawals.amount).minus(first.taxes.amount).minus('30000').gte(0)).toBe(true);
  });
});

describe('the Monte Carlo', () => {
  const sample = () => fc.sample(arbitraryPlan(), { numRuns: 6, seed: 42 });

  it('lands within a dollar of the decimal projection each year when every return is its mean', () => {
    for (const document of sample()) {
      const projection = project(document);
      const result = runMonteCarlo(
        document,
        { currency: document.settings.currency, fxRates: null, paths: 2, seed: 1 },
        flatTax,
        0,
      );
      result.years.forEach((year, index) => {
        const ledger = Number(projection.years[index]!.netWorth.amount);
        expect(Math.abs(year.p50 - ledger), `${year.year}`).toBeLessThanOrEqual(1);
      });
    }
  });

  it('gives the same result for the same seed, and percentiles in order', () => {
    const document = sample()[0]!;
    document.accounts[0]!.growth = { type: 'MARKET_RETURN_PROFILE', ratePercent: null, marketClass: 'GROWTH' };
    const options = { currency: document.settings.currency, fxRates: null, paths: 200, seed: 99 };
    const first = runMonteCarlo(document, options, flatTax);
    expect(runMonteCarlo(document, options, flatTax)).toEqual(first);
    for (const year of first.years) {
      expect(year.p10).toBeLessThanOrEqual(year.p50);
      expect(year.p50).toBeLessThanOrEqual(year.p90);
    }
    expect(first.successProbability).toBeGreaterThanOrEqual(0);
    expect(first.successProbability).toBeLessThanOrEqual(1);
  });
});

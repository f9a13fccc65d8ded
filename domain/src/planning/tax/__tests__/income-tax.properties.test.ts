import type { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Arith } from '../../shared/arith.js';
import { DecimalArith, FloatArith } from '../../shared/arith.js';
import { UsFilingStatus } from '../../plans/enums.js';
import { topRate } from '../brackets.js';
import { householdIncomeTax } from '../income-tax.js';
import { CA_FEDERAL, CA_QUEBEC_ABATEMENT } from '../tables/ca-federal.js';
import type { CaProvince } from '../tables/ca-provinces.js';
import { CA_PROVINCES } from '../tables/ca-provinces.js';
import { US_FEDERAL } from '../tables/us-federal.js';
import { tableForYear } from '../tables/year-lookup.js';
import type { PersonTax, TaxableIncome, Taxpayer } from '../types.js';

const PROVINCES = Object.keys(CA_PROVINCES) as CaProvince[];

type RawIncome = Record<keyof TaxableIncome<number>, number>;

/** Dollars and cents up to `max`, often zero (most people have few kinds of income). */
const amount = (max: number) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: max * 100 }).map((cents) => cents / 100) },
  );

const rawIncome = fc.record({
  employment: amount(400000),
  eligiblePension: amount(150000),
  cppQpp: amount(18000),
  oas: amount(9000),
  socialSecurity: amount(50000),
  otherOrdinary: amount(300000),
  eligibleDividends: amount(100000),
  capitalGains: amount(200000),
});

const year = fc.integer({ min: 2022, max: 2029 });
const age = fc.integer({ min: 30, max: 95 });

function toIncome<N>(arith: Arith<N>, raw: RawIncome): TaxableIncome<N> {
  return {
    employment: arith.of(raw.employment),
    eligiblePension: arith.of(raw.eligiblePension),
    cppQpp: arith.of(raw.cppQpp),
    oas: arith.of(raw.oas),
    socialSecurity: arith.of(raw.socialSecurity),
    otherOrdinary: arith.of(raw.otherOrdinary),
    eligibleDividends: arith.of(raw.eligibleDividends),
    capitalGains: arith.of(raw.capitalGains),
  };
}

interface PersonSpec {
  id: string;
  age: number;
  country: 'CA' | 'US';
  province: CaProvince;
  status: UsFilingStatus;
  income: RawIncome;
}

const person = (id: string) =>
  fc.record({
    id: fc.constant(id),
    age,
    country: fc.constantFrom('CA' as const, 'US' as const),
    province: fc.constantFrom(...PROVINCES),
    status: fc.constantFrom(...UsFilingStatus),
    income: rawIncome,
  });

function taxpayer<N>(arith: Arith<N>, spec: PersonSpec): Taxpayer<N> {
  return {
    personId: spec.id,
    age: spec.age,
    country: spec.country,
    province: spec.country === 'CA' ? spec.province : null,
    usFilingStatus: spec.country === 'US' ? spec.status : null,
    income: toIncome(arith, spec.income),
  };
}

function run<N>(arith: Arith<N>, yearOf: number, specs: PersonSpec[], splitting: boolean): PersonTax<N>[] {
  return householdIncomeTax(arith, {
    year: yearOf,
    taxpayers: specs.map((spec) => taxpayer(arith, spec)),
    pensionIncomeSplitting: splitting,
    explain: false,
  });
}

const household = fc.oneof(
  person('a').map((a) => [a]),
  fc.tuple(person('a'), person('b')).map(([a, b]) => [a, b]),
);

const sumTotals = (people: PersonTax<Decimal>[]) => people.reduce((sum, p) => sum.plus(p.total), DecimalArith.zero);

/** Only ordinary income: the kind whose tax only rises (a dividend's credit may lower other tax). */
const ZERO: RawIncome = {
  employment: 0,
  eligiblePension: 0,
  cppQpp: 0,
  oas: 0,
  socialSecurity: 0,
  otherOrdinary: 0,
  eligibleDividends: 0,
  capitalGains: 0,
};

describe('income tax properties', () => {
  it('is never negative, and each total is federal + provincial + clawback exactly', () => {
    fc.assert(
      fc.property(year, household, fc.boolean(), (y, specs, splitting) => {
        for (const result of run(DecimalArith, y, specs, splitting)) {
          for (const figure of [result.federal, result.provincial, result.oasClawback, result.taxableIncome]) {
            expect(figure.isNegative()).toBe(false);
            expect(figure.decimalPlaces()).toBeLessThanOrEqual(2);
          }
          expect(result.total.eq(result.federal.plus(result.provincial).plus(result.oasClawback))).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never decreases when ordinary income rises', () => {
    fc.assert(
      fc.property(
        year,
        person('a'),
        fc.constantFrom('employment' as const, 'otherOrdinary' as const, 'cppQpp' as const),
        fc.integer({ min: 1, max: 5000000 }).map((cents) => cents / 100),
        (y, spec, key, raise) => {
          const lower = run(DecimalArith, y, [spec], false)[0] as PersonTax<Decimal>;
          const raised = { ...spec, income: { ...spec.income, [key]: spec.income[key] + raise } };
          const higher = run(DecimalArith, y, [raised], false)[0] as PersonTax<Decimal>;
          expect(higher.total.gte(lower.total)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never takes more on average than the top combined rate (plus the Ontario Health Premium, at most $900)', () => {
    fc.assert(
      fc.property(year, fc.constantFrom(...PROVINCES), age, amount(2000000), (y, province, a, employment) => {
        const spec: PersonSpec = {
          id: 'a',
          age: a,
          country: 'CA',
          province,
          status: 'SINGLE',
          income: { ...ZERO, employment },
        };
        const result = run(DecimalArith, y, [spec], false)[0] as PersonTax<Decimal>;
        const provincial = tableForYear(CA_PROVINCES[province], y).table;
        const surtax = (provincial.surtax?.rates ?? []).reduce((sum, rate) => sum + rate, 0);
        const federalTop = topRate(tableForYear(CA_FEDERAL, y).table.schedule);
        const top =
          federalTop * (province === 'QUEBEC' ? 1 - CA_QUEBEC_ABATEMENT : 1) +
          topRate(provincial.schedule) * (1 + surtax);
        expect(result.total.lte(result.taxableIncome.times(top).plus(900).plus(0.01))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('taxes the next dollar of a very high Canadian income at exactly the top combined rate', () => {
    fc.assert(
      fc.property(
        year,
        fc.constantFrom(...PROVINCES),
        fc.integer({ min: 2000000, max: 5000000 }),
        (y, province, employment) => {
          const at = (value: number) =>
            (
              run(
                DecimalArith,
                y,
                [
                  {
                    id: 'a',
                    age: 40,
                    country: 'CA',
                    province,
                    status: 'SINGLE',
                    income: { ...ZERO, employment: value },
                  },
                ],
                false,
              )[0] as PersonTax<Decimal>
            ).total;
          const provincial = tableForYear(CA_PROVINCES[province], y).table;
          const surtax = (provincial.surtax?.rates ?? []).reduce((sum, rate) => sum + rate, 0);
          const federalTop = topRate(tableForYear(CA_FEDERAL, y).table.schedule);
          const top =
            federalTop * (province === 'QUEBEC' ? 1 - CA_QUEBEC_ABATEMENT : 1) +
            topRate(provincial.schedule) * (1 + surtax);
          const marginal = at(employment + 10000)
            .minus(at(employment))
            .div(10000);
          expect(Math.abs(marginal.toNumber() - top)).toBeLessThan(0.000005);
        },
      ),
      { numRuns: 60 },
    );
  });

  // Only ordinary income: a raise that pushes long-term gains from the 15% into the 20% band, or
  // Social Security into taxation, costs more than the top rate on the raise alone (by design).
  it('never taxes a US dollar of ordinary income above the top federal rate (under 65, no Social Security or gains)', () => {
    fc.assert(
      fc.property(
        year,
        fc.constantFrom(...UsFilingStatus),
        fc.integer({ min: 30, max: 64 }),
        amount(2000000),
        fc.integer({ min: 1, max: 1000000 }).map((cents) => cents / 100),
        (y, status, a, employment, raise) => {
          const spec = (value: number): PersonSpec => ({
            id: 'a',
            age: a,
            country: 'US',
            province: 'ONTARIO',
            status,
            income: { ...ZERO, employment: value },
          });
          const lower = (run(DecimalArith, y, [spec(employment)], false)[0] as PersonTax<Decimal>).total;
          const higher = (run(DecimalArith, y, [spec(employment + raise)], false)[0] as PersonTax<Decimal>).total;
          const top = topRate(tableForYear(US_FEDERAL, y).table.schedules[status]);
          // One cent of slack for the rounding of each figure.
          expect(higher.minus(lower).lte(raise * top + 0.01)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never raises a Canadian couple’s total by splitting pension income', () => {
    const canadian = (id: string) =>
      person(id).map((spec) => ({ ...spec, country: 'CA' as const, age: Math.max(spec.age, 55) }));
    fc.assert(
      fc.property(year, canadian('a'), canadian('b'), (y, a, b) => {
        const split = run(DecimalArith, y, [a, b], true);
        const none = run(DecimalArith, y, [a, b], false);
        expect(sumTotals(split).lte(sumTotals(none))).toBe(true);
        const [first, second] = split as [PersonTax<Decimal>, PersonTax<Decimal>];
        expect(first.pensionSplitAmount.plus(second.pensionSplitAmount).isZero()).toBe(true);
        // Each gives at most half of their own eligible pension income.
        expect(first.pensionSplitAmount.gte(-a.income.eligiblePension / 2 - 0.005)).toBe(true);
        expect(second.pensionSplitAmount.gte(-b.income.eligiblePension / 2 - 0.005)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('never recovers more than the OAS received', () => {
    fc.assert(
      fc.property(year, household, (y, specs) => {
        run(DecimalArith, y, specs, true).forEach((result, i) => {
          const oas = (specs[i] as PersonSpec).income.oas;
          expect(result.oasClawback.lte(oas)).toBe(true);
          expect(result.oasClawback.isNegative()).toBe(false);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same figures, within one cent, on decimals and on floats', () => {
    fc.assert(
      fc.property(year, household, (y, specs) => {
        const decimal = run(DecimalArith, y, specs, false);
        const float = run(FloatArith, y, specs, false);
        decimal.forEach((d, i) => {
          const f = float[i] as PersonTax<number>;
          for (const key of ['taxableIncome', 'federal', 'provincial', 'oasClawback', 'total'] as const) {
            expect(Math.abs(d[key].toNumber() - f[key])).toBeLessThanOrEqual(0.0100001);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('splits pension income to the same household total, within one cent, on decimals and on floats', () => {
    const canadian = (id: string) => person(id).map((spec) => ({ ...spec, country: 'CA' as const }));
    fc.assert(
      fc.property(year, canadian('a'), canadian('b'), (y, a, b) => {
        const decimal = sumTotals(run(DecimalArith, y, [a, b], true)).toNumber();
        const float = run(FloatArith, y, [a, b], true).reduce((sum, p) => sum + p.total, 0);
        expect(Math.abs(decimal - float)).toBeLessThanOrEqual(0.0100001);
      }),
      { numRuns: 40 },
    );
  });
});

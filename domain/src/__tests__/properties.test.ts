// Properties that must hold for every input, checked with fast-check (the worked examples live
// beside each module).
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  calculatePension,
  EntityType,
  isCanonicalId,
  Money,
  newId,
  parseId,
  rrspDollarLimit,
  rrspRoomFromEarnedIncome,
  tfsaAnnualLimit,
  tfsaCumulativeRoom,
} from '../index.js';

/** Decimal strings with up to 12 integer and 8 fractional digits, either sign. */
const amount = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}.${String(fraction).padStart(8, '0')}`);
const positiveRate = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(1_000_000));

describe('money', () => {
  it('survives a JSON round trip exactly', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom('CAD', 'USD', 'EUR'), (value, currency) => {
        const money = Money.of(value, currency);
        expect(Money.fromJSON(JSON.parse(JSON.stringify(money))).equals(money)).toBe(true);
      }),
    );
  });

  it('adds and subtracts back to the start (within the 8-decimal rounding)', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const x = Money.of(a, 'CAD');
        const y = Money.of(b, 'CAD');
        expect(x.add(y).subtract(y).equals(x)).toBe(true);
      }),
    );
  });

  it('converts there and back within the 4-decimal rounding of each conversion', () => {
    fc.assert(
      fc.property(amount, positiveRate, (value, usdPerCad) => {
        const rates = { base: 'CAD' as const, rates: { USD: usdPerCad } };
        const cad = Money.of(value, 'CAD');
        const back = cad.convertTo('USD', rates).convertTo('CAD', rates);
        // Each conversion rounds to 0.00005 at most; the first error is scaled by 1/rate coming back.
        const tolerance = new Decimal(0.00005).div(usdPerCad).plus(0.00005);
        expect(back.value.minus(cad.value).abs().lte(tolerance)).toBe(true);
      }),
    );
  });

  it('sums in any order to the same total', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), (values) => {
        const items = values.map((value) => Money.of(value, 'USD'));
        expect(Money.sum([...items].reverse(), 'USD').equals(Money.sum(items, 'USD'))).toBe(true);
      }),
    );
  });
});

describe('registered accounts', () => {
  it('never gives RRSP room above the year’s dollar limit or below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1991, max: 2040 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (year, income, pensionAdjustment) => {
          const room = rrspRoomFromEarnedIncome(income, year, pensionAdjustment);
          expect(room.gte(0)).toBe(true);
          expect(room.lte(rrspDollarLimit(year))).toBe(true);
          expect(room.lte(new Decimal(income).times(0.18))).toBe(true);
        },
      ),
    );
  });

  it('accrues TFSA room as the sum of the annual limits, never more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1920, max: 2020 }), fc.integer({ min: 2009, max: 2040 }), (birthYear, year) => {
        const room = tfsaCumulativeRoom(birthYear, year);
        let everyYear = 0;
        for (let y = 2009; y <= year; y += 1) everyYear += tfsaAnnualLimit(y);
        expect(room).toBeGreaterThanOrEqual(0);
        expect(room).toBeLessThanOrEqual(everyYear);
        expect(tfsaCumulativeRoom(birthYear, year + 1) - room).toBe(
          birthYear + 18 <= year + 1 ? tfsaAnnualLimit(year + 1) : 0,
        );
      }),
    );
  });
});

describe('pensions', () => {
  it('never exceeds the years-of-service cap or the accrued amount cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 45 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (serviceYears, yearsCap, amountPerYear, accruedCap) => {
          const result = calculatePension({
            benefitFormulaType: 'FLAT_BENEFIT',
            serviceStartDate: `${2025 - serviceYears}-01-01`,
            serviceEndDate: '2025-01-01',
            yearsOfServiceCap: yearsCap,
            accruedAmountCap: accruedCap,
            amountPerYear,
            expectedYearsInRetirement: 20,
          });
          expect(result.yearsOfService.lte(yearsCap)).toBe(true);
          expect(result.accruedAnnualBenefit.lte(accruedCap)).toBe(true);
          expect(result.annualPayout.lte(result.accruedAnnualBenefit)).toBe(true);
          // A lump sum today is worth less than the undiscounted payments.
          expect(result.commutedValue.lte(result.annualPayout.times(20))).toBe(true);
        },
      ),
    );
  });
});

describe('canonical ids', () => {
  it('always generates valid, parseable ids of the requested type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(EntityType)), (type) => {
        const id = newId(type);
        expect(isCanonicalId(id, [type])).toBe(true);
        expect(parseId(id).type).toBe(type);
      }),
    );
  });
});

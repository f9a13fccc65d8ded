// The seed's building blocks, without a database: ids, the generator, the loan formulas, COPY text.
import { isCanonicalId } from '@meridian/domain';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { encodeValue } from '../copy.js';
import { addMonths, day, levelPayment, money, periodicRate, remainingBalance } from '../finance.js';
import { IdFactory, deterministicSuffix } from '../ids.js';
import { Random } from '../random.js';

describe('deterministic ids', () => {
  test('are canonical, the same for the same seed, prefix and counter, and different otherwise', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.constantFrom('household', 'contact', 'acount_owner'),
        fc.nat({ max: 99_999_999 }),
        fc.nat({ max: 99_999_999 }),
        (seed, prefix, a, b) => {
          const id = `${prefix}-${deterministicSuffix(seed, prefix, a)}`;
          expect(isCanonicalId(id, [prefix])).toBe(true);
          expect(deterministicSuffix(seed, prefix, a)).toBe(deterministicSuffix(seed, prefix, a));
          if (a !== b) expect(deterministicSuffix(seed, prefix, b)).not.toBe(deterministicSuffix(seed, prefix, a));
        },
      ),
    );
  });

  test('of one kind sort in the order they were made; seeds give different ids', () => {
    const ids = new IdFactory(42);
    const households = Array.from({ length: 2_000 }, () => ids.next('household'));
    expect([...households].sort()).toEqual(households);
    expect(new Set(households).size).toBe(households.length);
    expect(ids.next('person')).toBe(`person-${deterministicSuffix(42, 'person', 0)}`);
    expect(new IdFactory(43).next('household')).not.toBe(households[0]);
  });

  test('refuse a counter that does not fit', () => {
    expect(() => deterministicSuffix(1, 'household', 100_000_000)).toThrow(RangeError);
    expect(() => deterministicSuffix(1, 'household', -1)).toThrow(RangeError);
  });
});

describe('the generator', () => {
  test('repeats itself for the same seed and labels, and stays within bounds', () => {
    const a = Random.derive(7, 'household', 3);
    const b = Random.derive(7, 'household', 3);
    const c = Random.derive(7, 'household', 4);
    const first = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 50 }, () => c.next())).not.toEqual(first);
    for (let index = 0; index < 1_000; index += 1) {
      const value = a.int(3, 9);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(9);
      expect(
        a.weighted([
          ['never', 0],
          ['always', 1],
        ] as const),
      ).toBe('always');
    }
  });
});

describe('loan arithmetic', () => {
  test('a Canadian mortgage compounds semi-annually: $300,000 at 5 % over 25 years is $1,744.81 a month', () => {
    const rate = periodicRate(5, 12, true);
    const payment = levelPayment(300_000, rate, 300);
    expect(money(payment)).toBe('1744.81');
    expect(remainingBalance(300_000, rate, payment, 300)).toBeLessThan(0.01);
    expect(remainingBalance(300_000, rate, payment, 0)).toBeCloseTo(300_000, 6);
  });

  test('months are added on the calendar, keeping the time and clamping the day', () => {
    expect(addMonths(day(2024, 1, 31), 1)).toEqual(day(2024, 2, 29));
    expect(addMonths(new Date('2026-11-20T12:00:00.000Z'), -14).toISOString()).toBe('2025-09-20T12:00:00.000Z');
  });
});

describe('COPY text', () => {
  test('escapes what the format needs and writes nulls, arrays, dates and JSON', () => {
    expect(encodeValue(null)).toBe('\\N');
    expect(encodeValue('a\tb\\c\nd')).toBe('a\\tb\\\\c\\nd');
    expect(encodeValue(true)).toBe('t');
    expect(encodeValue(['MEETS_AUM', 'a "b"'])).toBe('{"MEETS_AUM","a \\\\"b\\\\""}');
    expect(encodeValue(new Date('2026-11-20T12:00:00Z'))).toBe('2026-11-20T12:00:00.000Z');
    expect(encodeValue({ seed: 1 })).toBe('{"seed":1}');
    expect(() => encodeValue(Number.NaN)).toThrow(TypeError);
  });
});

import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  type CurrencyCode,
  isCurrencyCode,
  Money,
  MoneyMessage,
  moneyValueSchema,
  type FxRateTable,
} from '../index.js';

/** Deterministic pseudo-random numbers (mulberry32) so property loops are reproducible. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random amount with up to 8 decimals between -1e9 and 1e9, as a string. */
function randomAmount(next: () => number): string {
  const units = Math.floor(next() * 2e9) - 1e9;
  const fraction = Math.floor(next() * 1e8)
    .toString()
    .padStart(8, '0');
  return `${units}.${fraction}`;
}

const cad = (value: string | number) => Money.of(value, 'CAD');

describe('supported currencies', () => {
  it('lists CAD and USD first, then other ISO 4217 codes, each once', () => {
    expect(CURRENCY_CODES.slice(0, 2)).toEqual(['CAD', 'USD']);
    expect(CURRENCY_CODES).toEqual(expect.arrayContaining(['EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'MXN', 'CNY', 'INR']));
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (const code of CURRENCY_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('recognises only listed codes, case-sensitively', () => {
    expect(isCurrencyCode('CAD')).toBe(true);
    expect(isCurrencyCode('cad')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode(undefined)).toBe(false);
  });
});

describe('Money construction', () => {
  it('builds from a number, a decimal string and a Decimal, keeping the value exactly', () => {
    expect(Money.of(12.5, 'CAD').toJSON()).toEqual({ value: '12.5', currency: 'CAD' });
    expect(Money.of('0.123456789', 'USD').toJSON()).toEqual({ value: '0.123456789', currency: 'USD' });
    expect(Money.of(' 42 ', 'USD').value.toFixed()).toBe('42');
    expect(Money.of(new Decimal('1e-8'), 'EUR').toJSON()).toEqual({ value: '0.00000001', currency: 'EUR' });
    expect(Money.of(0, 'CAD').isZero()).toBe(true);
    expect(Money.zero('JPY').toJSON()).toEqual({ value: '0', currency: 'JPY' });
  });

  it('keeps an optional date', () => {
    const date = new Date('2024-03-05T12:00:00Z');
    const money = Money.of(10, 'CAD', date);
    expect(money.date).toBe(date);
    expect(money.toJSON()).toEqual({ value: '10', currency: 'CAD', date: '2024-03-05T12:00:00.000Z' });
  });

  it('rejects a missing value', () => {
    for (const value of [undefined, null, '', '  ']) {
      expect(() => Money.of(value as never, 'CAD')).toThrowError(
        expect.objectContaining({ code: 'ERR_INVALID_PROPS', message: 'No value passed for money' }),
      );
    }
  });

  it('rejects an unsupported currency, naming it', () => {
    expect(() => Money.of(1, 'XYZ')).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_PROPS', message: 'Currency "XYZ" is not valid' }),
    );
    expect(() => Money.of(1, undefined as never)).toThrowError('Currency "undefined" is not valid');
    expect(() => Money.of(1, 'usd')).toThrowError(MoneyMessage.invalidCurrency('usd'));
  });

  it('checks the value is present before the currency, and the currency before the value type', () => {
    expect(() => Money.of(undefined as never, 'XYZ')).toThrowError('No value passed for money');
    expect(() => Money.of('abc', 'XYZ')).toThrowError('Currency "XYZ" is not valid');
  });

  it('rejects a value that is not a number', () => {
    for (const value of ['abc', '12,50', '0x10', 'Infinity', NaN, Infinity, true, {}, [], new Decimal(NaN)]) {
      expect(() => Money.of(value as never, 'CAD')).toThrowError(
        expect.objectContaining({ code: 'ERR_INVALID_PROPS', message: 'Money value must be a number' }),
      );
    }
  });

  it('rejects a time that is not a valid Date', () => {
    for (const date of ['2024-03-05', new Date('nope'), 1709640000000]) {
      expect(() => Money.of(1, 'CAD', date as never)).toThrowError(
        expect.objectContaining({ code: 'ERR_INVALID_PROPS', message: 'Money time must be a valid Date' }),
      );
    }
  });

  it('is immutable', () => {
    const money = cad(1);
    expect(Object.isFrozen(money)).toBe(true);
    expect(() => {
      // @ts-expect-error the value is read-only
      money.currency = 'USD';
    }).toThrowError(TypeError);
    money.add(cad(2));
    expect(money.value.toFixed()).toBe('1');
  });
});

describe('Money arithmetic', () => {
  it('adds and subtracts without float error', () => {
    expect(cad(0.1).add(cad(0.2)).toJSON()).toEqual({ value: '0.3', currency: 'CAD' });
    expect(cad('100.10').subtract(cad('0.30')).value.toFixed()).toBe('99.8');
    expect(cad(5).subtract(cad(7.25)).value.toFixed()).toBe('-2.25');
  });

  it('rounds results half away from zero to 8 decimals', () => {
    expect(cad('0.000000005').add(cad(0)).value.toFixed()).toBe('0.00000001');
    expect(cad('-0.000000005').add(cad(0)).value.toFixed()).toBe('-0.00000001');
    expect(cad('0.000000004999').add(cad(0)).value.toFixed()).toBe('0');
    expect(cad(10).divide(3).value.toFixed()).toBe('3.33333333');
    expect(cad(20).divide(3).value.toFixed()).toBe('6.66666667');
    expect(cad('1.23456789').multiply('0.5').value.toFixed()).toBe('0.61728395');
    expect(cad('-1.23456789').multiply('0.5').value.toFixed()).toBe('-0.61728395');
  });

  it('keeps precision on large amounts', () => {
    expect(cad('123456789012345.12345678').multiply(3).value.toFixed()).toBe('370370367037035.37037034');
    expect(cad('1000000000000000').divide(3).value.toFixed()).toBe('333333333333333.33333333');
  });

  it('multiplies and divides by numbers, strings and Decimals', () => {
    expect(cad(100).multiply(1.5).value.toFixed()).toBe('150');
    expect(cad(100).multiply(new Decimal('0.13')).value.toFixed()).toBe('13');
    expect(cad(100).divide('4').value.toFixed()).toBe('25');
    expect(() => cad(100).multiply('lots')).toThrowError('Money value must be a number');
  });

  it('throws ERR_DIVIDE_BY_ZERO on division by zero', () => {
    for (const zero of [0, -0, '0', '0.000', new Decimal(0)]) {
      expect(() => cad(10).divide(zero)).toThrowError(
        expect.objectContaining({ code: 'ERR_DIVIDE_BY_ZERO', message: 'Cannot divide money by zero' }),
      );
    }
  });

  it('refuses to combine two currencies', () => {
    const usd = Money.of(1, 'USD');
    expect(() => cad(1).add(usd)).toThrowError(
      expect.objectContaining({
        code: 'ERR_INVALID_PROPS',
        message: 'Cannot combine CAD and USD amounts; convert first',
      }),
    );
    expect(() => cad(1).subtract(usd)).toThrowError('Cannot combine CAD and USD amounts; convert first');
    expect(() => cad(1).compare(usd)).toThrowError('Cannot combine CAD and USD amounts; convert first');
  });

  it('keeps the left operand date', () => {
    const date = new Date('2024-01-01T00:00:00Z');
    expect(Money.of(1, 'CAD', date).add(cad(1)).date).toBe(date);
  });

  it('property: a + b - b = a and addition commutes (8-decimal amounts)', () => {
    const next = seeded(42);
    for (let i = 0; i < 500; i += 1) {
      const a = cad(randomAmount(next));
      const b = cad(randomAmount(next));
      expect(a.add(b).subtract(b).equals(a)).toBe(true);
      expect(a.add(b).equals(b.add(a))).toBe(true);
      expect(a.add(b).value.decimalPlaces()).toBeLessThanOrEqual(8);
    }
  });

  it('property: division then multiplication is within half a unit of the 8th decimal per step', () => {
    const next = seeded(7);
    for (let i = 0; i < 500; i += 1) {
      const a = cad(randomAmount(next));
      const divisor = Math.floor(next() * 999) + 1;
      const back = a.divide(divisor).multiply(divisor);
      expect(back.subtract(a).value.abs().lte(new Decimal('0.000000005').times(divisor))).toBe(true);
    }
  });
});

describe('Money comparison and sums', () => {
  it('compares amounts of one currency', () => {
    expect(cad(1).compare(cad(2))).toBe(-1);
    expect(cad(2).compare(cad(1))).toBe(1);
    expect(cad('1.50').compare(cad(1.5))).toBe(0);
    expect(cad(2).greaterThan(cad(1))).toBe(true);
    expect(cad(1).lessThan(cad(2))).toBe(true);
    expect(cad('1.50').equals(cad(1.5))).toBe(true);
    expect(cad(1).equals(Money.of(1, 'USD'))).toBe(false);
  });

  it('tells zero, negative and positive apart (negative zero is zero)', () => {
    expect(cad(-0).isZero()).toBe(true);
    expect(cad(-0).isNegative()).toBe(false);
    expect(cad(-0).toJSON().value).toBe('0');
    expect(cad(-1).isNegative()).toBe(true);
    expect(cad(1).isPositive()).toBe(true);
    expect(cad(0).isPositive()).toBe(false);
  });

  it('sums a list', () => {
    expect(Money.sum([cad(0.1), cad(0.2), cad('0.3')]).toJSON()).toEqual({ value: '0.6', currency: 'CAD' });
    expect(Money.sum([], 'USD').toJSON()).toEqual({ value: '0', currency: 'USD' });
    expect(() => Money.sum([])).toThrowError(
      expect.objectContaining({
        code: 'ERR_INVALID_PROPS',
        message: 'Cannot sum an empty list of money without a currency',
      }),
    );
    expect(() => Money.sum([cad(1), Money.of(1, 'USD')])).toThrowError(
      'Cannot combine CAD and USD amounts; convert first',
    );
    expect(() => Money.sum([cad(1)], 'USD')).toThrowError('Cannot combine USD and CAD amounts; convert first');
  });

  it('property: the sum equals the pairwise fold in any order', () => {
    const next = seeded(99);
    for (let i = 0; i < 100; i += 1) {
      const items = Array.from({ length: 1 + Math.floor(next() * 20) }, () => cad(randomAmount(next)));
      const reversed = [...items].reverse();
      expect(Money.sum(items).equals(Money.sum(reversed))).toBe(true);
    }
  });
});

describe('Money JSON', () => {
  it('writes the value as a plain decimal string, never exponent notation', () => {
    expect(JSON.stringify(cad('0.00000001'))).toBe('{"value":"0.00000001","currency":"CAD"}');
    expect(cad('12345678901234567890').toJSON().value).toBe('12345678901234567890');
    expect(String(cad('-3.5'))).toBe('-3.5 CAD');
  });

  it('round-trips through fromJSON', () => {
    const money = Money.of('1234.56789', 'USD', new Date('2024-03-05T00:00:00Z'));
    const back = Money.fromJSON(JSON.parse(JSON.stringify(money)));
    expect(back.equals(money)).toBe(true);
    expect(back.date?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(() => Money.fromJSON({ value: '1', currency: 'CAD', date: 'not a date' })).toThrowError(
      'Money time must be a valid Date',
    );
  });
});

describe('Money conversion', () => {
  const rates: FxRateTable = { base: 'USD', rates: { CAD: '1.3579', EUR: '0.9234', GBP: 0.79 } };

  it('converts through the base currency and rounds to 4 decimals', () => {
    expect(Money.of(100, 'USD').convertTo('CAD', rates).toJSON()).toEqual({ value: '135.79', currency: 'CAD' });
    // 100 / 1.3579 = 73.64312541...
    expect(cad(100).convertTo('USD', rates).toJSON()).toEqual({ value: '73.6431', currency: 'USD' });
    // 100 / 1.3579 * 0.9234 = 68.00206202...
    expect(cad(100).convertTo('EUR', rates).toJSON()).toEqual({ value: '68.0021', currency: 'EUR' });
    const doubling: FxRateTable = { base: 'USD', rates: { CAD: 2 } };
    expect(Money.of('0.000025', 'USD').convertTo('CAD', doubling).value.toFixed()).toBe('0.0001');
    expect(Money.of('-0.000025', 'USD').convertTo('CAD', doubling).value.toFixed()).toBe('-0.0001');
    expect(Money.of('0.0000249', 'USD').convertTo('CAD', doubling).value.toFixed()).toBe('0');
  });

  it('returns the same value for the same currency, even without rates', () => {
    const money = cad('1.123456789');
    expect(money.convertTo('CAD', undefined)).toBe(money);
  });

  it('keeps the date', () => {
    const date = new Date('2024-03-05T00:00:00Z');
    expect(Money.of(1, 'USD', date).convertTo('CAD', rates).date).toBe(date);
  });

  it('throws ERR_INITIALIZATION when rates are not set', () => {
    for (const table of [undefined, null, { base: 'USD', rates: {} }]) {
      expect(() => cad(1).convertTo('USD', table as never)).toThrowError(
        expect.objectContaining({ code: 'ERR_INITIALIZATION', message: 'Currency rates not set' }),
      );
    }
  });

  it('names the currency with no rate, never falling back to 1:1', () => {
    expect(() => Money.of(1, 'JPY').convertTo('CAD', rates)).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_PROPS', message: 'No rate found for currency JPY' }),
    );
    expect(() => cad(1).convertTo('JPY', rates)).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_PROPS', message: 'No rate found for target currency JPY' }),
    );
  });

  it('rejects a zero, negative or non-numeric rate and an unsupported target', () => {
    for (const bad of [0, -1.2, 'abc']) {
      const table = { base: 'USD', rates: { CAD: bad } } as FxRateTable;
      expect(() => Money.of(1, 'USD').convertTo('CAD', table)).toThrowError('Rate for CAD must be a positive number');
    }
    expect(() => cad(1).convertTo('XYZ', rates)).toThrowError('Currency "XYZ" is not valid');
  });

  it('property: converting there and back stays within the 4-decimal rounding', () => {
    const next = seeded(2024);
    for (let i = 0; i < 300; i += 1) {
      const amount = Money.of((next() * 1e6).toFixed(2), 'CAD');
      const back = amount.convertTo('EUR', rates).convertTo('CAD', rates);
      // one rounding of at most 0.00005 EUR, scaled by the EUR->CAD rate, plus the final rounding
      expect(back.subtract(amount).value.abs().lte('0.0002')).toBe(true);
    }
  });
});

describe('Money types', () => {
  it('keeps currency codes typed', () => {
    // @ts-expect-error XYZ is not a supported currency
    const table: FxRateTable = { base: 'USD', rates: { XYZ: 1 } };
    expect(table.base).toBe('USD');
    const parsed = moneyValueSchema.parse({ value: 1, currency: 'CAD' });
    const code: CurrencyCode = parsed.currency;
    expect(code).toBe('CAD');
    // @ts-expect-error sums take Money, not numbers
    expect(() => Money.sum([1, 2])).toThrowError();
  });
});

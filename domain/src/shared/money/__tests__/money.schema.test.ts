import { describe, expect, it } from 'vitest';
import { makeMoneyValueSchema, moneyFromValue, moneyValueSchema } from '../index.js';

function messages(input: unknown, schema = moneyValueSchema): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('money value schema (foundations §5)', () => {
  it('accepts a number with a supported currency and an optional date; zero is a value', () => {
    expect(moneyValueSchema.parse({ value: 0, currency: 'CAD' })).toEqual({ value: 0, currency: 'CAD' });
    expect(moneyValueSchema.parse({ value: -12.5, currency: 'USD', date: '2024-03-05' })).toEqual({
      value: -12.5,
      currency: 'USD',
      date: '2024-03-05',
    });
    expect(messages({ value: 1, currency: 'EUR', date: '2024-03-05T10:00:00-05:00' })).toEqual([]);
  });

  it('requires the value', () => {
    expect(messages({ currency: 'CAD' })).toEqual(['value: Money value is required']);
    expect(messages({ value: null, currency: 'CAD' })).toEqual(['value: Money value is required']);
  });

  it('requires a finite number', () => {
    for (const value of ['12', NaN, Infinity, true]) {
      expect(messages({ value, currency: 'CAD' })).toEqual(['value: Money value must be a number']);
    }
  });

  it('requires a supported currency', () => {
    expect(messages({ value: 1 })).toEqual(['currency: Currency is required']);
    expect(messages({ value: 1, currency: 'XYZ' })).toEqual(['currency: Currency is not valid']);
    expect(messages({ value: 1, currency: 'cad' })).toEqual(['currency: Currency is not valid']);
  });

  it('rejects a date that is not ISO', () => {
    expect(messages({ value: 1, currency: 'CAD', date: '05/03/2024' })).toEqual([
      'date: Money date must be an ISO date',
    ]);
    expect(messages({ value: 1, currency: 'CAD', date: '2024-03-05T10:00:00' })).toEqual([
      'date: Money date must be an ISO date',
    ]);
  });

  it('takes form-specific wording', () => {
    const flowAmount = makeMoneyValueSchema({
      valueRequired: 'Amount value is required',
      currencyRequired: 'Currency is required',
    });
    expect(messages({}, flowAmount)).toEqual(['value: Amount value is required', 'currency: Currency is required']);
    expect(messages({ value: 'x', currency: 'CAD' }, flowAmount)).toEqual(['value: Money value must be a number']);
  });

  it('turns a parsed value into Money', () => {
    const money = moneyFromValue(moneyValueSchema.parse({ value: 10.25, currency: 'USD', date: '2024-03-05' }));
    expect(money.toJSON()).toEqual({ value: '10.25', currency: 'USD', date: '2024-03-05T00:00:00.000Z' });
  });
});

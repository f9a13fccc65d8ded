import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaymentFrequency } from '../../records/enums.js';
import { Money } from '../../../shared/money/money.js';
import {
  createExpenseFlowSchema,
  createIncomeFlowSchema,
  createStreamSchema,
  categorizeStreamSchema,
  IRREGULAR_FREQUENCIES,
  normaliseFlow,
  OCCURRENCES_PER_YEAR,
  summariseCashFlows,
  type CashFlowLine,
} from '../index.js';

const cad = (value: string | number) => Money.of(value, 'CAD');

function issues(
  schema: {
    safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('frequency normalisation', () => {
  it('spreads every regular frequency over a year and a month', () => {
    const monthly = Object.fromEntries(
      Object.keys(OCCURRENCES_PER_YEAR).map((frequency) => {
        const flow = normaliseFlow(cad(1200), frequency as PaymentFrequency);
        return [frequency, [flow.monthly?.value.toFixed(), flow.annual?.value.toFixed()]];
      }),
    );
    expect(monthly).toEqual({
      DAILY: ['36500', '438000'],
      WEEKLY: ['5200', '62400'],
      BI_WEEKLY: ['2600', '31200'],
      SEMI_MONTHLY: ['2400', '28800'],
      MONTHLY: ['1200', '14400'],
      QUARTERLY: ['400', '4800'],
      SEMI_ANNUALLY: ['200', '2400'],
      ANNUALLY: ['100', '1200'],
    });
  });

  it('rounds the monthly figure to 8 decimals', () => {
    expect(normaliseFlow(cad(1000), 'BI_WEEKLY').monthly?.value.toFixed()).toBe('2166.66666667');
  });

  it('keeps ONE_TIME, VARIED and OTHER out of the run rate, each explicitly', () => {
    expect(normaliseFlow(cad(5000), 'ONE_TIME')).toMatchObject({ kind: 'ONE_TIME', monthly: null, annual: null });
    expect(normaliseFlow(cad(5000), 'VARIED')).toMatchObject({ kind: 'IRREGULAR', monthly: null, annual: null });
    expect(normaliseFlow(cad(5000), 'OTHER')).toMatchObject({ kind: 'IRREGULAR', monthly: null, annual: null });
    const covered = [...Object.keys(OCCURRENCES_PER_YEAR), ...IRREGULAR_FREQUENCIES].sort();
    expect(covered).toEqual([...PaymentFrequency].sort());
  });

  it('refuses a frequency it does not know', () => {
    expect(() => normaliseFlow(cad(1), 'FORTNIGHTLY' as PaymentFrequency)).toThrowError(
      expect.objectContaining({ code: 'UNHANDLED_CASE_ERROR' }),
    );
  });

  it('property: twelve months make the year, within the 8-decimal rounding', () => {
    const frequency = fc.constantFrom(...(Object.keys(OCCURRENCES_PER_YEAR) as PaymentFrequency[]));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), frequency, (cents, freq) => {
        const flow = normaliseFlow(cad(cents / 100), freq);
        expect(flow.monthly!.multiply(12).subtract(flow.annual!).value.abs().lte('0.00000012')).toBe(true);
      }),
    );
  });
});

describe('cash flow summary', () => {
  const line = (
    direction: CashFlowLine['direction'],
    amount: number,
    frequency: PaymentFrequency,
    necessity: CashFlowLine['necessity'] = null,
    category: CashFlowLine['category'] = null,
  ): CashFlowLine => ({ direction, necessity, category, flow: normaliseFlow(cad(amount), frequency) });

  it('adds monthly in and out, needs against wants, and totals by category', () => {
    const summary = summariseCashFlows(
      [
        line('INFLOW', 6000, 'MONTHLY', null, { key: 'SALARY', label: 'Salary' }),
        line('INFLOW', 1200, 'ANNUALLY', null, { key: 'DIVIDENDS', label: 'Dividends' }),
        line('OUTFLOW', 2000, 'MONTHLY', 'NEED', { key: 'RENT', label: 'Rent' }),
        line('OUTFLOW', 100, 'WEEKLY', 'WANT', { key: 'RESTAURANTS', label: 'Restaurants' }),
        line('OUTFLOW', 300, 'MONTHLY'),
        line('OUTFLOW', 9000, 'ONE_TIME', 'WANT'),
        line('INFLOW', 50000, 'ONE_TIME'),
        line('OUTFLOW', 75, 'VARIED', 'NEED'),
      ],
      'CAD',
    );
    const json = (money: Money) => money.value.toFixed();
    expect(json(summary.inflow.monthly)).toBe('6100');
    expect(json(summary.outflow.monthly)).toBe('2733.33333333');
    expect(json(summary.net.monthly)).toBe('3366.66666667');
    expect(json(summary.needs.monthly)).toBe('2000');
    expect(json(summary.wants.monthly)).toBe('433.33333333');
    expect(json(summary.unclassified.monthly)).toBe('300');
    expect(json(summary.oneTime.outflow)).toBe('9000');
    expect(json(summary.oneTime.inflow)).toBe('50000');
    expect(summary.irregularCount).toBe(1);
    expect(summary.byCategory.map((entry) => [entry.direction, entry.label, json(entry.monthly)])).toEqual([
      ['INFLOW', 'Salary', '6000'],
      ['OUTFLOW', 'Rent', '2000'],
      ['OUTFLOW', 'Restaurants', '433.33333333'],
      ['OUTFLOW', 'Uncategorised', '300'],
      ['INFLOW', 'Dividends', '100'],
    ]);
  });

  it('is all zeros for a household without flows', () => {
    const summary = summariseCashFlows([], 'USD');
    expect(summary.net.annual.toJSON()).toEqual({ value: '0', currency: 'USD' });
    expect(summary.byCategory).toEqual([]);
  });

  it('property: outflow is needs plus wants plus unclassified, and net is in minus out', () => {
    const lines = fc.array(
      fc.record({
        direction: fc.constantFrom('INFLOW' as const, 'OUTFLOW' as const),
        necessity: fc.constantFrom('NEED' as const, 'WANT' as const, null),
        cents: fc.integer({ min: 0, max: 10 ** 9 }),
        frequency: fc.constantFrom(...PaymentFrequency),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(lines, (items) => {
        const summary = summariseCashFlows(
          items.map((item) => line(item.direction, item.cents / 100, item.frequency, item.necessity)),
          'CAD',
        );
        const parts = summary.needs.monthly.add(summary.wants.monthly).add(summary.unclassified.monthly);
        expect(parts.equals(summary.outflow.monthly)).toBe(true);
        expect(summary.inflow.annual.subtract(summary.outflow.annual).equals(summary.net.annual)).toBe(true);
        const byCategory = Money.sum(
          summary.byCategory.filter((entry) => entry.direction === 'OUTFLOW').map((entry) => entry.monthly),
          'CAD',
        );
        expect(byCategory.equals(summary.outflow.monthly)).toBe(true);
      }),
    );
  });
});

describe('flow and stream bodies', () => {
  it('gives a name-only income and expense a subtype, and an expense a necessity', () => {
    expect(createIncomeFlowSchema.parse({ householdId: 'h', name: 'Salary' })).toEqual({
      householdId: 'h',
      name: 'Salary',
      subtype: 'CUSTOM',
      flows: [],
    });
    expect(createExpenseFlowSchema.parse({ householdId: 'h', name: 'Rent', necessity: '' })).toMatchObject({
      subtype: 'OTHER',
      necessity: 'NEED',
    });
    expect(issues(createExpenseFlowSchema, { householdId: 'h', name: 'Rent', necessity: 'MAYBE' })).toEqual([
      'necessity: Necessity must be either Need or Want',
    ]);
    expect(issues(createIncomeFlowSchema, {})).toEqual([
      'householdId: Household is required',
      'name: Name is required',
    ]);
  });

  it('checks a hand-made stream and its category', () => {
    expect(issues(createStreamSchema, { householdId: 'h', name: ' ' })).toEqual([
      'name: Name is required',
      'direction: Direction must be either Inflow or Outflow',
    ]);
    expect(issues(categorizeStreamSchema, {})).toEqual(['category: Category is required']);
    expect(issues(categorizeStreamSchema, { category: 'GROCERIES' })).toEqual([
      'category: Category must be one of the transaction categories',
    ]);
    expect(categorizeStreamSchema.parse({ category: 'FOOD_AND_DRINK_GROCERIES' })).toEqual({
      category: 'FOOD_AND_DRINK_GROCERIES',
    });
  });
});

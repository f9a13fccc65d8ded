import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cashFlowItemSchema,
  cashFlowSourceCreateSchema,
  cashFlowSourceUpdateSchema,
  createFlowSchema,
  necessityProblem,
  renameStreamSchema,
} from '../schemas.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const flow = {
  name: 'Salary',
  status: 'ACTIVE',
  amount: { currency: 'CAD', value: 5000 },
  frequency: { common: 'MONTHLY' },
};

const expense = {
  householdId: 'household-V1StGXR8_Z5jdHi6B-myT',
  name: 'Groceries',
  type: 'EXPENSE',
  subtype: 'LIFESTYLE',
  necessity: 'NEED',
  flows: [flow],
};

describe('cash flow items (foundations §5)', () => {
  it('accepts a complete flow', () => {
    expect(cashFlowItemSchema.parse(flow)).toEqual(flow);
    expect(issues(cashFlowItemSchema, { ...flow, status: 'INACTIVE', amount: { currency: 'USD', value: 0 } })).toEqual(
      [],
    );
  });

  it('pins every flow message', () => {
    expect(issues(cashFlowItemSchema, { amount: {} })).toEqual([
      'name: Cash Flow name is required',
      'status: Flow status must be either Active or Inactive',
      'amount.value: Amount value is required',
      'amount.currency: Currency is required',
      'frequency: Frequency is required',
    ]);
    expect(issues(cashFlowItemSchema, { ...flow, name: ' ', status: 'PAUSED', frequency: {} })).toEqual([
      'name: Cash Flow name is required',
      'status: Flow status must be either Active or Inactive',
      'frequency.common: Frequency is required',
    ]);
    expect(issues(cashFlowItemSchema, { ...flow, amount: undefined })).toEqual([
      'amount.value: Amount value is required',
      'amount.currency: Currency is required',
    ]);
  });

  it('refuses an unknown frequency or currency', () => {
    expect(issues(cashFlowItemSchema, { ...flow, frequency: { common: 'FORTNIGHTLY' } })).toEqual([
      'frequency.common: Frequency must be one of the payment frequencies',
    ]);
    expect(issues(cashFlowItemSchema, { ...flow, amount: { currency: 'XYZ', value: 1 } })).toEqual([
      'amount.currency: Currency is not valid',
    ]);
  });
});

describe('cash flow source creation (foundations §5)', () => {
  it('accepts an expense and fills the lists', () => {
    expect(cashFlowSourceCreateSchema.parse(expense)).toEqual({
      ...expense,
      payers: [],
      payees: [],
      streams: [],
      transactions: [],
    });
  });

  it('requires household, name and type', () => {
    expect(issues(cashFlowSourceCreateSchema, {})).toEqual([
      'householdId: Household is required',
      'type: Type is required',
      'name: Name is required',
    ]);
    expect(issues(cashFlowSourceCreateSchema, { ...expense, type: 'GIFT' })).toEqual(['type: Type is required']);
  });

  it('requires a necessity and a subtype for expenses, even when other fields fail', () => {
    expect(issues(cashFlowSourceCreateSchema, { ...expense, necessity: undefined, subtype: ' ' })).toEqual([
      'necessity: Necessity is required for expenses',
      'subtype: Subtype is required for expenses and incomes',
    ]);
    expect(issues(cashFlowSourceCreateSchema, { type: 'EXPENSE' })).toEqual([
      'householdId: Household is required',
      'name: Name is required',
      'necessity: Necessity is required for expenses',
      'subtype: Subtype is required for expenses and incomes',
    ]);
  });

  it('requires a subtype but no necessity for incomes; neither for contributions and debts', () => {
    const income = { householdId: 'h', name: 'Pay', type: 'INCOME' };
    expect(issues(cashFlowSourceCreateSchema, income)).toEqual([
      'subtype: Subtype is required for expenses and incomes',
    ]);
    expect(issues(cashFlowSourceCreateSchema, { ...income, subtype: 'SALARY' })).toEqual([]);
    expect(issues(cashFlowSourceCreateSchema, { ...income, type: 'CONTRIBUTION' })).toEqual([]);
    expect(issues(cashFlowSourceCreateSchema, { ...income, type: 'DEBT' })).toEqual([]);
  });

  it("says 'Necessity must be either Need or Want' for another necessity", () => {
    expect(issues(cashFlowSourceCreateSchema, { ...expense, necessity: 'NICE_TO_HAVE' })).toEqual([
      'necessity: Necessity must be either Need or Want',
    ]);
    expect(issues(cashFlowSourceCreateSchema, { ...expense, necessity: 'need' })).toEqual([
      'necessity: Necessity must be either Need or Want',
    ]);
  });

  it('reports flow problems by index', () => {
    expect(issues(cashFlowSourceCreateSchema, { ...expense, flows: [flow, { ...flow, name: '' }] })).toEqual([
      'flows.1.name: Cash Flow name is required',
    ]);
  });
});

describe('cash flow source update (foundations §5, §7)', () => {
  it('takes any subset of the changeable fields and drops household, subtype and type', () => {
    expect(cashFlowSourceUpdateSchema.parse({})).toEqual({});
    expect(
      cashFlowSourceUpdateSchema.parse({
        name: 'Food',
        householdId: 'h2',
        type: 'INCOME',
        subtype: 'X',
        payers: ['p'],
      }),
    ).toEqual({ name: 'Food', payers: ['p'] });
  });

  it('applies the create rules to what is given', () => {
    expect(
      issues(cashFlowSourceUpdateSchema, { name: '', necessity: 'MAYBE', flows: [{ ...flow, status: 'X' }] }),
    ).toEqual([
      'name: Name is required',
      'necessity: Necessity must be either Need or Want',
      'flows.0.status: Flow status must be either Active or Inactive',
    ]);
  });

  it('checks the necessity against the stored type', () => {
    expect(necessityProblem('EXPENSE', undefined)).toBe('Necessity is required for expenses');
    expect(necessityProblem('EXPENSE', 'WANT')).toBeUndefined();
    expect(necessityProblem('INCOME', undefined)).toBeUndefined();
    expect(necessityProblem('INCOME', 'SOMETIMES')).toBe('Necessity must be either Need or Want');
  });
});

describe('income and expense flows, stream renaming', () => {
  it('requires household and name', () => {
    expect(issues(createFlowSchema, {})).toEqual(['householdId: Household is required', 'name: Name is required']);
    expect(issues(renameStreamSchema, { name: ' ' })).toEqual(['name: Name is required']);
    expect(renameStreamSchema.parse({ name: ' Netflix ' })).toEqual({ name: 'Netflix' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  classifyTransactionCategory,
  DETAILED_CATEGORY_OVERRIDES,
  findTransactionCategory,
  isPlaidDetailedCategory,
  isPlaidPrimaryCategory,
  PLAID_DETAILED_CATEGORIES,
  PLAID_PRIMARY_CATEGORIES,
  PRIMARY_CATEGORY_CLASSIFICATION,
  primaryCategoryLabel,
  TRANSACTION_CATEGORIES,
} from '../index.js';

function classOf(id: string) {
  const category = findTransactionCategory(id);
  return category === undefined ? undefined : `${category.group}/${category.nature}`;
}

describe("Plaid's taxonomy, v1 columns", () => {
  it('has 16 primary and 104 detailed categories', () => {
    expect(PLAID_PRIMARY_CATEGORIES).toHaveLength(16);
    expect(Object.keys(PLAID_DETAILED_CATEGORIES)).toHaveLength(104);
    expect(TRANSACTION_CATEGORIES).toHaveLength(104);
    expect([...PLAID_PRIMARY_CATEGORIES].sort()).toEqual([
      'BANK_FEES',
      'ENTERTAINMENT',
      'FOOD_AND_DRINK',
      'GENERAL_MERCHANDISE',
      'GENERAL_SERVICES',
      'GOVERNMENT_AND_NON_PROFIT',
      'HOME_IMPROVEMENT',
      'INCOME',
      'LOAN_PAYMENTS',
      'MEDICAL',
      'PERSONAL_CARE',
      'RENT_AND_UTILITIES',
      'TRANSFER_IN',
      'TRANSFER_OUT',
      'TRANSPORTATION',
      'TRAVEL',
    ]);
  });

  it('files every detailed category under the primary its name starts with, every primary used', () => {
    for (const [detailed, primary] of Object.entries(PLAID_DETAILED_CATEGORIES)) {
      expect(detailed.startsWith(`${primary}_`), detailed).toBe(true);
    }
    expect(new Set(Object.values(PLAID_DETAILED_CATEGORIES))).toEqual(new Set(PLAID_PRIMARY_CATEGORIES));
  });

  it('keeps both "other transfer" categories once (the file maps a v2 row to both)', () => {
    expect(PLAID_DETAILED_CATEGORIES.TRANSFER_IN_OTHER_TRANSFER_IN).toBe('TRANSFER_IN');
    expect(PLAID_DETAILED_CATEGORIES.TRANSFER_OUT_OTHER_TRANSFER_OUT).toBe('TRANSFER_OUT');
    expect(Object.keys(PLAID_DETAILED_CATEGORIES).filter((id) => id.includes(' '))).toEqual([]);
  });

  it('leaves out the categories only v2 has', () => {
    expect(isPlaidDetailedCategory('INCOME_CHILD_SUPPORT')).toBe(false);
    expect(isPlaidPrimaryCategory('OTHER')).toBe(false);
  });
});

describe('group and nature (foundations §3)', () => {
  it('makes rent, utilities, groceries, taxes and insurance essential expenses', () => {
    for (const id of [
      'RENT_AND_UTILITIES_RENT',
      'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
      'RENT_AND_UTILITIES_WATER',
      'RENT_AND_UTILITIES_TELEPHONE',
      'FOOD_AND_DRINK_GROCERIES',
      'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
      'GENERAL_SERVICES_INSURANCE',
    ]) {
      expect(classOf(id), id).toBe('EXPENSE/ESSENTIAL');
    }
  });

  it('makes restaurants, entertainment and travel non-essential expenses', () => {
    expect(classOf('FOOD_AND_DRINK_RESTAURANT')).toBe('EXPENSE/NON_ESSENTIAL');
    for (const category of TRANSACTION_CATEGORIES.filter((c) => ['ENTERTAINMENT', 'TRAVEL'].includes(c.primary))) {
      expect(`${category.group}/${category.nature}`, category.id).toBe('EXPENSE/NON_ESSENTIAL');
    }
  });

  it('makes wages and dividends income', () => {
    expect(classOf('INCOME_WAGES')).toBe('INCOME/NA');
    expect(classOf('INCOME_DIVIDENDS')).toBe('INCOME/NA');
    for (const category of TRANSACTION_CATEGORIES.filter((c) => c.primary === 'INCOME')) {
      expect(category.group, category.id).toBe('INCOME');
    }
  });

  it('makes transfers and card payments other', () => {
    expect(classOf('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT')).toBe('OTHER/NA');
    for (const category of TRANSACTION_CATEGORIES.filter((c) => c.primary.startsWith('TRANSFER_'))) {
      expect(`${category.group}/${category.nature}`, category.id).toBe('OTHER/NA');
    }
  });

  it('follows our rule for the rest', () => {
    expect(classOf('LOAN_PAYMENTS_MORTGAGE_PAYMENT')).toBe('EXPENSE/ESSENTIAL');
    expect(classOf('MEDICAL_DENTAL_CARE')).toBe('EXPENSE/ESSENTIAL');
    expect(classOf('TRANSPORTATION_GAS')).toBe('EXPENSE/ESSENTIAL');
    expect(classOf('TRANSPORTATION_TAXIS_AND_RIDE_SHARES')).toBe('EXPENSE/NON_ESSENTIAL');
    expect(classOf('GENERAL_SERVICES_CHILDCARE')).toBe('EXPENSE/ESSENTIAL');
    expect(classOf('GENERAL_MERCHANDISE_ELECTRONICS')).toBe('EXPENSE/NON_ESSENTIAL');
    expect(classOf('GOVERNMENT_AND_NON_PROFIT_DONATIONS')).toBe('EXPENSE/NON_ESSENTIAL');
    expect(classOf('BANK_FEES_OVERDRAFT_FEES')).toBe('EXPENSE/NON_ESSENTIAL');
  });

  it('gives nature NA exactly to income and other, and an essential or not to every expense', () => {
    for (const category of TRANSACTION_CATEGORIES) {
      expect(category.nature === 'NA', category.id).toBe(category.group !== 'EXPENSE');
    }
    const rules = [...Object.values(PRIMARY_CATEGORY_CLASSIFICATION), ...Object.values(DETAILED_CATEGORY_OVERRIDES)];
    for (const rule of rules) expect(rule.nature === 'NA').toBe(rule.group !== 'EXPENSE');
  });

  it('counts the groups', () => {
    const count = (group: string) => TRANSACTION_CATEGORIES.filter((category) => category.group === group).length;
    expect(count('INCOME')).toBe(7);
    expect(count('OTHER')).toBe(12);
    expect(count('EXPENSE')).toBe(85);
  });
});

describe('looking up and classifying', () => {
  it('labels categories in words', () => {
    expect(findTransactionCategory('FOOD_AND_DRINK_GROCERIES')).toEqual({
      id: 'FOOD_AND_DRINK_GROCERIES',
      primary: 'FOOD_AND_DRINK',
      label: 'Groceries',
      group: 'EXPENSE',
      nature: 'ESSENTIAL',
    });
    expect(findTransactionCategory('TRAVEL_FLIGHTS')?.label).toBe('Flights');
    expect(primaryCategoryLabel('RENT_AND_UTILITIES')).toBe('Rent and utilities');
    expect(findTransactionCategory('NOPE')).toBeUndefined();
  });

  it('classifies detailed, primary and later v2 codes', () => {
    expect(classifyTransactionCategory('INCOME_WAGES')).toEqual({ group: 'INCOME', nature: 'NA' });
    expect(classifyTransactionCategory('LOAN_PAYMENTS')).toEqual({ group: 'EXPENSE', nature: 'ESSENTIAL' });
    expect(classifyTransactionCategory('INCOME_CHILD_SUPPORT')).toEqual({ group: 'INCOME', nature: 'NA' });
    expect(classifyTransactionCategory('TRANSFER_OUT_NEW_KIND')).toEqual({ group: 'OTHER', nature: 'NA' });
    expect(classifyTransactionCategory('OTHER_OTHER')).toBeUndefined();
    expect(classifyTransactionCategory('')).toBeUndefined();
  });
});

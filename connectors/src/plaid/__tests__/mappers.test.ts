/** Mapping of raw Plaid payloads (no HTTP): amounts, signs, currencies, categories, record errors. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PLAID_PRIMARY_CATEGORIES } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { categoryFromPlaid } from '../categories.js';
import { accountPayload, fakeAccount, fakeTransaction, transactionPayload } from '../fake-server/payloads.js';
import { mapAccounts, mapRemovedTransactions, mapTransactions, PLAID_FREQUENCIES } from '../mappers.js';
import { plaidSpecPath } from '../testing/prism.js';

const item = { item_id: 'item', institution_id: null, institution_name: null };

function transaction(overrides: Record<string, unknown>) {
  return {
    ...transactionPayload(fakeTransaction({ transaction_id: 't', account_id: 'a', amount: 1, date: '2026-10-01' })),
    ...overrides,
  };
}

describe('amounts', () => {
  it.each([
    [72.1, '72.1', 'OUTFLOW'],
    [-1500, '1500', 'INFLOW'],
    [0, '0', 'OUTFLOW'],
    [0.3, '0.3', 'OUTFLOW'],
    [1e-7, '0.0000001', 'OUTFLOW'],
    [-12345678901.23, '12345678901.23', 'INFLOW'],
  ])('%s -> %s %s', (amount, value, direction) => {
    const { records } = mapTransactions([transaction({ amount })]);
    expect(records[0]).toMatchObject({ amount: { value, currency: 'USD' }, direction });
  });
});

describe('currencies', () => {
  it('rejects a transaction in a currency we do not hold, or in none', () => {
    const { records, errors } = mapTransactions([
      transaction({ transaction_id: 'xaf', iso_currency_code: 'XAF' }),
      transaction({ transaction_id: 'none', iso_currency_code: null, unofficial_currency_code: null }),
      transaction({ transaction_id: 'cad', iso_currency_code: 'CAD' }),
    ]);
    expect(records.map((record) => record.sourceId)).toEqual(['cad']);
    expect(errors.map(({ sourceId, reason, message }) => ({ sourceId, reason, message }))).toEqual([
      {
        sourceId: 'xaf',
        reason: 'UNSUPPORTED_CURRENCY',
        message: 'The transaction is in XAF, a currency we do not support',
      },
      {
        sourceId: 'none',
        reason: 'MALFORMED',
        message: 'The transaction has neither iso_currency_code nor unofficial_currency_code',
      },
    ]);
  });

  it('needs a currency for an account only when it has a balance', () => {
    const account = (id: string, balances: Record<string, unknown>) => ({
      ...accountPayload(fakeAccount({ account_id: id, type: 'depository', subtype: 'checking' })),
      balances: {
        current: null,
        available: null,
        limit: null,
        iso_currency_code: null,
        unofficial_currency_code: null,
        ...balances,
      },
    });
    const { records, errors } = mapAccounts({
      accounts: [account('no-balance', {}), account('no-currency', { available: 5 })],
      item,
      request_id: 'r',
    });
    expect(records.map((record) => record.sourceId)).toEqual(['no-balance']);
    expect(errors).toEqual([expect.objectContaining({ sourceId: 'no-currency', reason: 'MALFORMED' })]);
  });
});

describe('record errors', () => {
  it('keep the payload and whatever id it has', () => {
    const { errors } = mapTransactions([{ transaction_id: 'half' }, 'not an object', { transaction_id: 42 }]);
    expect(errors.map((error) => [error.sourceId, error.reason])).toEqual([
      ['half', 'MALFORMED'],
      [null, 'MALFORMED'],
      [null, 'MALFORMED'],
    ]);
    expect(errors[1]?.payload).toBe('not an object');
  });

  it('removed transactions need their id', () => {
    const { records, errors } = mapRemovedTransactions([
      { transaction_id: 'gone', account_id: 'a' },
      { account_id: 'a' },
    ]);
    expect(records).toEqual([{ kind: 'transaction', sourceId: 'gone' }]);
    expect(errors).toHaveLength(1);
  });
});

describe('stream frequencies', () => {
  it('maps each of Plaid frequencies, UNKNOWN to none', () => {
    expect(PLAID_FREQUENCIES).toEqual({
      WEEKLY: 'WEEKLY',
      BIWEEKLY: 'BI_WEEKLY',
      SEMI_MONTHLY: 'SEMI_MONTHLY',
      MONTHLY: 'MONTHLY',
      ANNUALLY: 'ANNUALLY',
      UNKNOWN: null,
    });
  });
});

describe('categories', () => {
  it('takes v1 codes as they are and v2 renames by their v1 name', () => {
    expect(categoryFromPlaid({ primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' }, 'OUTFLOW')).toEqual({
      code: 'FOOD_AND_DRINK_GROCERIES',
      providerCode: 'FOOD_AND_DRINK_GROCERIES',
      group: 'EXPENSE',
      nature: 'ESSENTIAL',
    });
    expect(categoryFromPlaid({ primary: 'INCOME', detailed: 'INCOME_SALARY' }, 'INFLOW')).toMatchObject({
      code: 'INCOME_WAGES',
      providerCode: 'INCOME_SALARY',
    });
  });

  it("splits v2's OTHER_OTHER by direction", () => {
    const other = { primary: 'OTHER', detailed: 'OTHER_OTHER' };
    expect(categoryFromPlaid(other, 'INFLOW')?.code).toBe('TRANSFER_IN_OTHER_TRANSFER_IN');
    expect(categoryFromPlaid(other, 'OUTFLOW')?.code).toBe('TRANSFER_OUT_OTHER_TRANSFER_OUT');
  });

  it('follows Plaid taxonomy file for every v2 code', () => {
    const csv = readFileSync(resolve(plaidSpecPath(), '..', 'plaid-pfc-taxonomy.csv'), 'utf8');
    const rows = csv
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.split(','));
    expect(rows.length).toBeGreaterThan(100);
    for (const [v2Primary = '', v2Detailed = '', , , v1Detailed = ''] of rows) {
      const pfc = { primary: v2Primary, detailed: v2Detailed };
      const inflow = categoryFromPlaid(pfc, 'INFLOW');
      const outflow = categoryFromPlaid(pfc, 'OUTFLOW');
      if (v1Detailed.includes(' / ')) {
        expect([inflow?.code, outflow?.code].sort(), v2Detailed).toEqual(v1Detailed.split(' / ').sort());
      } else if (v1Detailed !== '') {
        expect(outflow?.code, v2Detailed).toBe(v1Detailed);
      } else if ((PLAID_PRIMARY_CATEGORIES as readonly string[]).includes(v2Primary)) {
        expect(outflow, v2Detailed).toMatchObject({ code: null, providerCode: v2Detailed });
      } else {
        expect(outflow, v2Detailed).toBeNull();
      }
    }
  });

  it('has no category for a code it does not know', () => {
    expect(categoryFromPlaid({ primary: 'MYSTERY', detailed: 'MYSTERY_THING' }, 'OUTFLOW')).toBeNull();
    expect(categoryFromPlaid(null, 'OUTFLOW')).toBeNull();
  });
});

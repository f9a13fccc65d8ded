/**
 * The fake's sandbox institutions: what an item linked through /sandbox/public_token/create holds.
 * Names and ids are invented; amounts follow Plaid's sign (positive = money out).
 */
import type { FakeItemSeed } from './item.js';

export interface FakeInstitution {
  institution_id: string;
  name: string;
  /**
   * The content of the item `itemId` links. Deterministic for one item id (so an item rebuilt from
   * its access token after a restart holds the same records, and old cursors stay valid), and its
   * account, transaction and stream ids are unique per item: two households of one organization
   * linking the same institution must not share outside ids.
   */
  seed: (itemId: string) => FakeItemSeed;
}

/** Makes an institution's record id unique to one item: `hsb-pay-0` -> `hsb-pay-0-<item tag>`. */
export function itemScopedId(itemId: string, id: string): string {
  return `${id}-${itemId.slice(0, 12)}`;
}

function monthly(day: number, months: number, from = '2026-05'): string[] {
  const [year, month] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, day));
    return date.toISOString().slice(0, 10);
  });
}

function usBank(itemId: string): FakeItemSeed {
  const id = (local: string) => itemScopedId(itemId, local);
  const checking = id('hsb-checking-0001');
  const card = id('hsb-card-0001');
  const paydays = monthly(15, 6);
  const rentDays = monthly(1, 6);
  return {
    institutionId: 'ins_100001',
    institutionName: 'Harbourfront Savings Bank',
    accounts: [
      {
        account_id: checking,
        type: 'depository',
        subtype: 'checking',
        name: 'Everyday Checking',
        official_name: 'Harbourfront Everyday Checking',
        mask: '0001',
        balances: { current: 5230.15, available: 5100.15, iso_currency_code: 'USD' },
      },
      {
        account_id: id('hsb-savings-0002'),
        type: 'depository',
        subtype: 'savings',
        name: 'High-Yield Savings',
        mask: '0002',
        balances: { current: 18250, available: 18250, iso_currency_code: 'USD' },
      },
      {
        account_id: card,
        type: 'credit',
        subtype: 'credit card',
        name: 'Rewards Card',
        mask: '4417',
        balances: { current: 612.4, available: 9387.6, limit: 10000, iso_currency_code: 'USD' },
      },
      {
        account_id: id('hsb-mortgage-0004'),
        type: 'loan',
        subtype: 'mortgage',
        name: 'Home Mortgage',
        mask: '0004',
        balances: { current: 318400, iso_currency_code: 'USD' },
      },
      {
        account_id: id('hsb-401k-0005'),
        type: 'investment',
        subtype: '401k',
        name: 'Employer 401(k)',
        mask: '0005',
        balances: { current: 84210.55, available: 1200, iso_currency_code: 'USD' },
      },
      {
        account_id: id('hsb-brokerage-0006'),
        type: 'investment',
        subtype: 'brokerage',
        name: 'Individual Brokerage',
        mask: '0006',
        balances: { current: 23105.9, available: 500, iso_currency_code: 'USD' },
      },
    ],
    transactions: [
      ...paydays.map((date, index) => ({
        transaction_id: id(`hsb-pay-${index}`),
        account_id: checking,
        amount: -3200,
        date,
        name: 'ACME CORP PAYROLL',
        category: 'INCOME_WAGES',
      })),
      ...rentDays.map((date, index) => ({
        transaction_id: id(`hsb-rent-${index}`),
        account_id: checking,
        amount: 1850,
        date,
        name: 'RENT PAYMENT',
        category: 'RENT_AND_UTILITIES_RENT',
      })),
      {
        transaction_id: id('hsb-grocer-1'),
        account_id: card,
        amount: 86.42,
        date: '2026-10-03',
        name: 'FRESHWAY MARKET #12',
        merchant_name: 'Freshway Market',
        category: 'FOOD_AND_DRINK_GROCERIES',
      },
    ],
    streams: [
      {
        stream_id: id('hsb-stream-payroll'),
        account_id: checking,
        direction: 'inflow',
        description: 'ACME CORP PAYROLL',
        merchant_name: 'Acme Corp',
        frequency: 'MONTHLY',
        average_amount: -3200,
        first_date: paydays[0],
        last_date: paydays.at(-1),
        transaction_ids: paydays.map((_, index) => id(`hsb-pay-${index}`)),
        category: 'INCOME_WAGES',
      },
      {
        stream_id: id('hsb-stream-rent'),
        account_id: checking,
        direction: 'outflow',
        description: 'RENT PAYMENT',
        frequency: 'MONTHLY',
        average_amount: 1850,
        first_date: rentDays[0],
        last_date: rentDays.at(-1),
        transaction_ids: rentDays.map((_, index) => id(`hsb-rent-${index}`)),
        category: 'RENT_AND_UTILITIES_RENT',
      },
    ],
  };
}

function canadianBank(itemId: string): FakeItemSeed {
  const id = (local: string) => itemScopedId(itemId, local);
  const chequing = id('nmt-chequing-0001');
  return {
    institutionId: 'ins_100002',
    institutionName: 'Northern Maple Trust',
    accounts: [
      {
        account_id: chequing,
        type: 'depository',
        subtype: 'checking',
        name: 'Chequing',
        mask: '7001',
        balances: { current: 2450.8, available: 2450.8, iso_currency_code: 'CAD' },
      },
      {
        account_id: id('nmt-tfsa-0002'),
        type: 'investment',
        subtype: 'tfsa',
        name: 'TFSA',
        mask: '7002',
        balances: { current: 41230, iso_currency_code: 'CAD' },
      },
      {
        account_id: id('nmt-rrsp-0003'),
        type: 'investment',
        subtype: 'rrsp',
        name: 'RRSP',
        mask: '7003',
        balances: { current: 96512.3, iso_currency_code: 'CAD' },
      },
      {
        account_id: id('nmt-loc-0004'),
        type: 'loan',
        subtype: 'line of credit',
        name: 'Personal Line of Credit',
        mask: '7004',
        balances: { current: 1500, available: 13500, limit: 15000, iso_currency_code: 'CAD' },
      },
    ],
    transactions: [
      {
        transaction_id: id('nmt-pay-1'),
        account_id: chequing,
        amount: -2750,
        date: '2026-10-15',
        name: 'PAY DEPOSIT',
        category: 'INCOME_WAGES',
        iso_currency_code: 'CAD',
      },
      {
        transaction_id: id('nmt-hydro-1'),
        account_id: chequing,
        amount: 142.19,
        date: '2026-10-20',
        name: 'HYDRO BILL',
        category: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
        iso_currency_code: 'CAD',
      },
    ],
    streams: [],
  };
}

export const FAKE_INSTITUTIONS: readonly FakeInstitution[] = [
  { institution_id: 'ins_100001', name: 'Harbourfront Savings Bank', seed: usBank },
  { institution_id: 'ins_100002', name: 'Northern Maple Trust', seed: canadianBank },
];

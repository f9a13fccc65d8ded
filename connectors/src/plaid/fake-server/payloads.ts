/**
 * Payloads shaped as Plaid's OpenAPI description (API 2020-09-14) has them: every required field
 * present (null where the field is nullable and we have no value), types and enumerations valid.
 * Tests describe records with the few fields that matter to them; the rest is filled in here.
 */
import { randomBytes } from 'node:crypto';
import { PLAID_PRIMARY_CATEGORIES } from '@meridian/domain';

/** A Plaid-like identifier: 37 URL-safe characters. */
export function plaidId(): string {
  return randomBytes(28).toString('base64url').slice(0, 37);
}

/** A Plaid-like request id: 15 alphanumeric characters. */
export function requestId(): string {
  return randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(15, 'x')
    .slice(0, 15);
}

export interface FakeBalances {
  current: number | null;
  available?: number | null;
  limit?: number | null;
  iso_currency_code?: string | null;
  unofficial_currency_code?: string | null;
}

/** An account as the fake holds it. */
export interface FakeAccount {
  account_id: string;
  type: string;
  subtype: string | null;
  name: string;
  official_name: string | null;
  mask: string | null;
  balances: FakeBalances;
}

export type FakeAccountSeed = Pick<FakeAccount, 'type' | 'subtype'> & Partial<FakeAccount>;

export function fakeAccount(seed: FakeAccountSeed): FakeAccount {
  return {
    account_id: seed.account_id ?? plaidId(),
    type: seed.type,
    subtype: seed.subtype,
    name: seed.name ?? `${seed.subtype ?? seed.type} account`,
    official_name: seed.official_name ?? null,
    mask: seed.mask === undefined ? String(1000 + Math.floor(Math.random() * 9000)) : seed.mask,
    balances: seed.balances ?? { current: 100, iso_currency_code: 'USD' },
  };
}

/** `AccountBase`. */
export function accountPayload(account: FakeAccount): Record<string, unknown> {
  const iso = account.balances.iso_currency_code === undefined ? 'USD' : account.balances.iso_currency_code;
  return {
    account_id: account.account_id,
    balances: {
      available: account.balances.available ?? null,
      current: account.balances.current,
      limit: account.balances.limit ?? null,
      iso_currency_code: account.balances.unofficial_currency_code ? null : iso,
      unofficial_currency_code: account.balances.unofficial_currency_code ?? null,
    },
    mask: account.mask,
    name: account.name,
    official_name: account.official_name,
    type: account.type,
    subtype: account.subtype,
  };
}

/** A transaction as the fake holds it. `amount`: positive out of the account, negative into it (Plaid's sign). */
export interface FakeTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  name: string;
  merchant_name: string | null;
  pending: boolean;
  pending_transaction_id: string | null;
  /** A detailed personal-finance category (v1 or v2 code); null for none. */
  category: string | null;
  iso_currency_code: string | null;
  unofficial_currency_code: string | null;
}

export type FakeTransactionSeed = Pick<FakeTransaction, 'account_id' | 'amount' | 'date'> & Partial<FakeTransaction>;

export function fakeTransaction(seed: FakeTransactionSeed): FakeTransaction {
  return {
    transaction_id: seed.transaction_id ?? plaidId(),
    account_id: seed.account_id,
    amount: seed.amount,
    date: seed.date,
    name: seed.name ?? 'PURCHASE',
    merchant_name: seed.merchant_name ?? null,
    pending: seed.pending ?? false,
    pending_transaction_id: seed.pending_transaction_id ?? null,
    category: seed.category === undefined ? 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE' : seed.category,
    iso_currency_code: seed.iso_currency_code === undefined ? 'USD' : seed.iso_currency_code,
    unofficial_currency_code: seed.unofficial_currency_code ?? null,
  };
}

/** Primary categories, v1's and those v2 added, longest first (a detailed code starts with its primary). */
const PRIMARIES = [...PLAID_PRIMARY_CATEGORIES, 'LOAN_DISBURSEMENTS', 'OTHER'].sort((a, b) => b.length - a.length);

function primaryOf(detailed: string): string {
  return PRIMARIES.find((primary) => detailed.startsWith(`${primary}_`)) ?? detailed;
}

function personalFinanceCategory(detailed: string | null): Record<string, unknown> | null {
  if (detailed === null) return null;
  return { primary: primaryOf(detailed), detailed, confidence_level: 'VERY_HIGH' };
}

const EMPTY_LOCATION = {
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lon: null,
  store_number: null,
};

const EMPTY_PAYMENT_META = {
  by_order_of: null,
  payee: null,
  payer: null,
  payment_method: null,
  payment_processor: null,
  ppd_id: null,
  reason: null,
  reference_number: null,
};

/** `Transaction`. */
export function transactionPayload(transaction: FakeTransaction): Record<string, unknown> {
  return {
    account_id: transaction.account_id,
    account_owner: null,
    amount: transaction.amount,
    iso_currency_code: transaction.iso_currency_code,
    unofficial_currency_code: transaction.unofficial_currency_code,
    check_number: null,
    counterparties: [],
    date: transaction.date,
    datetime: null,
    authorized_date: transaction.date,
    authorized_datetime: null,
    location: EMPTY_LOCATION,
    name: transaction.name,
    merchant_name: transaction.merchant_name,
    merchant_entity_id: null,
    logo_url: null,
    website: null,
    payment_meta: EMPTY_PAYMENT_META,
    payment_channel: 'other',
    pending: transaction.pending,
    pending_transaction_id: transaction.pending_transaction_id,
    personal_finance_category: personalFinanceCategory(transaction.category),
    transaction_id: transaction.transaction_id,
    transaction_code: null,
  };
}

/** A recurring stream as the fake holds it. Amounts follow Plaid's sign: inflows negative. */
export interface FakeStream {
  stream_id: string;
  account_id: string;
  direction: 'inflow' | 'outflow';
  description: string;
  merchant_name: string | null;
  frequency: 'UNKNOWN' | 'WEEKLY' | 'BIWEEKLY' | 'SEMI_MONTHLY' | 'MONTHLY' | 'ANNUALLY';
  average_amount: number;
  last_amount: number;
  iso_currency_code: string | null;
  unofficial_currency_code: string | null;
  first_date: string;
  last_date: string;
  predicted_next_date: string | null;
  transaction_ids: string[];
  category: string | null;
  is_active: boolean;
  status: 'UNKNOWN' | 'MATURE' | 'EARLY_DETECTION' | 'TOMBSTONED';
}

export type FakeStreamSeed = Pick<FakeStream, 'account_id' | 'direction' | 'frequency' | 'average_amount'> &
  Partial<FakeStream>;

export function fakeStream(seed: FakeStreamSeed): FakeStream {
  return {
    stream_id: seed.stream_id ?? plaidId(),
    account_id: seed.account_id,
    direction: seed.direction,
    description: seed.description ?? (seed.direction === 'inflow' ? 'PAYROLL' : 'BILL PAYMENT'),
    merchant_name: seed.merchant_name ?? null,
    frequency: seed.frequency,
    average_amount: seed.average_amount,
    last_amount: seed.last_amount ?? seed.average_amount,
    iso_currency_code: seed.iso_currency_code === undefined ? 'USD' : seed.iso_currency_code,
    unofficial_currency_code: seed.unofficial_currency_code ?? null,
    first_date: seed.first_date ?? '2026-01-01',
    last_date: seed.last_date ?? '2026-10-01',
    predicted_next_date: seed.predicted_next_date === undefined ? '2026-11-01' : seed.predicted_next_date,
    transaction_ids: seed.transaction_ids ?? [],
    category: seed.category === undefined ? null : seed.category,
    is_active: seed.is_active ?? true,
    status: seed.status ?? 'MATURE',
  };
}

/** `TransactionStream`. */
export function streamPayload(stream: FakeStream): Record<string, unknown> {
  const amount = (value: number) => ({
    amount: value,
    iso_currency_code: stream.unofficial_currency_code ? null : stream.iso_currency_code,
    unofficial_currency_code: stream.unofficial_currency_code,
  });
  return {
    account_id: stream.account_id,
    stream_id: stream.stream_id,
    category: null,
    category_id: null,
    description: stream.description,
    merchant_name: stream.merchant_name,
    personal_finance_category: personalFinanceCategory(stream.category),
    first_date: stream.first_date,
    last_date: stream.last_date,
    predicted_next_date: stream.predicted_next_date,
    frequency: stream.frequency,
    transaction_ids: stream.transaction_ids,
    average_amount: amount(stream.average_amount),
    last_amount: amount(stream.last_amount),
    is_active: stream.is_active,
    status: stream.status,
    is_user_modified: false,
  };
}

/** `Item`. */
export function itemPayload(item: {
  itemId: string;
  institutionId: string;
  institutionName: string;
  webhook: string | null;
}): Record<string, unknown> {
  return {
    item_id: item.itemId,
    institution_id: item.institutionId,
    institution_name: item.institutionName,
    webhook: item.webhook,
    auth_method: null,
    error: null,
    available_products: ['balance', 'identity'],
    billed_products: ['transactions'],
    products: ['transactions'],
    consented_products: ['transactions'],
    consent_expiration_time: null,
    update_type: 'background',
  };
}

export interface FakePlaidError {
  status: number;
  error_type: string;
  error_code: string;
  error_message: string;
  display_message?: string | null;
}

/** `PlaidError`, as an error response body. */
export function errorPayload(error: FakePlaidError): Record<string, unknown> {
  return {
    error_type: error.error_type,
    error_code: error.error_code,
    error_code_reason: null,
    error_message: error.error_message,
    display_message: error.display_message ?? null,
    request_id: requestId(),
    causes: [],
    status: null,
    documentation_url: `https://plaid.com/docs/errors/`,
    suggested_action: null,
  };
}

/** Webhook bodies, shaped as Plaid's webhook component schemas. */
export const webhookBodies = {
  /** `SyncUpdatesAvailableWebhook`. */
  syncUpdatesAvailable(itemId: string): Record<string, unknown> {
    return {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: itemId,
      initial_update_complete: true,
      historical_update_complete: true,
      environment: 'sandbox',
    };
  },
  /** `RecurringTransactionsUpdateWebhook`. */
  recurringTransactionsUpdate(itemId: string, accountIds: string[]): Record<string, unknown> {
    return {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'RECURRING_TRANSACTIONS_UPDATE',
      item_id: itemId,
      account_ids: accountIds,
      environment: 'sandbox',
    };
  },
  /** `ItemErrorWebhook`; the error carries its HTTP status, as webhook errors do. */
  itemError(itemId: string, error: FakePlaidError): Record<string, unknown> {
    const { request_id: _omitted, ...body } = errorPayload(error);
    return {
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: itemId,
      error: { ...body, status: error.status },
      environment: 'sandbox',
    };
  },
};

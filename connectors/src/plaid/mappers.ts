/**
 * Plaid payloads -> normalized records. Each function takes the raw items of a response (unknown),
 * parses each with its schema and maps it; a record that cannot be mapped becomes a RecordError
 * and the others go on.
 *
 * Signs: Plaid's transaction amounts are positive for money leaving the account and negative for
 * money arriving (streams follow the same rule). Ours are never negative, with a direction.
 */
import { type FlowDirection, isCurrencyCode, Money, type PaymentFrequency } from '@meridian/domain';
import { mapEach, type MapEachResult, RecordRejection } from '../core/record-errors.js';
import type {
  MoneyValue,
  NormalizedFinancialAccount,
  NormalizedRecurringStream,
  NormalizedTransaction,
  RemovedRecord,
} from '../core/records.js';
import { classifyPlaidAccount } from './account-types.js';
import { categoryFromPlaid } from './categories.js';
import {
  accountSchema,
  type AccountsGetResult,
  type PlaidRecurringFrequency,
  removedTransactionSchema,
  transactionSchema,
  transactionStreamSchema,
} from './schemas.js';

interface CurrencyFields {
  iso_currency_code: string | null;
  unofficial_currency_code: string | null;
}

/**
 * The supported currency of a Plaid amount. An unofficial code (crypto, some national
 * currencies), an ISO code we do not hold, or no code at all rejects the record.
 */
export function plaidCurrency(fields: CurrencyFields, what: string): MoneyValue['currency'] {
  const iso = fields.iso_currency_code;
  if (iso !== null) {
    if (isCurrencyCode(iso)) return iso;
    throw new RecordRejection('UNSUPPORTED_CURRENCY', `${what} is in ${iso}, a currency we do not support`);
  }
  const unofficial = fields.unofficial_currency_code;
  if (unofficial !== null) {
    throw new RecordRejection(
      'UNSUPPORTED_CURRENCY',
      `${what} is in ${unofficial}, an unofficial currency code we do not support`,
    );
  }
  throw new RecordRejection('MALFORMED', `${what} has neither iso_currency_code nor unofficial_currency_code`);
}

/** A Plaid number as a decimal string: the shortest decimal that reads back as the same double. */
function money(amount: number, currency: MoneyValue['currency']): MoneyValue {
  const { value } = Money.of(amount, currency).toJSON();
  return { value, currency };
}

function directionOf(amount: number): FlowDirection {
  return amount < 0 ? 'INFLOW' : 'OUTFLOW';
}

/** /accounts/get -> financial accounts. */
export function mapAccounts(response: AccountsGetResult): MapEachResult<NormalizedFinancialAccount> {
  const item = response.item;
  const institution =
    item.institution_id || item.institution_name
      ? { sourceId: item.institution_id ?? null, name: item.institution_name ?? null }
      : null;
  return mapEach(response.accounts, {
    kind: 'financial-account',
    idField: 'account_id',
    schema: accountSchema,
    map: (account): NormalizedFinancialAccount => {
      const classification = classifyPlaidAccount(account.type, account.subtype);
      if (classification === undefined) {
        throw new RecordRejection(
          'UNSUPPORTED_TYPE',
          `Plaid account type "${account.type}" (subtype ${JSON.stringify(account.subtype)}) has no record type of ours`,
        );
      }
      const { current, available, limit } = account.balances;
      const amounts = [current, available, limit].filter((value): value is number => typeof value === 'number');
      const currency = amounts.length === 0 ? undefined : plaidCurrency(account.balances, 'The balance');
      const balance = (value: number | null | undefined) =>
        typeof value === 'number' && currency !== undefined ? money(value, currency) : null;
      return {
        kind: 'financial-account',
        sourceId: account.account_id,
        connectionType: 'CONNECTION',
        name: account.name,
        officialName: account.official_name,
        mask: account.mask,
        institution,
        balances: { current: balance(current), available: balance(available), limit: balance(limit) },
        provider: { type: account.type, subtype: account.subtype },
        ...classification,
      };
    },
  });
}

/** Added or modified transactions of /transactions/sync. */
export function mapTransactions(items: readonly unknown[]): MapEachResult<NormalizedTransaction> {
  return mapEach(items, {
    kind: 'transaction',
    idField: 'transaction_id',
    schema: transactionSchema,
    map: (transaction): NormalizedTransaction => {
      const direction = directionOf(transaction.amount);
      return {
        kind: 'transaction',
        sourceId: transaction.transaction_id,
        accountSourceId: transaction.account_id,
        date: transaction.date,
        authorizedDate: transaction.authorized_date,
        amount: money(Math.abs(transaction.amount), plaidCurrency(transaction, 'The transaction')),
        direction,
        description: transaction.name,
        merchantName: transaction.merchant_name,
        pending: transaction.pending,
        pendingSourceId: transaction.pending_transaction_id,
        category: categoryFromPlaid(transaction.personal_finance_category, direction),
      };
    },
  });
}

/** Removed transactions of /transactions/sync. */
export function mapRemovedTransactions(items: readonly unknown[]): MapEachResult<RemovedRecord> {
  return mapEach(items, {
    kind: 'transaction',
    idField: 'transaction_id',
    schema: removedTransactionSchema,
    map: (removed): RemovedRecord => ({ kind: 'transaction', sourceId: removed.transaction_id }),
  });
}

/** Plaid's stream frequencies; UNKNOWN (Plaid could not tell) is no frequency rather than OTHER. */
export const PLAID_FREQUENCIES: Readonly<Record<PlaidRecurringFrequency, PaymentFrequency | null>> = {
  WEEKLY: 'WEEKLY',
  BIWEEKLY: 'BI_WEEKLY',
  SEMI_MONTHLY: 'SEMI_MONTHLY',
  MONTHLY: 'MONTHLY',
  ANNUALLY: 'ANNUALLY',
  UNKNOWN: null,
};

/**
 * Streams of /transactions/recurring/get. Plaid lists inflow and outflow streams apart: an inflow
 * stream is income, an outflow stream an expense, whatever the sign of a single amount.
 */
export function mapStreams(
  items: readonly unknown[],
  direction: FlowDirection,
): MapEachResult<NormalizedRecurringStream> {
  const streamAmount = (amount: { amount?: number | null } & CurrencyFields, what: string): MoneyValue | null =>
    typeof amount.amount === 'number' ? money(Math.abs(amount.amount), plaidCurrency(amount, what)) : null;
  return mapEach(items, {
    kind: 'recurring-stream',
    idField: 'stream_id',
    schema: transactionStreamSchema,
    map: (stream): NormalizedRecurringStream => ({
      kind: 'recurring-stream',
      sourceId: stream.stream_id,
      accountSourceId: stream.account_id,
      name: stream.description,
      merchantName: stream.merchant_name,
      direction,
      flowType: direction === 'INFLOW' ? 'INCOME' : 'EXPENSE',
      frequency: PLAID_FREQUENCIES[stream.frequency],
      averageAmount: streamAmount(stream.average_amount, 'The average amount'),
      lastAmount: streamAmount(stream.last_amount, 'The last amount'),
      firstDate: stream.first_date,
      lastDate: stream.last_date,
      predictedNextDate: stream.predicted_next_date,
      isActive: stream.is_active,
      status: stream.status,
      transactionSourceIds: stream.transaction_ids,
      category: categoryFromPlaid(stream.personal_finance_category, direction),
    }),
  });
}

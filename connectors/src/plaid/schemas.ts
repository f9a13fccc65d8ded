/**
 * zod schemas of the Plaid responses we read (API 2020-09-14), at the edge: only the fields we use,
 * every other field passed through untouched. Envelopes are strict about what a page needs
 * (cursors, flags, ids); the records inside are parsed one by one (see `mappers.ts`), so a bad
 * record becomes a record error instead of failing its page.
 *
 * Where Plaid marks a field required but we could do without it (a mask, an official name), the
 * schema accepts its absence as null.
 */
import { z } from 'zod';

const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const isoDate = z.iso.date();

/** Plaid's error object (`PlaidError`), as an error response body or inside a webhook. */
export const plaidErrorSchema = z.looseObject({
  error_type: z.string(),
  error_code: z.string(),
  error_code_reason: optionalString.optional(),
  error_message: z.string(),
  display_message: optionalString.optional(),
  request_id: z.string().optional(),
});
export type PlaidErrorBody = z.output<typeof plaidErrorSchema>;

/** Currency fields of a balance, a transaction or a stream amount. */
const currencyFields = {
  iso_currency_code: optionalString,
  unofficial_currency_code: optionalString,
};

export const accountBalanceSchema = z.looseObject({
  current: z.number().finite().nullish(),
  available: z.number().finite().nullish(),
  limit: z.number().finite().nullish(),
  ...currencyFields,
});

/** `AccountBase`. */
export const accountSchema = z.looseObject({
  account_id: z.string().min(1),
  balances: accountBalanceSchema,
  mask: optionalString,
  name: z.string(),
  official_name: optionalString,
  type: z.string().min(1),
  subtype: optionalString,
});
export type PlaidAccount = z.output<typeof accountSchema>;

const personalFinanceCategorySchema = z
  .looseObject({
    primary: z.string(),
    detailed: z.string(),
  })
  .nullish()
  .transform((value) => value ?? null);

/** `Transaction` (added and modified of /transactions/sync). */
export const transactionSchema = z.looseObject({
  transaction_id: z.string().min(1),
  account_id: z.string().min(1),
  amount: z.number().finite(),
  ...currencyFields,
  date: isoDate,
  authorized_date: isoDate.nullish().transform((value) => value ?? null),
  name: z.string(),
  merchant_name: optionalString,
  pending: z.boolean(),
  pending_transaction_id: optionalString,
  personal_finance_category: personalFinanceCategorySchema,
});
export type PlaidTransaction = z.output<typeof transactionSchema>;

/** `RemovedTransaction`. */
export const removedTransactionSchema = z.looseObject({
  transaction_id: z.string().min(1),
});

const streamAmountSchema = z.looseObject({
  amount: z.number().finite().nullish(),
  ...currencyFields,
});

/** Plaid's `RecurringTransactionFrequency`. */
export const PLAID_RECURRING_FREQUENCIES = [
  'UNKNOWN',
  'WEEKLY',
  'BIWEEKLY',
  'SEMI_MONTHLY',
  'MONTHLY',
  'ANNUALLY',
] as const;
export type PlaidRecurringFrequency = (typeof PLAID_RECURRING_FREQUENCIES)[number];

/** `TransactionStream`. */
export const transactionStreamSchema = z.looseObject({
  stream_id: z.string().min(1),
  account_id: z.string().min(1),
  description: z.string(),
  merchant_name: optionalString,
  first_date: isoDate,
  last_date: isoDate,
  predicted_next_date: isoDate.nullish().transform((value) => value ?? null),
  frequency: z.enum(PLAID_RECURRING_FREQUENCIES),
  transaction_ids: z.array(z.string()),
  average_amount: streamAmountSchema,
  last_amount: streamAmountSchema,
  is_active: z.boolean(),
  status: z.string(),
  personal_finance_category: personalFinanceCategorySchema,
});
export type PlaidTransactionStream = z.output<typeof transactionStreamSchema>;

// Envelopes: records stay unknown here and are parsed one by one.

export const accountsGetResponseSchema = z.looseObject({
  accounts: z.array(z.unknown()),
  item: z.looseObject({
    item_id: z.string(),
    institution_id: optionalString.optional(),
    institution_name: optionalString.optional(),
  }),
  request_id: z.string(),
});
export type AccountsGetResult = z.output<typeof accountsGetResponseSchema>;

export const transactionsSyncResponseSchema = z.looseObject({
  added: z.array(z.unknown()),
  modified: z.array(z.unknown()),
  removed: z.array(z.unknown()),
  next_cursor: z.string(),
  has_more: z.boolean(),
  transactions_update_status: z.string().optional(),
  request_id: z.string(),
});
export type TransactionsSyncResult = z.output<typeof transactionsSyncResponseSchema>;

export const transactionsRecurringGetResponseSchema = z.looseObject({
  inflow_streams: z.array(z.unknown()),
  outflow_streams: z.array(z.unknown()),
  updated_datetime: z.string(),
  request_id: z.string(),
});
export type TransactionsRecurringGetResult = z.output<typeof transactionsRecurringGetResponseSchema>;

export const linkTokenCreateResponseSchema = z.looseObject({
  link_token: z.string().min(1),
  expiration: z.iso.datetime({ offset: true }),
  request_id: z.string(),
});

export const itemPublicTokenExchangeResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  item_id: z.string().min(1),
  request_id: z.string(),
});

export const itemRemoveResponseSchema = z.looseObject({
  request_id: z.string(),
});

export const sandboxPublicTokenCreateResponseSchema = z.looseObject({
  public_token: z.string().min(1),
  request_id: z.string(),
});

/** `JWKPublicKey` of /webhook_verification_key/get. */
export const webhookVerificationKeySchema = z.looseObject({
  alg: z.string(),
  crv: z.string(),
  kid: z.string(),
  kty: z.string(),
  x: z.string(),
  y: z.string(),
  use: z.string().optional(),
  created_at: z.number().int(),
  expired_at: z.number().int().nullish(),
});
export type PlaidWebhookVerificationKey = z.output<typeof webhookVerificationKeySchema>;

export const webhookVerificationKeyGetResponseSchema = z.looseObject({
  key: webhookVerificationKeySchema,
  request_id: z.string(),
});

// Webhook bodies (Plaid describes them as component schemas only).

/** Every Plaid webhook names its type, code and (for item webhooks) the item. */
export const webhookEnvelopeSchema = z.looseObject({
  webhook_type: z.string(),
  webhook_code: z.string(),
  item_id: z.string().optional(),
  environment: z.string().optional(),
});

/** `SyncUpdatesAvailableWebhook` (TRANSACTIONS / SYNC_UPDATES_AVAILABLE). */
export const syncUpdatesAvailableWebhookSchema = z.looseObject({
  webhook_type: z.literal('TRANSACTIONS'),
  webhook_code: z.literal('SYNC_UPDATES_AVAILABLE'),
  item_id: z.string(),
  initial_update_complete: z.boolean(),
  historical_update_complete: z.boolean(),
});

/** `RecurringTransactionsUpdateWebhook` (TRANSACTIONS / RECURRING_TRANSACTIONS_UPDATE). */
export const recurringTransactionsUpdateWebhookSchema = z.looseObject({
  webhook_type: z.literal('TRANSACTIONS'),
  webhook_code: z.literal('RECURRING_TRANSACTIONS_UPDATE'),
  item_id: z.string(),
  account_ids: z.array(z.string()),
});

/** `ItemErrorWebhook` (ITEM / ERROR). */
export const itemErrorWebhookSchema = z.looseObject({
  webhook_type: z.literal('ITEM'),
  webhook_code: z.literal('ERROR'),
  item_id: z.string(),
  error: plaidErrorSchema.nullable(),
});

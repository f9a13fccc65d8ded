import { z } from 'zod';
import { CURRENCY_CODES } from '../shared/money/currency.js';
import { MONEY_VALUE_MESSAGES } from '../shared/money/money.schema.js';

/** Messages of the financial routes' shared inputs; ours (the spec names none for these). */
export const FinancialInputMessage = {
  currencyInvalid: MONEY_VALUE_MESSAGES.currencyInvalid,
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
} as const;

/** A money value in a response: the value as a plain decimal string, never a float. */
export const moneyJsonSchema = z.object({
  value: z.string().regex(/^-?\d+(\.\d+)?$/),
  currency: z.enum(CURRENCY_CODES),
});
export type MoneyJsonValue = z.infer<typeof moneyJsonSchema>;

/** The currency the caller wants amounts shown in; CAD unless given. */
export const DEFAULT_VIEW_CURRENCY = 'CAD';

export const currencyQuerySchema = z.object({
  currency: z.enum(CURRENCY_CODES, { error: FinancialInputMessage.currencyInvalid }).default(DEFAULT_VIEW_CURRENCY),
});
export type CurrencyQuery = z.output<typeof currencyQuerySchema>;

/** `YYYY-MM-DD` of a date (UTC). */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A canonical id parameter restricted to `prefixes`; anything else gets `message`. */
export function idOf(prefixes: readonly string[], message: string) {
  const pattern = new RegExp(`^(${prefixes.join('|')})-[A-Za-z0-9_-]{21}$`);
  return z.string({ error: message }).regex(pattern, message);
}

import { z } from 'zod';
import { CURRENCY_CODES } from './currency.js';
import { Money } from './money.js';

export interface MoneyValueMessages {
  /** The value is missing or null (zero is a value). */
  valueRequired: string;
  valueNotNumber: string;
  currencyRequired: string;
  currencyInvalid: string;
  dateInvalid: string;
}

export const MONEY_VALUE_MESSAGES: MoneyValueMessages = {
  valueRequired: 'Money value is required',
  valueNotNumber: 'Money value must be a number',
  currencyRequired: 'Currency is required',
  currencyInvalid: 'Currency is not valid',
  dateInvalid: 'Money date must be an ISO date',
};

/**
 * The money value of foundations §3/§5: `value` present (zero allowed) and a finite number,
 * `currency` one of the supported codes, `date` optional (an ISO date or date-time with offset).
 * Forms with their own wording (e.g. cash flow items: 'Amount value is required') pass messages.
 */
export function makeMoneyValueSchema(messages: Partial<MoneyValueMessages> = {}) {
  const m = { ...MONEY_VALUE_MESSAGES, ...messages };
  return z.object({
    value: z.number({
      error: (issue) => (issue.input === undefined || issue.input === null ? m.valueRequired : m.valueNotNumber),
    }),
    currency: z.enum(CURRENCY_CODES, {
      error: (issue) => (issue.input === undefined || issue.input === null ? m.currencyRequired : m.currencyInvalid),
    }),
    date: z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: m.dateInvalid }).optional(),
  });
}

export const moneyValueSchema = makeMoneyValueSchema();
export type MoneyValue = z.infer<typeof moneyValueSchema>;

/** A parsed money value as a Money. */
export function moneyFromValue(input: MoneyValue): Money {
  return Money.of(input.value, input.currency, input.date === undefined ? undefined : new Date(input.date));
}

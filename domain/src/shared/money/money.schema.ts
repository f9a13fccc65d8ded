import { z } from 'zod';
import { isStorableIsoDate } from '../input/common.js';
import { CURRENCY_CODES } from './currency.js';
import { Money } from './money.js';

export interface MoneyValueMessages {
  /** The value is missing or null (zero is a value). */
  valueRequired: string;
  valueNotNumber: string;
  /** The value has more integer digits than the database keeps (numeric(20, 8): twelve). */
  valueTooLarge: string;
  /** A negative value where the field's rules want none. */
  valueNegative: string;
  currencyRequired: string;
  currencyInvalid: string;
  dateInvalid: string;
}

export const MONEY_VALUE_MESSAGES: MoneyValueMessages = {
  valueRequired: 'Money value is required',
  valueNotNumber: 'Money value must be a number',
  valueTooLarge: 'Money value must be less than 1,000,000,000,000',
  valueNegative: 'Money value must not be negative',
  currencyRequired: 'Currency is required',
  currencyInvalid: 'Currency is not valid',
  dateInvalid: 'Money date must be an ISO date',
};

/** Amounts are stored as numeric(20, 8): at most twelve digits before the point. */
export const MONEY_VALUE_LIMIT = 1e12;

export interface MoneyValueRules {
  /** The field holds no negative amount (an income, an expense, a balance that cannot go below 0). */
  nonNegative?: boolean;
}

/**
 * The amount of a money value: a number (foundations §5: "must be a number", so a decimal string
 * is refused), within the database's precision and the field's sign rule.
 */
export function moneyAmountSchema(messages: MoneyValueMessages, rules: MoneyValueRules = {}) {
  const amount = z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.valueRequired : messages.valueNotNumber,
    })
    .refine((value) => Math.abs(value) < MONEY_VALUE_LIMIT, messages.valueTooLarge);
  return rules.nonNegative ? amount.refine((value) => value >= 0, messages.valueNegative) : amount;
}

/**
 * The money value of foundations §3/§5: `value` present (zero allowed), a number below 10^12 in
 * magnitude, `currency` one of the supported codes, `date` optional (an ISO
 * date or date-time with offset). Forms with their own wording (e.g. cash flow items: 'Amount
 * value is required') pass messages; fields that hold no negative amount say so in `rules`.
 */
export function makeMoneyValueSchema(messages: Partial<MoneyValueMessages> = {}, rules: MoneyValueRules = {}) {
  const m = { ...MONEY_VALUE_MESSAGES, ...messages };
  return z.object({
    value: moneyAmountSchema(m, rules),
    currency: z.enum(CURRENCY_CODES, {
      error: (issue) => (issue.input === undefined || issue.input === null ? m.currencyRequired : m.currencyInvalid),
    }),
    date: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: m.dateInvalid })
      .refine(isStorableIsoDate, m.dateInvalid)
      .optional(),
  });
}

export const moneyValueSchema = makeMoneyValueSchema();
export type MoneyValue = z.infer<typeof moneyValueSchema>;

/** A parsed money value as a Money. */
export function moneyFromValue(input: MoneyValue): Money {
  return Money.of(input.value, input.currency, input.date === undefined ? undefined : new Date(input.date));
}

import { z } from 'zod';
import { isStorableIsoDate } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { DomainError, ErrorCode } from '../../shared/errors/domain-error.js';
import { CURRENCY_CODES, type CurrencyCode } from '../../shared/money/currency.js';
import { isNumeric } from '../../shared/money/decimal.js';
import type { FxRateTable } from '../../shared/money/fx.js';
import { MoneyMessage } from '../../shared/money/messages.js';
import type { Money } from '../../shared/money/money.js';
import { evenWhenFieldsFail, isBlank } from '../../shared/input/common.js';
import { FinancialInputMessage } from '../shared-schemas.js';

/** Messages of the exchange-rate routes; ours. */
export const FxRateMessage = {
  dateRequired: 'Date is required',
  baseRequired: 'Base currency is required',
  quoteRequired: 'Quote currency is required',
  currencyInvalid: 'Currency is not valid',
  rateRequired: 'Rate is required',
  rateInvalid: 'Rate must be a positive number with at most 12 decimals',
  sameCurrencies: 'Base and quote currencies must differ',
} as const;

const currency = (requiredMessage: string) =>
  z.enum(CURRENCY_CODES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? requiredMessage : FxRateMessage.currencyInvalid,
  });

/** A positive rate with up to 12 integer and 12 fractional digits (numeric(24, 12)), as a number or a decimal string. */
const rate = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? FxRateMessage.rateRequired : FxRateMessage.rateInvalid,
  })
  .refine((value) => isNumeric(value) && /^\d{1,12}(\.\d{1,12})?$/.test(String(value).trim()) && Number(value) > 0, {
    message: FxRateMessage.rateInvalid,
  })
  .transform((value) => String(value).trim());

/** The body of `PUT /fx-rates`: on `date`, 1 `base` = `rate` `quote`. */
export const putFxRateSchema = z
  .object({
    date: z.iso
      .date({
        error: (issue) =>
          isBlank(issue.input) ? FxRateMessage.dateRequired : FinancialInputMessage.dateInvalid('Date'),
      })
      .refine(isStorableIsoDate, FinancialInputMessage.dateInvalid('Date')),
    base: currency(FxRateMessage.baseRequired),
    quote: currency(FxRateMessage.quoteRequired),
    rate,
    source: freeText({ max: 100 }).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.base !== undefined && input.base === input.quote) {
      ctx.addIssue({ code: 'custom', path: ['quote'], message: FxRateMessage.sameCurrencies });
    }
  }, evenWhenFieldsFail);
export type PutFxRate = z.output<typeof putFxRateSchema>;

export const fxRatesQuerySchema = z.object({
  base: z.enum(CURRENCY_CODES, { error: FxRateMessage.currencyInvalid }).optional(),
  quote: z.enum(CURRENCY_CODES, { error: FxRateMessage.currencyInvalid }).optional(),
});

/** A stored rate: on `date`, 1 `base` = `rate` `quote`. */
export interface StoredFxRate {
  id: string;
  date: string;
  base: CurrencyCode;
  quote: CurrencyCode;
  rate: string;
  source: string | null;
}

function moneyRateError(message: string): DomainError {
  return new DomainError(ErrorCode.ERR_INVALID_PROPS, message, [{ path: 'currency', message }]);
}

/**
 * Converts amounts to one currency with stored rates, never assuming 1:1 between two currencies.
 * For each source currency it uses the latest rate on or before the valuation date between that
 * currency and the target, stored either way round (USD->CAD, or CAD->USD inverted); a direct
 * rate wins a tie. Rates through a third currency are not derived.
 */
export class FxConverter {
  private readonly chosen = new Map<CurrencyCode, { table: FxRateTable; rate: StoredFxRate }>();

  /** `rates`: the organization's rates on or before the valuation date (any order, any pairs). */
  constructor(
    readonly target: CurrencyCode,
    private readonly rates: readonly StoredFxRate[],
  ) {
    for (const stored of rates) {
      const direct = stored.quote === target;
      if (!direct && stored.base !== target) continue;
      const source = direct ? stored.base : stored.quote;
      const current = this.chosen.get(source);
      const newer =
        current === undefined ||
        stored.date > current.rate.date ||
        (stored.date === current.rate.date && direct && current.rate.quote !== target);
      if (!newer) continue;
      // A table based on the source (direct) or on the target (inverse) keeps the stored rate exact.
      const table: FxRateTable = direct
        ? { base: source, rates: { [target]: stored.rate } }
        : { base: target, rates: { [source]: stored.rate } };
      this.chosen.set(source, { table, rate: stored });
    }
  }

  /** `money` in the target currency (rounded to 4 decimals), or the spec's money error. */
  convert(money: Money): Money {
    if (money.currency === this.target) return money;
    const chosen = this.chosen.get(money.currency);
    if (chosen) return money.convertTo(this.target, chosen.table);
    if (this.rates.length === 0) throw moneyRateError(MoneyMessage.ratesNotSet);
    if (this.chosen.size === 0) throw moneyRateError(MoneyMessage.noRateForTargetCurrency(this.target));
    throw moneyRateError(MoneyMessage.noRateForCurrency(money.currency));
  }

  /** The stored rates conversions have chosen, one per source currency. */
  ratesUsed(currencies: Iterable<CurrencyCode>): StoredFxRate[] {
    const used = new Map<string, StoredFxRate>();
    for (const code of currencies) {
      const chosen = this.chosen.get(code);
      if (chosen) used.set(chosen.rate.id, chosen.rate);
    }
    return [...used.values()];
  }
}

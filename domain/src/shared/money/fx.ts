import type { Decimal } from 'decimal.js';
import { DomainError, ErrorCode } from '../errors/domain-error.js';
import type { CurrencyCode } from './currency.js';
import { Dec, isNumeric } from './decimal.js';
import { MoneyMessage } from './messages.js';

/**
 * Exchange rates quoted against one base currency: `rates[X]` is how many units of X one unit of
 * `base` buys. The base itself needs no entry (its rate is 1).
 */
export interface FxRateTable {
  base: CurrencyCode;
  rates: Partial<Record<CurrencyCode, Decimal.Value>>;
  /** When the rates were taken; informational only. */
  asOf?: Date;
}

function rateAgainstBase(
  table: FxRateTable,
  currency: CurrencyCode,
  missingMessage: (currency: string) => string,
): Decimal {
  if (currency === table.base) return new Dec(1);
  const raw = table.rates[currency];
  if (raw === undefined || raw === null) {
    throw new DomainError(ErrorCode.ERR_INVALID_PROPS, missingMessage(currency));
  }
  const rate = isNumeric(raw) ? new Dec(raw) : undefined;
  if (rate === undefined || !rate.gt(0)) {
    throw new DomainError(ErrorCode.ERR_INVALID_PROPS, MoneyMessage.invalidRate(currency));
  }
  return rate;
}

/**
 * How many units of `to` one unit of `from` buys, at full precision (the caller rounds the
 * converted amount). The same currency is 1 even without rates; any other pair needs a rate for
 * both sides, never a silent 1:1.
 */
export function crossRate(from: CurrencyCode, to: CurrencyCode, table: FxRateTable | null | undefined): Decimal {
  if (from === to) return new Dec(1);
  if (!table || typeof table.rates !== 'object' || table.rates === null || Object.keys(table.rates).length === 0) {
    throw new DomainError(ErrorCode.ERR_INITIALIZATION, MoneyMessage.ratesNotSet);
  }
  const fromRate = rateAgainstBase(table, from, MoneyMessage.noRateForCurrency);
  const toRate = rateAgainstBase(table, to, MoneyMessage.noRateForTargetCurrency);
  return toRate.div(fromRate);
}

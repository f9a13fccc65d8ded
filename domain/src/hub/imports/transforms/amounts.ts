import { Dec } from '../../../shared/money/decimal.js';
import { type CurrencyCode, isCurrencyCode } from '../../../shared/money/currency.js';
import { fail, ImportMessage, ok, type TransformResult } from './result.js';

export interface ImportedAmount {
  /** A plain decimal string (`-1234.56`), never a float. */
  amount: string;
  /** The currency written with the amount, or null when it carries only `$` or nothing. */
  currency: CurrencyCode | null;
}

const SYMBOLS: readonly [RegExp, CurrencyCode | null][] = [
  [/US\s?\$/i, 'USD'],
  [/(?:CA|C|CAN)\s?\$/i, 'CAD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/\$/, null],
];

/**
 * An amount from an export: `$1,234.56`, `1 234,56 $` (fr-CA), `(12.00)` and `12.00-` (negative),
 * `USD 12`, `12 CAD`. The decimal separator is `.` unless the profile says `,` or the text is laid
 * out the French way (the currency sign after the amount, or spaces grouping the thousands); with
 * both `.` and `,` present, the last one is the decimal point. The result is a decimal string.
 */
export function parseAmount(text: string, options: { decimalComma?: boolean } = {}): TransformResult<ImportedAmount> {
  let value = text.replace(/[\u00a0\u202f]/g, ' ').trim();
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1).trim();
  }
  let currency: CurrencyCode | null = null;
  const code = /\b([A-Z]{3})\b/i.exec(value);
  if (code) {
    const upper = (code[1] ?? '').toUpperCase();
    if (!isCurrencyCode(upper)) return fail(ImportMessage.currencyInvalid);
    currency = upper;
    value = value.replace(code[0], ' ');
  }
  const frenchLayout = /\d\s*(?:\$|€)\s*$/.test(value) || /\d \d{3}(?:\D|$)/.test(value);
  for (const [pattern, symbolCurrency] of SYMBOLS) {
    if (pattern.test(value)) {
      currency ??= symbolCurrency;
      value = value.replace(pattern, ' ');
      break;
    }
  }
  value = value.trim();
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1).trim();
  } else if (value.endsWith('-')) {
    negative = !negative;
    value = value.slice(0, -1).trim();
  }
  value = value.replace(/\s+/g, '');
  const lastDot = value.lastIndexOf('.');
  const lastComma = value.lastIndexOf(',');
  let decimalComma = options.decimalComma ?? false;
  if (lastDot >= 0 && lastComma >= 0) decimalComma = lastComma > lastDot;
  else if (!decimalComma && frenchLayout && lastComma >= 0 && lastDot < 0) decimalComma = true;
  value = decimalComma ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(value)) return fail(ImportMessage.amountInvalid);
  const amount = new Dec(value).times(negative ? -1 : 1);
  return ok({ amount: amount.isZero() ? '0' : amount.toFixed(), currency });
}

/** A currency column (`CAD`, `usd`, `US$`). */
export function parseCurrency(text: string): TransformResult<CurrencyCode> {
  const trimmed = text.trim().toUpperCase();
  if (isCurrencyCode(trimmed)) return ok(trimmed);
  if (/^US\s?\$$/.test(trimmed)) return ok('USD');
  if (/^(?:CA|C|CAN)\s?\$$/.test(trimmed)) return ok('CAD');
  return fail(ImportMessage.currencyInvalid);
}

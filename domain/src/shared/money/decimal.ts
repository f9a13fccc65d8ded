import { Decimal } from 'decimal.js';

/**
 * The decimal constructor every money figure in the domain uses. A private clone, so the global
 * `Decimal` settings stay untouched: 50 significant digits (enough for any amount to 8 decimals,
 * even after a division) and arithmetic rounding (half away from zero) by default.
 */
export const Dec = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });

/** Decimal places kept by money arithmetic (foundations §9). */
export const ARITHMETIC_DECIMALS = 8;
/** Decimal places kept by a currency conversion (foundations §9). */
export const CONVERSION_DECIMALS = 4;

/** Rounds half away from zero to `places` decimals. */
export function roundHalfUp(value: Decimal.Value, places: number): Decimal {
  return new Dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** True for a finite number, a finite Decimal, or a decimal string (an exponent such as `1e-8` allowed). */
export function isNumeric(value: unknown): value is number | string | Decimal {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return PLAIN_NUMBER.test(value.trim());
  return Decimal.isDecimal(value) && (value as Decimal).isFinite();
}

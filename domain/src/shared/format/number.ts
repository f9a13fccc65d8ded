import { Decimal } from 'decimal.js';
import { DomainError, ErrorCode } from '../errors/domain-error.js';
import { Dec, isNumeric } from '../money/decimal.js';

/** What the number helpers take: a finite number, a plain decimal string or a Decimal. */
export type NumericInput = number | string | Decimal;

function toDecimal(value: NumericInput): Decimal {
  if (!isNumeric(value)) {
    throw new DomainError(ErrorCode.VALIDATION_ERROR, `Cannot format "${String(value)}" as a number`);
  }
  return new Dec(typeof value === 'string' ? value.trim() : value);
}

/** Groups thousands with commas, exactly `decimals` decimals, half away from zero, no sign. */
function groupedAbsolute(value: Decimal, decimals: number): string {
  const fixed = value.abs().toFixed(decimals, Decimal.ROUND_HALF_UP);
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: true,
  }).format(fixed as Intl.StringNumericLiteral);
}

/** A leading minus only when the rounded figure is not zero, so -0.4 shows as $0, not -$0. */
function sign(value: Decimal, decimals: number): string {
  return value.isNegative() && !value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).isZero() ? '-' : '';
}

/** Canadian dollars with no decimals: 1234.5 -> '$1,235', -1234.4 -> '-$1,234'. */
export function formatCad(value: NumericInput): string {
  const amount = toDecimal(value);
  return `${sign(amount, 0)}$${groupedAbsolute(amount, 0)}`;
}

/**
 * A dollar amount: whole amounts as '$0,0' (1234 -> '$1,234'), anything with a fraction with two
 * decimals (1234.5 -> '$1,234.50', 0.001 -> '$0.00').
 */
export function formatMoney(value: NumericInput): string {
  const amount = toDecimal(value);
  const decimals = amount.isInteger() ? 0 : 2;
  return `${sign(amount, decimals)}$${groupedAbsolute(amount, decimals)}`;
}

/**
 * A percentage given in percent units, shown with one decimal: the value is divided by 100 and
 * written as a percent, so 12.345 -> '12.3%' and 5 -> '5.0%'. No thousands grouping.
 */
export function formatPercent(value: NumericInput): string {
  const percent = toDecimal(value);
  return `${sign(percent, 1)}${percent.abs().toFixed(1, Decimal.ROUND_HALF_UP)}%`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * A byte size with one decimal in decimal (SI) units of 1000: 512 -> '512.0 B',
 * 1536 -> '1.5 KB', 1_500_000 -> '1.5 MB'. A figure that rounds up to 1000 moves to the next unit.
 */
export function formatBytes(value: NumericInput): string {
  const bytes = toDecimal(value);
  if (bytes.isNegative() && !bytes.isZero()) {
    throw new DomainError(ErrorCode.VALIDATION_ERROR, 'A byte size cannot be negative');
  }
  let unit = 0;
  let scaled = bytes.abs();
  while (unit < BYTE_UNITS.length - 1 && scaled.toDecimalPlaces(1, Decimal.ROUND_HALF_UP).gte(1000)) {
    scaled = scaled.div(1000);
    unit += 1;
  }
  return `${groupedAbsolute(scaled, 1)} ${BYTE_UNITS[unit]}`;
}

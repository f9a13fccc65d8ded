import { Decimal } from 'decimal.js';
import { DomainError, ErrorCode } from '../errors/domain-error.js';
import { type CurrencyCode, isCurrencyCode } from './currency.js';
import { ARITHMETIC_DECIMALS, CONVERSION_DECIMALS, Dec, isNumeric } from './decimal.js';
import { crossRate, type FxRateTable } from './fx.js';
import { MoneyMessage } from './messages.js';

/** What a money value can be built from: a finite number, a plain decimal string, or a Decimal. */
export type MoneyAmount = number | string | Decimal;

/** The JSON form of a money value; `date` appears only when the value carries one. */
export interface MoneyJson {
  value: string;
  currency: CurrencyCode;
  date?: string;
}

function invalidProps(message: string): DomainError {
  return new DomainError(ErrorCode.ERR_INVALID_PROPS, message);
}

function toAmount(value: unknown): Decimal {
  if (!isNumeric(value)) throw invalidProps(MoneyMessage.valueNotNumber);
  return new Dec(typeof value === 'string' ? value.trim() : value);
}

/**
 * An immutable amount in one currency. Construction keeps the value exactly as given; add,
 * subtract, multiply and divide round their result half away from zero to 8 decimals; a
 * conversion rounds to 4 (foundations §9). Amounts in different currencies never combine: convert
 * first.
 */
export class Money {
  private constructor(
    readonly value: Decimal,
    readonly currency: CurrencyCode,
    /** The moment the amount was observed (a balance date, a price date), if any. */
    readonly date?: Date,
  ) {
    Object.freeze(this);
  }

  /**
   * Builds a money value, checking in the order of foundations §8: a value is present, the
   * currency is supported, the value is a number, the time (when given) is a valid Date. Every
   * failure is an ERR_INVALID_PROPS DomainError.
   */
  static of(value: MoneyAmount, currency: CurrencyCode | string, date?: Date): Money {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      throw invalidProps(MoneyMessage.noValue);
    }
    if (!isCurrencyCode(currency)) throw invalidProps(MoneyMessage.invalidCurrency(currency));
    const amount = toAmount(value);
    if (date !== undefined && !(date instanceof Date && !Number.isNaN(date.getTime()))) {
      throw invalidProps(MoneyMessage.timeNotDate);
    }
    return new Money(amount, currency, date);
  }

  static zero(currency: CurrencyCode | string): Money {
    return Money.of(0, currency);
  }

  /** Sums a list; an empty list needs `currency` and gives zero. All items share one currency. */
  static sum(items: readonly Money[], currency?: CurrencyCode | string): Money {
    const first = items[0];
    if (first === undefined) {
      if (currency === undefined) throw invalidProps(MoneyMessage.emptySum);
      return Money.zero(currency);
    }
    const start = currency === undefined ? Money.zero(first.currency) : Money.zero(currency);
    return items.reduce((total, item) => total.add(item), start);
  }

  static fromJSON(json: MoneyJson): Money {
    return Money.of(json.value, json.currency, json.date === undefined ? undefined : new Date(json.date));
  }

  add(other: Money): Money {
    this.assertSameCurrency(other);
    return this.withValue(this.value.plus(other.value));
  }

  subtract(other: Money): Money {
    this.assertSameCurrency(other);
    return this.withValue(this.value.minus(other.value));
  }

  multiply(factor: MoneyAmount): Money {
    return this.withValue(this.value.times(toAmount(factor)));
  }

  /** Divides by a number; dividing by zero is an ERR_DIVIDE_BY_ZERO DomainError. */
  divide(divisor: MoneyAmount): Money {
    const amount = toAmount(divisor);
    if (amount.isZero()) throw new DomainError(ErrorCode.ERR_DIVIDE_BY_ZERO, MoneyMessage.divideByZero);
    return this.withValue(this.value.div(amount));
  }

  /**
   * Converts to `target` with a rate table, rounding to 4 decimals. The same currency returns this
   * value unchanged and needs no rates.
   */
  convertTo(target: CurrencyCode | string, rates: FxRateTable | null | undefined): Money {
    if (!isCurrencyCode(target)) throw invalidProps(MoneyMessage.invalidCurrency(target));
    if (target === this.currency) return this;
    const rate = crossRate(this.currency, target, rates);
    return new Money(
      this.value.times(rate).toDecimalPlaces(CONVERSION_DECIMALS, Decimal.ROUND_HALF_UP),
      target,
      this.date,
    );
  }

  /** -1, 0 or 1; both sides must share a currency. */
  compare(other: Money): -1 | 0 | 1 {
    this.assertSameCurrency(other);
    return this.value.comparedTo(other.value) as -1 | 0 | 1;
  }

  /** Same currency and same amount (`1.50` equals `1.5`); the date is ignored. */
  equals(other: Money): boolean {
    return this.currency === other.currency && this.value.equals(other.value);
  }

  greaterThan(other: Money): boolean {
    return this.compare(other) > 0;
  }

  lessThan(other: Money): boolean {
    return this.compare(other) < 0;
  }

  isZero(): boolean {
    return this.value.isZero();
  }

  isNegative(): boolean {
    return this.value.isNegative() && !this.value.isZero();
  }

  isPositive(): boolean {
    return this.value.isPositive() && !this.value.isZero();
  }

  /** `{ value, currency }` with the value as a plain decimal string (never exponent notation). */
  toJSON(): MoneyJson {
    const json: MoneyJson = { value: this.value.toFixed(), currency: this.currency };
    if (this.date !== undefined) json.date = this.date.toISOString();
    return json;
  }

  toString(): string {
    return `${this.value.toFixed()} ${this.currency}`;
  }

  private withValue(value: Decimal): Money {
    return new Money(value.toDecimalPlaces(ARITHMETIC_DECIMALS, Decimal.ROUND_HALF_UP), this.currency, this.date);
  }

  private assertSameCurrency(other: Money): void {
    if (other.currency !== this.currency) {
      throw invalidProps(MoneyMessage.currencyMismatch(this.currency, other.currency));
    }
  }
}

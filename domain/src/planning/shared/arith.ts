import type { Decimal } from 'decimal.js';
import { Dec } from '../../shared/money/decimal.js';

/**
 * The arithmetic the projection and the tax rules are written over, once. The ledger projection
 * runs on decimal.js (every figure to the cent); the Monte Carlo runs the same rules on floats,
 * because its output is a probability and percentiles, and 1,000 paths on decimals would be slow.
 */
export interface Arith<N> {
  readonly kind: 'decimal' | 'float';
  of(value: number | string | Decimal): N;
  readonly zero: N;
  add(a: N, b: N): N;
  sub(a: N, b: N): N;
  mul(a: N, b: N): N;
  /** Division; the divisor is never zero at a call site (callers check). */
  div(a: N, b: N): N;
  min(a: N, b: N): N;
  max(a: N, b: N): N;
  gt(a: N, b: N): boolean;
  gte(a: N, b: N): boolean;
  lt(a: N, b: N): boolean;
  lte(a: N, b: N): boolean;
  isZero(a: N): boolean;
  isPositive(a: N): boolean;
  isNegative(a: N): boolean;
  /** Rounds half away from zero to `places` decimals (2 for cents). */
  round(a: N, places: number): N;
  toNumber(a: N): number;
  /** A plain decimal string, as figures travel in JSON. */
  toString(a: N): string;
}

export const DecimalArith: Arith<Decimal> = {
  kind: 'decimal',
  of: (value) => new Dec(value),
  zero: new Dec(0),
  add: (a, b) => a.plus(b),
  sub: (a, b) => a.minus(b),
  mul: (a, b) => a.times(b),
  div: (a, b) => a.div(b),
  min: (a, b) => (a.lte(b) ? a : b),
  max: (a, b) => (a.gte(b) ? a : b),
  gt: (a, b) => a.gt(b),
  gte: (a, b) => a.gte(b),
  lt: (a, b) => a.lt(b),
  lte: (a, b) => a.lte(b),
  isZero: (a) => a.isZero(),
  isPositive: (a) => a.gt(0),
  isNegative: (a) => a.lt(0),
  round: (a, places) => a.toDecimalPlaces(places, Dec.ROUND_HALF_UP),
  toNumber: (a) => a.toNumber(),
  toString: (a) => a.toFixed(),
};

export const FloatArith: Arith<number> = {
  kind: 'float',
  of: (value) => (typeof value === 'number' ? value : Number(value.toString())),
  zero: 0,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  min: (a, b) => (a <= b ? a : b),
  max: (a, b) => (a >= b ? a : b),
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
  isZero: (a) => a === 0,
  isPositive: (a) => a > 0,
  isNegative: (a) => a < 0,
  round: (a, places) => {
    const factor = 10 ** places;
    return (Math.sign(a) * Math.round(Math.abs(a) * factor)) / factor;
  },
  toNumber: (a) => a,
  toString: (a) => String(a),
};

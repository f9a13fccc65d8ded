import type { Arith } from '../shared/arith.js';

/**
 * Progressive rates: `rates[i]` applies between `thresholds[i - 1]` (0 for the first) and
 * `thresholds[i]` (no upper bound for the last rate), so rates has one more entry than thresholds.
 */
export interface BracketSchedule {
  readonly thresholds: readonly number[];
  readonly rates: readonly number[];
}

export interface BracketPart<N> {
  rate: number;
  amount: N;
}

export interface BracketTax<N> {
  tax: N;
  /** The income taxed at each rate, only when asked (explanations). */
  parts: BracketPart<N>[];
}

export function bracketTax<N>(
  arith: Arith<N>,
  income: N,
  schedule: BracketSchedule,
  withParts: boolean,
): BracketTax<N> {
  let tax = arith.zero;
  const parts: BracketPart<N>[] = [];
  const { thresholds, rates } = schedule;
  for (let i = 0; i < rates.length; i++) {
    const lower = i === 0 ? arith.zero : arith.of(thresholds[i - 1] as number);
    if (!arith.gt(income, lower)) break;
    const upperBound = thresholds[i];
    const top = upperBound === undefined ? income : arith.min(income, arith.of(upperBound));
    const amount = arith.sub(top, lower);
    const rate = rates[i] as number;
    tax = arith.add(tax, arith.mul(amount, arith.of(rate)));
    if (withParts) parts.push({ rate, amount });
  }
  return { tax, parts };
}

/** The top rate of a schedule (its last). */
export function topRate(schedule: BracketSchedule): number {
  return schedule.rates[schedule.rates.length - 1] as number;
}

/** The part of [from, to] that lies inside [lower, upper]: for stacking income on top of other income. */
export function overlap<N>(arith: Arith<N>, from: N, to: N, lower: N, upper: N | null): N {
  const top = upper === null ? to : arith.min(to, upper);
  return arith.max(arith.zero, arith.sub(top, arith.max(from, lower)));
}

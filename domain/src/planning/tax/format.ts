import type { Arith } from '../shared/arith.js';
import type { BracketPart } from './brackets.js';

/** Money for an explanation: '$12,957.51' (always two decimals, thousands separators). */
export function money<N>(arith: Arith<N>, value: N): string {
  const rounded = arith.round(value, 2);
  const negative = arith.isNegative(rounded);
  const plain = arith.toString(negative ? arith.sub(arith.zero, rounded) : rounded);
  const [whole = '0', fraction = ''] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** A rate for an explanation: 0.145 -> '14.5%', 0.150198 -> '15.0198%'. */
export function percent(rate: number): string {
  return `${Number((rate * 100).toFixed(4))}%`;
}

/** '14.5% of $57,375.00 + 20.5% of $22,625.00', or '$0.00' with no income. */
export function bracketWords<N>(arith: Arith<N>, parts: BracketPart<N>[]): string {
  if (parts.length === 0) return 'no tax';
  return parts.map((part) => `${percent(part.rate)} of ${money(arith, part.amount)}`).join(' + ');
}

import type { Arith } from '../shared/arith.js';
import type { Explanation } from '../shared/explanation.js';

/** A money amount for an explanation, to the cent with thousands separators: '$412,000.00'. */
export function dollars<N>(arith: Arith<N>, value: N): string {
  const fixed = arith.toNumber(arith.round(value, 2)).toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${cents}`;
}

/** A percent for an explanation, without trailing zeros: '5.28%'. */
export function percent(value: number | string): string {
  return `${Number(value).toString()}%`;
}

export function explanation(rule: string, text: string, inputs: Record<string, string> = {}): Explanation {
  return { rule, text, inputs: Object.entries(inputs).map(([label, value]) => ({ label, value })) };
}

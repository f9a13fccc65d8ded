import type { Explanation } from '../shared/explanation.js';

/** A money amount for an explanation, to the cent with thousands separators: the tax rules' own. */
export { money as dollars } from '../tax/format.js';

/** A percent for an explanation, without trailing zeros: '5.28%'. */
export function percent(value: number | string): string {
  return `${Number(value).toString()}%`;
}

export function explanation(rule: string, text: string, inputs: Record<string, string> = {}): Explanation {
  return { rule, text, inputs: Object.entries(inputs).map(([label, value]) => ({ label, value })) };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENUMERATIONS } from '../../../catalogue.js';
import type { Explanation } from '../../shared/explanation.js';
import { projectPlan } from '../project.js';
import { arbitraryPlan } from './random-plans.js';

/** Codes an advisor must never read: every enumeration value whose label is not the code itself ("RRSP" is). */
const CODES: ReadonlySet<string> = new Set(
  Object.values(ENUMERATIONS).flatMap((entry) =>
    entry.values
      .map(String)
      .filter((code) => /^[A-Z][A-Z0-9_]+$/.test(code) && (entry.labels as Record<string, string>)[code] !== code),
  ),
);
const CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/;

function explanationsOf(value: unknown, found: Explanation[] = []): Explanation[] {
  if (Array.isArray(value)) for (const item of value) explanationsOf(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'explanation' && item) found.push(item as Explanation);
      else explanationsOf(item, found);
    }
  }
  return found;
}

function codesIn(text: string): string[] {
  // Two letters are a country or a province's abbreviation, as people write them (US, ON).
  const words = text.split(/[^A-Za-z0-9_]+/).filter((word) => word.length > 2 && CODES.has(word));
  const constant = CONSTANT.exec(text);
  return constant ? [...words, constant[0]] : words;
}

describe('the projection explains itself in words', () => {
  it('never shows an enumeration constant in a rule, a text or an input (the dashboard shows them as they are)', () => {
    fc.assert(
      fc.property(arbitraryPlan(), (plan) => {
        const projection = projectPlan(plan, { currency: plan.settings.currency, fxRates: null, explain: true });
        for (const explanation of explanationsOf(projection)) {
          const pieces = [
            explanation.rule,
            explanation.text,
            ...explanation.inputs.flatMap((input) => [input.label, input.value]),
          ];
          for (const piece of pieces) expect(codesIn(piece), piece).toEqual([]);
        }
      }),
      { numRuns: 25, seed: 16 },
    );
  });
});

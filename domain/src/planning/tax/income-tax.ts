import type { Arith } from '../shared/arith.js';
import type { PersonTaxFigures } from './canada.js';
import { canadianPersonTax } from './canada.js';
import { money } from './format.js';
import type { HouseholdIncomeTax, HouseholdTaxInput, PersonTax, TaxableIncome, Taxpayer } from './types.js';
import { usReturnTax } from './united-states.js';

/**
 * Pension income splitting (ITA s. 60.03): a Canadian couple may move up to half of one spouse's
 * eligible pension income to the other. The share moved is searched on a coarse grid over every
 * possible split (either direction), then on finer grids around the best point; no split is
 * always a candidate, so splitting never raises the household's tax.
 */
const SPLIT_MAX_SHARE = 0.5;
const COARSE_STEPS = 20;
const REFINE_STEPS = 10;
const REFINE_ROUNDS = 3;

function withPension<N>(arith: Arith<N>, income: TaxableIncome<N>, delta: N): TaxableIncome<N> {
  return { ...income, eligiblePension: arith.add(income.eligiblePension, delta) };
}

function canadianFigures<N>(
  arith: Arith<N>,
  year: number,
  taxpayer: Taxpayer<N>,
  income: TaxableIncome<N>,
  explain: boolean,
): PersonTaxFigures<N> {
  return canadianPersonTax(arith, year, { age: taxpayer.age, province: taxpayer.province }, income, explain);
}

/** The split from the first spouse to the second (negative: from the second to the first) with the lowest total tax. */
function bestSplit<N>(arith: Arith<N>, year: number, first: Taxpayer<N>, second: Taxpayer<N>): N {
  const half = arith.of(SPLIT_MAX_SHARE);
  const high = arith.mul(arith.max(arith.zero, first.income.eligiblePension), half);
  const low = arith.sub(arith.zero, arith.mul(arith.max(arith.zero, second.income.eligiblePension), half));
  if (arith.isZero(high) && arith.isZero(low)) return arith.zero;

  const totalTax = (split: N): N => {
    const a = canadianFigures(
      arith,
      year,
      first,
      withPension(arith, first.income, arith.sub(arith.zero, split)),
      false,
    );
    const b = canadianFigures(arith, year, second, withPension(arith, second.income, split), false);
    return arith.add(a.total, b.total);
  };
  // Candidates are whole cents so a decimal ledger records a split it can pay.
  const cents = (value: N) => arith.round(value, 2);

  let best = arith.zero;
  let bestTax = totalTax(best);
  const consider = (candidate: N) => {
    const split = cents(arith.min(high, arith.max(low, candidate)));
    const tax = totalTax(split);
    if (arith.lt(tax, bestTax)) {
      best = split;
      bestTax = tax;
    }
  };

  let step = arith.div(arith.sub(high, low), arith.of(COARSE_STEPS));
  for (let i = 0; i <= COARSE_STEPS; i++) consider(arith.add(low, arith.mul(step, arith.of(i))));
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    const centre = best;
    const from = arith.sub(centre, step);
    step = arith.div(arith.mul(step, arith.of(2)), arith.of(REFINE_STEPS));
    for (let i = 0; i <= REFINE_STEPS; i++) consider(arith.add(from, arith.mul(step, arith.of(i))));
  }
  return best;
}

function toPersonTax<N>(personId: string, figures: PersonTaxFigures<N>, pensionSplitAmount: N): PersonTax<N> {
  return {
    personId,
    taxableIncome: figures.taxableIncome,
    federal: figures.federal,
    provincial: figures.provincial,
    oasClawback: figures.oasClawback,
    total: figures.total,
    pensionSplitAmount,
    explanations: figures.explanations,
  };
}

function canadianHousehold<N>(
  arith: Arith<N>,
  input: HouseholdTaxInput<N>,
  people: Taxpayer<N>[],
): Map<string, PersonTax<N>> {
  const result = new Map<string, PersonTax<N>>();
  const [first, second] = people;
  if (input.pensionIncomeSplitting && first !== undefined && second !== undefined && people.length === 2) {
    const split = bestSplit(arith, input.year, first, second);
    const given = arith.sub(arith.zero, split);
    const pairs: [Taxpayer<N>, N][] = [
      [first, given],
      [second, split],
    ];
    for (const [person, delta] of pairs) {
      const figures = canadianFigures(
        arith,
        input.year,
        person,
        withPension(arith, person.income, delta),
        input.explain,
      );
      if (input.explain && !arith.isZero(delta) && figures.explanations.taxableIncome !== undefined) {
        const moved = arith.isPositive(delta)
          ? `; pension income split: ${money(arith, delta)} received from the spouse`
          : `; pension income split: ${money(arith, arith.sub(arith.zero, delta))} given to the spouse`;
        figures.explanations.taxableIncome.text += `${moved} (Income Tax Act s. 60.03, the split with the lowest household tax)`;
      }
      result.set(person.personId, toPersonTax(person.personId, figures, delta));
    }
    return result;
  }
  for (const person of people) {
    const figures = canadianFigures(arith, input.year, person, person.income, input.explain);
    result.set(person.personId, toPersonTax(person.personId, figures, arith.zero));
  }
  return result;
}

function usHousehold<N>(
  arith: Arith<N>,
  input: HouseholdTaxInput<N>,
  people: Taxpayer<N>[],
): Map<string, PersonTax<N>> {
  const result = new Map<string, PersonTax<N>>();
  const joint = people.filter((person) => person.usFilingStatus === 'MARRIED_FILING_JOINTLY');
  const returns: { status: NonNullable<Taxpayer<N>['usFilingStatus']>; members: Taxpayer<N>[] }[] =
    joint.length === 2 ? [{ status: 'MARRIED_FILING_JOINTLY', members: joint }] : [];
  for (const person of people) {
    if (joint.length === 2 && person.usFilingStatus === 'MARRIED_FILING_JOINTLY') continue;
    returns.push({ status: person.usFilingStatus ?? 'SINGLE', members: [person] });
  }
  for (const taxReturn of returns) {
    const figures = usReturnTax(
      arith,
      input.year,
      taxReturn.status,
      taxReturn.members.map((member) => ({ age: member.age, income: member.income })),
      input.explain,
    );
    taxReturn.members.forEach((member, i) => {
      result.set(member.personId, toPersonTax(member.personId, figures[i] as PersonTaxFigures<N>, arith.zero));
    });
  }
  return result;
}

/**
 * The household's income tax of one year, per person, in the order of `input.taxpayers`.
 * Canadians: federal, provincial and OAS recovery tax, with pension splitting for a couple who
 * asks for it. US persons: federal tax only (state tax not modelled), a couple filing jointly on
 * one return. A year outside the tables uses the nearest table (see tables/year-lookup.ts).
 */
export const householdIncomeTax: HouseholdIncomeTax = <N>(
  arith: Arith<N>,
  input: HouseholdTaxInput<N>,
): PersonTax<N>[] => {
  const canadians = input.taxpayers.filter((person) => person.country === 'CA');
  const americans = input.taxpayers.filter((person) => person.country === 'US');
  const byPerson = new Map([...canadianHousehold(arith, input, canadians), ...usHousehold(arith, input, americans)]);
  return input.taxpayers.map((person) => {
    const tax = byPerson.get(person.personId);
    if (tax === undefined) throw new Error(`No tax computed for ${person.personId}`);
    return tax;
  });
};

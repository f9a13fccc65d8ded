import type { Arith } from '../shared/arith.js';
import { FloatArith } from '../shared/arith.js';
import type { PersonTaxFigures } from './canada.js';
import { canadianPersonTax } from './canada.js';
import { money } from './format.js';
import type { HouseholdIncomeTax, HouseholdTaxInput, PersonTax, TaxableIncome, Taxpayer } from './types.js';
import { usReturnTax } from './united-states.js';

/**
 * Pension income splitting (ITA s. 60.03): a Canadian couple may move up to half of one spouse's
 * eligible pension income to the other. The amount moved is searched on a coarse grid over every
 * possible split (either direction), then refined around the best point by trying a step either
 * side and halving the step (the household tax is piecewise linear in the split, so the minimum
 * sits at a kink the halving closes in on: to range / 2,560 after 8 rounds, some $30 on $75,000,
 * in 27 evaluations). No split is always a candidate, so splitting never raises the tax.
 */
const SPLIT_MAX_SHARE = 0.5;
const COARSE_STEPS = 10;
const REFINE_ROUNDS = 8;

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

function householdTotal<N>(arith: Arith<N>, year: number, first: Taxpayer<N>, second: Taxpayer<N>, split: N): N {
  const given = canadianFigures(
    arith,
    year,
    first,
    withPension(arith, first.income, arith.sub(arith.zero, split)),
    false,
  );
  const received = canadianFigures(arith, year, second, withPension(arith, second.income, split), false);
  return arith.add(given.total, received.total);
}

/** Whole cents toward zero, so a rounded bound never exceeds the half it stands for. */
function centsTowardZero(value: number): number {
  return (Math.sign(value) * Math.floor(Math.abs(value) * 100 + 1e-6)) / 100;
}

/**
 * The split from the first spouse to the second (negative: from the second to the first) with the
 * lowest total tax, searched on floats whatever the ledger's arithmetic: the search is a choice,
 * not a ledger figure, and some 60 evaluations on decimals would dominate a projection's time.
 */
function searchSplit(year: number, first: Taxpayer<number>, second: Taxpayer<number>): number {
  const high = centsTowardZero(Math.max(0, first.income.eligiblePension) * SPLIT_MAX_SHARE);
  const low = -centsTowardZero(Math.max(0, second.income.eligiblePension) * SPLIT_MAX_SHARE);
  if (high === 0 && low === 0) return 0;
  const total = (split: number) => householdTotal(FloatArith, year, first, second, split);

  let best = 0;
  let bestTax = total(0);
  const consider = (candidate: number) => {
    const split = Math.min(high, Math.max(low, Math.round(candidate * 100) / 100));
    const tax = total(split);
    // Among equal totals (within a tenth of a cent of float noise) the smaller move wins.
    const lower = tax < bestTax - 0.001;
    const tied = !lower && tax <= bestTax + 0.001;
    if (lower || (tied && Math.abs(split) < Math.abs(best))) {
      best = split;
      bestTax = Math.min(tax, bestTax);
    }
  };
  let step = (high - low) / COARSE_STEPS;
  for (let i = 0; i <= COARSE_STEPS; i++) consider(low + step * i);
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    step /= 2;
    const centre = best;
    consider(centre - step);
    consider(centre + step);
  }
  return best;
}

function asFloats<N>(arith: Arith<N>, taxpayer: Taxpayer<N>): Taxpayer<number> {
  const income = taxpayer.income;
  const f = (value: N) => arith.toNumber(value);
  return {
    ...taxpayer,
    income: {
      employment: f(income.employment),
      eligiblePension: f(income.eligiblePension),
      cppQpp: f(income.cppQpp),
      oas: f(income.oas),
      socialSecurity: f(income.socialSecurity),
      otherOrdinary: f(income.otherOrdinary),
      eligibleDividends: f(income.eligibleDividends),
      capitalGains: f(income.capitalGains),
    },
  };
}

/** The split to apply: the search's, kept only when it lowers the household tax in the caller's own arithmetic. */
function bestSplit<N>(arith: Arith<N>, year: number, first: Taxpayer<N>, second: Taxpayer<N>): N {
  const found = searchSplit(year, asFloats(arith, first), asFloats(arith, second));
  if (found === 0) return arith.zero;
  const split = arith.of(found.toFixed(2));
  const withSplit = householdTotal(arith, year, first, second, split);
  return arith.lt(withSplit, householdTotal(arith, year, first, second, arith.zero)) ? split : arith.zero;
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

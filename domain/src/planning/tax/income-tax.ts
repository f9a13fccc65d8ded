import type { Arith } from '../shared/arith.js';
import { FloatArith } from '../shared/arith.js';
import type { PersonTaxFigures } from './canada.js';
import { canadianPersonTax } from './canada.js';
import { money } from './format.js';
import type { HouseholdIncomeTax, HouseholdTaxInput, PersonTax, TaxableIncome, Taxpayer } from './types.js';
import type { Sloped } from './slope-arith.js';
import { distanceToTurn, flat, moving, SlopeArith, startWalk } from './slope-arith.js';
import { usReturnTax } from './united-states.js';

/**
 * Pension income splitting (ITA s. 60.03): a Canadian couple may move up to half of one spouse's
 * eligible pension income to the other. The household tax is piecewise linear in the amount moved:
 * it bends only where one of the rules' comparisons turns (a bracket threshold of either spouse, a
 * credit's phase-out edge, the OAS recovery threshold, a surtax or health premium tier). So the
 * lowest tax is at an end of the range, at no split, or at such a turn. The search walks the range
 * from its low end: it runs the rules once on figures that carry their slope (SlopeArith), which
 * gives the tax, its marginal rate and how far the rules stay linear, then steps to that turn.
 * Every turn is visited, so the lowest point is found exactly, in one evaluation per turn in the
 * range (a few in most years). No split is always a candidate, so splitting never raises the tax.
 */
const SPLIT_MAX_SHARE = 0.5;
/** Below this (dollars) the search treats two taxes as equal: a tenth of a cent, well above float noise. */
const TAX_TOLERANCE = 0.001;
/** A step past a turn, so the next evaluation reads the rules beyond it (a millionth of a dollar). */
const PAST_TURN = 1e-6;
/** A bound on the walk's evaluations, far above the turns two people's rules can have. */
const MOST_STEPS = 400;

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
 * not a ledger figure. The split found is then priced on rounded floats against no split.
 */
function searchSplit(year: number, first: Taxpayer<number>, second: Taxpayer<number>): number {
  const high = centsTowardZero(Math.max(0, first.income.eligiblePension) * SPLIT_MAX_SHARE);
  const low = -centsTowardZero(Math.max(0, second.income.eligiblePension) * SPLIT_MAX_SHARE);
  if (high === 0 && low === 0) return 0;
  const firstSloped = asSloped(first);
  const secondSloped = asSloped(second);

  // The candidates: each turn in the range, its two ends and no split, with the tax read off the
  // line the walk stood on (exact: the tax is linear between turns).
  const candidates: { split: number; tax: number }[] = [];
  let at = low;
  for (let step = 0; step < MOST_STEPS && at < high; step += 1) {
    startWalk();
    const tax = householdTotal(SlopeArith, year, firstSloped, secondSloped, moving(at, 1));
    const turn = Math.min(high, at + distanceToTurn());
    const taxAt = (split: number) => tax.value + tax.slope * (split - at);
    if (step === 0) candidates.push({ split: at, tax: tax.value });
    if (at <= 0 && turn >= 0) candidates.push({ split: 0, tax: taxAt(0) });
    candidates.push({ split: turn, tax: taxAt(turn) });
    at = turn + PAST_TURN;
  }

  // Price the lowest candidates on rounded floats, as the ledger would, against no split.
  candidates.sort((a, b) => a.tax - b.tax);
  const total = (split: number) => householdTotal(FloatArith, year, first, second, split);
  let best = 0;
  let bestTax = total(0);
  const lowest = candidates[0]?.tax ?? bestTax;
  for (const candidate of candidates) {
    // Cent rounding moves a total by a few cents at most: only near-lowest candidates can win.
    if (candidate.tax > lowest + 0.05) break;
    const split = Math.min(high, Math.max(low, Math.round(candidate.split * 100) / 100));
    if (split === 0) continue;
    const tax = total(split);
    // Among equal totals (within a tenth of a cent of float noise) the smaller move wins.
    const lower = tax < bestTax - TAX_TOLERANCE;
    const tied = !lower && tax <= bestTax + TAX_TOLERANCE;
    if (lower || (tied && Math.abs(split) < Math.abs(best))) {
      best = split;
      bestTax = Math.min(tax, bestTax);
    }
  }
  return best;
}

function asSloped(taxpayer: Taxpayer<number>): Taxpayer<Sloped> {
  const income = taxpayer.income;
  return {
    ...taxpayer,
    income: {
      employment: flat(income.employment),
      eligiblePension: flat(income.eligiblePension),
      cppQpp: flat(income.cppQpp),
      oas: flat(income.oas),
      socialSecurity: flat(income.socialSecurity),
      otherOrdinary: flat(income.otherOrdinary),
      eligibleDividends: flat(income.eligibleDividends),
      capitalGains: flat(income.capitalGains),
    },
  };
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

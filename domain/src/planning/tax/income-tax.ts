import type { Arith } from '../shared/arith.js';
import { FloatArith } from '../shared/arith.js';
import type { PersonTaxFigures } from './canada.js';
import { canadianPersonTax } from './canada.js';
import { money } from './format.js';
import type { HouseholdIncomeTax, HouseholdTaxInput, PersonTax, TaxableIncome, Taxpayer } from './types.js';
import type { Sloped } from './slope-arith.js';
import { flat, moving, slopeArith } from './slope-arith.js';
import { usReturnTax } from './united-states.js';

/**
 * Pension income splitting (ITA s. 60.03): a Canadian couple may move up to half of one spouse's
 * eligible pension income to the other. Each spouse's tax is piecewise linear in the amount moved:
 * it bends only where one of the rules' comparisons turns (a bracket threshold, a credit's
 * phase-out edge, the pension amount's cap, the OAS recovery threshold, a surtax or health premium
 * tier). So the lowest household tax is at an end of the range, at no split, or at a turn of either
 * spouse's tax. The search walks each spouse's tax over the range: it runs the rules once on
 * figures that carry their slope (SlopeArith), which gives the tax, the marginal rate and how far
 * the rules stay linear, then steps to that turn. Every turn is visited, so the lowest point is
 * found exactly, in one evaluation per turn (a few in most years; the grid refined by halving this
 * replaces took 27 and could miss a kink between its points). No split is always a candidate, so
 * splitting never raises the tax.
 */
const SPLIT_MAX_SHARE = 0.5;
/** Below this (dollars) the search treats two taxes as equal: a tenth of a cent, well above float noise. */
const TAX_TOLERANCE = 0.001;
/** A step past a turn, so the next evaluation reads the rules beyond it (a millionth of a dollar). */
const PAST_TURN = 1e-6;
/** A bound on a walk's evaluations, far above the turns one person's rules can have. */
const MOST_STEPS = 400;
/** Cent rounding moves a household total by a few cents: candidates this near the lowest are priced. */
const NEAR_LOWEST = 0.05;
/**
 * Rounding each of a couple's six figures to the cent moves their total by 3 cents at most, and a
 * split rounded to the cent moves it by under a cent: a candidate lower than every other by more
 * than this is the lowest on rounded figures too.
 */
const CLEAR_MARGIN = 0.1;
/** One for every search: each walk step restarts it, and a search runs start to end without yielding. */
const slopes = slopeArith();

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
  // The taxpayer carries the age and province the rules read (no object per call: the split search calls this often).
  return canadianPersonTax(arith, year, taxpayer, income, explain);
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

/** One stretch of a person's tax as their eligible pension moves by `shift`: linear from `shift` to the next stretch. */
interface Stretch {
  shift: number;
  tax: number;
  slope: number;
}

/**
 * A person's tax as their eligible pension moves by every amount from `from` to `to`, stretch by
 * stretch: one evaluation per turn of the rules in the range.
 */
function walkPersonTax(year: number, taxpayer: Taxpayer<number>, from: number, to: number): Stretch[] {
  const remembered = rememberedWalk(year, taxpayer, from, to);
  if (remembered !== null) return remembered;
  const sloped = asSloped(taxpayer);
  const stretches: Stretch[] = [];
  let at = from;
  for (let step = 0; step < MOST_STEPS && (step === 0 || at < to); step += 1) {
    slopes.restart();
    const income = withPension(slopes, sloped.income, moving(at));
    const tax = canadianFigures(slopes, year, sloped, income, false).total;
    stretches.push({ shift: at, tax: tax.value, slope: tax.slope });
    at += slopes.distanceToTurn() + PAST_TURN;
  }
  walks[nextWalk] = {
    year,
    age: taxpayer.age,
    province: taxpayer.province,
    // A copy: a caller may change its income object after asking.
    income: { ...taxpayer.income },
    from,
    to,
    stretches,
  };
  nextWalk = (nextWalk + 1) % walks.length;
  return stretches;
}

/**
 * The last few walks, for the withdrawal gross-up's passes: each pass asks for the year's tax
 * again, and a withdrawal changes one spouse's income, so the other's walk is the same as before.
 */
interface Walk {
  year: number;
  age: number;
  province: Taxpayer<number>['province'];
  income: TaxableIncome<number>;
  from: number;
  to: number;
  stretches: Stretch[];
}
const walks: (Walk | null)[] = [null, null, null, null];
let nextWalk = 0;

function rememberedWalk(year: number, taxpayer: Taxpayer<number>, from: number, to: number): Stretch[] | null {
  const income = taxpayer.income;
  for (const walk of walks) {
    if (
      walk !== null &&
      walk.from === from &&
      walk.to === to &&
      walk.year === year &&
      walk.age === taxpayer.age &&
      walk.province === taxpayer.province &&
      walk.income.eligiblePension === income.eligiblePension &&
      walk.income.employment === income.employment &&
      walk.income.otherOrdinary === income.otherOrdinary &&
      walk.income.cppQpp === income.cppQpp &&
      walk.income.oas === income.oas &&
      walk.income.capitalGains === income.capitalGains &&
      walk.income.eligibleDividends === income.eligibleDividends &&
      walk.income.socialSecurity === income.socialSecurity
    )
      return walk.stretches;
  }
  return null;
}

/** The tax of a walked person at a shift in the walk's range (exact: the tax is linear within a stretch). */
function taxAt(stretches: Stretch[], shift: number): number {
  let index = stretches.length - 1;
  while (index > 0 && stretches[index]!.shift > shift) index -= 1;
  const stretch = stretches[index]!;
  return stretch.tax + stretch.slope * (shift - stretch.shift);
}

/**
 * The split from the first spouse to the second (negative: from the second to the first) with the
 * lowest total tax, searched on floats whatever the ledger's arithmetic: the search is a choice,
 * not a ledger figure. Each spouse's tax is walked over the range on its own (the first gives what
 * the second receives); the household's turns are the two spouses' together. The lowest few are
 * then priced on rounded floats, as the ledger would, against no split.
 */
function searchSplit(year: number, first: Taxpayer<number>, second: Taxpayer<number>): number {
  const high = centsTowardZero(Math.max(0, first.income.eligiblePension) * SPLIT_MAX_SHARE);
  const low = -centsTowardZero(Math.max(0, second.income.eligiblePension) * SPLIT_MAX_SHARE);
  if (high === 0 && low === 0) return 0;
  const given = walkPersonTax(year, first, -high, -low);
  const received = walkPersonTax(year, second, low, high);

  // The candidates: both ends, no split, and every turn of either spouse's tax in the range.
  const splits = [low, high, 0];
  for (const stretch of given) if (-stretch.shift > low && -stretch.shift < high) splits.push(-stretch.shift);
  for (const stretch of received) if (stretch.shift > low && stretch.shift < high) splits.push(stretch.shift);
  const candidates: { split: number; tax: number }[] = [];
  for (const split of splits) candidates.push({ split, tax: taxAt(given, -split) + taxAt(received, split) });
  candidates.sort(byTax);
  const cents = (split: number) => Math.min(high, Math.max(low, Math.round(split * 100) / 100));

  // A lowest candidate clear of every other by more than rounding can move them wins without
  // pricing: the pricing below would pick it too (most years of a Monte Carlo path).
  const lowestSplit = cents(candidates[0]!.split);
  const runnerUp = candidates.find((candidate) => cents(candidate.split) !== lowestSplit);
  if (runnerUp === undefined || runnerUp.tax - candidates[0]!.tax > CLEAR_MARGIN) return lowestSplit;

  let best = 0;
  let bestTax = householdTotal(FloatArith, year, first, second, 0);
  const lowest = candidates[0]!.tax;
  for (const candidate of candidates) {
    // Cent rounding moves a total by a few cents at most: only near-lowest candidates can win.
    if (candidate.tax > lowest + NEAR_LOWEST) break;
    const split = cents(candidate.split);
    if (split === 0) continue;
    const tax = householdTotal(FloatArith, year, first, second, split);
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

const byTax = (a: { tax: number }, b: { tax: number }) => a.tax - b.tax;

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
  // Floats already (the Monte Carlo): nothing to convert.
  if (arith === (FloatArith as Arith<unknown>)) return taxpayer as Taxpayer<unknown> as Taxpayer<number>;
  const income = taxpayer.income;
  return {
    ...taxpayer,
    income: {
      employment: arith.toNumber(income.employment),
      eligiblePension: arith.toNumber(income.eligiblePension),
      cppQpp: arith.toNumber(income.cppQpp),
      oas: arith.toNumber(income.oas),
      socialSecurity: arith.toNumber(income.socialSecurity),
      otherOrdinary: arith.toNumber(income.otherOrdinary),
      eligibleDividends: arith.toNumber(income.eligibleDividends),
      capitalGains: arith.toNumber(income.capitalGains),
    },
  };
}

/** The split to apply: the search's, kept only when it lowers the household tax in the caller's own arithmetic. */
function bestSplit<N>(arith: Arith<N>, year: number, first: Taxpayer<N>, second: Taxpayer<N>): N {
  const found = searchSplit(year, asFloats(arith, first), asFloats(arith, second));
  if (found === 0) return arith.zero;
  // On floats the search has already priced the split against no split, in the same arithmetic.
  if (arith === (FloatArith as Arith<unknown>)) return arith.of(found.toFixed(2));
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
    for (let index = 0; index < 2; index += 1) {
      const person = index === 0 ? first : second;
      const delta = index === 0 ? given : split;
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
  const canadians: Taxpayer<N>[] = [];
  const americans: Taxpayer<N>[] = [];
  for (const person of input.taxpayers) {
    if (person.country === 'CA') canadians.push(person);
    else if (person.country === 'US') americans.push(person);
  }
  const byPerson = canadianHousehold(arith, input, canadians);
  // A household of Canadians only (the Monte Carlo asks every year of every path): no merging.
  if (americans.length > 0)
    for (const [personId, tax] of usHousehold(arith, input, americans)) byPerson.set(personId, tax);
  const taxes: PersonTax<N>[] = [];
  for (const person of input.taxpayers) {
    const tax = byPerson.get(person.personId);
    if (tax === undefined) throw new Error(`No tax computed for ${person.personId}`);
    taxes.push(tax);
  }
  return taxes;
};

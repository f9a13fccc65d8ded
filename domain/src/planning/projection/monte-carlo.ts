import type { PlanDocument } from '../plans/document.js';
import { MarketReturnClass } from '../plans/enums.js';
import { FloatArith } from '../shared/arith.js';
import { householdIncomeTax } from '../tax/income-tax.js';
import type { HouseholdIncomeTax } from '../tax/types.js';
import { prepareEngine, runEngine } from './engine.js';
import { MARKET_RETURN_ASSUMPTIONS, SeededRandom } from './market-returns.js';
import { PlanContext } from './plan-context.js';
import { buildSchedule } from './schedule.js';
import type { MonteCarloOptions, MonteCarloResult } from './types.js';

/** A path whose shortfall stays under half a cent never ran short (float rounding, not money missing). */
const SHORTFALL_TOLERANCE = 0.005;

/**
 * The plan run on `paths` seeded market paths, on floats: each year draws one return per market
 * class (normal, with the class's mean and volatility), shared by every account of that class;
 * fixed-rate accounts keep their rate. Success is a path that never runs short; the percentiles are
 * of net worth at each year's end. The same seed gives the same result.
 *
 * `volatilityScale` multiplies every class's volatility (0 runs every path at the mean returns).
 */
export function runMonteCarlo(
  plan: PlanDocument,
  options: MonteCarloOptions,
  tax: HouseholdIncomeTax = householdIncomeTax,
  volatilityScale = 1,
): MonteCarloResult {
  const context = new PlanContext(plan, options);
  const schedule = buildSchedule(FloatArith, context, false);
  const setup = prepareEngine(FloatArith, context, schedule, tax, false);
  const classes = MarketReturnClass;
  const means = classes.map((marketClass) => MARKET_RETURN_ASSUMPTIONS[marketClass].meanPercent / 100);
  const volatilities = classes.map(
    (marketClass) => (MARKET_RETURN_ASSUMPTIONS[marketClass].volatilityPercent / 100) * volatilityScale,
  );
  const classIndex = new Map(classes.map((marketClass, index) => [marketClass, index]));
  const yearCount = schedule.length;
  const random = new SeededRandom(options.seed);
  // One draw per class per year, reused by every account of the class on that path.
  const draws = new Float64Array(yearCount * classes.length);
  const netWorthByYear = Array.from({ length: yearCount }, () => new Float64Array(options.paths));
  let successes = 0;

  for (let path = 0; path < options.paths; path += 1) {
    for (let index = 0; index < draws.length; index += 1) {
      const classOf = index % classes.length;
      draws[index] = means[classOf]! + volatilities[classOf]! * random.normal();
    }
    const run = runEngine(
      setup,
      (marketClass, yearIndex) => draws[yearIndex * classes.length + classIndex.get(marketClass)!]!,
      false,
    );
    if (run.shortfall.every((shortfall) => shortfall < SHORTFALL_TOLERANCE)) successes += 1;
    run.netWorth.forEach((netWorth, yearIndex) => {
      netWorthByYear[yearIndex]![path] = netWorth;
    });
  }

  return {
    paths: options.paths,
    seed: options.seed,
    successProbability: options.paths === 0 ? 0 : successes / options.paths,
    years: schedule.map((year, yearIndex) => {
      const sorted = netWorthByYear[yearIndex]!.sort();
      return {
        year: year.year,
        p10: percentile(sorted, 10),
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
      };
    }),
  };
}

/** The percentile of sorted values by linear interpolation between the closest ranks, to the cent. */
function percentile(sorted: Float64Array, percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = ((sorted.length - 1) * percent) / 100;
  const low = Math.floor(rank);
  const high = Math.min(sorted.length - 1, low + 1);
  const value = sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
  return Math.round(value * 100) / 100;
}

// How fast the domain's fee engine prices households: the annual fee of a 10-tier AUM schedule
// (annualAumFee, marginal tiers, with its per-tier lines) for --households generated households,
// as households per second, beside a baseline measured in the same run: the same loop doing only
// the decimal multiplication of a flat rate (assets x rate / 100), no tiers, no checks, no lines.
// The engine is timed twice: given the tiers on every call (a proposal page: the tiers are checked
// and converted each time) and given a rubric prepared once (aumFeeRubric, a billing run).
// Prints figures; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/fees.ts \
//     [--households 100000] [--rounds 5] [--seed 1]
//
// The households' assets are drawn from a fixed seed (cents, up to 30 million, so every tier is
// reached), the same for both loops. The loops alternate round by round after a warm-up, so a
// machine whose load changes during the run weighs on both alike; the figure is each loop's median
// round. Before timing, it checks the engine's fees add up to the sum of their lines.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Decimal } from 'decimal.js';
import { annualAumFee, aumFeeRubric, type FeeTierInput } from '@meridian/domain';
import { Random } from '../scripts/seed/random.js';

const { values: options } = parseArgs({
  options: {
    households: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
  },
});
const households = Number(options.households);
const rounds = Number(options.rounds);

/** Ten tiers, from 1% on the first 250,000 down to 0.2% above 20 million. */
const TIERS: FeeTierInput[] = [
  { breakpoint: 250_000, fee: 1 },
  { breakpoint: 500_000, fee: 0.9 },
  { breakpoint: 1_000_000, fee: 0.8 },
  { breakpoint: 2_000_000, fee: 0.7 },
  { breakpoint: 3_000_000, fee: 0.6 },
  { breakpoint: 5_000_000, fee: 0.5 },
  { breakpoint: 7_500_000, fee: 0.4 },
  { breakpoint: 10_000_000, fee: 0.35 },
  { breakpoint: 15_000_000, fee: 0.3 },
  { breakpoint: 20_000_000, fee: 0.2 },
];
const FLAT_RATE = new Decimal('0.75');

// The seed's own generator (mulberry32), so every run prices the same households.
const seeded = new Random(Number(options.seed));
const random = () => seeded.next();
const assets = Array.from({ length: households }, () => new Decimal(Math.floor(random() * 3_000_000_000)).div(100));

const RUBRIC = aumFeeRubric(TIERS);

function tiersRound(): Decimal {
  let total = new Decimal(0);
  for (const value of assets) total = total.plus(annualAumFee(TIERS, value).annual);
  return total;
}

function rubricRound(): Decimal {
  let total = new Decimal(0);
  for (const value of assets) total = total.plus(annualAumFee(RUBRIC, value).annual);
  return total;
}

function baselineRound(): Decimal {
  let total = new Decimal(0);
  for (const value of assets) total = total.plus(value.times(FLAT_RATE).div(100));
  return total;
}

function timed(round: () => Decimal): number {
  const start = performance.now();
  round();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

for (const value of assets.slice(0, 1000)) {
  const fee = annualAumFee(TIERS, value);
  const lines = fee.breakdown.reduce((sum, line) => sum.plus(line.fee), new Decimal(0));
  if (!lines.equals(fee.annual)) throw new Error(`the lines of ${value.toFixed()} do not add up`);
}

if (!tiersRound().equals(rubricRound())) throw new Error('the tiers and the prepared rubric disagree');

const loops = [
  { name: 'fee engine, tiers on every call', round: tiersRound, ms: [] as number[] },
  { name: 'fee engine, rubric prepared once', round: rubricRound, ms: [] as number[] },
  { name: 'baseline: flat rate, one multiply', round: baselineRound, ms: [] as number[] },
];
// Warm-up: a full round of each (the check above), so V8 has optimized every loop before timing.
baselineRound();
for (let round = 0; round < rounds; round += 1) {
  for (const loop of loops) loop.ms.push(timed(loop.round));
}

const baseline = median(loops[2]?.ms ?? []);
console.log(`AUM fee of a ${TIERS.length}-tier schedule for ${households} households, median of ${rounds} rounds\n`);
for (const loop of loops) {
  const ms = median(loop.ms);
  const perSecond = Math.round((households / ms) * 1000).toLocaleString('en-US');
  const ratio = `${(ms / baseline).toFixed(1)}x baseline`;
  console.log(
    `${loop.name.padEnd(36)} ${perSecond.padStart(12)} households/s ${ms.toFixed(0).padStart(7)} ms  ${ratio}`,
  );
}

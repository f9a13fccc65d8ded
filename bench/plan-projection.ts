// How fast the planning engine projects a plan: the deterministic projection (decimal.js, every
// figure to the cent, with and without explanations) and the Monte Carlo (floats, --paths seeded
// paths), on a 40-year plan of a Canadian couple with 20 accounts, 15 flows (incomes and expenses)
// and 4 liabilities. Each is printed as its median time beside a baseline measured in the same run:
// the bare float loop that compounds the same number of accounts over the same years (the least
// any projection must do), once per path for the Monte Carlo's baseline. Prints figures; asserts
// nothing. Targets: projection under 50 ms, 1,000-path Monte Carlo under 250 ms. The Monte Carlo
// is also timed without pension income splitting and with a zero tax, to show the tax rules' share.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/plan-projection.ts \
//     [--runs 9] [--paths 1000]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  type PlanAccount,
  type PlanDocument,
  type PlanExpense,
  type PlanIncome,
  type PlanLiability,
  type HouseholdIncomeTax,
  projectPlan,
  runMonteCarlo,
  DEFAULT_MONTE_CARLO_SEED,
} from '@meridian/domain';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    paths: { type: 'string', default: '1000' },
  },
});
const runs = Number(options.runs);
const paths = Number(options.paths);

const cad = (value: number) => ({ value: value.toFixed(2), currency: 'CAD' as const });
const always = { start: { kind: 'PLAN_START' as const }, end: { kind: 'PLAN_END' as const } };
const untilRetirement = (personId: string) => ({
  start: { kind: 'PLAN_START' as const },
  end: { kind: 'RETIREMENT' as const, personId },
});
const fromAge = (personId: string, age: number) => ({
  start: { kind: 'AGE' as const, personId, age },
  end: { kind: 'PLAN_END' as const },
});

const ACCOUNT_TYPES = ['RRSP', 'TFSA', 'NRSP', 'LIRA', 'FHSA', 'RESP', 'CASH', 'RRIF', 'RRSP', 'TFSA'] as const;
const CLASSES = ['CASH', 'CONSERVATIVE', 'BALANCED', 'GROWTH', 'AGGRESSIVE'] as const;

function accountAt(index: number): PlanAccount {
  const type = ACCOUNT_TYPES[index % ACCOUNT_TYPES.length]!;
  const owner = index < 10 ? 'p1' : 'p2';
  return {
    id: `account-${index}`,
    financialRecordId: null,
    name: `${type} ${index}`,
    accountType: type,
    jurisdiction: 'CA',
    owners: [owner],
    marketValue: cad(20000 + index * 7500),
    costBasis: cad(15000 + index * 5000),
    dividendPercent: type === 'NRSP' ? '2' : '0',
    feesPercent: '0.8',
    growth:
      index % 3 === 0
        ? { type: 'FIXED_RATE', ratePercent: '4.5', marketClass: null }
        : { type: 'MARKET_RETURN_PROFILE', ratePercent: null, marketClass: CLASSES[index % CLASSES.length]! },
    liquidityRule: { acceptsSurplus: true, priority: index },
    withdrawalRule: { allowed: true, order: index, earliestAge: null },
    paymentsActive: type === 'RRSP' || type === 'TFSA',
    contribution:
      type === 'RRSP' || type === 'TFSA'
        ? { frequencyAmount: { amount: cad(500), frequency: 'MONTHLY' }, timeFrame: untilRetirement(owner) }
        : null,
    annualTaxExemptAmount: null,
  };
}

function incomeOf(
  id: string,
  kind: PlanIncome['kind'],
  personId: string,
  amount: number,
  timeFrame: PlanIncome['timeFrame'],
): PlanIncome {
  return {
    id,
    name: id,
    kind,
    timeFrame,
    frequencyAmount: { amount: cad(amount), frequency: 'ANNUALLY' },
    change: { type: 'INFLATION', ratePercent: null },
    earners: [personId],
    taxExempt: false,
    definedBenefit: null,
  };
}

function expenseOf(index: number): PlanExpense {
  return {
    id: `expense-${index}`,
    name: `Expense ${index}`,
    category: 'LIFESTYLE',
    timeFrame: index % 2 === 0 ? always : untilRetirement('p1'),
    frequencyAmount: { amount: cad(400 + index * 150), frequency: 'MONTHLY' },
    change: { type: 'INFLATION', ratePercent: null },
    spenders: [],
    fundingSource: { kind: 'PLAN_CASH' },
  };
}

function liabilityOf(index: number): PlanLiability {
  return {
    id: `liability-${index}`,
    financialRecordId: null,
    name: `Loan ${index}`,
    type: index === 0 ? 'SECURED_LOAN' : 'UNSECURED_LOAN',
    currentBalance: cad(index === 0 ? 350000 : 15000 * index),
    downPayment: null,
    effectiveDate: null,
    interest: {
      ratePercent: (4 + index).toString(),
      compounding: {
        frequency: index % 2 === 0 ? 'SEMI_ANNUALLY' : 'MONTHLY',
        type: index === 3 ? 'SIMPLE' : 'COMPOUND',
      },
    },
    payment: { frequencyAmount: { amount: cad(index === 0 ? 2100 : 450), frequency: 'MONTHLY' }, start: null },
    assetId: null,
  };
}

// Born 1965 and 1963: the younger turns 100 in 2065, so the plan runs 2026-2065, 40 years.
const plan: PlanDocument = {
  id: 'bench-plan',
  householdId: 'bench-household',
  name: 'Bench couple',
  published: false,
  settings: { startYear: 2026, currency: 'CAD', inflationPercent: '2.1', pensionIncomeSplitting: true },
  people: [
    {
      personId: 'p1',
      name: 'Alex',
      birthDate: '1965-05-01',
      retirementAge: 65,
      country: 'CA',
      province: 'ONTARIO',
      usFilingStatus: null,
      rrspRoom: cad(25000),
      tfsaRoom: cad(40000),
    },
    {
      personId: 'p2',
      name: 'Sam',
      birthDate: '1963-09-01',
      retirementAge: 63,
      country: 'CA',
      province: 'ONTARIO',
      usFilingStatus: null,
      rrspRoom: null,
      tfsaRoom: null,
    },
  ],
  incomes: [
    incomeOf('Salary Alex', 'EMPLOYMENT', 'p1', 120000, untilRetirement('p1')),
    incomeOf('Salary Sam', 'EMPLOYMENT', 'p2', 85000, untilRetirement('p2')),
    incomeOf('CPP Alex', 'CPP', 'p1', 14000, fromAge('p1', 65)),
    incomeOf('CPP Sam', 'CPP', 'p2', 11000, fromAge('p2', 65)),
    incomeOf('OAS Alex', 'OAS', 'p1', 8800, fromAge('p1', 65)),
    incomeOf('OAS Sam', 'OAS', 'p2', 8800, fromAge('p2', 65)),
    incomeOf('Pension Sam', 'ANNUITY', 'p2', 12000, fromAge('p2', 63)),
  ],
  expenses: Array.from({ length: 8 }, (_, index) => expenseOf(index)),
  accounts: Array.from({ length: 20 }, (_, index) => accountAt(index)),
  assets: [],
  liabilities: Array.from({ length: 4 }, (_, index) => liabilityOf(index)),
  milestones: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const years = 40;
const accounts = plan.accounts.length;

/** The baseline: the same years x accounts of float compounding, growth and fees, nothing else. */
function bareLoop(): number {
  let total = 0;
  const balances = plan.accounts.map((account) => Number(account.marketValue.value));
  for (let year = 0; year < years; year += 1) {
    for (let index = 0; index < accounts; index += 1) {
      balances[index] = balances[index]! * 1.045 - balances[index]! * 0.008;
      total += balances[index]!;
    }
  }
  return total;
}

function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const projectionOptions = { currency: 'CAD' as const, fxRates: null };
const projection = projectPlan(plan, projectionOptions);
if (projection.years.length !== years) throw new Error(`the plan runs ${projection.years.length} years, not ${years}`);
const monteCarloOptions = { ...projectionOptions, paths, seed: DEFAULT_MONTE_CARLO_SEED };
runMonteCarlo(plan, monteCarloOptions);
// The engine's own share: the same run with a tax of zero (a measurement aid, not a plan's figure).
const noTax: HouseholdIncomeTax = (arith, input) =>
  input.taxpayers.map((taxpayer) => ({
    personId: taxpayer.personId,
    taxableIncome: arith.zero,
    federal: arith.zero,
    provincial: arith.zero,
    oasClawback: arith.zero,
    total: arith.zero,
    pensionSplitAmount: arith.zero,
    explanations: {},
  }));
// The same plan without pension income splitting: the tax rules then price one split, not a search.
const unsplit: PlanDocument = { ...plan, settings: { ...plan.settings, pensionIncomeSplitting: false } };

const loops = [
  { name: 'projection (decimal, explained)', run: () => projectPlan(plan, projectionOptions), ms: [] as number[] },
  {
    name: 'projection (decimal, no explanations)',
    run: () => projectPlan(plan, { ...projectionOptions, explain: false }),
    ms: [] as number[],
  },
  {
    name: `Monte Carlo (${paths} paths, float)`,
    run: () => runMonteCarlo(plan, monteCarloOptions),
    ms: [] as number[],
  },
  {
    name: `Monte Carlo (${paths} paths), no splitting`,
    run: () => runMonteCarlo(unsplit, monteCarloOptions),
    ms: [] as number[],
  },
  {
    name: `Monte Carlo (${paths} paths), engine alone`,
    run: () => runMonteCarlo(plan, monteCarloOptions, noTax),
    ms: [] as number[],
  },
  { name: 'baseline: bare float compounding', run: bareLoop, ms: [] as number[] },
  {
    name: `baseline x ${paths} paths`,
    run: () => {
      for (let path = 0; path < paths; path += 1) bareLoop();
    },
    ms: [] as number[],
  },
];
// Alternate the loops round by round, so a change of machine load weighs on all of them alike.
for (let round = 0; round < runs; round += 1) {
  for (const loop of loops) loop.ms.push(timed(loop.run));
}

console.log(
  `A ${years}-year plan: a couple, ${accounts} accounts, ${plan.incomes.length + plan.expenses.length} flows, ${plan.liabilities.length} liabilities; median of ${runs} runs\n`,
);
const [explained, bare, monteCarlo, monteCarloUnsplit, engineAlone, baseline, baselinePaths] = loops.map((loop) =>
  median(loop.ms),
) as [number, number, number, number, number, number, number];
const line = (name: string, ms: number, base: number, target?: number) =>
  console.log(
    `${name.padEnd(40)} ${ms.toFixed(2).padStart(9)} ms  ${(ms / base).toFixed(0).padStart(7)}x baseline${target === undefined ? '' : `  target ${target} ms: ${ms < target ? 'met' : 'missed'}`}`,
  );
line(loops[0]!.name, explained, baseline, 50);
line(loops[1]!.name, bare, baseline, 50);
line(loops[2]!.name, monteCarlo, baselinePaths, paths === 1000 ? 250 : undefined);
line(loops[3]!.name, monteCarloUnsplit, baselinePaths, paths === 1000 ? 250 : undefined);
line(loops[4]!.name, engineAlone, baselinePaths);
console.log(`${'baseline: bare float compounding'.padEnd(40)} ${baseline.toFixed(3).padStart(9)} ms`);
console.log(`${`baseline x ${paths} paths`.padEnd(40)} ${baselinePaths.toFixed(2).padStart(9)} ms`);
// Medians measured before the pension split search walked the rules' turns (commit f3ca0fe, a
// loaded 2-core machine): what the figures above are to be read against.
console.log(
  '\nBefore (f3ca0fe): projection 68-93 ms; Monte Carlo 11,968 ms, 1,483 ms without splitting, 737 ms engine alone',
);
const result = runMonteCarlo(plan, monteCarloOptions);
console.log(
  `\nMonte Carlo success ${(result.successProbability * 100).toFixed(1)}%, first shortfall of the projection: ${projection.firstShortfallYear ?? 'none'}`,
);

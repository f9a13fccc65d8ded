import { useMemo } from 'react';
import { LineChart } from '@tremor/react';
import {
  annualAumFee,
  aumFeeRubric,
  DomainError,
  formatMoney,
  formatPercent,
  effectiveRateOf,
  type AumFeeRubric,
  type FeeTierInput,
} from '@meridian/domain';
import type { TierDraft } from './offer-draft';

/** Points drawn between no assets and half again the last breakpoint. */
const CHART_STEPS = 60;
const RANGE_BEYOND_LAST_BREAKPOINT = 1.5;

const FEE_SERIES = 'Annual fee';
const HOUSEHOLD_SERIES = 'The household';

/** Axis labels: $250K, $1.5M. */
const compact = new Intl.NumberFormat('en-CA', { notation: 'compact', maximumFractionDigits: 2 });
const compactMoney = (value: number) => `$${compact.format(value)}`;

/** The tiers as typed, read by the fee engine; the engine's sentence when they cannot be. */
export function rubricOfDrafts(tiers: readonly TierDraft[]): { rubric: AumFeeRubric } | { problem: string } {
  const inputs: FeeTierInput[] = tiers.map((tier) => ({
    breakpoint: tier.breakpoint.trim().replace(/[,\s]/g, ''),
    fee: tier.fee.trim(),
  }));
  try {
    return { rubric: aumFeeRubric(inputs) };
  } catch (error) {
    if (error instanceof DomainError) return { problem: error.message };
    throw error;
  }
}

interface ChartPoint {
  assets: string;
  [series: string]: string | number | undefined;
}

/**
 * The annual AUM fee against the assets, from no assets to half again the last breakpoint, computed
 * in the browser by the domain's fee engine (marginal tiers, decimal.js) as the API bills it. The
 * plotted figures are the chart's coordinates only; the amounts written out are the engine's decimals.
 */
export function AumFeeChart({
  tiers,
  investableAssets,
  currency,
}: {
  tiers: readonly TierDraft[];
  /** The household's investable assets, when the package view knows them. */
  investableAssets: string | null;
  currency: string;
}) {
  const read = useMemo(() => rubricOfDrafts(tiers), [tiers]);

  const chart = useMemo(() => {
    if (!('rubric' in read)) return null;
    // The engine's own decimal zero, to count the range in decimals as it does.
    const zero = annualAumFee(read.rubric, 0).assets;
    // The engine keeps the last tier open-ended; its breakpoint as typed sets the range.
    const lastBreakpoint = zero.plus(rubricBreakpoint(tiers));
    const household = investableAssets === null ? null : zero.plus(investableAssets);
    let top = lastBreakpoint.times(RANGE_BEYOND_LAST_BREAKPOINT);
    if (household && household.greaterThan(top)) top = household.times(1.1);
    const step = top.div(CHART_STEPS);
    // The household's assets fall on the nearest point, which is moved to them exactly.
    const householdIndex = household ? household.div(step).round().toNumber() : -1;
    const data: ChartPoint[] = [];
    for (let index = 0; index <= CHART_STEPS; index += 1) {
      const assets = index === householdIndex && household ? household : step.times(index);
      const fee = annualAumFee(read.rubric, assets).annual;
      data.push({
        assets: compactMoney(assets.toNumber()),
        [FEE_SERIES]: fee.toNumber(),
        ...(index === householdIndex ? { [HOUSEHOLD_SERIES]: fee.toNumber() } : {}),
      });
    }
    const atHousehold = household ? annualAumFee(read.rubric, household) : null;
    return { data, atHousehold };
  }, [read, tiers, investableAssets]);

  return (
    <div data-testid="fee-chart">
      <p className="text-tremor-default font-medium text-tremor-content-strong">Annual fee by assets ({currency})</p>
      {chart ? (
        <LineChart
          className="mt-2 h-56"
          data={chart.data}
          index="assets"
          categories={investableAssets === null ? [FEE_SERIES] : [FEE_SERIES, HOUSEHOLD_SERIES]}
          colors={['blue', 'amber']}
          valueFormatter={(value) => formatMoney(value)}
          yAxisWidth={72}
          showLegend={investableAssets !== null}
          curveType="linear"
          connectNulls={false}
          noDataText="No fee to show"
        />
      ) : (
        <p className="mt-2 text-tremor-label text-tremor-content" data-testid="fee-chart-waiting">
          The chart is drawn once the tiers can be priced: {'problem' in read ? read.problem.toLowerCase() : ''}.
        </p>
      )}
      <p className="mt-2 text-tremor-label text-tremor-content" data-testid="fee-chart-household">
        {chart?.atHousehold
          ? `At the household’s investable assets of ${formatMoney(chart.atHousehold.assets)} ${currency}: ` +
            `${formatMoney(chart.atHousehold.annual.toDecimalPlaces(2).toFixed())} ${currency} a year, ` +
            `${formatPercent(effectiveRateOf(chart.atHousehold))} of the assets.`
          : investableAssets === null
            ? 'The household’s investable assets are not known to the proposal yet, so the chart does not mark them.'
            : null}
      </p>
    </div>
  );
}

/** The last tier's own breakpoint as typed (the engine keeps the last tier open-ended). */
function rubricBreakpoint(tiers: readonly TierDraft[]): string {
  return tiers[tiers.length - 1]!.breakpoint.trim().replace(/[,\s]/g, '');
}

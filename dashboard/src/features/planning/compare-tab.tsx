import { useCallback, useId, useMemo, useState } from 'react';
import { Callout, Card, LineChart, Text, Title } from '@tremor/react';
import type { PlanDocument } from '@meridian/domain';
import { planCalls, type PlanListItem, type PlanSimulation } from '../../api/planning';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';
import { chartDollars } from '../financials/money';
import { figureDollars } from './describe';
import { keyFigures, type KeyFigures } from './figures';

interface Compared {
  plan: PlanDocument;
  simulation: PlanSimulation;
}

/** A plan and its projection, both read for the comparison. */
async function loadCompared(planId: string, currency: string, signal: AbortSignal): Promise<Compared> {
  const [plan, simulation] = await Promise.all([
    planCalls.get(planId, signal),
    planCalls.simulate(planId, { currency }, signal),
  ]);
  return { plan, simulation };
}

/**
 * Two plans of the household side by side: both net worth lines in one chart and the figures an
 * advisor weighs them by (the chance the money lasts, the first short year, net worth at 90).
 */
export function CompareTab({
  plan,
  plans,
  currency,
}: {
  plan: PlanDocument;
  plans: readonly PlanListItem[];
  currency: string;
}) {
  const id = useId();
  const others = plans.filter((candidate) => candidate.id !== plan.id);
  const [otherId, setOtherId] = useState(others[0]?.id ?? '');
  const loadBoth = useCallback(
    async (signal: AbortSignal) => {
      if (!otherId) return undefined;
      const [left, right] = await Promise.all([
        loadCompared(plan.id, currency, signal),
        loadCompared(otherId, currency, signal),
      ]);
      return [left, right] as const;
    },
    // The plan's updatedAt: an edit of this plan shows in the comparison.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [plan.id, plan.updatedAt, otherId, currency],
  );
  const both = useResource(loadBoth);
  const shown = both.data && both.data[1].plan.id === otherId ? both.data : undefined;

  // Two plans of the same name are told apart by which one is this page's.
  const names = shown
    ? shown[0].plan.name === shown[1].plan.name
      ? [`${shown[0].plan.name} (this plan)`, `${shown[1].plan.name} (the other)`]
      : [shown[0].plan.name, shown[1].plan.name]
    : [];
  const lines = useMemo(() => {
    if (!shown) return [];
    const byYear = new Map<number, Record<string, number | string>>();
    shown.forEach((side, index) => {
      for (const year of side.simulation.projection.years) {
        const row = byYear.get(year.year) ?? { year: String(year.year) };
        row[names[index]!] = Number(year.netWorth.amount);
        byYear.set(year.year, row);
      }
    });
    return [...byYear.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  if (others.length === 0) {
    return (
      <Card className="mt-6" data-testid="compare-empty">
        <Title>Compare with another plan</Title>
        <Text className="mt-2">
          This household has one plan. Make a second one from the household’s plans page (for example with a later
          retirement) to see both side by side here.
        </Text>
      </Card>
    );
  }

  return (
    <div className="mt-6 space-y-6" data-testid="compare">
      <Card>
        <label htmlFor={`${id}-other`} className="text-tremor-default font-medium text-tremor-content-strong">
          Compare {plan.name} with
        </label>
        <select
          id={`${id}-other`}
          className="mt-1.5 block w-full max-w-md rounded-tremor-default border border-tremor-border bg-tremor-background px-3 py-2 text-tremor-default"
          value={otherId}
          onChange={(event) => setOtherId(event.target.value)}
          data-testid="compare-plan"
        >
          {others.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </Card>
      {both.error && (
        <Callout title="The plans could not be compared" color="rose" role="alert">
          {both.error.message} Try again, or choose another plan.
        </Callout>
      )}
      {!shown && !both.error && <LoadingState label="Running both projections…" />}
      {shown && (
        <>
          <Card data-testid="compare-chart">
            <Title>Net worth of both plans</Title>
            <Text>At the end of each year, in {currency}.</Text>
            <LineChart
              className="mt-4 h-80"
              data={lines}
              index="year"
              categories={names}
              colors={['blue', 'amber']}
              valueFormatter={chartDollars}
              yAxisWidth={88}
              showAnimation={false}
            />
          </Card>
          <Card>
            <Title>Key figures</Title>
            <table className="mt-4 w-full text-tremor-default" data-testid="compare-figures">
              <thead className="text-left text-tremor-content">
                <tr className="border-b border-tremor-border">
                  <th className="py-2 pr-4 font-medium">Figure</th>
                  {names.map((name) => (
                    <th key={name} className="py-2 pl-4 text-right font-medium">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="text-tremor-content-emphasis">
                {(() => {
                  const figures = shown.map((side) =>
                    keyFigures(side.plan, side.simulation.projection, side.simulation.monteCarlo),
                  );
                  const rows: [string, (figure: KeyFigures) => string][] = [
                    ['Chance the money lasts', (f) => `${f.successPercent}%`],
                    [
                      'First year short of money',
                      (f) => (f.firstShortfallYear === null ? 'Never' : String(f.firstShortfallYear)),
                    ],
                    [
                      'Net worth when the last person is 90',
                      (f) =>
                        f.netWorthAtNinety === null ? '—' : `${figureDollars(f.netWorthAtNinety)} (${f.ninetyYear})`,
                    ],
                  ];
                  return rows.map(([label, show]) => (
                    <tr key={label} className="border-b border-tremor-border/60">
                      <td className="py-2 pr-4">{label}</td>
                      {figures.map((f, index) => (
                        <td key={names[index]} className="py-2 pl-4 text-right font-medium tabular-nums">
                          {show(f)}
                        </td>
                      ))}
                    </tr>
                  ));
                })()}
              </tbody>
            </table>
          </Card>
        </>
      )}
    </div>
  );
}

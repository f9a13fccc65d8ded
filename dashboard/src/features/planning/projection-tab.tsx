import { useCallback, useId, useMemo, useState } from 'react';
import { AreaChart, BarChart, Callout, Card, Metric, Text, Title } from '@tremor/react';
import type { PlanDocument, Projection, ProjectionYear } from '@meridian/domain';
import { planCalls, type PlanSimulation } from '../../api/planning';
import { Spinner } from '../../components/full-page-status';
import { useDebounced } from '../../components/use-debounced';
import { useResource } from '../../hooks/use-resource';
import { SideDrawer } from '../financials/side-drawer';
import { chartDollars } from '../financials/money';
import { figureDollars, personName } from './describe';
import {
  cashFlowRow,
  explainedParts,
  yearTotal,
  YEAR_COLUMNS,
  type ExplainedPart,
  type YearColumn,
  holdingsByType,
  keyFigures,
  MONEY_IN,
  MONEY_OUT,
  TAX_SERIES,
  taxRow,
  type KeyFigures,
} from './figures';

const HOLDING_COLOURS = ['blue', 'emerald', 'violet', 'amber', 'cyan', 'fuchsia', 'lime', 'indigo', 'teal', 'orange'];

/** The plan's own retirement age, or the slider's: the what-if is sent only when it differs. */
export interface WhatIf {
  personId: string;
  retirementAge: number;
}

export function KeyFigureCards({ figures, currency }: { figures: KeyFigures; currency: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Card decoration="top" decorationColor="blue">
        <Text>Chance the money lasts</Text>
        {figures.successPercent === null || figures.successfulPaths === null || figures.paths === null ? (
          <>
            <Metric data-testid="success-probability">…</Metric>
            <Text className="mt-1 flex items-center gap-2" data-testid="success-explanation">
              <Spinner /> Simulating the market paths…
            </Text>
          </>
        ) : (
          <>
            <Metric data-testid="success-probability">{figures.successPercent}%</Metric>
            <Text className="mt-1" data-testid="success-explanation">
              In {figures.successfulPaths.toLocaleString('en-CA')} of {figures.paths.toLocaleString('en-CA')} simulated
              market paths the household never runs short.
            </Text>
          </>
        )}
      </Card>
      <Card decoration="top" decorationColor={figures.firstShortfallYear === null ? 'emerald' : 'rose'}>
        <Text>First year short of money</Text>
        <Metric data-testid="first-shortfall">{figures.firstShortfallYear ?? 'Never'}</Metric>
        <Text className="mt-1">
          {figures.firstShortfallYear === null
            ? 'The accounts cover every year of the plan.'
            : 'The accounts cannot cover that year’s spending.'}
        </Text>
      </Card>
      <Card decoration="top" decorationColor="blue">
        <Text>Net worth when the last person is 90</Text>
        <Metric data-testid="net-worth-at-ninety">
          {figures.netWorthAtNinety === null ? '—' : figureDollars(figures.netWorthAtNinety)}
        </Metric>
        <Text className="mt-1">
          {figures.ninetyYear === null ? 'No birth dates in the plan.' : `In ${figures.ninetyYear}, in ${currency}.`}
        </Text>
      </Card>
    </div>
  );
}

/** The what-if slider: a person's retirement age, not saved, re-running the projection as it moves. */
function RetirementSlider({
  plan,
  whatIf,
  onChange,
  busy,
}: {
  plan: PlanDocument;
  whatIf: WhatIf;
  onChange: (whatIf: WhatIf) => void;
  busy: boolean;
}) {
  const id = useId();
  const person = plan.people.find((candidate) => candidate.personId === whatIf.personId);
  if (!person) return null;
  const saved = person.retirementAge;
  return (
    <Card data-testid="what-if">
      <div className="flex flex-wrap items-end gap-6">
        {plan.people.length > 1 && (
          <div>
            <label htmlFor={`${id}-person`} className="text-tremor-default font-medium text-tremor-content-strong">
              Whose retirement
            </label>
            <select
              id={`${id}-person`}
              className="mt-1.5 block rounded-tremor-default border border-tremor-border bg-tremor-background px-3 py-2 text-tremor-default"
              value={whatIf.personId}
              onChange={(event) => {
                const next = plan.people.find((candidate) => candidate.personId === event.target.value);
                if (next) onChange({ personId: next.personId, retirementAge: next.retirementAge });
              }}
            >
              {plan.people.map((candidate) => (
                <option key={candidate.personId} value={candidate.personId}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-age`} className="text-tremor-default font-medium text-tremor-content-strong">
            What if {personName(plan.people, person.personId)} retires at{' '}
            <span data-testid="what-if-age">{whatIf.retirementAge}</span>?
          </label>
          <input
            id={`${id}-age`}
            type="range"
            min={50}
            max={75}
            step={1}
            value={whatIf.retirementAge}
            onChange={(event) => onChange({ ...whatIf, retirementAge: Number(event.target.value) })}
            className="mt-2 block w-full accent-tremor-brand"
            data-testid="retirement-age-slider"
          />
          <div className="mt-1 flex justify-between text-tremor-label text-tremor-content">
            <span>50</span>
            <span>75</span>
          </div>
        </div>
        <div className="text-tremor-default text-tremor-content" aria-live="polite" data-testid="what-if-status">
          {busy ? (
            <span className="inline-flex items-center gap-2">
              <Spinner className="h-4 w-4" /> Re-running the projection…
            </span>
          ) : whatIf.retirementAge === saved ? (
            `The plan’s retirement age (${saved}).`
          ) : (
            <>
              A what-if: not saved. The plan keeps {saved}.{' '}
              <button
                type="button"
                className="font-medium text-tremor-brand hover:underline"
                onClick={() => onChange({ ...whatIf, retirementAge: saved })}
              >
                Back to {saved}
              </button>
            </>
          )}
        </div>
      </div>
    </Card>
  );
}

/** What the explanation drawer shows: a year's total and the explained figures behind it. */
interface OpenExplanation {
  title: string;
  total: string;
  parts: ExplainedPart[];
}

/** A figure of the year table: a button that opens its explanations when it has any. */
function FigureCell({
  plan,
  year,
  column,
  onExplain,
}: {
  plan: PlanDocument;
  year: ProjectionYear;
  column: YearColumn;
  onExplain: (open: OpenExplanation) => void;
}) {
  const figure = yearTotal(year, column);
  const text = figureDollars(figure.amount);
  const tone = column === 'Shortfall' && Number(figure.amount) > 0 ? 'font-medium text-red-700' : '';
  const parts = explainedParts(plan, year, column);
  if (parts.length === 0) return <span className={tone}>{text}</span>;
  const title = `${column}, ${year.year}`;
  return (
    <button
      type="button"
      className={`underline decoration-dotted underline-offset-4 hover:text-tremor-brand ${tone}`}
      onClick={() => onExplain({ title, total: text, parts })}
      aria-label={`${title}: ${text}. Show how it is worked out`}
      data-testid="explained-figure"
    >
      {text}
    </button>
  );
}

function ExplanationDrawer({ open, onClose }: { open: OpenExplanation; onClose: () => void }) {
  return (
    <SideDrawer title={`${open.title}: ${open.total}`} testId="explanation" onClose={onClose}>
      <div className="space-y-5">
        {open.parts.map((part, index) => (
          <section key={`${part.label}-${index}`} className="rounded-tremor-default border border-tremor-border p-4">
            <div className="flex items-baseline justify-between gap-4">
              <h3 className="text-tremor-default font-semibold text-tremor-content-strong">{part.label}</h3>
              <span className="text-tremor-default font-medium tabular-nums text-tremor-content-strong">
                {figureDollars(part.amount)}
              </span>
            </div>
            <p className="mt-3 text-tremor-label font-medium uppercase tracking-wide text-tremor-content">Rule</p>
            <p className="mt-0.5 text-tremor-default text-tremor-content-strong" data-testid="explanation-rule">
              {part.explanation.rule}
            </p>
            <p className="mt-3 text-tremor-label font-medium uppercase tracking-wide text-tremor-content">How</p>
            <p className="mt-0.5 text-tremor-default text-tremor-content-emphasis" data-testid="explanation-text">
              {part.explanation.text}
            </p>
            {part.explanation.inputs.length > 0 && (
              <>
                <p className="mt-3 text-tremor-label font-medium uppercase tracking-wide text-tremor-content">Inputs</p>
                <dl className="mt-1 divide-y divide-tremor-border">
                  {part.explanation.inputs.map((input) => (
                    <div key={input.label} className="flex justify-between gap-4 py-1.5 text-tremor-default">
                      <dt className="text-tremor-content">{input.label}</dt>
                      <dd className="text-right font-medium text-tremor-content-strong">{input.value}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </section>
        ))}
      </div>
    </SideDrawer>
  );
}

function YearTable({ plan, projection }: { plan: PlanDocument; projection: Projection }) {
  const [open, setOpen] = useState<OpenExplanation>();
  return (
    <Card>
      <Title>Year by year</Title>
      <Text>In {projection.currency}, after tax. A dotted figure shows how it is worked out when clicked.</Text>
      <div className="mt-4 max-h-[32rem] overflow-auto" data-testid="year-table">
        <table className="w-full text-tremor-default">
          <thead className="sticky top-0 bg-tremor-background text-left text-tremor-content">
            <tr className="border-b border-tremor-border">
              <th className="py-2 pr-4 font-medium">Year</th>
              <th className="py-2 pr-4 font-medium">Ages</th>
              {YEAR_COLUMNS.map((column) => (
                <th key={column} className="py-2 pl-4 text-right font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="text-tremor-content-emphasis">
            {projection.years.map((year) => {
              const ages = plan.people
                .filter((person) => year.ages[person.personId] !== undefined)
                .map((person) => `${personName(plan.people, person.personId)} ${year.ages[person.personId]}`)
                .join(', ');
              return (
                <tr
                  key={year.year}
                  className="border-b border-tremor-border/60"
                  data-testid="year-row"
                  data-year={year.year}
                >
                  <td className="py-1.5 pr-4 font-medium text-tremor-content-strong">{year.year}</td>
                  <td className="py-1.5 pr-4 text-tremor-content">{ages}</td>
                  {YEAR_COLUMNS.map((column) => (
                    <td key={column} className="py-1.5 pl-4 text-right tabular-nums" data-column={column}>
                      <FigureCell plan={plan} year={year} column={column} onExplain={setOpen} />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {open && <ExplanationDrawer open={open} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}

/** Milestones under the net worth chart, each placed at its year. */
function MilestoneMarkers({ plan, projection }: { plan: PlanDocument; projection: Projection }) {
  const span = Math.max(1, projection.endYear - projection.startYear);
  const reached = projection.milestones.flatMap((result) => {
    const milestone = plan.milestones.find((candidate) => candidate.id === result.milestoneId);
    return milestone && result.year !== null ? [{ name: milestone.name, year: result.year }] : [];
  });
  const never = projection.milestones.filter((result) => result.year === null).length;
  if (plan.milestones.length === 0) return null;
  return (
    <div className="mt-2" data-testid="milestone-markers">
      {/* The plot starts after the y axis (yAxisWidth 88) and ends near the right edge. */}
      <div className="relative ml-[88px] mr-4 h-12 border-t border-dashed border-tremor-border">
        {reached.map((marker) => (
          <div
            key={`${marker.name}-${marker.year}`}
            className="absolute top-0 -translate-x-1/2 text-center"
            style={{ left: `${((marker.year - projection.startYear) / span) * 100}%` }}
          >
            <div className="mx-auto h-2 w-0.5 bg-amber-500" aria-hidden="true" />
            <div className="whitespace-nowrap text-tremor-label text-tremor-content-strong">
              {marker.name} · {marker.year}
            </div>
          </div>
        ))}
      </div>
      {never > 0 && (
        <Text>{never === 1 ? 'One milestone is' : `${never} milestones are`} not reached within the plan.</Text>
      )}
    </div>
  );
}

/**
 * A plan's projection: key figures, the what-if slider, net worth by account type with the
 * milestones, money in and out, taxes, the Monte Carlo fan and the year table.
 */
export function ProjectionTab({ plan, currency }: { plan: PlanDocument; currency: string }) {
  const firstPerson = plan.people[0];
  const [whatIf, setWhatIf] = useState<WhatIf | undefined>(
    firstPerson ? { personId: firstPerson.personId, retirementAge: firstPerson.retirementAge } : undefined,
  );
  const settled = useDebounced(whatIf, 350);
  const override = useMemo(() => {
    const person = plan.people.find((candidate) => candidate.personId === settled?.personId);
    return settled && person && person.retirementAge !== settled.retirementAge ? settled : undefined;
  }, [plan.people, settled]);
  // Two requests for one what-if: the projection alone answers at once, the 1,000 market paths take
  // seconds; the figures move as soon as the first answers and the fan follows.
  const loadProjection = useCallback(
    (signal: AbortSignal) =>
      planCalls.simulate(
        plan.id,
        { currency, personId: override?.personId, retirementAge: override?.retirementAge, monteCarlo: false },
        signal,
      ),
    // The plan's updatedAt: an edit of the plan runs the projection again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [plan.id, plan.updatedAt, currency, override?.personId, override?.retirementAge],
  );
  const loadPaths = useCallback(
    (signal: AbortSignal) =>
      planCalls.simulate(
        plan.id,
        { currency, personId: override?.personId, retirementAge: override?.retirementAge },
        signal,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [plan.id, plan.updatedAt, currency, override?.personId, override?.retirementAge],
  );
  const quick = useResource<PlanSimulation>(loadProjection);
  const full = useResource<PlanSimulation>(loadPaths);
  // The newest projection: the full answer once it is in, else the quick one once it is in, else the last shown.
  const projection =
    (full.loading ? (quick.loading ? undefined : quick.data?.projection) : full.data?.projection) ??
    full.data?.projection ??
    quick.data?.projection;
  const data: PlanSimulation | undefined = projection
    ? { projection, monteCarlo: full.data?.monteCarlo ?? null }
    : undefined;
  const busy = quick.loading || settled !== whatIf;
  const error = quick.error ?? full.error;

  if (!data) {
    return error ? (
      <Callout className="mt-6" title="The projection could not be run" color="rose" role="alert">
        {error.message} Check the plan’s parts (every income and account needs an amount), then reload the page.
      </Callout>
    ) : (
      <div className="mt-10 flex items-center justify-center gap-3 text-tremor-content" role="status">
        <Spinner /> Running the projection…
      </div>
    );
  }
  return (
    <ProjectionFigures
      plan={plan}
      simulation={data}
      whatIf={whatIf}
      onWhatIf={setWhatIf}
      busy={busy}
      pathsUpdating={full.loading}
      error={error?.message}
    />
  );
}

function ProjectionFigures({
  plan,
  simulation,
  whatIf,
  onWhatIf,
  busy,
  pathsUpdating,
  error,
}: {
  plan: PlanDocument;
  simulation: PlanSimulation;
  whatIf: WhatIf | undefined;
  onWhatIf: (whatIf: WhatIf) => void;
  busy: boolean;
  /** The market paths of the figures shown are being simulated again. */
  pathsUpdating: boolean;
  error: string | undefined;
}) {
  const { projection, monteCarlo } = simulation;
  const holdings = useMemo(() => holdingsByType(projection), [projection]);
  const cashFlows = useMemo(() => projection.years.map(cashFlowRow), [projection]);
  const taxes = useMemo(() => projection.years.map(taxRow), [projection]);
  const fan = useMemo(
    () =>
      (monteCarlo?.years ?? []).map((year) => ({
        year: String(year.year),
        'Poor markets (10th percentile)': year.p10,
        'Median (50th percentile)': year.p50,
        'Strong markets (90th percentile)': year.p90,
      })),
    [monteCarlo],
  );
  const figures = keyFigures(plan, projection, monteCarlo);
  const noTaxes = taxes.every((row) => TAX_SERIES.every((series) => row[series] === 0));

  return (
    <div className={`mt-6 space-y-6 ${busy ? 'opacity-80' : ''}`} aria-busy={busy} data-testid="projection">
      {error && (
        <Callout title="The projection could not be run again" color="rose" role="alert">
          {error} The figures below are the last ones that ran.
        </Callout>
      )}
      {whatIf && <RetirementSlider plan={plan} whatIf={whatIf} onChange={onWhatIf} busy={busy} />}
      <KeyFigureCards figures={figures} currency={projection.currency} />

      <Card data-testid="net-worth-chart">
        <Title>Net worth by account type</Title>
        <Text>
          What each kind of account holds at the end of each year, and property less what is still owed on it: the top
          of the stack is the year’s net worth. In {projection.currency}.
        </Text>
        <AreaChart
          className="mt-4 h-80"
          data={holdings.rows}
          index="year"
          categories={holdings.series}
          colors={holdings.series.map((_, index) => HOLDING_COLOURS[index % HOLDING_COLOURS.length] ?? 'blue')}
          stack
          valueFormatter={chartDollars}
          yAxisWidth={88}
          showAnimation={false}
        />
        <MilestoneMarkers plan={plan} projection={projection} />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card data-testid="cash-flow-chart">
          <Title>Money in and out each year</Title>
          <Text>In: incomes, sales and borrowing. Out: spending, debt payments, purchases and taxes.</Text>
          <AreaChart
            className="mt-4 h-64"
            data={cashFlows}
            index="year"
            categories={[MONEY_IN, MONEY_OUT]}
            colors={['emerald', 'rose']}
            valueFormatter={chartDollars}
            yAxisWidth={88}
            showAnimation={false}
          />
        </Card>
        <Card data-testid="tax-chart">
          <Title>Taxes each year</Title>
          {noTaxes ? (
            <Text className="mt-2">No tax is due in any year of this plan.</Text>
          ) : (
            <>
              <Text>Every person’s income tax, by who collects it.</Text>
              <BarChart
                className="mt-4 h-64"
                data={taxes}
                index="year"
                categories={[...TAX_SERIES]}
                colors={['blue', 'cyan', 'amber']}
                stack
                valueFormatter={chartDollars}
                yAxisWidth={88}
                showAnimation={false}
              />
            </>
          )}
        </Card>
      </div>

      <Card data-testid="monte-carlo" aria-busy={pathsUpdating}>
        {monteCarlo === null ? (
          <>
            <Title>Net worth across the market paths</Title>
            <Text className="mt-2 flex items-center gap-2">
              <Spinner /> Simulating 1,000 market paths; this takes a few seconds.
            </Text>
          </>
        ) : (
          <>
            <Title>Net worth across {monteCarlo.paths.toLocaleString('en-CA')} market paths</Title>
            <Text>
              {figures.successPercent}% of the simulated paths never run short of money. The band runs from poor markets
              (10th percentile) to strong ones (90th); the middle line is the median.
              {pathsUpdating && ' Simulating them again for the new retirement age…'}
            </Text>
          </>
        )}
        {monteCarlo !== null && (
          <AreaChart
            className="mt-4 h-72"
            data={fan}
            index="year"
            categories={[
              'Strong markets (90th percentile)',
              'Median (50th percentile)',
              'Poor markets (10th percentile)',
            ]}
            colors={['sky', 'blue', 'slate']}
            valueFormatter={chartDollars}
            yAxisWidth={88}
            showAnimation={false}
          />
        )}
      </Card>

      <YearTable plan={plan} projection={projection} />
    </div>
  );
}

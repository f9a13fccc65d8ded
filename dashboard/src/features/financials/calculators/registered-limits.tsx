import { useId, useState } from 'react';
import { Button, Callout, Card, LineChart, Text, Title } from '@tremor/react';
import { formatCad, type RegisteredLimits } from '@meridian/domain';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { SelectField } from './form-fields';
import { loadLimitsByYear } from './load';

const SERIES = ['TFSA', 'RRSP dollar limit', 'FHSA', 'DPSP'] as const;
const SERIES_COLOURS = ['blue', 'emerald', 'amber', 'violet'];

function chartRow(limits: RegisteredLimits): Record<string, number | string> {
  return {
    year: String(limits.year),
    TFSA: limits.tfsa,
    'RRSP dollar limit': limits.rrsp.dollarLimit,
    FHSA: limits.fhsa.annual,
    DPSP: limits.dpsp,
  };
}

function LimitsChart({ limits }: { limits: RegisteredLimits[] }) {
  const first = limits[0]?.year;
  const last = limits[limits.length - 1]?.year;
  return (
    <Card
      className="flex h-full flex-col"
      data-testid="limits-chart"
      role="region"
      aria-labelledby="limits-chart-title"
    >
      <Title id="limits-chart-title">Contribution limits by year</Title>
      <Text className="mt-0.5">
        Annual dollar limits, {first}–{last}. RRSP room is also capped at a percentage of the previous year's earned
        income.
      </Text>
      <LineChart
        className="mt-4 min-h-80 flex-1"
        data={limits.map(chartRow)}
        index="year"
        categories={[...SERIES]}
        colors={SERIES_COLOURS}
        valueFormatter={formatCad}
        yAxisWidth={76}
        allowDecimals={false}
        intervalType="preserveStartEnd"
        noDataText="No limits to show"
      />
    </Card>
  );
}

function Figure({ label, value, testId, note }: { label: string; value: string; testId: string; note?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-tremor-default text-tremor-content">
        {label}
        {note && <span className="block text-tremor-label text-tremor-content-subtle">{note}</span>}
      </dt>
      <dd className="text-tremor-default font-medium tabular-nums text-tremor-content-strong" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function percent(value: number): string {
  return `${value}%`;
}

function YearFigures({ limits }: { limits: RegisteredLimits[] }) {
  const ids = useId();
  const years = limits.map((entry) => String(entry.year));
  const [year, setYear] = useState(years[years.length - 1] ?? '');
  const selected = limits.find((entry) => String(entry.year) === year);

  return (
    <Card className="h-full" data-testid="year-limits" role="region" aria-labelledby={`${ids}-title`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Title id={`${ids}-title`}>Limits for the year</Title>
          <Text className="mt-0.5">Registered plans and RESP grant rules.</Text>
        </div>
        <SelectField
          id={`${ids}-year`}
          label="Tax year"
          testId="limits-year"
          className="w-32"
          value={year}
          onChange={setYear}
          choices={years.map((value) => ({ value, label: value }))}
        />
      </div>
      {selected && (
        <div className="mt-4 grid gap-x-8 gap-y-5 sm:grid-cols-2 lg:grid-cols-1">
          <section aria-label={`Registered plans, ${selected.year}`}>
            <h3 className="text-tremor-label font-semibold uppercase tracking-wide text-tremor-content">
              Registered plans
            </h3>
            <dl className="mt-1 divide-y divide-tremor-border">
              <Figure label="TFSA annual limit" value={formatCad(selected.tfsa)} testId="limit-tfsa" />
              <Figure
                label="RRSP dollar limit"
                value={formatCad(selected.rrsp.dollarLimit)}
                testId="limit-rrsp"
                note={`or ${percent(selected.rrsp.earnedIncomePercent)} of the previous year's earned income, if less`}
              />
              <Figure label="FHSA annual limit" value={formatCad(selected.fhsa.annual)} testId="limit-fhsa" />
              <Figure
                label="FHSA lifetime limit"
                value={formatCad(selected.fhsa.lifetime)}
                testId="limit-fhsa-lifetime"
              />
              <Figure label="DPSP limit" value={formatCad(selected.dpsp)} testId="limit-dpsp" />
            </dl>
          </section>
          <section aria-label="RESP">
            <h3 className="text-tremor-label font-semibold uppercase tracking-wide text-tremor-content">RESP</h3>
            <dl className="mt-1 divide-y divide-tremor-border">
              <Figure label="Grant rate" value={percent(selected.resp.grantRate)} testId="resp-grant-rate" />
              <Figure
                label="Largest grant a year"
                value={formatCad(selected.resp.maxGrantPerYear)}
                testId="resp-max-grant"
              />
              <Figure
                label="Lifetime grant limit"
                value={formatCad(selected.resp.lifetimeGrantMax)}
                testId="resp-lifetime-grant"
              />
              <Figure
                label="Contribution limit per beneficiary"
                value={formatCad(selected.resp.maxContributionPerBeneficiary)}
                testId="resp-max-contribution"
                note="lifetime"
              />
              <Figure
                label="Additional tax on income payments"
                value={percent(selected.resp.taxPenaltyRate)}
                testId="resp-tax-penalty"
                note="accumulated income payments"
              />
            </dl>
          </section>
        </div>
      )}
    </Card>
  );
}

/** The limits chart (2009 to this year) and the figures of a chosen year, from the calculators API. */
export function RegisteredLimitsSection() {
  const { data: limits, error, loading, reload } = useResource(loadLimitsByYear);

  if (error && !limits) {
    return (
      <Callout title="The contribution limits could not be loaded" color="rose" role="alert">
        {error.message}
        <Button className="mt-3 block" variant="secondary" size="xs" onClick={reload} loading={loading}>
          Try again
        </Button>
      </Callout>
    );
  }
  if (!limits) {
    return (
      <Card>
        <LoadingState label="Loading contribution limits…" />
      </Card>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
      <div className="lg:col-span-3">
        <LimitsChart limits={limits} />
      </div>
      <div className="lg:col-span-2">
        <YearFigures limits={limits} />
      </div>
    </div>
  );
}

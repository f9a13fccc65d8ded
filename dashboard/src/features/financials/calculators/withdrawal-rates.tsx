import { type FormEvent, useId, useState } from 'react';
import { Badge, Button, Callout, Card, LineChart, Text, Title } from '@tremor/react';
import { WITHDRAWAL_TABLES, type WithdrawalAccountType, type WithdrawalRate } from '@meridian/domain';
import { getWithdrawalRate, toApiError } from '../../../api';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { formErrorsFromApi, NO_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { formatRate } from '../../../lib/format';
import { NumberField, SelectField, type Choice } from './form-fields';
import { loadLifMaximumCurve, loadRrifMinimumCurve } from './load';

interface CurveCardProps {
  testId: string;
  title: string;
  description: string;
  series: string;
  colour: string;
  load: (signal: AbortSignal) => Promise<WithdrawalRate[]>;
}

/** One withdrawal table as a line over age, each point from GET /api/calculators/withdrawal-rate. */
function CurveCard({ testId, title, description, series, colour, load }: CurveCardProps) {
  const ids = useId();
  const { data: rates, error, loading, reload } = useResource(load);
  return (
    <Card className="h-full" data-testid={testId} role="region" aria-labelledby={`${ids}-title`}>
      <Title id={`${ids}-title`}>{title}</Title>
      <Text className="mt-0.5">{description}</Text>
      {error && !rates && (
        <Callout title="The rates could not be loaded" color="rose" className="mt-4" role="alert">
          {error.message}
          <Button className="mt-3 block" variant="secondary" size="xs" onClick={reload} loading={loading}>
            Try again
          </Button>
        </Callout>
      )}
      {!rates && !error && <LoadingState label="Loading rates…" />}
      {rates && (
        <LineChart
          className="mt-4 h-64"
          data={rates.map((rate) => ({ age: String(rate.age), [series]: rate.ratePercent }))}
          index="age"
          categories={[series]}
          colors={[colour]}
          valueFormatter={formatRate}
          yAxisWidth={64}
          showLegend={false}
          curveType="monotone"
          noDataText="No rates to show"
        />
      )}
    </Card>
  );
}

export function RrifMinimumChart() {
  return (
    <CurveCard
      testId="rrif-chart"
      title="RRIF minimum withdrawal"
      description="Percent of the 1 January value that must come out each year, by age."
      series="RRIF minimum"
      colour="blue"
      load={loadRrifMinimumCurve}
    />
  );
}

export function LifMaximumChart() {
  return (
    <CurveCard
      testId="lif-chart"
      title="LIF maximum withdrawal"
      description="Most that may come out of a federal LIF each year, by age."
      series="LIF maximum"
      colour="violet"
      load={loadLifMaximumCurve}
    />
  );
}

const TYPE_CHOICES: readonly Choice<WithdrawalAccountType>[] = (
  Object.keys(WITHDRAWAL_TABLES) as WithdrawalAccountType[]
).map((type) => ({
  value: type,
  label: `${type} (${WITHDRAWAL_TABLES[type].kind === 'MINIMUM' ? 'minimum' : 'maximum'})`,
}));

const LOOKUP_FIELDS = ['type', 'age'] as const;

/** Type and age in, the table's rate out; the API says when an age is outside the table. */
export function WithdrawalLookup() {
  const ids = useId();
  const [type, setType] = useState<WithdrawalAccountType>('RRIF');
  const [age, setAge] = useState('');
  const [result, setResult] = useState<WithdrawalRate>();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);

  const table = WITHDRAWAL_TABLES[type];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(undefined);
    if (age.trim() === '') {
      setErrors({ fields: { age: 'Enter an age' }, form: [] });
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      setResult(await getWithdrawalRate(type, age.trim()));
    } catch (failure) {
      setErrors(formErrorsFromApi(toApiError(failure), LOOKUP_FIELDS));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card className="h-full" data-testid="withdrawal-lookup" role="region" aria-labelledby={`${ids}-title`}>
      <Title id={`${ids}-title`}>Withdrawal rate lookup</Title>
      <Text className="mt-0.5">Minimum for RRIF and PRIF, maximum for LIF and LRIF.</Text>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate aria-label="Withdrawal rate lookup">
        <SelectField
          id={`${ids}-type`}
          label="Account type"
          testId="withdrawal-type"
          value={type}
          onChange={(value) => {
            setType(value);
            setResult(undefined);
            setErrors(NO_ERRORS);
          }}
          choices={TYPE_CHOICES}
          error={errors.fields.type}
        />
        <NumberField
          id={`${ids}-age`}
          label="Age"
          testId="withdrawal-age"
          step="1"
          hint={`Age at the start of the year. The ${type} table covers ${table.minAge} to ${table.maxAge}.`}
          value={age}
          onChange={(value) => {
            setAge(value);
            setResult(undefined);
            setErrors(NO_ERRORS);
          }}
          error={errors.fields.age}
        />
        <Button type="submit" loading={submitting} loadingText="Looking up…">
          Look up rate
        </Button>
      </form>

      {errors.form.length > 0 && (
        <Callout title="The rate could not be looked up" color="rose" className="mt-4" role="alert">
          {errors.form.map((message) => (
            <span key={message} className="block" data-testid="withdrawal-error">
              {message}
            </span>
          ))}
        </Callout>
      )}
      {result && (
        <div
          className="mt-4 rounded-tremor-default bg-tremor-background-muted px-4 py-3"
          data-testid="withdrawal-result"
          role="status"
        >
          <div className="flex items-center gap-2">
            <Text>
              {result.type} at {result.age}
            </Text>
            <Badge size="xs" color={result.kind === 'MINIMUM' ? 'blue' : 'violet'} data-testid="withdrawal-kind">
              {result.kind === 'MINIMUM' ? 'Minimum' : 'Maximum'}
            </Badge>
          </div>
          <p
            className="mt-1 text-tremor-metric font-semibold tabular-nums text-tremor-content-strong"
            data-testid="withdrawal-rate"
          >
            {formatRate(result.ratePercent)}
          </p>
          <Text>of the value at the start of the year</Text>
        </div>
      )}
    </Card>
  );
}

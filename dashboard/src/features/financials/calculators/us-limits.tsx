import { type FormEvent, useId } from 'react';
import {
  Button,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
  Title,
} from '@tremor/react';
import {
  formatMoney,
  HSA_COVERAGE_LABELS,
  HsaCoverage,
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  US_FILING_STATUS_LABELS,
  US_LIMITS_FIRST_YEAR,
  US_LIMITS_LAST_KNOWN_YEAR,
  UsFilingStatus,
  usContributionLimitsQuerySchema,
  type UsContributionLimitResult,
} from '@meridian/domain';
import { FormErrorsCallout, NumberField, SelectField, useCalculatorForm, type Choice } from './form-fields';
import { getUsContributionLimits, range } from './load';

type FieldName = 'year' | 'age' | 'hsaCoverage' | 'compensation' | 'filingStatus' | 'modifiedAgi';
const FIELDS: readonly FieldName[] = ['year', 'age', 'hsaCoverage', 'compensation', 'filingStatus', 'modifiedAgi'];

/** No filing status: the Roth IRA limit is shown before the income phase-out. */
const NOT_GIVEN = '';
type FilingChoice = UsFilingStatus | typeof NOT_GIVEN;

const FILING_CHOICES: readonly Choice<FilingChoice>[] = [
  { value: NOT_GIVEN, label: 'Not given' },
  ...UsFilingStatus.map((status) => ({ value: status, label: US_FILING_STATUS_LABELS[status] })),
];
const COVERAGE_CHOICES: readonly Choice<HsaCoverage>[] = HsaCoverage.map((coverage) => ({
  value: coverage,
  label: HSA_COVERAGE_LABELS[coverage],
}));

function yearChoices(today: Date = new Date()): Choice<string>[] {
  const last = Math.max(US_LIMITS_LAST_KNOWN_YEAR, today.getFullYear() + 1);
  return range(US_LIMITS_FIRST_YEAR, last).map((year) => ({ value: String(year), label: String(year) }));
}

/**
 * US contribution limits for a tax year and age, from GET /api/calculators/us-contribution-limits: each
 * US account type's limit with how it is made up (limit, catch-ups, phase-out), as the projection uses it.
 */
export function UsContributionLimits() {
  const ids = useId();
  const thisYear = new Date().getFullYear();
  const {
    values,
    errors,
    result: results,
    submitting,
    change,
    calculate,
  } = useCalculatorForm<FieldName, UsContributionLimitResult[]>({
    year: String(Math.max(US_LIMITS_FIRST_YEAR, thisYear)),
    age: '',
    hsaCoverage: 'SELF_ONLY',
    compensation: '',
    filingStatus: NOT_GIVEN,
    modifiedAgi: '',
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    calculate(event, {
      fields: FIELDS,
      required: ['age'],
      labels: { age: 'Age' },
      schema: usContributionLimitsQuerySchema,
      ask: getUsContributionLimits,
    });

  const shownYear = results?.[0]?.year;

  return (
    <Card className="h-full" data-testid="us-limits" role="region" aria-labelledby={`${ids}-title`}>
      <Title id={`${ids}-title`}>US contribution limits</Title>
      <Text className="mt-0.5">
        401(k), 403(b), 457(b), IRA, SIMPLE, SEP and HSA limits for a tax year and the age reached by 31 December, with
        the catch-ups that age allows.
      </Text>

      <form className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-3" onSubmit={submit} noValidate aria-label="US limits">
        <SelectField
          id={`${ids}-year`}
          label="Tax year"
          testId="us-limits-year"
          value={values.year}
          onChange={(next) => change('year', next)}
          choices={yearChoices()}
          error={errors.fields.year}
          disabled={submitting}
        />
        <NumberField
          id={`${ids}-age`}
          label="Age at year end"
          testId="us-limits-age"
          step="1"
          value={values.age}
          onChange={(next) => change('age', next)}
          error={errors.fields.age}
          disabled={submitting}
        />
        <SelectField
          id={`${ids}-hsa`}
          label="HSA coverage"
          testId="us-limits-hsa-coverage"
          value={values.hsaCoverage as HsaCoverage}
          onChange={(next) => change('hsaCoverage', next)}
          choices={COVERAGE_CHOICES}
          error={errors.fields.hsaCoverage}
          disabled={submitting}
        />
        <NumberField
          id={`${ids}-compensation`}
          label="Compensation"
          testId="us-limits-compensation"
          optional
          hint="Caps IRA contributions; a SEP IRA takes 25% of it."
          value={values.compensation}
          onChange={(next) => change('compensation', next)}
          error={errors.fields.compensation}
          disabled={submitting}
        />
        <SelectField
          id={`${ids}-filing`}
          label="Filing status"
          testId="us-limits-filing-status"
          optional
          value={values.filingStatus as FilingChoice}
          onChange={(next) => change('filingStatus', next)}
          choices={FILING_CHOICES}
          error={errors.fields.filingStatus}
          disabled={submitting}
        />
        <NumberField
          id={`${ids}-magi`}
          label="Modified AGI"
          testId="us-limits-magi"
          optional
          hint="With a filing status, applies the Roth IRA phase-out."
          value={values.modifiedAgi}
          onChange={(next) => change('modifiedAgi', next)}
          error={errors.fields.modifiedAgi}
          disabled={submitting}
        />

        <FormErrorsCallout
          className="sm:col-span-3"
          title="The limits could not be calculated"
          messages={errors.form}
          testId="us-limits-error"
        />

        <div className="sm:col-span-3">
          <Button type="submit" loading={submitting} loadingText="Calculating…">
            Show limits
          </Button>
        </div>
      </form>

      {results && (
        <section aria-label="US limits result" role="status" className="mt-5" data-testid="us-limits-result">
          {shownYear !== undefined && shownYear > US_LIMITS_LAST_KNOWN_YEAR && (
            <p className="text-tremor-label text-tremor-content" data-testid="us-limits-latest-known">
              Limits for {shownYear} are not yet published; the {US_LIMITS_LAST_KNOWN_YEAR} figures are shown.
            </p>
          )}
          <Table className="mt-2" aria-label="US contribution limits">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Account</TableHeaderCell>
                <TableHeaderCell className="text-right">Limit</TableHeaderCell>
                <TableHeaderCell>How it is made up</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((result) => (
                <TableRow key={result.accountType} data-testid={`us-limit-row-${result.accountType}`}>
                  <TableCell className="font-medium text-tremor-content-strong">
                    {INVESTMENT_ACCOUNT_TYPE_LABELS[result.accountType]}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="us-limit-amount">
                    {result.limit === null ? 'No federal limit' : formatMoney(result.limit)}
                  </TableCell>
                  <TableCell className="whitespace-normal">
                    <span data-testid="us-limit-explanation">{result.explanation}</span>
                    {result.notes.map((note) => (
                      <span key={note} className="block text-tremor-label text-tremor-content-subtle">
                        {note}
                      </span>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
    </Card>
  );
}

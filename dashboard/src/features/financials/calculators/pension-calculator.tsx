import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button, Callout, Card, Metric, Text, Title } from '@tremor/react';
import {
  BenefitFormulaType,
  DEFAULT_DISCOUNT_RATE_PERCENT,
  pensionInputSchema,
  type PensionInput,
  type PensionResult,
} from '@meridian/domain';
import { calculatePension, toApiError } from '../../../api';
import { formErrorsFromApi, formErrorsFromIssues, NO_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { formatCents, formatRate } from '../../../lib/format';
import { DateField, NumberField, SelectField, type Choice } from './form-fields';

type FieldName =
  | 'serviceStartDate'
  | 'serviceEndDate'
  | 'averageSalary'
  | 'finalAverageSalary'
  | 'accrualRatePercent'
  | 'perYearAmountCap'
  | 'amountPerYear'
  | 'expectedYearsInRetirement'
  | 'discountRatePercent'
  | 'retirementDate'
  | 'fullRetirementDate'
  | 'earlyRetirementPenaltyPercentPerYear'
  | 'earlyRetirementPenaltyCapPercent'
  | 'yearsOfServiceCap'
  | 'accruedAmountCap';

interface FieldSpec {
  name: FieldName;
  label: string;
  kind: 'date' | 'number';
  optional?: boolean;
  hint?: string;
}

const SERVICE_FIELDS: readonly FieldSpec[] = [
  { name: 'serviceStartDate', label: 'Service start date', kind: 'date' },
  {
    name: 'serviceEndDate',
    label: 'Service end date',
    kind: 'date',
    hint: 'Retirement or termination date, or the valuation date.',
  },
];

const accrualRate: FieldSpec = {
  name: 'accrualRatePercent',
  label: 'Accrual rate (%)',
  kind: 'number',
  hint: 'Percent of salary earned per year of service, e.g. 2.',
};

/** The fields each benefit formula reads besides the common ones (pensionInputSchema's variants). */
const FORMULA_FIELDS: Record<BenefitFormulaType, readonly FieldSpec[]> = {
  CAREER_AVERAGE_EARNINGS: [{ name: 'averageSalary', label: 'Average salary', kind: 'number' }, accrualRate],
  FINAL_AVERAGE_EARNINGS: [
    { name: 'finalAverageSalary', label: 'Final average salary', kind: 'number' },
    accrualRate,
    {
      name: 'perYearAmountCap',
      label: 'Benefit cap per year of service',
      kind: 'number',
      optional: true,
      hint: 'For example the CRA defined benefit limit.',
    },
  ],
  FLAT_BENEFIT: [{ name: 'amountPerYear', label: 'Amount per year of service', kind: 'number' }],
  OTHER: [],
};

const PAYOUT_FIELDS: readonly FieldSpec[] = [
  { name: 'expectedYearsInRetirement', label: 'Expected years in retirement', kind: 'number' },
  {
    name: 'discountRatePercent',
    label: 'Discount rate (%)',
    kind: 'number',
    hint: `Per year, for the commuted value; ${DEFAULT_DISCOUNT_RATE_PERCENT}% unless the plan says otherwise.`,
  },
];

const ADJUSTMENT_FIELDS: readonly FieldSpec[] = [
  {
    name: 'retirementDate',
    label: 'Retirement date',
    kind: 'date',
    optional: true,
    hint: 'When the pension starts.',
  },
  {
    name: 'fullRetirementDate',
    label: 'Unreduced retirement date',
    kind: 'date',
    optional: true,
    hint: 'Earliest date the pension is paid in full.',
  },
  {
    name: 'earlyRetirementPenaltyPercentPerYear',
    label: 'Early retirement reduction (% a year)',
    kind: 'number',
    optional: true,
  },
  { name: 'earlyRetirementPenaltyCapPercent', label: 'Largest total reduction (%)', kind: 'number', optional: true },
  { name: 'yearsOfServiceCap', label: 'Years of service cap', kind: 'number', optional: true },
  { name: 'accruedAmountCap', label: 'Accrued benefit cap', kind: 'number', optional: true },
];

const FORMULA_CHOICES: readonly Choice<BenefitFormulaType>[] = [
  { value: BenefitFormulaType.CAREER_AVERAGE_EARNINGS, label: 'Career average earnings' },
  { value: BenefitFormulaType.FINAL_AVERAGE_EARNINGS, label: 'Final average earnings' },
  { value: BenefitFormulaType.FLAT_BENEFIT, label: 'Flat benefit' },
  { value: BenefitFormulaType.OTHER, label: 'Other' },
];

const FORMULA_HINTS: Record<BenefitFormulaType, string> = {
  CAREER_AVERAGE_EARNINGS: 'Average salary × accrual rate × years of service.',
  FINAL_AVERAGE_EARNINGS: 'Final average salary × accrual rate (capped per year) × years of service.',
  FLAT_BENEFIT: 'A fixed amount for each year of service.',
  OTHER: 'A plan-specific formula Meridian does not model.',
};

type Values = Record<FieldName, string>;

const INITIAL_VALUES: Values = {
  serviceStartDate: '',
  serviceEndDate: '',
  averageSalary: '',
  finalAverageSalary: '',
  accrualRatePercent: '',
  perYearAmountCap: '',
  amountPerYear: '',
  expectedYearsInRetirement: '',
  discountRatePercent: String(DEFAULT_DISCOUNT_RATE_PERCENT),
  retirementDate: '',
  fullRetirementDate: '',
  earlyRetirementPenaltyPercentPerYear: '',
  earlyRetirementPenaltyCapPercent: '',
  yearsOfServiceCap: '',
  accruedAmountCap: '',
};

function fieldsOf(formula: BenefitFormulaType): readonly FieldSpec[] {
  return [...SERVICE_FIELDS, ...FORMULA_FIELDS[formula], ...PAYOUT_FIELDS, ...ADJUSTMENT_FIELDS];
}

function fieldNamesOf(formula: BenefitFormulaType): FieldName[] {
  return fieldsOf(formula).map((field) => field.name);
}

/**
 * The request body: the formula type and every filled-in field it reads. Empty fields are left out
 * (required ones are then reported as missing, optional ones take their defaults); a number that
 * does not parse is sent as typed so the schema names the field.
 */
function toPensionInput(formula: BenefitFormulaType, values: Values): Record<string, unknown> {
  const input: Record<string, unknown> = { benefitFormulaType: formula };
  for (const field of fieldsOf(formula)) {
    const text = values[field.name].trim();
    if (text === '') continue;
    const number = Number(text);
    input[field.name] = field.kind === 'number' && Number.isFinite(number) ? number : text;
  }
  return input;
}

/** The same schema the API validates with, so most mistakes are caught before a request; undefined when valid. */
function validate(formula: BenefitFormulaType, input: Record<string, unknown>): FormErrors | undefined {
  const parsed = pensionInputSchema.safeParse(input);
  if (parsed.success) return undefined;
  return formErrorsFromIssues(parsed.error.issues, fieldNamesOf(formula));
}

function ResultRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-tremor-default text-tremor-content">{label}</dt>
      <dd className="text-tremor-default font-medium tabular-nums text-tremor-content-strong" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function PensionResults({ result }: { result: PensionResult }) {
  return (
    <section aria-label="Pension result" role="status" data-testid="pension-result" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-tremor-default bg-tremor-background-muted px-4 py-3">
          <Text>Annual payout</Text>
          <Metric className="mt-1 tabular-nums" data-testid="pension-annual-payout">
            {formatCents(result.annualPayout)}
          </Metric>
        </div>
        <div className="rounded-tremor-default bg-tremor-background-muted px-4 py-3">
          <Text>Commuted value</Text>
          <Metric className="mt-1 tabular-nums" data-testid="pension-commuted-value">
            {formatCents(result.commutedValue)}
          </Metric>
        </div>
      </div>
      <dl className="divide-y divide-tremor-border">
        <ResultRow label="Years of service" value={result.yearsOfService} testId="pension-years-of-service" />
        <ResultRow
          label="Accrued annual benefit"
          value={formatCents(result.accruedAnnualBenefit)}
          testId="pension-accrued-benefit"
        />
        <ResultRow
          label="Early retirement reduction"
          value={formatRate(Number(result.earlyRetirementReduction))}
          testId="pension-reduction"
        />
      </dl>
    </section>
  );
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-tremor-label font-semibold uppercase tracking-wide text-tremor-content">{title}</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Defined-benefit pension and commuted value, validated here with the API's schema and computed by the API. */
export function PensionCalculator() {
  const ids = useId();
  const [formula, setFormula] = useState<BenefitFormulaType>(BenefitFormulaType.CAREER_AVERAGE_EARNINGS);
  const [values, setValues] = useState<Values>(INITIAL_VALUES);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [result, setResult] = useState<PensionResult>();
  const [submitting, setSubmitting] = useState(false);
  const [adjustmentsOpen, setAdjustmentsOpen] = useState(false);

  function revealAdjustmentErrors(found: FormErrors) {
    if (ADJUSTMENT_FIELDS.some((field) => found.fields[field.name] !== undefined)) setAdjustmentsOpen(true);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(undefined);
    const input = toPensionInput(formula, values);
    const invalid = validate(formula, input);
    if (invalid) {
      setErrors(invalid);
      revealAdjustmentErrors(invalid);
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      // The schema accepted it, so it is a PensionInput; the API still has the final word.
      setResult(await calculatePension(input as PensionInput));
    } catch (failure) {
      const found = formErrorsFromApi(toApiError(failure), fieldNamesOf(formula));
      setErrors(found);
      revealAdjustmentErrors(found);
    } finally {
      setSubmitting(false);
    }
  }

  function change(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setResult(undefined);
    setErrors((current) => {
      if (current.fields[name] === undefined) return current;
      const fields = { ...current.fields };
      delete fields[name];
      return { ...current, fields };
    });
  }

  function chooseFormula(next: BenefitFormulaType) {
    setFormula(next);
    setResult(undefined);
    setErrors(NO_ERRORS);
  }

  function renderField(field: FieldSpec) {
    const common = {
      id: `${ids}-${field.name}`,
      label: field.label,
      testId: `pension-${field.name}`,
      optional: field.optional ?? false,
      hint: field.hint,
      value: values[field.name],
      onChange: (value: string) => change(field.name, value),
      error: errors.fields[field.name],
      disabled: submitting,
    };
    return field.kind === 'date' ? (
      <DateField key={field.name} {...common} />
    ) : (
      <NumberField key={field.name} {...common} />
    );
  }

  return (
    <Card className="h-full" data-testid="pension-calculator" role="region" aria-labelledby={`${ids}-title`}>
      <Title id={`${ids}-title`}>Pension and commuted value</Title>
      <Text className="mt-0.5">
        A defined-benefit pension: the annual payout and its present value over the expected years in retirement.
      </Text>

      <form className="mt-5 space-y-6" onSubmit={submit} noValidate aria-label="Pension calculator">
        <FieldGroup title="Plan">
          <SelectField
            id={`${ids}-formula`}
            label="Benefit formula"
            testId="pension-benefitFormulaType"
            hint={FORMULA_HINTS[formula]}
            value={formula}
            onChange={chooseFormula}
            choices={FORMULA_CHOICES}
            disabled={submitting}
          />
          {FORMULA_FIELDS[formula].map(renderField)}
        </FieldGroup>

        <FieldGroup title="Service">{SERVICE_FIELDS.map(renderField)}</FieldGroup>

        <FieldGroup title="Payout">{PAYOUT_FIELDS.map(renderField)}</FieldGroup>

        <details
          open={adjustmentsOpen}
          onToggle={(event) => setAdjustmentsOpen(event.currentTarget.open)}
          className="rounded-tremor-default border border-tremor-border px-4 py-3"
        >
          <summary className="cursor-pointer text-tremor-default font-medium text-tremor-content-strong">
            Early retirement and caps
          </summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">{ADJUSTMENT_FIELDS.map(renderField)}</div>
        </details>

        {errors.form.length > 0 && (
          <Callout title="The pension could not be calculated" color="rose" role="alert" data-testid="pension-error">
            {errors.form.map((message) => (
              <span key={message} className="block" data-testid="pension-error-message">
                {message}
              </span>
            ))}
          </Callout>
        )}

        <Button type="submit" loading={submitting} loadingText="Calculating…">
          Calculate
        </Button>
      </form>

      {result && (
        <div className="mt-6 border-t border-tremor-border pt-6">
          <PensionResults result={result} />
        </div>
      )}
    </Card>
  );
}

import { type FormEvent, useId } from 'react';
import { Button, Card, Text, Title } from '@tremor/react';
import {
  formatMoney,
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  US_RMD_ACCOUNT_TYPES,
  usRmdQuerySchema,
  type InvestmentAccountType,
  type UsRmd,
} from '@meridian/domain';
import {
  FigureResult,
  FormErrorsCallout,
  NumberField,
  SelectField,
  useCalculatorForm,
  type Choice,
} from './form-fields';
import { getUsRequiredMinimumDistribution } from './load';

type FieldName = 'accountType' | 'balance' | 'age' | 'birthYear';
const FIELDS: readonly FieldName[] = ['accountType', 'balance', 'age', 'birthYear'];
const REQUIRED: readonly FieldName[] = ['balance', 'age', 'birthYear'];

const LABELS: Record<FieldName, string> = {
  accountType: 'Account',
  balance: 'Balance on 31 December of the prior year',
  age: 'Age reached in the distribution year',
  birthYear: 'Birth year',
};

/** The accounts with owner RMDs, then the Roth accounts (to show that they have none). */
const RMD_CALCULATOR_TYPES: readonly InvestmentAccountType[] = [
  ...US_RMD_ACCOUNT_TYPES,
  'ROTH_IRA',
  'ROTH_401K',
  'ROTH_403B',
];
const ACCOUNT_CHOICES: readonly Choice<InvestmentAccountType>[] = RMD_CALCULATOR_TYPES.map((type) => ({
  value: type,
  label: INVESTMENT_ACCOUNT_TYPE_LABELS[type],
}));

function startingAgeText(age: number): string {
  return age === 70.5 ? '70½' : String(age);
}

/** A US required minimum distribution from the Uniform Lifetime Table, from GET /api/calculators/us-rmd. */
export function UsRmdCalculator() {
  const ids = useId();
  const { values, errors, result, submitting, change, calculate } = useCalculatorForm<FieldName, UsRmd>({
    accountType: 'TRADITIONAL_IRA',
    balance: '',
    age: '',
    birthYear: '',
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    calculate(event, {
      fields: FIELDS,
      required: REQUIRED,
      labels: LABELS,
      schema: usRmdQuerySchema,
      ask: getUsRequiredMinimumDistribution,
    });

  return (
    <Card className="h-full" data-testid="us-rmd" role="region" aria-labelledby={`${ids}-title`}>
      <Title id={`${ids}-title`}>US required minimum distribution</Title>
      <Text className="mt-0.5">
        The prior year-end balance divided by the Uniform Lifetime Table divisor, from the starting age set by the
        owner&apos;s birth year.
      </Text>

      <form className="mt-5 space-y-4" onSubmit={submit} noValidate aria-label="US RMD calculator">
        <SelectField
          id={`${ids}-accountType`}
          label={LABELS.accountType}
          testId="us-rmd-accountType"
          value={values.accountType as InvestmentAccountType}
          onChange={(next) => change('accountType', next)}
          choices={ACCOUNT_CHOICES}
          error={errors.fields.accountType}
          disabled={submitting}
        />
        {REQUIRED.map((field) => (
          <NumberField
            key={field}
            id={`${ids}-${field}`}
            label={LABELS[field]}
            testId={`us-rmd-${field}`}
            step={field === 'balance' ? 'any' : '1'}
            value={values[field]}
            onChange={(next) => change(field, next)}
            error={errors.fields[field]}
            disabled={submitting}
          />
        ))}

        <FormErrorsCallout title="The RMD could not be calculated" messages={errors.form} testId="us-rmd-error" />

        <Button type="submit" loading={submitting} loadingText="Calculating…">
          Calculate RMD
        </Button>
      </form>

      {result && (
        <FigureResult
          label="US RMD result"
          testId="us-rmd"
          caption={`${INVESTMENT_ACCOUNT_TYPE_LABELS[result.accountType]} RMD for ${result.year}`}
          amount={formatMoney(result.amount)}
        >
          <p className="mt-2 text-tremor-label text-tremor-content" data-testid="us-rmd-reason">
            {result.reason}.
          </p>
          <p className="mt-1 text-tremor-label text-tremor-content">
            RMDs start at {startingAgeText(result.startingAge)} for those born in {result.birthYear}.
          </p>
        </FigureResult>
      )}
    </Card>
  );
}

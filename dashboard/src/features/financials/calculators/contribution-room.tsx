import { type FormEvent, useId, useState } from 'react';
import { Button, Card, Text, Title } from '@tremor/react';
import {
  contributionRoomQuerySchema,
  formatMoney,
  RRSP_EARNED_INCOME_PERCENT,
  TFSA_ELIGIBILITY_AGE,
  TFSA_FIRST_YEAR,
  type ContributionRoom,
} from '@meridian/domain';
import { getContributionRoom } from '../../../api';
import {
  FigureResult,
  FormErrorsCallout,
  NumberField,
  SelectField,
  useCalculatorForm,
  type Choice,
} from './form-fields';

type Account = ContributionRoom['account'];

const ACCOUNT_CHOICES: readonly Choice<Account>[] = [
  { value: 'TFSA', label: 'TFSA' },
  { value: 'RRSP', label: 'RRSP' },
];

type FieldName = 'birthYear' | 'year' | 'previousYearEarnedIncome' | 'pensionAdjustment';

const FIELDS_OF: Record<Account, readonly FieldName[]> = {
  TFSA: ['birthYear', 'year'],
  RRSP: ['year', 'previousYearEarnedIncome', 'pensionAdjustment'],
};

const LABELS: Record<FieldName, string> = {
  birthYear: 'Birth year',
  year: 'Tax year',
  previousYearEarnedIncome: "Previous year's earned income",
  pensionAdjustment: 'Pension adjustment',
};

const OPTIONAL: readonly FieldName[] = ['pensionAdjustment'];

function explanation(room: ContributionRoom): string {
  return room.account === 'TFSA'
    ? `Cumulative room through ${room.year}, from the year the client turned ${TFSA_ELIGIBILITY_AGE} (not before ${TFSA_FIRST_YEAR}), assuming Canadian residence every year. Contributions and withdrawals are not counted.`
    : `New room for ${room.year}: ${RRSP_EARNED_INCOME_PERCENT}% of the previous year's earned income up to the year's dollar limit, less the pension adjustment. Unused room carried forward is not included.`;
}

/** TFSA room by birth year or new RRSP room from earned income, from GET /api/calculators/contribution-room. */
export function ContributionRoomCalculator() {
  const ids = useId();
  const [account, setAccount] = useState<Account>('TFSA');
  const { values, errors, result, submitting, change, clear, calculate } = useCalculatorForm<
    FieldName,
    ContributionRoom
  >({
    birthYear: '',
    year: String(new Date().getFullYear()),
    previousYearEarnedIncome: '',
    pensionAdjustment: '',
  });

  const fields = FIELDS_OF[account];

  const submit = (event: FormEvent<HTMLFormElement>) =>
    calculate(event, {
      fields,
      required: fields.filter((field) => !OPTIONAL.includes(field)),
      labels: LABELS,
      fixed: { account },
      schema: contributionRoomQuerySchema,
      ask: getContributionRoom,
    });

  return (
    <Card className="h-full" data-testid="contribution-room" role="region" aria-labelledby={`${ids}-title`}>
      <Title id={`${ids}-title`}>Contribution room</Title>
      <Text className="mt-0.5">TFSA room accrued by birth year, or new RRSP room from earned income.</Text>

      <form className="mt-5 space-y-4" onSubmit={submit} noValidate aria-label="Contribution room calculator">
        <SelectField
          id={`${ids}-account`}
          label="Account"
          testId="room-account"
          value={account}
          onChange={(next) => {
            setAccount(next);
            clear();
          }}
          choices={ACCOUNT_CHOICES}
          disabled={submitting}
        />
        {fields.map((field) => (
          <NumberField
            key={field}
            id={`${ids}-${field}`}
            label={LABELS[field]}
            testId={`room-${field}`}
            optional={OPTIONAL.includes(field)}
            step={field === 'birthYear' || field === 'year' ? '1' : 'any'}
            hint={field === 'pensionAdjustment' ? "The previous year's; leave empty for none." : undefined}
            value={values[field]}
            onChange={(value) => change(field, value)}
            error={errors.fields[field]}
            disabled={submitting}
          />
        ))}

        <FormErrorsCallout title="The room could not be calculated" messages={errors.form} testId="room-error" />

        <Button type="submit" loading={submitting} loadingText="Calculating…">
          Calculate room
        </Button>
      </form>

      {result && (
        <FigureResult
          label="Contribution room result"
          testId="room"
          caption={`${result.account} room, ${result.year}`}
          amount={formatMoney(result.room)}
        >
          <p className="mt-2 text-tremor-label text-tremor-content">{explanation(result)}</p>
        </FigureResult>
      )}
    </Card>
  );
}

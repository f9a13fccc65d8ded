import { type FormEvent, useId, useState } from 'react';
import { Button, Callout, Card, Metric, Text, Title } from '@tremor/react';
import {
  contributionRoomQuerySchema,
  formatMoney,
  RRSP_EARNED_INCOME_PERCENT,
  TFSA_ELIGIBILITY_AGE,
  TFSA_FIRST_YEAR,
  type ContributionRoom,
} from '@meridian/domain';
import { getContributionRoom, toApiError } from '../../../api';
import { formErrorsFromApi, formErrorsFromIssues, NO_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { NumberField, SelectField, type Choice } from './form-fields';

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
  const [values, setValues] = useState<Record<FieldName, string>>({
    birthYear: '',
    year: String(new Date().getFullYear()),
    previousYearEarnedIncome: '',
    pensionAdjustment: '',
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [result, setResult] = useState<ContributionRoom>();
  const [submitting, setSubmitting] = useState(false);

  const fields = FIELDS_OF[account];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(undefined);
    const missing = fields.filter((field) => !OPTIONAL.includes(field) && values[field].trim() === '');
    if (missing.length > 0) {
      setErrors({
        fields: Object.fromEntries(missing.map((field) => [field, `${LABELS[field]} is required`])),
        form: [],
      });
      return;
    }
    const query: Record<string, string> = { account };
    for (const field of fields) if (values[field].trim() !== '') query[field] = values[field].trim();
    // The API's own query schema: wrong years and negative amounts are named before any request.
    const parsed = contributionRoomQuerySchema.safeParse(query);
    if (!parsed.success) {
      setErrors(formErrorsFromIssues(parsed.error.issues, fields));
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      setResult(await getContributionRoom(parsed.data));
    } catch (failure) {
      setErrors(formErrorsFromApi(toApiError(failure), fields));
    } finally {
      setSubmitting(false);
    }
  }

  function change(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setResult(undefined);
    setErrors(NO_ERRORS);
  }

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
            setResult(undefined);
            setErrors(NO_ERRORS);
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

        {errors.form.length > 0 && (
          <Callout title="The room could not be calculated" color="rose" role="alert" data-testid="room-error">
            {errors.form.map((message) => (
              <span key={message} className="block">
                {message}
              </span>
            ))}
          </Callout>
        )}

        <Button type="submit" loading={submitting} loadingText="Calculating…">
          Calculate room
        </Button>
      </form>

      {result && (
        <section
          aria-label="Contribution room result"
          role="status"
          className="mt-5 rounded-tremor-default bg-tremor-background-muted px-4 py-3"
          data-testid="room-result"
        >
          <Text>
            {result.account} room, {result.year}
          </Text>
          <Metric className="mt-1 tabular-nums" data-testid="room-amount">
            {formatMoney(result.room)}
          </Metric>
          <p className="mt-2 text-tremor-label text-tremor-content">{explanation(result)}</p>
        </section>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { enumLabel, type AccountToPlace, type AccountsToPlace, type ConnectionView } from '@meridian/domain';
import { placeAccounts, toApiError } from '../../api';
import { SelectInput } from '../../components/fields';
import { showOwnMoney } from './money';

const NEW = 'new';

interface Choice {
  /** `new`, or the id of the manual record it is. */
  as: string;
  owners: string[];
}

function digits(value: string | null): string {
  return value ? ` ••${value}` : '';
}

/** What the advisor would choose without thinking: the likely match, else new (the only person as owner). */
function initialChoice(account: AccountToPlace, persons: AccountsToPlace['persons']): Choice {
  const likely = account.matches.find((match) => match.likely);
  return { as: likely?.recordId ?? NEW, owners: persons.length === 1 ? [persons[0]!.id] : [] };
}

/**
 * "Place accounts": before a linked bank's first sync, each of its accounts is either a new account
 * of the persons the advisor ticks, or one the household already holds by hand (offered when of
 * the same kind, the likeliest preselected), which then becomes synced instead of counted twice.
 * The API checks the rules (owners of this household, joint only where allowed); its messages are
 * shown under the account they are about.
 */
export function PlaceAccountsStep({
  bankName,
  toPlace,
  onPlaced,
  onLater,
}: {
  bankName: string;
  toPlace: AccountsToPlace;
  onPlaced: (connection: ConnectionView) => void;
  /** Closes without placing: the household page offers to finish later. */
  onLater: () => void;
}) {
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(
      toPlace.accounts.map((account) => [account.externalAccountId, initialChoice(account, toPlace.persons)]),
    ),
  );
  const [errors, setErrors] = useState<{ byAccount: Record<number, string[]>; general: string[] }>({
    byAccount: {},
    general: [],
  });
  const [saving, setSaving] = useState(false);

  const update = (id: string, change: Partial<Choice>) =>
    setChoices((current) => ({ ...current, [id]: { ...current[id]!, ...change } }));

  async function submit() {
    setSaving(true);
    setErrors({ byAccount: {}, general: [] });
    try {
      const connection = await placeAccounts(toPlace.connectionId, {
        placements: toPlace.accounts.map((account) => {
          const choice = choices[account.externalAccountId]!;
          return choice.as === NEW
            ? { externalAccountId: account.externalAccountId, owners: choice.owners }
            : { externalAccountId: account.externalAccountId, owners: [], matchRecordId: choice.as };
        }),
      });
      onPlaced(connection);
    } catch (failure) {
      const error = toApiError(failure);
      const byAccount: Record<number, string[]> = {};
      const general: string[] = [];
      for (const detail of error.details) {
        const index = /^placements\.(\d+)\./.exec(detail.path ?? '')?.[1];
        if (index === undefined) general.push(detail.message);
        else (byAccount[Number(index)] ??= []).push(detail.message);
      }
      if (error.details.length === 0) general.push(error.message);
      setErrors({ byAccount, general });
      setSaving(false);
    }
  }

  return (
    <div className="mt-2 space-y-4" data-testid="place-accounts">
      <p className="text-tremor-default text-tremor-content">
        {bankName} lists {toPlace.accounts.length === 1 ? 'one account' : `${toPlace.accounts.length} accounts`}. Say
        whose each one is, or pick the account this household already has by hand, so it is synced instead of counted
        twice. Nothing syncs until you place them.
      </p>
      {errors.general.length > 0 && (
        <Callout title="The accounts could not be placed" color="rose" role="alert" data-testid="place-errors">
          {errors.general.join(' ')}
        </Callout>
      )}
      <ul className="space-y-3">
        {toPlace.accounts.map((account, index) => (
          <AccountPlacement
            key={account.externalAccountId}
            account={account}
            persons={toPlace.persons}
            choice={choices[account.externalAccountId]!}
            errors={errors.byAccount[index] ?? []}
            onChange={(change) => update(account.externalAccountId, change)}
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {Object.keys(errors.byAccount).length > 0 && (
          <p className="mr-auto text-tremor-default text-red-600" data-testid="place-accounts-summary">
            {Object.keys(errors.byAccount).length === 1
              ? 'One account needs your attention (marked in red).'
              : `${Object.keys(errors.byAccount).length} accounts need your attention (marked in red).`}
          </p>
        )}
        <Button variant="secondary" onClick={onLater} disabled={saving}>
          Place later
        </Button>
        <Button onClick={() => void submit()} loading={saving} data-testid="place-accounts-submit">
          Place accounts and sync
        </Button>
      </div>
    </div>
  );
}

function AccountPlacement({
  account,
  persons,
  choice,
  errors,
  onChange,
}: {
  account: AccountToPlace;
  persons: AccountsToPlace['persons'];
  choice: Choice;
  errors: string[];
  onChange: (change: Partial<Choice>) => void;
}) {
  const id = `place-${account.externalAccountId}`;
  const title = `${account.name}${digits(account.mask)}`;
  const balance = account.balance ? showOwnMoney(account.balance, 'CAD') : 'no balance';
  const options = [
    { value: NEW, label: 'A new account of this household' },
    ...account.matches.map((match) => ({
      value: match.recordId,
      label: `Match with ${match.name}${match.lastDigits && !match.name.includes(match.lastDigits) ? digits(match.lastDigits) : ''}, ${
        match.balance ? showOwnMoney(match.balance, 'CAD') : 'no balance'
      }${match.likely ? ' (likely the same)' : ''}`,
    })),
  ];
  const toggle = (personId: string, on: boolean) =>
    onChange({
      owners: account.jointAllowed
        ? on
          ? [...choice.owners, personId]
          : choice.owners.filter((owner) => owner !== personId)
        : on
          ? [personId]
          : [],
    });

  return (
    <li
      className="rounded-tremor-default border border-tremor-border p-4"
      data-testid={id}
      aria-label={`Account ${title}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-tremor-content-strong">{title}</p>
        <p className="text-tremor-default text-tremor-content">
          {enumLabel('FinancialRecordType', account.recordType)} · {balance}
        </p>
      </div>
      <SelectInput
        className="mt-3"
        id={`${id}-as`}
        testId={`${id}-as`}
        label="This account is"
        value={choice.as}
        onChange={(as) => onChange({ as })}
        options={options}
        hint={
          account.matches.length === 0
            ? `No manual ${enumLabel('FinancialRecordType', account.recordType).toLowerCase()} of this household to match it with.`
            : undefined
        }
      />
      {choice.as === NEW ? (
        <fieldset className="mt-3">
          <legend className="text-tremor-default font-medium text-tremor-content-strong">Owned by</legend>
          {persons.length === 0 ? (
            <p className="mt-1 text-tremor-label text-tremor-content">
              This household has no members yet: the account is added without an owner. Add members to the household,
              then owners to the account.
            </p>
          ) : (
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
              {persons.map((person) => (
                <label
                  key={person.id}
                  className="flex items-center gap-2 text-tremor-default text-tremor-content-emphasis"
                >
                  <input
                    type={account.jointAllowed ? 'checkbox' : 'radio'}
                    name={`${id}-owners`}
                    className="h-4 w-4 border-tremor-border text-tremor-brand"
                    checked={choice.owners.includes(person.id)}
                    onChange={(event) => toggle(person.id, event.target.checked)}
                  />
                  {person.name}
                </label>
              ))}
            </div>
          )}
          {persons.length > 1 && (
            <p className="mt-1 text-tremor-label text-tremor-content">
              {account.jointAllowed
                ? 'Tick several people for a joint account.'
                : 'This kind of account has a single owner.'}
            </p>
          )}
        </fieldset>
      ) : (
        <p className="mt-2 text-tremor-label text-tremor-content" data-testid={`${id}-match-note`}>
          It keeps its history, owners and name, and is synced from now on: the bank’s balance replaces the one typed by
          hand.
        </p>
      )}
      {errors.map((message) => (
        <p key={message} className="mt-2 text-tremor-label text-red-600" role="alert" data-testid={`${id}-error`}>
          {message}
        </p>
      ))}
    </li>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Callout } from '@tremor/react';
import {
  addAdditionalCardForm,
  addBorrowerForm,
  addCosignerForm,
  addOwnerForm,
  editCardForm,
  editNameForm,
  enumLabel,
  formatMoney,
  ownerChoices,
  ownershipRuleText,
  RECORD_FIELDS,
  type FieldSpec,
  type FinancialView,
  type InvestmentAccountType,
  type RecordDetails,
  type RecordDetailValue,
} from '@meridian/domain';
import {
  addAdditionalCard,
  addRecordOwner,
  changeLiabilityParty,
  editAdditionalCard,
  removeAdditionalCard,
  removeRecordOwner,
  renameRecord,
  softDeleteRecord,
  toApiError,
} from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCan } from '../platform/auth/use-can';
import { showMoney } from './money';
import { SpecForm, type Option } from './spec-form';

type ViewRecord = FinancialView['records'][number];
type Party = FinancialView['parties'][number];

const LIABILITIES = ['CREDIT_CARD', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE'];

/** A record or person a reference field names, by name (never its id). */
function referenceName(id: string, records: readonly ViewRecord[], parties: readonly Party[]): string {
  return (
    records.find((item) => item.id === id)?.displayName ??
    parties.find((party) => party.id === id)?.name ??
    'A record no longer in this household'
  );
}

function showDetail(
  spec: FieldSpec,
  value: RecordDetailValue,
  records: readonly ViewRecord[],
  parties: readonly Party[],
): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'object') return `${showMoney(value)} ${value.currency}`;
  if (spec.kind === 'boolean') return value ? 'Yes' : undefined;
  if (spec.kind === 'enum') return enumLabel(spec.enumeration, String(value));
  if (spec.kind === 'reference') return referenceName(String(value), records, parties);
  if (spec.kind === 'decimal' && /rate|accrual|penalty|ownership/i.test(spec.label)) return `${String(value)}%`;
  return String(value);
}

/** Why nobody can be added as a borrower or cosigner: the household has no person. */
const NO_PERSON = 'This household has no members yet; add one on the household page first.';

type OpenForm =
  { kind: 'rename' | 'owner' | 'borrower' | 'cosigner' | 'addCard' | 'delete' } | { kind: 'editCard'; cardId: string };

/**
 * A record's fields, owners, parties and cards, with the forms of foundations §2 that act on it,
 * Edit (the side drawer of the page) and Delete (after saying what it does).
 */
export function RecordPanel({
  record,
  records,
  parties,
  householdId,
  onChanged,
  onEdit,
}: {
  record: ViewRecord;
  /** The household's records, to name the ones a field points to. */
  records: readonly ViewRecord[];
  parties: readonly Party[];
  householdId: string;
  onChanged: () => void;
  onEdit: () => void;
}) {
  const [form, setForm] = useState<OpenForm>();
  const [error, setError] = useState<string>();
  // Changing a record (owners, parties, cards included) takes FINANCIALS_WRITE; deleting it FINANCIALS_DELETE.
  const can = useCan();
  const canWrite = can('FINANCIALS_WRITE');
  const specs: Readonly<Record<string, FieldSpec>> = RECORD_FIELDS[record.type];
  const details = Object.entries(specs).flatMap(([name, spec]) => {
    const shown = showDetail(spec, (record.details as RecordDetails)[name] as RecordDetailValue, records, parties);
    return shown === undefined ? [] : [{ name, label: spec.label, shown }];
  });
  const persons: Option[] = parties
    .filter((party) => party.kind === 'Person')
    .map((party) => ({ value: party.id, label: party.name }));
  const accountType =
    record.type === 'INVESTMENT_ACCOUNT'
      ? ((record.details as RecordDetails).accountType as InvestmentAccountType)
      : undefined;
  const choices = ownerChoices({
    type: record.type,
    accountType,
    ownerIds: record.owners.map((owner) => owner.entityId),
    parties,
  });
  const owners: Option[] = choices.candidates.map((party) => ({
    value: party.id,
    label: party.kind === 'Person' ? party.name : `${party.name} (${party.kind.toLowerCase()})`,
  }));
  const isLiability = LIABILITIES.includes(record.type);
  const householdLink = (
    <Link to={`/crm/households/${householdId}`} className="text-tremor-brand hover:underline">
      Open the household
    </Link>
  );

  async function act(action: () => Promise<unknown>) {
    setError(undefined);
    try {
      await action();
      onChanged();
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  }

  const done = async (action: Promise<unknown>) => {
    await action;
    onChanged();
  };
  const card = form?.kind === 'editCard' ? record.additionalCards.find((item) => item.id === form.cardId) : undefined;

  return (
    <div className="space-y-4 bg-tremor-background-muted px-3 py-4" data-testid="record-panel">
      {error && <Callout title={error} color="rose" role="alert" />}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {details.map((detail) => (
          <div key={detail.name}>
            <dt className="text-tremor-label text-tremor-content">{detail.label}</dt>
            <dd className="text-tremor-default text-tremor-content-strong">{detail.shown}</dd>
          </div>
        ))}
        {record.securedBy && (
          <div>
            <dt className="text-tremor-label text-tremor-content">Secured type</dt>
            <dd className="text-tremor-default text-tremor-content-strong">
              {enumLabel('SecuredLoanPurpose', record.securedBy.securedType)}
            </dd>
          </div>
        )}
        {record.pension && (
          <div data-testid="pension-payout">
            <dt className="text-tremor-label text-tremor-content">Annual payout</dt>
            <dd className="text-tremor-default text-tremor-content-strong">
              {record.pension.error ?? `${showMoney(record.pension.annualPayout)} a year`}
            </dd>
          </div>
        )}
      </dl>

      <PartyList
        title="Owners"
        entries={record.owners.map((owner) => ({
          id: owner.entityId,
          name: owner.ownerKind === 'Person' ? owner.name : `${owner.name} (${owner.ownerKind.toLowerCase()})`,
        }))}
        onRemove={canWrite ? (id) => act(() => removeRecordOwner(record, id)) : undefined}
        testId="record-owners"
      />
      {choices.blocker ? (
        <p className="text-tremor-label text-tremor-content" data-testid="owner-blocker">
          {choices.blocker} {householdLink}
        </p>
      ) : (
        <p className="text-tremor-label text-tremor-content" data-testid="ownership-rule">
          {ownershipRuleText(record.type, accountType)}
        </p>
      )}
      {isLiability && (
        <>
          <PartyList
            title="Borrowers"
            entries={record.borrowers.map((party) => ({ id: party.personId, name: party.name }))}
            onRemove={canWrite ? (id) => act(() => changeLiabilityParty(record.id, 'remove-borrower', id)) : undefined}
            testId="record-borrowers"
          />
          <PartyList
            title="Cosigners"
            entries={record.cosigners.map((party) => ({ id: party.personId, name: party.name }))}
            onRemove={canWrite ? (id) => act(() => changeLiabilityParty(record.id, 'remove-cosigner', id)) : undefined}
            testId="record-cosigners"
          />
          {persons.length === 0 && (
            <p className="text-tremor-label text-tremor-content">
              {NO_PERSON} {householdLink}
            </p>
          )}
        </>
      )}
      {record.type === 'CREDIT_CARD' && (
        <div>
          <h3 className="text-tremor-label font-semibold uppercase tracking-wide text-tremor-content">
            Additional cards
          </h3>
          {record.additionalCards.length === 0 && <p className="text-tremor-default text-tremor-content">None</p>}
          <ul className="mt-1 space-y-1" data-testid="additional-cards">
            {record.additionalCards.map((item) => (
              <li key={item.id} className="flex items-center gap-3 text-tremor-default text-tremor-content-strong">
                <span>
                  {item.description} · {item.firstFourDigits} •••• {item.lastFourDigits}
                </span>
                {canWrite && (
                  <>
                    <Button size="xs" variant="light" onClick={() => setForm({ kind: 'editCard', cardId: item.id })}>
                      Edit Card
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="rose"
                      onClick={() => act(() => removeAdditionalCard(record.id, item.id))}
                    >
                      Remove
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {(canWrite || can('FINANCIALS_DELETE')) && (
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <>
              <Button size="xs" onClick={onEdit} data-testid="edit-record">
                Edit
              </Button>
              <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'rename' })}>
                {editNameForm.title}
              </Button>
              {owners.length > 0 && (
                <Button
                  size="xs"
                  variant="secondary"
                  onClick={() => setForm({ kind: 'owner' })}
                  data-testid="add-owner"
                >
                  {addOwnerForm.title}
                </Button>
              )}
              {isLiability && (
                <>
                  {persons.length > 0 && (
                    <>
                      <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'borrower' })}>
                        {addBorrowerForm.title}
                      </Button>
                      <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'cosigner' })}>
                        {addCosignerForm.title}
                      </Button>
                    </>
                  )}
                </>
              )}
              {record.type === 'CREDIT_CARD' && (
                <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'addCard' })}>
                  {addAdditionalCardForm.title}
                </Button>
              )}
            </>
          )}
          {can('FINANCIALS_DELETE') && (
            <Button
              size="xs"
              variant="light"
              color="rose"
              onClick={() => setForm({ kind: 'delete' })}
              data-testid="delete-record"
            >
              Delete
            </Button>
          )}
        </div>
      )}

      {form?.kind === 'rename' && (
        <SpecForm
          definition={editNameForm}
          initial={{ nickname: record.nickname ?? '' }}
          onSubmit={(values) => done(renameRecord(record.id, values.nickname ?? ''))}
          onClose={() => setForm(undefined)}
          testId="edit-name-form"
        />
      )}
      {form?.kind === 'owner' && (
        <SpecForm
          definition={addOwnerForm}
          options={{ owners }}
          errorPaths={{ personId: 'ownerId' }}
          onSubmit={(values) => done(addRecordOwner(record, values.ownerId ?? ''))}
          onClose={() => setForm(undefined)}
          testId="add-owner-form"
        />
      )}
      {(form?.kind === 'borrower' || form?.kind === 'cosigner') && (
        <SpecForm
          definition={form.kind === 'borrower' ? addBorrowerForm : addCosignerForm}
          options={{ persons }}
          onSubmit={(values) =>
            done(
              changeLiabilityParty(
                record.id,
                form.kind === 'borrower' ? 'add-borrower' : 'add-cosigner',
                values.personId ?? '',
              ),
            )
          }
          onClose={() => setForm(undefined)}
          testId={`add-${form.kind}-form`}
        />
      )}
      {form?.kind === 'addCard' && (
        <SpecForm
          definition={addAdditionalCardForm}
          onSubmit={(values) =>
            done(
              addAdditionalCard(record.id, {
                description: values.description ?? '',
                firstFourDigits: values.firstFourDigits ?? '',
                lastFourDigits: values.lastFourDigits ?? '',
              }),
            )
          }
          onClose={() => setForm(undefined)}
          testId="add-card-form"
        />
      )}
      {form?.kind === 'editCard' && card && (
        <SpecForm
          definition={editCardForm}
          initial={card}
          onSubmit={(values) =>
            done(
              editAdditionalCard(record.id, card.id, {
                description: values.description ?? '',
                firstFourDigits: values.firstFourDigits ?? '',
                lastFourDigits: values.lastFourDigits ?? '',
              }),
            )
          }
          onClose={() => setForm(undefined)}
          testId="edit-card-form"
        />
      )}
      {form?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${record.displayName}?`}
          testId="delete-record-dialog"
          confirmLabel="Delete record"
          action={() => softDeleteRecord(record.id)}
          onDone={() => {
            setForm(undefined);
            onChanged();
          }}
          onClose={() => setForm(undefined)}
        >
          {deleteConsequence(record)}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** What deleting a record does, in words, for its confirmation. */
function deleteConsequence(record: ViewRecord): string {
  const amount = record.value ? `${formatMoney(record.value.value)} ${record.value.currency}` : undefined;
  const effect = amount
    ? record.side === 'LIABILITY'
      ? `Its ${amount} no longer counts in the household's debt, so net worth goes up by that much.`
      : `Its ${amount} no longer counts in the household's assets, so net worth goes down by that much.`
    : 'It no longer appears in the household’s net worth.';
  const synced = record.sync ? ' A bank sync does not bring it back.' : '';
  return `${effect} It leaves every view of the household; the audit log keeps it, with who deleted it and when.${synced}`;
}

function PartyList({
  title,
  entries,
  onRemove,
  testId,
}: {
  title: string;
  entries: { id: string; name: string }[];
  onRemove: ((id: string) => void) | undefined;
  testId: string;
}) {
  return (
    <div>
      <h3 className="text-tremor-label font-semibold uppercase tracking-wide text-tremor-content">{title}</h3>
      {entries.length === 0 && <p className="text-tremor-default text-tremor-content">None</p>}
      <ul className="mt-1 space-y-1" data-testid={testId}>
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-3 text-tremor-default text-tremor-content-strong">
            <span>{entry.name}</span>
            {onRemove && (
              <Button size="xs" variant="light" color="rose" onClick={() => onRemove(entry.id)}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useState } from 'react';
import { Button, Callout } from '@tremor/react';
import {
  addAdditionalCardForm,
  addBorrowerForm,
  addCosignerForm,
  addOwnerForm,
  editCardForm,
  editNameForm,
  enumLabel,
  labelOfValue,
  RECORD_FIELDS,
  submit,
  type FieldSpec,
  type FinancialView,
  type FormDefinition,
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
import { showMoney } from './money';
import { SpecForm, type Option } from './spec-form';

type ViewRecord = FinancialView['records'][number];
type Party = FinancialView['parties'][number];

const LIABILITIES = ['CREDIT_CARD', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE'];
/** The records the spec gives an add-owner call (foundations §7). */
const OWNER_CALLS = ['INVESTMENT_ACCOUNT', 'BANK_ACCOUNT', 'REAL_ESTATE_PROPERTY'];

const deleteRecordForm: FormDefinition = {
  id: 'deleteRecord',
  title: 'Delete Record',
  fields: [],
  buttons: [submit('Delete', 'danger')],
  http: { method: 'DELETE', path: '/:financialRecordId/soft-delete', params: ['financialRecordId'] },
};

function showDetail(spec: FieldSpec, value: RecordDetailValue): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'object') return `${showMoney(value)} ${value.currency}`;
  if (spec.kind === 'boolean') return value ? 'Yes' : undefined;
  if (spec.kind === 'enum') return labelOfValue(spec.values, String(value));
  if (spec.kind === 'decimal' && /rate|accrual|penalty|ownership/i.test(spec.label)) return `${String(value)}%`;
  return String(value);
}

type OpenForm =
  { kind: 'rename' | 'owner' | 'borrower' | 'cosigner' | 'addCard' | 'delete' } | { kind: 'editCard'; cardId: string };

/** A record's fields, owners, parties and cards, with the forms of foundations §2 that act on it. */
export function RecordPanel({
  record,
  parties,
  onChanged,
}: {
  record: ViewRecord;
  parties: readonly Party[];
  onChanged: () => void;
}) {
  const [form, setForm] = useState<OpenForm>();
  const [error, setError] = useState<string>();
  const specs: Readonly<Record<string, FieldSpec>> = RECORD_FIELDS[record.type];
  const details = Object.entries(specs).flatMap(([name, spec]) => {
    const shown = showDetail(spec, (record.details as RecordDetails)[name] as RecordDetailValue);
    return shown === undefined ? [] : [{ name, label: spec.label, shown }];
  });
  const persons: Option[] = parties
    .filter((party) => party.kind === 'Person')
    .map((party) => ({ value: party.id, label: party.name }));
  const owners: Option[] = (record.type === 'INVESTMENT_ACCOUNT' ? parties : parties.filter((p) => p.kind === 'Person'))
    .filter((party) => !record.owners.some((owner) => owner.entityId === party.id))
    .map((party) => ({ value: party.id, label: `${party.name} (${party.kind.toLowerCase()})` }));
  const isLiability = LIABILITIES.includes(record.type);

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
          name: `${owner.name} (${owner.ownerKind.toLowerCase()})`,
        }))}
        onRemove={OWNER_CALLS.includes(record.type) ? (id) => act(() => removeRecordOwner(record, id)) : undefined}
      />
      {isLiability && (
        <>
          <PartyList
            title="Borrowers"
            entries={record.borrowers.map((party) => ({ id: party.personId, name: party.name }))}
            onRemove={(id) => act(() => changeLiabilityParty(record.id, 'remove-borrower', id))}
          />
          <PartyList
            title="Cosigners"
            entries={record.cosigners.map((party) => ({ id: party.personId, name: party.name }))}
            onRemove={(id) => act(() => changeLiabilityParty(record.id, 'remove-cosigner', id))}
          />
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
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'rename' })}>
          {editNameForm.title}
        </Button>
        {OWNER_CALLS.includes(record.type) && (
          <Button
            size="xs"
            variant="secondary"
            onClick={() => setForm({ kind: 'owner' })}
            disabled={owners.length === 0}
          >
            {addOwnerForm.title}
          </Button>
        )}
        {isLiability && (
          <>
            <Button
              size="xs"
              variant="secondary"
              onClick={() => setForm({ kind: 'borrower' })}
              disabled={persons.length === 0}
            >
              {addBorrowerForm.title}
            </Button>
            <Button
              size="xs"
              variant="secondary"
              onClick={() => setForm({ kind: 'cosigner' })}
              disabled={persons.length === 0}
            >
              {addCosignerForm.title}
            </Button>
          </>
        )}
        {record.type === 'CREDIT_CARD' && (
          <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'addCard' })}>
            {addAdditionalCardForm.title}
          </Button>
        )}
        <Button size="xs" variant="light" color="rose" onClick={() => setForm({ kind: 'delete' })}>
          Delete
        </Button>
      </div>

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
        <SpecForm
          definition={deleteRecordForm}
          description={`Delete ${record.displayName}? It leaves the household's view; the audit log keeps it.`}
          onSubmit={() => done(softDeleteRecord(record.id))}
          onClose={() => setForm(undefined)}
          testId="delete-record-form"
        />
      )}
    </div>
  );
}

function PartyList({
  title,
  entries,
  onRemove,
}: {
  title: string;
  entries: { id: string; name: string }[];
  onRemove: ((id: string) => void) | undefined;
}) {
  return (
    <div>
      <h3 className="text-tremor-label font-semibold uppercase tracking-wide text-tremor-content">{title}</h3>
      {entries.length === 0 && <p className="text-tremor-default text-tremor-content">None</p>}
      <ul className="mt-1 space-y-1">
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

import { useId, useState, type FormEvent } from 'react';
import { Button, Callout } from '@tremor/react';
import {
  allowsJointOwnership,
  CURRENCY_CODES,
  enumerationOptions,
  FinancialRecordType,
  isLiability,
  ownerKindsFor,
  ownershipRuleText,
  RECORD_TYPE_LABELS,
  recordFormFields,
  type FieldSpec,
  type FinancialRecordResponse,
  type FinancialView,
  type InvestmentAccountType,
  type RecordDetails,
} from '@meridian/domain';
import { createRecord, editRecord, toApiError } from '../../api';
import { CheckboxInput, controlClass, FieldShell, InputField, SelectInput } from '../../components/fields';
import { SideDrawer } from './side-drawer';

type ViewRecord = FinancialView['records'][number];

/** Form values as typed: text for every input, 'true' or '' for a checkbox; a money field `x` keeps its currency in `x.currency`. */
type Values = Record<string, string>;

const COMMON_FIELDS = ['nickname', 'name', 'asOfDate', 'isJoint'] as const;
/** Fields the API derives from another when left blank (an investment account's type). */
const derivedFields = new Set(['taxStatus', 'jurisdiction']);

const TYPE_GROUPS = [
  { label: 'Assets', types: FinancialRecordType.filter((type) => !isLiability(type)) },
  { label: 'Debts', types: FinancialRecordType.filter((type) => isLiability(type)) },
];

/** A typed number goes to the API as a number; anything else as typed, so the API names the problem. */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The form's values for a record: its common fields and its own, as text. */
function valuesOf(record: ViewRecord | undefined): Values {
  const values: Values = { nickname: '', name: '', asOfDate: '', isJoint: '' };
  if (!record) return values;
  values.nickname = record.nickname ?? '';
  values.name = record.name ?? '';
  values.asOfDate = record.asOfDate ?? '';
  values.isJoint = record.isJoint ? 'true' : '';
  const details = record.details as RecordDetails;
  for (const [name, spec] of recordFormFields(record.type, details as { accountType?: string })) {
    const value = details[name];
    if (spec.kind === 'money') {
      const money = value as { value: string; currency: string } | null;
      values[name] = money?.value ?? '';
      if (money) values[`${name}.currency`] = money.currency;
    } else if (spec.kind === 'boolean') {
      values[name] = value === true ? 'true' : '';
    } else {
      values[name] = value === null || value === undefined ? '' : String(value);
    }
  }
  return values;
}

/** A field's value for the API: null when blank. */
function apiValue(spec: FieldSpec, name: string, values: Values, currency: string): unknown {
  const text = values[name] ?? '';
  if (spec.kind === 'money') {
    return text.trim() === '' ? null : { value: numberOrText(text), currency: values[`${name}.currency`] ?? currency };
  }
  if (spec.kind === 'decimal' || spec.kind === 'integer') return text.trim() === '' ? null : numberOrText(text);
  if (spec.kind === 'boolean') return text === 'true';
  return text.trim() === '' ? null : text;
}

/** The records and persons a reference field may point to, as options. */
function referenceChoices(name: string, view: FinancialView, selfId?: string) {
  if (name === 'insuredPersonId') {
    return view.parties
      .filter((party) => party.kind === 'Person')
      .map((party) => ({ value: party.id, label: party.name }));
  }
  const records =
    name === 'propertyId'
      ? view.records.filter((record) => record.type === 'REAL_ESTATE_PROPERTY')
      : // securedByRecordId: an asset of the household.
        view.records.filter((record) => record.side === 'ASSET' && record.id !== selfId);
  return records.map((record) => ({ value: record.id, label: record.displayName }));
}

/**
 * Create or edit a financial record of any type in a side drawer: the type's own fields come from
 * its declaration in the domain (RECORD_FIELDS, through recordFormFields), so every type has its
 * form and no type's form is written by hand. On create, the owners are chosen with the type's
 * ownership rule shown; on edit, owners are changed from the record's panel.
 */
export function RecordForm({
  householdId,
  record,
  view,
  onSaved,
  onClose,
}: {
  householdId: string;
  /** The record to edit; none to create one. */
  record?: ViewRecord;
  view: FinancialView;
  onSaved: (record: FinancialRecordResponse) => void;
  onClose: () => void;
}) {
  const idPrefix = useId();
  const [type, setType] = useState<FinancialRecordType | ''>(record?.type ?? '');
  const [values, setValues] = useState<Values>(() => valuesOf(record));
  const [initial] = useState<Values>(() => valuesOf(record));
  const [owners, setOwners] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A field's message goes once the field is changed ('marketValue.currency' belongs to marketValue).
    const field = name.split('.')[0] ?? name;
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _changed, ...rest } = current;
      return rest;
    });
  };
  const accountType = (values.accountType || undefined) as InvestmentAccountType | undefined;
  const fields = type ? recordFormFields(type, { accountType }) : [];
  const jointAllowed = type ? allowsJointOwnership(type, accountType) : false;
  const ownerKinds = type ? ownerKindsFor(type, accountType) : [];
  const ownerCandidates = view.parties.filter((party) => ownerKinds.includes(party.kind));
  const currencies = [view.currency, ...CURRENCY_CODES.filter((code) => code !== view.currency)];
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const testId = (name: string) => `record-field-${name}`;

  function body(): Record<string, unknown> {
    if (!type) return {};
    const result: Record<string, unknown> = {};
    const changed = (name: string) =>
      !record || values[name] !== initial[name] || values[`${name}.currency`] !== initial[`${name}.currency`];
    for (const name of ['nickname', 'name', 'asOfDate'] as const) {
      if (changed(name)) result[name] = values[name]?.trim() ? values[name] : null;
    }
    if (jointAllowed && (!record || record.owners.length <= 1) && changed('isJoint'))
      result.isJoint = values.isJoint === 'true';
    for (const [name, spec] of fields) {
      if (!changed(name)) continue;
      const value = apiValue(spec, name, values, view.currency);
      // A new record leaves blank fields out; an edit clears them.
      if (record || (value !== null && !(spec.kind === 'boolean' && value === false))) result[name] = value;
    }
    if (!record) {
      result.type = type;
      result.householdId = householdId;
      // Only the owners still offered: a type changed afterwards may allow fewer kinds.
      result.owners = owners.filter((id) => ownerCandidates.some((party) => party.id === id));
    }
    return result;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!type) {
      setErrors({ type: 'Choose what to add' });
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(undefined);
    try {
      const saved = record ? await editRecord(record.id, body()) : await createRecord(body());
      onSaved(saved);
    } catch (failure) {
      const error = toApiError(failure);
      const byField: Record<string, string> = {};
      const rest: string[] = [];
      const known = new Set<string>([...COMMON_FIELDS, ...fields.map(([name]) => name), 'owners']);
      for (const detail of error.details) {
        // 'marketValue.value' belongs to marketValue, 'owners.1' to the owners.
        const name = detail.path.split('.')[0] ?? '';
        if (known.has(name)) byField[name] ??= detail.message;
        else rest.push(detail.message);
      }
      setErrors(byField);
      if (rest.length > 0 || Object.keys(byField).length === 0) setFormError(rest[0] ?? error.message);
    } finally {
      setBusy(false);
    }
  }

  const title = record ? `Edit ${record.displayName}` : 'Add an account, asset or debt';

  return (
    <SideDrawer title={title} testId="record-form" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError && <Callout title={formError} color="rose" role="alert" data-testid="record-form-error" />}
        {record?.sync && (
          <Callout title="Synced from the bank" color="amber" data-testid="record-form-synced">
            The next sync replaces the institution’s name, the balance and the other figures the bank sends. The
            nickname and the owners set here stay.
          </Callout>
        )}
        {!record ? (
          <FieldShell id={fieldId('type')} label="What is it?" error={errors.type} testId={testId('type')} required>
            <select
              id={fieldId('type')}
              className={controlClass(errors.type !== undefined)}
              value={type}
              onChange={(event) => {
                setType(event.target.value as FinancialRecordType | '');
                setErrors({});
              }}
              data-testid={testId('type')}
            >
              <option value="">Choose a type…</option>
              {TYPE_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.types.map((value) => (
                    <option key={value} value={value}>
                      {RECORD_TYPE_LABELS[value]}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </FieldShell>
        ) : (
          <p className="text-tremor-default text-tremor-content">
            {RECORD_TYPE_LABELS[record.type]}. The type cannot change: to change it, delete this record and add another.
          </p>
        )}

        {type && (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <InputField
                id={fieldId('nickname')}
                label="Nickname"
                value={values.nickname ?? ''}
                onChange={(value) => set('nickname', value)}
                error={errors.nickname}
                testId={testId('nickname')}
                hint="The name the household uses for it"
              />
              <InputField
                id={fieldId('name')}
                label="Institution or name"
                value={values.name ?? ''}
                onChange={(value) => set('name', value)}
                error={errors.name}
                testId={testId('name')}
              />
              {fields.map(([name, spec]) => (
                <OwnField
                  key={name}
                  name={name}
                  spec={spec}
                  values={values}
                  set={set}
                  error={errors[name]}
                  id={fieldId(name)}
                  testId={testId(name)}
                  currencies={currencies}
                  references={spec.kind === 'reference' ? referenceChoices(name, view, record?.id) : []}
                />
              ))}
              <InputField
                id={fieldId('asOfDate')}
                label="Figures as of"
                type="date"
                value={values.asOfDate ?? ''}
                onChange={(value) => set('asOfDate', value)}
                error={errors.asOfDate}
                testId={testId('asOfDate')}
                hint="When the balance or value was read"
              />
            </div>

            <fieldset className="space-y-2" data-testid="record-form-owners">
              <legend className="text-tremor-default font-medium text-tremor-content-strong">Owners</legend>
              <p className="text-tremor-label text-tremor-content" data-testid="ownership-rule">
                {ownershipRuleText(type, accountType)}
              </p>
              {record ? (
                <p className="text-tremor-label text-tremor-content">
                  Owners are added and removed from the record’s panel on the page.
                </p>
              ) : ownerCandidates.length === 0 ? (
                <p className="text-tremor-label text-tremor-content">
                  {view.parties.length === 0
                    ? 'This household has no members yet. Add one on the household page; the record can be saved without owners meanwhile.'
                    : 'No member or entity of this household may own this type of record.'}
                </p>
              ) : (
                ownerCandidates.map((party) => (
                  <CheckboxInput
                    key={party.id}
                    id={fieldId(`owner-${party.id}`)}
                    label={party.kind === 'Person' ? party.name : `${party.name} (${party.kind.toLowerCase()})`}
                    checked={owners.includes(party.id)}
                    onChange={(checked) =>
                      setOwners((current) =>
                        checked ? [...current, party.id] : current.filter((id) => id !== party.id),
                      )
                    }
                    testId={`record-owner-${party.id}`}
                  />
                ))
              )}
              {errors.owners && (
                <p className="text-tremor-label text-red-600" data-testid="record-field-owners-error">
                  {errors.owners}
                </p>
              )}
              {/* Two owners make a record joint already; the box is for one owner holding it jointly. */}
              {jointAllowed && (!record || record.owners.length <= 1) && (
                <CheckboxInput
                  id={fieldId('isJoint')}
                  label="Owned jointly"
                  checked={values.isJoint === 'true'}
                  onChange={(checked) => set('isJoint', checked ? 'true' : '')}
                  testId={testId('isJoint')}
                />
              )}
              {errors.isJoint && (
                <p className="text-tremor-label text-red-600" data-testid="record-field-isJoint-error">
                  {errors.isJoint}
                </p>
              )}
            </fieldset>
          </>
        )}

        <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} data-testid="record-form-save">
            {record ? 'Save changes' : 'Add record'}
          </Button>
        </div>
      </form>
    </SideDrawer>
  );
}

/** One of the type's own fields, by its kind. */
function OwnField({
  name,
  spec,
  values,
  set,
  error,
  id,
  testId,
  currencies,
  references,
}: {
  name: string;
  spec: FieldSpec;
  values: Values;
  set: (name: string, value: string) => void;
  error: string | undefined;
  id: string;
  testId: string;
  currencies: readonly string[];
  references: readonly { value: string; label: string }[];
}) {
  const value = values[name] ?? '';
  const required = 'required' in spec && spec.required === true;
  const shell = { id, label: spec.label, error, testId, required };
  switch (spec.kind) {
    case 'enum': {
      const allowed = new Set<string>(spec.values);
      const options = enumerationOptions(spec.enumeration).filter((option) => allowed.has(option.value));
      return (
        <SelectInput
          {...shell}
          value={value}
          onChange={(next) => set(name, next)}
          options={options}
          emptyLabel={required ? 'Choose…' : derivedFields.has(name) ? 'As the account type implies' : 'Not recorded'}
        />
      );
    }
    case 'reference':
      return (
        <SelectInput
          {...shell}
          value={value}
          onChange={(next) => set(name, next)}
          options={references}
          emptyLabel={references.length === 0 ? 'None in this household' : 'None'}
        />
      );
    case 'boolean':
      return (
        <div className="flex items-end pb-2">
          <CheckboxInput
            id={id}
            label={spec.label}
            checked={value === 'true'}
            onChange={(checked) => set(name, checked ? 'true' : '')}
            testId={testId}
          />
        </div>
      );
    case 'money':
      return (
        <FieldShell {...shell}>
          <div className="flex gap-2">
            <input
              id={id}
              type="text"
              inputMode="decimal"
              className={controlClass(error !== undefined)}
              value={value}
              onChange={(event) => set(name, event.target.value)}
              aria-invalid={error !== undefined}
              aria-describedby={error !== undefined ? `${id}-error` : undefined}
              data-testid={testId}
            />
            <select
              aria-label={`${spec.label} currency`}
              className={`${controlClass(false)} w-24`}
              value={values[`${name}.currency`] ?? currencies[0]}
              onChange={(event) => set(`${name}.currency`, event.target.value)}
              data-testid={`${testId}-currency`}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        </FieldShell>
      );
    case 'decimal':
    case 'integer':
      return (
        <InputField
          {...shell}
          label={/Percent/.test(name) ? `${spec.label} (%)` : spec.label}
          value={value}
          onChange={(next) => set(name, next)}
          type="number"
        />
      );
    case 'date':
      return <InputField {...shell} type="date" value={value} onChange={(next) => set(name, next)} />;
    case 'text':
      return <InputField {...shell} value={value} onChange={(next) => set(name, next)} />;
  }
}

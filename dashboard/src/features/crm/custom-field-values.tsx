import { type FormEvent, useId } from 'react';
import { Button } from '@tremor/react';
import { CURRENCY_CODES, type CustomFieldValueView } from '@meridian/domain';
import { CheckboxInput, FormMessages, InputField, SelectInput } from '../../components/fields';
import { Empty, RecordCard } from './record-list';
import { useForm } from './use-form';

type Save = (body: { definitionId: string; value: unknown }) => Promise<CustomFieldValueView[]>;

/** The form's text for a stored value. */
function toText(field: CustomFieldValueView): string {
  const value = field.value;
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return String(value.value);
  return String(value);
}

/** The value to send for the form's text, by the field's type; empty clears it. */
function fromText(field: CustomFieldValueView, text: string, currency: string, checked: boolean): unknown {
  if (field.type === 'CHECKBOX') return checked;
  if (text.trim() === '') return null;
  switch (field.type) {
    case 'NUMBER':
      return Number.isFinite(Number(text)) ? Number(text) : text;
    case 'CURRENCY_VALUE':
      return { value: Number.isFinite(Number(text)) ? Number(text) : text, currency };
    case 'MULTI_SELECT':
      return text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

function FieldEditor({
  field,
  save,
  onSaved,
}: {
  field: CustomFieldValueView;
  save: Save;
  onSaved: (fields: CustomFieldValueView[]) => void;
}) {
  const id = useId();
  const initialCurrency =
    typeof field.value === 'object' && field.value && !Array.isArray(field.value) ? field.value.currency : 'CAD';
  const form = useForm({ text: toText(field), currency: initialCurrency, checked: field.value === true }, ['value']);
  const testId = `custom-field-${field.name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = fromText(field, form.values.text, form.values.currency, form.values.checked);
    const result = await form.submit({ definitionId: field.definitionId, value }, undefined, (body) =>
      save(body as Parameters<Save>[0]),
    );
    if (result) onSaved(result);
  }

  const error =
    form.errors.fields.value ?? Object.entries(form.errors.fields).find(([key]) => key.startsWith('value'))?.[1];
  const common = {
    id: `${id}-value`,
    label: field.name,
    value: form.values.text,
    onChange: (v: string) => form.set('text', v),
    error,
    testId,
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" aria-label={field.name}>
      {field.type === 'CHECKBOX' ? (
        <CheckboxInput
          id={`${id}-value`}
          label={field.name}
          checked={form.values.checked}
          onChange={(v) => form.set('checked', v)}
          testId={testId}
        />
      ) : field.type === 'SINGLE_SELECT' ? (
        <SelectInput
          {...common}
          options={field.options.map((option) => ({ value: option, label: option }))}
          emptyLabel="—"
          className="min-w-48"
        />
      ) : (
        <InputField
          {...common}
          type={
            field.type === 'DATE'
              ? 'date'
              : field.type === 'NUMBER' || field.type === 'CURRENCY_VALUE'
                ? 'number'
                : field.type === 'EXTERNAL_URL'
                  ? 'url'
                  : 'text'
          }
          hint={field.type === 'MULTI_SELECT' ? `Comma-separated: ${field.options.join(', ')}` : undefined}
          className="min-w-64"
        />
      )}
      {field.type === 'CURRENCY_VALUE' && (
        <SelectInput
          id={`${id}-currency`}
          label="Currency"
          value={form.values.currency}
          onChange={(v) => form.set('currency', v)}
          options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
          testId={`${testId}-currency`}
        />
      )}
      <Button type="submit" size="xs" variant="secondary" loading={form.pending}>
        Save
      </Button>
      <FormMessages messages={form.errors.form} testId={`${testId}-form-error`} />
    </form>
  );
}

/** A value as read by a role that may not change it. */
function shownValue(field: CustomFieldValueView): string {
  if (field.type === 'CHECKBOX') return field.value === true ? 'Yes' : 'No';
  const value = field.value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return `${value.value} ${value.currency}`;
  return toText(field) || '—';
}

/**
 * The custom fields of an entity's kind (crm §3), each saved on its own and checked against its
 * type; `readOnly` (a role that may not edit the CRM) shows the values alone.
 */
export function CustomFieldsCard({
  fields,
  save,
  onSaved,
  readOnly = false,
}: {
  fields: CustomFieldValueView[];
  save: Save;
  onSaved: (fields: CustomFieldValueView[]) => void;
  readOnly?: boolean;
}) {
  return (
    <RecordCard title="Custom fields" testId="custom-fields">
      {fields.length === 0 && <Empty>No custom field is defined for this kind of record.</Empty>}
      {readOnly ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.definitionId}>
              <dt className="text-tremor-label text-tremor-content">{field.name}</dt>
              <dd className="text-tremor-default text-tremor-content-strong" data-testid={`custom-field-${field.name}`}>
                {shownValue(field)}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="space-y-3">
          {fields.map((field) => (
            <FieldEditor
              key={`${field.definitionId}-${JSON.stringify(field.value)}`}
              field={field}
              save={save}
              onSaved={onSaved}
            />
          ))}
        </div>
      )}
    </RecordCard>
  );
}

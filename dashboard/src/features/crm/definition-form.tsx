import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '@tremor/react';
import type { FormDefinition, FormField } from '@meridian/domain';
import type { z } from 'zod';
import { FormMessages, InputField, SelectInput } from '../../components/fields';
import { nest, useForm } from './use-form';

/** The named fields of a definition, groups flattened, in order. */
function namedFields(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) =>
    field.kind === 'FieldGroup' ? namedFields(field.fields ?? []) : field.name ? [field] : [],
  );
}

function isVisible(field: FormField, values: Record<string, string>): boolean {
  const rule = field.visibleWhen;
  if (!rule) return true;
  const value = values[rule.field] ?? '';
  if (rule.equals !== undefined) return value === rule.equals;
  if (rule.notEquals !== undefined) return value !== rule.notEquals;
  return true;
}

/** The form's values before anything is typed: each field's default, or empty. */
export function initialValues(definition: FormDefinition, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {};
  for (const field of namedFields(definition.fields)) values[field.name!] = String(field.defaultValue ?? '');
  return { ...values, ...overrides };
}

interface DefinitionFormProps<T> {
  definition: FormDefinition;
  /** The schema the API checks the body with; the form checks it first. */
  schema: z.ZodType;
  send: (body: unknown) => Promise<T>;
  onDone: (result: T) => void;
  /** Values to start from (e.g. the contact's current name), over the definition's defaults. */
  start?: Record<string, string>;
  /** Body fields the form does not show (e.g. the team). */
  extraBody?: Record<string, unknown>;
  /** Controls above the definition's fields (given their errors), and the names they report errors under. */
  before?: (errors: Readonly<Record<string, string>>) => ReactNode;
  beforeFieldNames?: readonly string[];
  /** Shown instead of the definition's title; null hides it. */
  title?: string | null;
  onCancel?: () => void;
  /** For a role that may not change it: the values as text, with no field and no button. */
  readOnly?: boolean;
}

/** A field's value as shown read-only: a choice by its label, an empty one as a dash. */
function shownValue(field: FormField, value: string): string {
  if (value === '') return '—';
  const options = field.options?.type === 'static' ? field.options.options : [];
  return options.find((option) => option.value === value)?.label ?? value;
}

/** The definition's fields and their values, read-only (visible fields only, groups flattened). */
function ReadOnlyFields({
  definition,
  values,
  title,
}: {
  definition: FormDefinition;
  values: Record<string, string>;
  title?: string | null;
}) {
  const fields = namedFields(definition.fields).filter((field) => isVisible(field, values));
  return (
    <section className="space-y-2" aria-label={definition.title} data-testid={`${definition.id}-read-only`}>
      {/* The definition's own title names its action ("Update contact name"): only a given title shows. */}
      {title && <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h2>}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name}>
            <dt className="text-tremor-label text-tremor-content">{field.label ?? field.name}</dt>
            <dd
              className="text-tremor-default text-tremor-content-strong"
              data-testid={`${definition.id}-${field.name}`}
            >
              {shownValue(field, values[field.name!] ?? '')}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A definition form, or its values read-only for a role that may not change them. */
export function DefinitionForm<T>(props: DefinitionFormProps<T>) {
  if (props.readOnly) {
    return (
      <ReadOnlyFields
        definition={props.definition}
        values={initialValues(props.definition, props.start)}
        title={props.title}
      />
    );
  }
  return <EditableDefinitionForm {...props} />;
}

/**
 * A form of crm §2 rendered from its definition (domain/src/forms): fields with their defaults,
 * conditions and prefixes, the spec's title and submit label. Messages show beside their fields.
 */
function EditableDefinitionForm<T>({
  definition,
  schema,
  send,
  onDone,
  start,
  extraBody,
  before,
  beforeFieldNames = [],
  title,
  onCancel,
}: DefinitionFormProps<T>) {
  const fields = namedFields(definition.fields);
  const names = [...beforeFieldNames, ...fields.map((field) => field.name!)];
  const form = useForm<Record<string, string>>(initialValues(definition, start), names);
  const id = useId();
  const submitLabel = definition.buttons.find((button) => button.type === 'submit')?.label ?? 'Save';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const visible = Object.fromEntries(
      fields.filter((field) => isVisible(field, form.values)).map((field) => [field.name!, form.values[field.name!]]),
    );
    const body = { ...nest(visible), ...extraBody };
    const result = await form.submit(body, schema, send);
    if (result !== undefined) onDone(result);
  }

  function renderField(field: FormField): ReactNode {
    if (field.kind === 'FieldGroup') {
      return (
        <fieldset key={field.label} className="grid grid-cols-1 gap-3 sm:col-span-2 sm:grid-cols-4">
          <legend className="mb-1 text-tremor-default font-semibold text-tremor-content-strong">{field.label}</legend>
          {(field.fields ?? []).map(renderField)}
        </fieldset>
      );
    }
    if (!field.name || !isVisible(field, form.values)) return null;
    const name = field.name;
    const common = {
      id: `${id}-${name}`,
      label: field.label ?? name,
      value: form.values[name] ?? '',
      onChange: (value: string) => form.set(name, value),
      error: form.errors.fields[name],
      hint: field.hint,
      testId: `${definition.id}-${name}`,
      required: field.required ?? false,
    };
    const options = field.options?.type === 'static' ? field.options.options : [];
    switch (field.kind) {
      case 'Select':
        return (
          <SelectInput
            key={name}
            {...common}
            options={options}
            // An optional select can be cleared; a required one with no value yet asks for a choice.
            {...(!field.required ? { emptyLabel: '—' } : common.value === '' ? { emptyLabel: 'Select…' } : {})}
          />
        );
      case 'RadioGroup':
        return (
          <fieldset key={name} className="sm:col-span-2" data-testid={common.testId}>
            <legend className="text-tremor-default font-medium text-tremor-content-strong">{common.label}</legend>
            <div className="mt-1 flex gap-4">
              {options.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-tremor-default">
                  <input
                    type="radio"
                    name={`${id}-${name}`}
                    value={option.value}
                    checked={common.value === option.value}
                    onChange={() => form.set(name, option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {common.error && (
              <p className="mt-1 text-tremor-label text-red-600" data-testid={`${common.testId}-error`}>
                {common.error}
              </p>
            )}
          </fieldset>
        );
      default: {
        const prefix =
          typeof field.prefix === 'string'
            ? field.prefix
            : field.prefix
              ? field.prefix.values[form.values[field.prefix.field] ?? '']
              : undefined;
        const type = field.inputType === 'number' ? 'number' : field.inputType === 'email' ? 'email' : 'text';
        return (
          <InputField
            key={name}
            {...common}
            type={type}
            prefix={prefix}
            {...(prefix ? { className: 'sm:col-span-2' } : {})}
          />
        );
      }
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={definition.title}
      data-testid={`${definition.id}-form`}
      className="space-y-4"
    >
      {title !== null && (
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title ?? definition.title}</h2>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {before?.(form.errors.fields)}
        {definition.fields.map(renderField)}
      </div>
      <FormMessages messages={form.errors.form} testId={`${definition.id}-form-error`} />
      <div className="flex gap-2">
        <Button type="submit" loading={form.pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

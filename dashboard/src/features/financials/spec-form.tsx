import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Callout, Dialog, DialogPanel, TextInput } from '@tremor/react';
import type { FormButton, FormDefinition } from '@meridian/domain';
import { useSaveAndClose } from '../../components/use-save-and-close';

export interface Option {
  value: string;
  label: string;
}

/** A field the dashboard adds to a spec form (the spec's Add Income has a name only). */
export interface ExtraField {
  name: string;
  label: string;
  kind: 'number' | 'select';
  choices?: readonly Option[];
}

interface SpecFormProps {
  /** The form of foundations §2, from `@meridian/domain`: title, fields, buttons. */
  definition: FormDefinition;
  initial?: Record<string, string>;
  /** Options of the dynamic selects, by source name (`owners`, `persons`). */
  options?: Record<string, readonly Option[]>;
  extraFields?: readonly ExtraField[];
  /** What the form says above its fields, e.g. the confirmation of Delete Stream. */
  description?: ReactNode;
  /** API error paths that belong to a field of another name (`flows.0.amount.value` -> `amount`). */
  errorPaths?: Record<string, string>;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

const BUTTON_COLOURS: Record<NonNullable<FormButton['color']>, 'blue' | 'rose' | 'emerald'> = {
  primary: 'blue',
  danger: 'rose',
  success: 'emerald',
};

const nativeSelect =
  'w-full rounded-tremor-default border border-tremor-border bg-tremor-background px-3 py-2 text-tremor-default text-tremor-content-emphasis shadow-tremor-input outline-none focus:border-tremor-brand-subtle focus:ring-2 focus:ring-tremor-brand-muted';

/**
 * A labelled text, number or select field of a form in a dialog or drawer, with its hint and, in
 * place of the hint, the API's message about it.
 */
export function TextOrSelectField({
  id,
  label,
  kind,
  choices = [],
  hint,
  value,
  onChange,
  error,
  errorTestId,
}: {
  id: string;
  label: string;
  kind: 'text' | 'number' | 'select';
  choices?: readonly Option[] | undefined;
  hint?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  errorTestId: string;
}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-tremor-default font-medium text-tremor-content-strong">
        {label}
      </label>
      <div className="mt-1.5">
        {kind === 'select' ? (
          <select
            id={id}
            className={`${nativeSelect} ${error ? 'border-red-500' : ''}`}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error !== undefined}
            aria-describedby={describedBy}
          >
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : (
          <TextInput
            id={id}
            type={kind === 'number' ? 'number' : 'text'}
            step={kind === 'number' ? 'any' : undefined}
            value={value}
            onValueChange={onChange}
            error={error !== undefined}
            aria-invalid={error !== undefined}
            aria-describedby={describedBy}
          />
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-tremor-label text-tremor-content">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-tremor-label text-red-600" data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A form of foundations §2 in a dialog: its fields and buttons come from the domain's form
 * definition; the API checks the input, and its messages show beside the fields they concern.
 */
export function SpecForm({
  definition,
  initial = {},
  options = {},
  extraFields = [],
  description,
  errorPaths = {},
  onSubmit,
  onClose,
  testId,
}: SpecFormProps) {
  const idPrefix = useId();
  const fields = [
    ...definition.fields.flatMap((field) =>
      field.name === undefined
        ? []
        : [
            {
              name: field.name,
              label: field.label ?? field.name,
              kind: field.kind === 'DynamicSelect' ? ('select' as const) : ('text' as const),
              choices: field.options?.type === 'dynamic' ? (options[field.options.source] ?? []) : [],
            },
          ],
    ),
    ...extraFields.map((field) => ({ ...field, choices: field.choices ?? [] })),
  ];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, initial[field.name] ?? field.choices[0]?.value ?? ''])),
  );
  const { errors, formError, busy, submit: saveAndClose } = useSaveAndClose();
  const submit = definition.buttons.find((button) => button.type === 'submit');

  const handleSubmit = (event: FormEvent) =>
    saveAndClose(event, {
      save: () => onSubmit(values),
      fieldOf: (path) => {
        const name = errorPaths[path] ?? path;
        return fields.some((field) => field.name === name) ? name : undefined;
      },
      then: onClose,
    });

  return (
    <Dialog open onClose={onClose} static>
      <DialogPanel className="max-w-md" data-testid={testId} aria-labelledby={`${idPrefix}-title`}>
        <form onSubmit={handleSubmit} noValidate>
          <h2 id={`${idPrefix}-title`} className="text-tremor-title font-semibold text-tremor-content-strong">
            {definition.title}
          </h2>
          {description && <div className="mt-2 text-tremor-default text-tremor-content">{description}</div>}
          {formError && (
            <Callout className="mt-4" title={formError} color="rose" role="alert" data-testid={`${testId}-error`} />
          )}
          <div className="mt-4 space-y-4">
            {fields.map((field) => (
              <TextOrSelectField
                key={field.name}
                id={`${idPrefix}-${field.name}`}
                label={field.label}
                kind={field.kind}
                choices={field.choices}
                value={values[field.name] ?? ''}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                error={errors[field.name]}
                errorTestId={`${testId}-${field.name}-error`}
              />
            ))}
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {submit && (
              <Button type="submit" color={BUTTON_COLOURS[submit.color ?? 'primary']} loading={busy}>
                {submit.label}
              </Button>
            )}
          </div>
        </form>
      </DialogPanel>
    </Dialog>
  );
}

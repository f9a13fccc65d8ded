import { useId, useState, type FormEvent } from 'react';
import { Button, Callout } from '@tremor/react';
import { useSaveAndClose } from '../../components/use-save-and-close';
import { SideDrawer } from '../financials/side-drawer';
import { TextOrSelectField } from '../financials/spec-form';

export interface Choice {
  value: string;
  label: string;
}

/** One labelled field of a plan part's form; `shown` hides a field the other answers make moot. */
export interface PartField {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'select' | 'checkbox';
  choices?: readonly Choice[];
  /** A line under the field: the unit or what the field means ("percent a year"). */
  hint?: string;
  shown?: (values: Readonly<Record<string, string>>) => boolean;
}

/**
 * A plan part's form in a side drawer: labelled fields, the API's messages beside the fields they
 * concern (an error path's first segment names the field) and the rest above the fields.
 */
export function PartForm({
  title,
  fields,
  initial,
  submitLabel,
  onSubmit,
  onClose,
  testId,
}: {
  title: string;
  fields: readonly PartField[];
  initial: Record<string, string>;
  submitLabel: string;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const idPrefix = useId();
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(fields.map((field) => [field.name, field.choices?.[0]?.value ?? ''])),
    ...initial,
  }));
  const { errors, formError, busy, submit } = useSaveAndClose();
  const shownFields = fields.filter((field) => field.shown?.(values) ?? true);

  const handleSubmit = (event: FormEvent) =>
    submit(event, {
      save: () => onSubmit(values),
      // A detail about a field or anything inside it (`flows.0.amount` is the field `flows`).
      fieldOf: (path) => shownFields.find((field) => path === field.name || path.startsWith(`${field.name}.`))?.name,
      then: onClose,
    });

  return (
    <SideDrawer title={title} testId={testId} onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        {formError && <Callout title={formError} color="rose" role="alert" data-testid={`${testId}-error`} />}
        {shownFields.map((field) => {
          const id = `${idPrefix}-${field.name}`;
          const error = errors[field.name];
          const set = (value: string) => setValues((current) => ({ ...current, [field.name]: value }));
          if (field.kind === 'checkbox') {
            return (
              <div key={field.name} className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  className="h-4 w-4 rounded border-tremor-border text-tremor-brand"
                  checked={values[field.name] === 'true'}
                  onChange={(event) => set(String(event.target.checked))}
                />
                <label htmlFor={id} className="text-tremor-default text-tremor-content-strong">
                  {field.label}
                </label>
              </div>
            );
          }
          return (
            <TextOrSelectField
              key={field.name}
              id={id}
              label={field.label}
              kind={field.kind}
              choices={field.choices}
              hint={field.hint}
              value={values[field.name] ?? ''}
              onChange={set}
              error={error}
              errorTestId={`${testId}-${field.name}-error`}
            />
          );
        })}
        <div className="flex justify-end gap-3 pt-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </SideDrawer>
  );
}

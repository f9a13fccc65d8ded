import type { FormEvent, ReactNode } from 'react';
import { Button } from '@tremor/react';
import { FormMessages } from '../../components/fields';
import type { FormErrors } from '../../lib/form-errors';

/**
 * The CRM's one-row forms: the fields in a grid (`columns`, e.g. 'grid-cols-1 sm:grid-cols-4'),
 * bottom-aligned, then `footer` (the submit button) and the messages that belong to no field.
 */
export function GridForm({
  label,
  columns,
  form,
  onSubmit,
  errorTestId,
  testId,
  footer,
  children,
}: {
  label: string;
  columns: string;
  form: { errors: FormErrors };
  onSubmit: (event: FormEvent) => void;
  errorTestId: string;
  testId?: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`grid items-end gap-3 ${columns}`}
      aria-label={label}
      data-testid={testId}
    >
      {children}
      {footer}
      <FormMessages messages={form.errors.form} testId={errorTestId} />
    </form>
  );
}

/** A GridForm's submit button, in a cell of its own level with the inputs. */
export function SubmitCell({
  label,
  pending,
  variant,
}: {
  label: string;
  pending: boolean;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <div className="pb-1">
      <Button type="submit" variant={variant} loading={pending}>
        {label}
      </Button>
    </div>
  );
}

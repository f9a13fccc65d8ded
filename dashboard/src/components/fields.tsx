import type { ReactNode } from 'react';

// Labelled controls of the CRM forms: label, control, hint and the field's own error message
// (data-testid `${testId}-error`), wired together for screen readers. Native inputs and selects
// in Tremor's input styles, as the calculators' fields. The hub's filters and pickers use the same
// control style (`controlClass`).

const control =
  'w-full rounded-tremor-default border bg-tremor-background px-3 py-2 text-tremor-default text-tremor-content-emphasis shadow-tremor-input outline-none transition duration-100 focus:border-tremor-brand-subtle focus:ring-2 focus:ring-tremor-brand-muted disabled:bg-tremor-background-subtle';

export function controlClass(invalid: boolean): string {
  return `${control} ${invalid ? 'border-red-500' : 'border-tremor-border'}`;
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  testId: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, error, hint, testId, required, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-tremor-default font-medium text-tremor-content-strong">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="mt-1">{children}</div>
      {hint && error === undefined && <p className="mt-1 text-tremor-label text-tremor-content">{hint}</p>}
      {error !== undefined && (
        <p id={`${id}-error`} className="mt-1 text-tremor-label text-red-600" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface InputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  testId: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'url';
  prefix?: string | undefined;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
}

export function InputField({ value, onChange, type = 'text', prefix, placeholder, disabled, ...shell }: InputProps) {
  const invalid = shell.error !== undefined;
  const input = (
    <input
      id={shell.id}
      type={type}
      className={`${controlClass(invalid)} ${prefix ? 'rounded-l-none' : ''}`}
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid}
      aria-describedby={invalid ? `${shell.id}-error` : undefined}
      data-testid={shell.testId}
    />
  );
  return (
    <FieldShell {...shell}>
      {prefix ? (
        <div className="flex">
          <span
            className="inline-flex items-center whitespace-nowrap rounded-l-tremor-default border border-r-0 border-tremor-border bg-tremor-background-subtle px-2 text-tremor-label text-tremor-content"
            data-testid={`${shell.testId}-prefix`}
          >
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectProps extends Omit<InputProps, 'type' | 'prefix' | 'placeholder'> {
  options: readonly Option[];
  /** A first, empty choice labelled so (for optional selects). */
  emptyLabel?: string;
}

export function SelectInput({ value, onChange, options, emptyLabel, disabled, ...shell }: SelectProps) {
  const invalid = shell.error !== undefined;
  return (
    <FieldShell {...shell}>
      <select
        id={shell.id}
        className={controlClass(invalid)}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${shell.id}-error` : undefined}
        data-testid={shell.testId}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxInput({
  id,
  label,
  checked,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-tremor-default text-tremor-content-emphasis">
      <input
        id={id}
        type="checkbox"
        className="h-4 w-4 rounded border-tremor-border text-tremor-brand"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      {label}
    </label>
  );
}

/** Messages that belong to no field of the form, above its buttons. */
export function FormMessages({ messages, testId }: { messages: readonly string[]; testId: string }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-tremor-default bg-red-50 px-3 py-2 text-tremor-default text-red-700"
      data-testid={testId}
    >
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { Callout, Metric, Text, TextInput } from '@tremor/react';
import type { z } from 'zod';
import { toApiError } from '../../../api';
import { formErrorsFromApi, formErrorsFromIssues, NO_ERRORS, type FormErrors } from '../../../lib/form-errors';

// Labelled form fields of the calculators: a label, the control, an optional hint and the field's
// error message, wired together for screen readers. Numbers use Tremor's TextInput; choices and
// dates are the native <select> and <input type="date"> (keyboard, screen readers and date entry
// work as the browser intends) dressed in Tremor's input styles.

const nativeControl =
  'w-full rounded-tremor-default border bg-tremor-background px-3 py-2 text-tremor-default text-tremor-content-emphasis shadow-tremor-input outline-none transition duration-100 focus:border-tremor-brand-subtle focus:ring-2 focus:ring-tremor-brand-muted';

interface ControlState {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  /** Shown under the control, which is marked invalid while there is one. */
  error?: string | undefined;
  hint?: ReactNode;
  /** `data-testid` of the control; its error message is `${testId}-error`. */
  testId: string;
  optional?: boolean;
  className?: string;
}

function Field({
  id,
  label,
  error,
  hint,
  testId,
  optional = false,
  className,
  children,
}: FieldProps & { children: (control: ControlState) => ReactNode }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && error === undefined;
  const describedBy = error !== undefined ? errorId : showHint ? hintId : undefined;
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className="flex items-baseline gap-1.5 text-tremor-default font-medium text-tremor-content-strong"
      >
        {label}
        {optional && <span className="text-tremor-label font-normal text-tremor-content-subtle">(optional)</span>}
      </label>
      <div className="mt-1.5">{children({ id, invalid: error !== undefined, describedBy })}</div>
      {showHint && (
        <p id={hintId} className="mt-1.5 text-tremor-label text-tremor-content">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="mt-1.5 text-tremor-label text-red-600" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface ValueFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function NumberField({
  value,
  onChange,
  disabled,
  placeholder,
  step = 'any',
  ...field
}: ValueFieldProps & { placeholder?: string; step?: string }) {
  return (
    <Field {...field}>
      {(control) => (
        <TextInput
          id={control.id}
          type="number"
          inputMode="decimal"
          step={step}
          placeholder={placeholder ?? ''}
          value={value}
          onValueChange={onChange}
          error={control.invalid}
          aria-invalid={control.invalid}
          aria-describedby={control.describedBy}
          data-testid={field.testId}
          disabled={disabled}
        />
      )}
    </Field>
  );
}

export function DateField({ value, onChange, disabled, ...field }: ValueFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          id={control.id}
          type="date"
          className={`${nativeControl} ${control.invalid ? 'border-red-500' : 'border-tremor-border'}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={control.invalid}
          aria-describedby={control.describedBy}
          data-testid={field.testId}
          disabled={disabled}
        />
      )}
    </Field>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> extends FieldProps {
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  disabled?: boolean;
}

export function SelectField<T extends string>({ value, onChange, choices, disabled, ...field }: SelectFieldProps<T>) {
  return (
    <Field {...field}>
      {(control) => (
        <select
          id={control.id}
          className={`${nativeControl} ${control.invalid ? 'border-red-500' : 'border-tremor-border'}`}
          value={value}
          onChange={(event) => {
            const picked = choices.find((choice) => choice.value === event.target.value);
            if (picked) onChange(picked.value);
          }}
          aria-invalid={control.invalid}
          aria-describedby={control.describedBy}
          data-testid={field.testId}
          disabled={disabled}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** What a calculator could not work out, above its button: one line per message. */
export function FormErrorsCallout({
  title,
  messages,
  testId,
  className,
}: {
  title: string;
  messages: readonly string[];
  testId: string;
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <Callout className={className} title={title} color="rose" role="alert" data-testid={testId}>
      {messages.map((message) => (
        <span key={message} className="block">
          {message}
        </span>
      ))}
    </Callout>
  );
}

/** A calculator's answer when it is one figure: what it is, the amount, then how it was reached. */
export function FigureResult({
  label,
  testId,
  caption,
  amount,
  children,
}: {
  /** The section's accessible name. */
  label: string;
  /** `data-testid` of the section; the amount's is `${testId}-amount`. */
  testId: string;
  caption: ReactNode;
  amount: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      role="status"
      className="mt-5 rounded-tremor-default bg-tremor-background-muted px-4 py-3"
      data-testid={`${testId}-result`}
    >
      <Text>{caption}</Text>
      <Metric className="mt-1 tabular-nums" data-testid={`${testId}-amount`}>
        {amount}
      </Metric>
      {children}
    </section>
  );
}

/** How a calculator asks the API: which fields it sends, which must be filled, and the API's query schema. */
export interface CalculatorRequest<F extends string, Q, R> {
  fields: readonly F[];
  required: readonly F[];
  /** Names the required fields in "… is required". */
  labels: Readonly<Partial<Record<F, string>>>;
  /** Query values that are not fields of the form (the account of the room calculator). */
  fixed?: Readonly<Record<string, string>>;
  schema: z.ZodType<Q>;
  ask: (query: Q) => Promise<R>;
}

/**
 * A calculator's form: its values, errors beside their fields, and the answer. A change makes the
 * shown answer and messages stale, so both go. Calculating names empty required fields, then checks
 * the filled ones with the API's own query schema (mistakes are named before any request), then asks.
 */
export function useCalculatorForm<F extends string, R>(initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [result, setResult] = useState<R>();
  const [submitting, setSubmitting] = useState(false);

  function clear() {
    setResult(undefined);
    setErrors(NO_ERRORS);
  }

  function change(name: F, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    clear();
  }

  async function calculate<Q>(event: FormEvent<HTMLFormElement>, request: CalculatorRequest<F, Q, R>) {
    event.preventDefault();
    setResult(undefined);
    const missing = request.required.filter((field) => values[field].trim() === '');
    if (missing.length > 0) {
      setErrors({
        fields: Object.fromEntries(missing.map((field) => [field, `${request.labels[field] ?? field} is required`])),
        form: [],
      });
      return;
    }
    const query: Record<string, string> = { ...request.fixed };
    for (const field of request.fields) if (values[field].trim() !== '') query[field] = values[field].trim();
    const parsed = request.schema.safeParse(query);
    if (!parsed.success) {
      setErrors(formErrorsFromIssues(parsed.error.issues, request.fields));
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      setResult(await request.ask(parsed.data));
    } catch (failure) {
      setErrors(formErrorsFromApi(toApiError(failure), request.fields));
    } finally {
      setSubmitting(false);
    }
  }

  return { values, errors, result, submitting, change, clear, calculate };
}

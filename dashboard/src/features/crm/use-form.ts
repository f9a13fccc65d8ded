import { type FormEvent, useCallback, useId, useState } from 'react';
import type { z } from 'zod';
import { ApiError, toApiError } from '../../api';
import { formErrorsFromApi, formErrorsFromIssues, NO_ERRORS, type FormErrors } from '../../lib/form-errors';

/** What an InputField or SelectInput needs of one value of a form: spread `form.field(name)` on it. */
export interface FieldBinding<T> {
  id: string;
  value: T;
  onChange: (value: T) => void;
  error: string | undefined;
}

/**
 * The state of one form: its values (by field name, dotted for nested values), its errors placed
 * beside their fields, and a submit that checks the body with the same schema the API uses before
 * sending it, then places the API's own details on the fields.
 */
export function useForm<V extends Record<string, unknown>>(initial: V, fieldNames: readonly string[]) {
  const id = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [pending, setPending] = useState(false);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors(NO_ERRORS);
    // The initial values are the form's defaults, fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit<T>(body: unknown, schema: z.ZodType | undefined, send: (body: unknown) => Promise<T>) {
    if (schema) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        setErrors(formErrorsFromIssues(parsed.error.issues, fieldNames));
        return undefined;
      }
    }
    setPending(true);
    try {
      const result = await send(body);
      setErrors(NO_ERRORS);
      return result;
    } catch (failure) {
      const error = failure instanceof ApiError ? failure : toApiError(failure);
      setErrors(formErrorsFromApi(error, fieldNames));
      return undefined;
    } finally {
      setPending(false);
    }
  }

  function field<K extends keyof V & string>(name: K): FieldBinding<V[K]> {
    return {
      id: `${id}-${name}`,
      value: values[name],
      onChange: (value: V[K]) => set(name, value),
      error: errors.fields[name],
    };
  }

  return { id, values, set, setValues, errors, setErrors, pending, submit, reset, field };
}

/**
 * A form that adds a record: on submit its body (the values, or `body` of them) is checked with
 * `schema` and sent; the answer goes to `onAdded` and the form starts empty for the next record.
 */
export function useAddForm<V extends Record<string, unknown>, T>(
  initial: V,
  fieldNames: readonly string[],
  adding: {
    schema: z.ZodType;
    send: (body: unknown) => Promise<T>;
    onAdded: (result: T) => void;
    body?: (values: V) => unknown;
  },
) {
  const form = useForm(initial, fieldNames);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = adding.body ? adding.body(form.values) : form.values;
    const result = await form.submit(body, adding.schema, adding.send);
    if (result) {
      adding.onAdded(result);
      form.reset();
    }
  }
  return { ...form, onSubmit };
}

/** `{ 'name.first': 'Ana' }` -> `{ name: { first: 'Ana' } }`. */
export function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const keys = path.split('.');
    let target = result;
    for (const key of keys.slice(0, -1)) {
      target[key] ??= {};
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1]!] = value;
  }
  return result;
}

/** Runs a one-button action (set primary, remove): its failure is shown once, not on a field. */
export function useAction() {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    setPending(true);
    setError(undefined);
    try {
      return await action();
    } catch (failure) {
      setError(toApiError(failure).message);
      return undefined;
    } finally {
      setPending(false);
    }
  }
  return { error, pending, run };
}

/** A one-button action on a record (set primary, remove) whose answer is the whole record. */
export function useRecordAction<T>(onChange: (record: T) => void) {
  const action = useAction();
  return {
    error: action.error,
    pending: action.pending,
    run: async (call: () => Promise<T>) => {
      const result = await action.run(call);
      if (result) onChange(result);
    },
  };
}

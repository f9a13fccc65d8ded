import { useState, type FormEvent } from 'react';
import { toApiError } from '../api';

/** The field an API error's detail path concerns, or undefined when it concerns none the form shows. */
export type FieldOfPath = (path: string) => string | undefined;

/**
 * The submit of a form in a drawer or dialog that closes once saved: busy while saving; on failure
 * each of the API's details goes beside the field `fieldOf` names (the first message per field) and
 * the first of the rest, or the error's own message when no field got one, above the fields.
 */
export function useSaveAndClose() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(
    event: FormEvent,
    { save, fieldOf, then }: { save: () => Promise<unknown>; fieldOf: FieldOfPath; then: () => void },
  ) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(undefined);
    try {
      await save();
      then();
    } catch (failure) {
      const error = toApiError(failure);
      const fields: Record<string, string> = {};
      const rest: string[] = [];
      for (const detail of error.details) {
        const field = fieldOf(detail.path);
        if (field === undefined) rest.push(detail.message);
        else fields[field] ??= detail.message;
      }
      setErrors(fields);
      if (rest.length > 0 || Object.keys(fields).length === 0) setFormError(rest[0] ?? error.message);
    } finally {
      setBusy(false);
    }
  }

  /** A field's message goes once the field is changed. */
  function clearError(name: string) {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _changed, ...rest } = current;
      return rest;
    });
  }

  return { errors, formError, busy, submit, clearError };
}

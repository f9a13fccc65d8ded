import type { ApiError } from '../api';

export interface FormErrors {
  /** The first message for each field the form shows, by field name. */
  fields: Record<string, string>;
  /** What belongs to no shown field: the error's own message and any details left over. */
  form: string[];
}

export const NO_ERRORS: FormErrors = { fields: {}, form: [] };

/** Messages by field from `{path, message}` pairs; paths outside `fieldNames` are returned apart. */
export function errorsByField(
  details: readonly { path: string; message: string }[],
  fieldNames: readonly string[],
): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of details) {
    if (fieldNames.includes(detail.path)) fields[detail.path] ??= detail.message;
    else rest.push(detail.message);
  }
  return { fields, rest };
}

/** What a schema's failed parse reports (zod's issues), reduced to what a form shows. */
interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Places a failed client-side parse on a form: issues about its fields beside them, the rest above. */
export function formErrorsFromIssues(issues: readonly SchemaIssue[], fieldNames: readonly string[]): FormErrors {
  const details = issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const { fields, rest } = errorsByField(details, fieldNames);
  return { fields, form: [...new Set(rest)] };
}

/**
 * Places an API error on a form: details about its fields go beside them; the error's message (and
 * details about anything else) become the form's error, unless the field messages already say it all.
 */
export function formErrorsFromApi(error: ApiError, fieldNames: readonly string[]): FormErrors {
  const { fields, rest } = errorsByField(error.details, fieldNames);
  if (rest.length === 0 && Object.keys(fields).length > 0) return { fields, form: [] };
  const form = [error.message, ...rest.filter((message) => message !== error.message)];
  return { fields, form: [...new Set(form)] };
}

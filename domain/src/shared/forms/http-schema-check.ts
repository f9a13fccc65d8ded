import { DomainError, ErrorCode } from '../errors/domain-error.js';
import type { FormDefinition, FormField } from './types.js';

/** The spec's two failure messages (foundations §2). */
export const FormDefinitionMessage = {
  missingKeys: 'http schema missing keys',
  missingParam: 'missing param in httpschema definition',
} as const;

/** Every named field of a form, groups and repeated items included. */
export function namedFields(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) => [
    ...(field.name === undefined ? [] : [field]),
    ...(field.fields === undefined ? [] : namedFields(field.fields)),
  ]);
}

/** The route parameters written with a colon: `/a/:aId/b/:bId` -> `['aId', 'bId']`. */
export function routeParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_$][A-Za-z0-9_$]*)/g)].map((match) => match[1]!);
}

export interface FormDefinitionProblem {
  message: (typeof FormDefinitionMessage)[keyof typeof FormDefinitionMessage];
  /** The field keys or route parameters at fault. */
  keys: string[];
}

/**
 * What is wrong with a form definition, first problem first, or an empty list: a field whose key
 * (the first segment of its name) is in none of body, query and params, then a colon route
 * parameter that is not among the params.
 */
export function formDefinitionProblems(form: FormDefinition): FormDefinitionProblem[] {
  const { body = [], query = [], params = [] } = form.http;
  const declared = new Set([...body, ...query, ...params]);
  const fieldKeys = [...new Set(namedFields(form.fields).map((field) => field.name!.split('.')[0]!))];
  const missingKeys = fieldKeys.filter((key) => !declared.has(key));
  const missingParams = routeParams(form.http.path).filter((param) => !params.includes(param));
  const problems: FormDefinitionProblem[] = [];
  if (missingKeys.length > 0) problems.push({ message: FormDefinitionMessage.missingKeys, keys: missingKeys });
  if (missingParams.length > 0) problems.push({ message: FormDefinitionMessage.missingParam, keys: missingParams });
  return problems;
}

/**
 * Throws when a form does not match its HTTP schema: an ERR_INVALID_PROPS DomainError whose
 * message is the first problem's ('http schema missing keys' or 'missing param in httpschema
 * definition') and whose details name every key at fault.
 */
export function assertFormMatchesHttpSchema(form: FormDefinition): void {
  const problems = formDefinitionProblems(form);
  const first = problems[0];
  if (first === undefined) return;
  throw new DomainError(
    ErrorCode.ERR_INVALID_PROPS,
    first.message,
    problems.flatMap((problem) => problem.keys.map((key) => ({ path: key, message: problem.message }))),
  );
}

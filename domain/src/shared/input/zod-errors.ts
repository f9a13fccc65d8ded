import type { z } from 'zod';
import { DomainError, type ErrorDetail, validationError } from '../errors/domain-error.js';

/**
 * The details of a failed parse, one per issue: `path` is the dotted path of the field (`name.first`,
 * `flows.0.amount.value`), empty for the whole input, and `message` the rule's message.
 */
export function zodErrorDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * The DomainError the API answers with status 400:
 * `{ code: 'VALIDATION_ERROR', message: 'Validation error', details: [{ path, message }] }`.
 */
export function zodValidationError(error: z.ZodError): DomainError {
  return validationError(zodErrorDetails(error));
}

/** Parses `input` with `schema`, or throws the VALIDATION_ERROR of its issues. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw zodValidationError(result.error);
  return result.data;
}

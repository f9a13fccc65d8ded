/**
 * Every rule failure in the platform is a DomainError with one of these codes. The API's exception
 * filter maps the code to an HTTP status; workers map it to retry or discard.
 */
export const ErrorCode = {
  // Spec (foundations §8)
  ERR_NO_CANONICAL_NAME_PROVIDED: 'ERR_NO_CANONICAL_NAME_PROVIDED',
  ERR_INVALID_CANONICAL_ID: 'ERR_INVALID_CANONICAL_ID',
  ERR_CANONICAL_PREFIX_MISSING: 'ERR_CANONICAL_PREFIX_MISSING',
  ERR_INVALID_CANONICAL_NAME: 'ERR_INVALID_CANONICAL_NAME',
  ERR_INVALID_CANONICAL_NAME_STRING: 'ERR_INVALID_CANONICAL_NAME_STRING',
  ERR_INVALID_CANONICAL_ARGS: 'ERR_INVALID_CANONICAL_ARGS',
  ERR_DIVIDE_BY_ZERO: 'ERR_DIVIDE_BY_ZERO',
  ERR_INITIALIZATION: 'ERR_INITIALIZATION',
  ERR_INVALID_PROPS: 'ERR_INVALID_PROPS',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNHANDLED_CASE_ERROR: 'UNHANDLED_CASE_ERROR',
  ERR_INVALID_URL: 'ERR_INVALID_URL',
  // Platform
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  MALFORMED_JSON: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A body that is not JSON (by its Content-Type) sent to a route that reads a JSON body. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** A request the HTTP parser cannot read (bad request line, bad header, bad percent-encoding). */
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  /** The request line (the URL) is longer than the server reads. */
  URI_TOO_LONG: 'URI_TOO_LONG',
  /** The headers are larger than the server reads. */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** The request did not arrive in full within the server's time limit. */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  // Integration hub
  /** A connection's credentials were sealed under a key that is no longer configured. */
  CREDENTIALS_KEY_MISSING: 'CREDENTIALS_KEY_MISSING',
  /** A connection's credentials do not decrypt (tampered, or moved to another connection). */
  CREDENTIALS_UNREADABLE: 'CREDENTIALS_UNREADABLE',
  /** The provider could not be reached or failed (5xx, timeout, rate limit): try again later. */
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** The provider refused the request (an expired public token, an unknown item). */
  PROVIDER_REJECTED: 'PROVIDER_REJECTED',
  /** A provider webhook whose signature, age or body hash does not verify. */
  WEBHOOK_UNVERIFIED: 'WEBHOOK_UNVERIFIED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorDetail {
  /** Dotted path of the offending field, e.g. `name.first`; empty for the whole input. */
  path: string;
  message: string;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
    /** Seconds the caller should wait, for TOO_MANY_REQUESTS. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const DEFAULT_VALIDATION_MESSAGE = 'Validation error';

export function validationError(details: readonly ErrorDetail[], message = DEFAULT_VALIDATION_MESSAGE): DomainError {
  return new DomainError(ErrorCode.VALIDATION_ERROR, message, details);
}

export function notFound(what: string): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, `${what} not found`);
}

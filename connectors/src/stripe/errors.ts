/**
 * Stripe's errors -> ConnectorError. The SDK raises one class per error type (its `type` names
 * it); the class decides, and the HTTP status only when the error is not one of Stripe's.
 */
import Stripe from 'stripe';
import {
  ConnectorError,
  type ConnectorErrorClassification,
  classifyHttpStatus,
  isNetworkErrorCode,
  parseRetryAfter,
} from '../core/errors.js';

/**
 * How each of the SDK's error types is handled:
 * - a rate limit waits (Stripe's `Retry-After` when it sends one);
 * - a bad or revoked secret key needs the firm to reconnect Stripe (AUTH);
 * - Stripe's own failures and broken connections are worth another attempt (TEMPORARY);
 * - a declined card is an outcome for the billing to record, not a fault to retry; with invalid
 *   requests and reused idempotency keys it is PERMANENT.
 */
const CLASSIFICATION_OF_TYPE: Readonly<Record<string, ConnectorErrorClassification>> = {
  StripeRateLimitError: 'RATE_LIMITED',
  StripeAuthenticationError: 'AUTH',
  StripePermissionError: 'AUTH',
  StripeAPIError: 'TEMPORARY',
  StripeConnectionError: 'TEMPORARY',
  StripeCardError: 'PERMANENT',
  StripeInvalidRequestError: 'PERMANENT',
  StripeIdempotencyError: 'PERMANENT',
};

/** The classification of an error of the SDK: by its type, else by its status, else PERMANENT. */
export function classifyStripeError(error: Stripe.errors.StripeError): ConnectorErrorClassification {
  const byType = CLASSIFICATION_OF_TYPE[error.type];
  if (byType) return byType;
  return error.statusCode === undefined ? 'PERMANENT' : classifyHttpStatus(error.statusCode);
}

/**
 * Any failure of a Stripe call as a ConnectorError: the SDK's errors with Stripe's code (a card's
 * decline code first), status, request id and Retry-After; a network failure outside the SDK as
 * TEMPORARY; anything else PERMANENT (code UNEXPECTED).
 */
export function toConnectorError(error: unknown, operation: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const classification = classifyStripeError(error);
    return new ConnectorError(classification, `Stripe ${operation} failed: ${error.message}`, {
      code: error.decline_code ?? error.code ?? error.type,
      status: error.statusCode,
      retryAfterSeconds:
        classification === 'RATE_LIMITED' ? parseRetryAfter(error.headers?.['retry-after']) : undefined,
      requestId: error.requestId,
      operation,
      cause: error,
    });
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && isNetworkErrorCode(code)) {
    return new ConnectorError('TEMPORARY', `Stripe ${operation} failed: the connection failed (${code})`, {
      code: 'NETWORK',
      operation,
      cause: error,
    });
  }
  return new ConnectorError('PERMANENT', `Stripe ${operation} failed: ${String(error)}`, {
    code: 'UNEXPECTED',
    operation,
    cause: error,
  });
}

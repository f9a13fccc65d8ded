/**
 * Nylas's failures -> ConnectorError. Nylas answers an error as `{request_id, error: {type, message,
 * provider_error}}` (the SDK's NylasApiError, keys in camelCase) and the OAuth token endpoint as
 * `{error, error_description, error_code}` (NylasOAuthError). The SDK throws a plain Error when an
 * error body is not JSON of that shape (a proxy's answer, prism's report of a contract violation);
 * its text is read for the status when it has one.
 */
import { NylasApiError, NylasOAuthError, NylasSdkTimeoutError } from 'nylas';
import {
  ConnectorError,
  type ConnectorErrorClassification,
  classifyHttpStatus,
  isNetworkErrorCode,
  parseRetryAfter,
} from '../core/errors.js';

/** The SDK's prefix for an error answer whose body it could not read. */
const UNREADABLE_ERROR = 'Received an error but could not parse response from the server';

/**
 * The classification of an error answer:
 * - 429: RATE_LIMITED (with Retry-After);
 * - 5xx (504 is Nylas's "provider failure"): TEMPORARY;
 * - 401 naming the provider's refusal (`provider_error`, e.g. `invalid_grant`), or any 403 (the
 *   user took scopes back): AUTH, the user must connect their calendar again;
 * - 401 without a provider error: our API key was refused, which no user can repair: PERMANENT;
 * - 404 of the grant itself (deleted at Nylas): AUTH; of anything else: PERMANENT (`NOT_FOUND`).
 */
export function classifyNylasError(error: {
  statusCode?: number | undefined;
  type?: string | undefined;
  message: string;
  providerError?: unknown;
}): { classification: ConnectorErrorClassification; code: string } {
  const status = error.statusCode;
  const type = error.type ?? 'unknown';
  if (status === 401) {
    return error.providerError === undefined || error.providerError === null
      ? { classification: 'PERMANENT', code: 'INVALID_API_KEY' }
      : { classification: 'AUTH', code: 'GRANT_EXPIRED' };
  }
  if (status === 404) {
    return /\bgrant\b/i.test(error.message)
      ? { classification: 'AUTH', code: 'GRANT_NOT_FOUND' }
      : { classification: 'PERMANENT', code: 'NOT_FOUND' };
  }
  if (status === undefined) return { classification: 'PERMANENT', code: type };
  return { classification: classifyHttpStatus(status), code: status === 429 ? 'RATE_LIMITED' : type };
}

/** The status and detail of prism's problem report (or any JSON error body the SDK could not read). */
function readUnparsedErrorBody(message: string): { status: number | undefined; detail: string } {
  const text = message.slice(message.indexOf(':') + 1).trim();
  try {
    const body = JSON.parse(text) as { status?: unknown; title?: unknown; validation?: unknown };
    const status = typeof body.status === 'number' ? body.status : undefined;
    // Prism lists each violation of the description under `validation`.
    const violations = Array.isArray(body.validation)
      ? body.validation
          .map((item) => (item as { message?: unknown }).message)
          .filter((item) => typeof item === 'string')
      : [];
    const detail = [body.title, ...violations].filter((part) => typeof part === 'string').join('; ');
    return { status, detail: detail || text };
  } catch {
    return { status: undefined, detail: text.length > 2000 ? `${text.slice(0, 2000)}...` : text };
  }
}

function causeCode(error: Error): unknown {
  return (error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
}

/**
 * Whatever a Nylas SDK call threw, as a ConnectorError naming `operation`. A ConnectorError passes
 * through. The message never holds a token: the SDK's errors carry the answer, not the request.
 */
export function toConnectorError(error: unknown, operation: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (error instanceof NylasApiError) {
    const { classification, code } = classifyNylasError(error);
    return new ConnectorError(
      classification,
      `Nylas ${operation} failed with HTTP ${error.statusCode ?? '?'} (${error.type}): ${error.message}`,
      {
        code,
        status: error.statusCode,
        retryAfterSeconds:
          classification === 'RATE_LIMITED' ? parseRetryAfter(error.headers?.['retry-after']) : undefined,
        requestId: error.requestId,
        operation,
        cause: error,
      },
    );
  }
  if (error instanceof NylasOAuthError) {
    const status = error.statusCode;
    const classification = status === undefined ? 'PERMANENT' : classifyHttpStatus(status);
    return new ConnectorError(classification, `Nylas ${operation} failed (${error.error}): ${error.errorDescription}`, {
      code: error.error,
      status,
      retryAfterSeconds:
        classification === 'RATE_LIMITED' ? parseRetryAfter(error.headers?.['retry-after']) : undefined,
      requestId: error.requestId,
      operation,
      cause: error,
    });
  }
  if (error instanceof NylasSdkTimeoutError) {
    return new ConnectorError('TEMPORARY', `Nylas ${operation} timed out after ${error.timeout} s`, {
      code: 'TIMEOUT',
      operation,
      cause: error,
    });
  }
  if (error instanceof Error && error.message.startsWith(UNREADABLE_ERROR)) {
    const { status, detail } = readUnparsedErrorBody(error.message);
    // Without a status the answer came from something between us and Nylas: worth another try.
    const classification = status === undefined ? 'TEMPORARY' : classifyHttpStatus(status);
    return new ConnectorError(classification, `Nylas ${operation} failed with HTTP ${status ?? '?'}: ${detail}`, {
      code: status === undefined ? 'UNREADABLE_ERROR' : `HTTP_${status}`,
      status,
      operation,
      cause: error,
    });
  }
  if (error instanceof Error && (isNetworkErrorCode(causeCode(error)) || error.message === 'fetch failed')) {
    return new ConnectorError(
      'TEMPORARY',
      `Nylas ${operation} failed to connect: ${String(causeCode(error) ?? error.message)}`,
      {
        code: 'NETWORK',
        operation,
        cause: error,
      },
    );
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new ConnectorError('TEMPORARY', `Nylas ${operation} was aborted`, {
      code: 'ABORTED',
      operation,
      cause: error,
    });
  }
  if (error instanceof Error && error.message.startsWith('Could not parse response from the server')) {
    return new ConnectorError('PERMANENT', `Nylas ${operation} returned a response we cannot read`, {
      code: 'INVALID_RESPONSE',
      operation,
      cause: error,
    });
  }
  throw error;
}

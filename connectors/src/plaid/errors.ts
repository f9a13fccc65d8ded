/**
 * Plaid's errors -> ConnectorError. Plaid identifies an error by `error_code` within an
 * `error_type` and asks clients to prefer those to the HTTP status (most item errors are 400s);
 * the status decides only when the body is not a Plaid error.
 */
import {
  ConnectorError,
  type ConnectorErrorClassification,
  classifyHttpStatus,
  isNetworkErrorCode,
  parseRetryAfter,
} from '../core/errors.js';
import { plaidErrorSchema, type PlaidErrorBody } from './schemas.js';

/**
 * Codes after which only the user can restore access, through Link in update mode (or by linking
 * again): the connection needs re-authentication.
 */
export const PLAID_AUTH_ERROR_CODES: ReadonlySet<string> = new Set([
  'ITEM_LOGIN_REQUIRED',
  'INVALID_ACCESS_TOKEN',
  'INVALID_CREDENTIALS',
  'INVALID_MFA',
  'INSUFFICIENT_CREDENTIALS',
  'ITEM_LOCKED',
  'ITEM_NOT_FOUND',
  'USER_SETUP_REQUIRED',
  'PASSWORD_RESET_REQUIRED',
  'ACCESS_NOT_GRANTED',
  'NO_ACCOUNTS',
]);

/** Codes that mean "not now": the institution or Plaid is down, or the data is not ready yet. */
export const PLAID_TEMPORARY_ERROR_CODES: ReadonlySet<string> = new Set([
  'PRODUCT_NOT_READY',
  'INSTITUTION_DOWN',
  'INSTITUTION_NOT_RESPONDING',
  'INSTITUTION_NOT_AVAILABLE',
  'INTERNAL_SERVER_ERROR',
  'PLANNED_MAINTENANCE',
  // Handled inside the connector by restarting the pagination; a run that still meets it retries.
  'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
]);

/** Institution errors that will not go away by waiting. */
const PERMANENT_INSTITUTION_CODES: ReadonlySet<string> = new Set([
  'INSTITUTION_NO_LONGER_SUPPORTED',
  'INSTITUTION_NOT_FOUND',
]);

/**
 * The classification of a Plaid error body: rate limits first (by type or status 429), then the
 * codes that need the user (and OAuth errors), then the temporary ones (by code, by the API_ERROR
 * and INSTITUTION_ERROR types, by a 5xx status); everything else (INVALID_REQUEST, INVALID_INPUT
 * such as bad API keys, INVALID_RESULT, ...) is PERMANENT.
 */
export function classifyPlaidError(body: PlaidErrorBody, status: number | undefined): ConnectorErrorClassification {
  if (body.error_type === 'RATE_LIMIT_EXCEEDED' || status === 429) return 'RATE_LIMITED';
  if (PLAID_AUTH_ERROR_CODES.has(body.error_code)) return 'AUTH';
  if (body.error_type === 'OAUTH_ERROR' || body.error_code_reason?.startsWith('OAUTH_')) return 'AUTH';
  if (PLAID_TEMPORARY_ERROR_CODES.has(body.error_code)) return 'TEMPORARY';
  if (body.error_type === 'API_ERROR') return 'TEMPORARY';
  if (body.error_type === 'INSTITUTION_ERROR') {
    return PERMANENT_INSTITUTION_CODES.has(body.error_code) ? 'PERMANENT' : 'TEMPORARY';
  }
  if (status !== undefined && status >= 500) return 'TEMPORARY';
  return 'PERMANENT';
}

/** What we read of an HTTP client error (the SDK's axios errors), without depending on axios. */
interface HttpFailure {
  code?: unknown;
  message?: unknown;
  response?: { status?: unknown; data?: unknown; headers?: unknown };
}

function isHttpFailure(error: unknown): error is HttpFailure & Error {
  return error instanceof Error && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

function header(headers: unknown, name: string): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const record = headers as Record<string, unknown> & { get?: (key: string) => unknown };
  const value = typeof record.get === 'function' ? record.get(name) : record[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** A short description of a non-Plaid error body (a proxy's or a load balancer's), for the message. */
function describeBody(data: unknown): string {
  if (data === undefined || data === null || data === '') return 'no body';
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return text.length > 2000 ? `${text.slice(0, 2000)}...` : text;
}

/**
 * Turns whatever a Plaid SDK call threw into a ConnectorError. A ConnectorError passes through;
 * an error that is neither an HTTP answer nor a network failure is a bug and is rethrown as is.
 */
export function toConnectorError(error: unknown, operation: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (!isHttpFailure(error)) throw error;

  const response = error.response;
  if (response === undefined || typeof response.status !== 'number') {
    const code = typeof error.code === 'string' ? error.code : undefined;
    if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
      return new ConnectorError('TEMPORARY', `Plaid ${operation} timed out: ${error.message}`, {
        code: 'TIMEOUT',
        operation,
        cause: error,
      });
    }
    if (code === 'ERR_CANCELED') {
      return new ConnectorError('TEMPORARY', `Plaid ${operation} was aborted`, {
        code: 'ABORTED',
        operation,
        cause: error,
      });
    }
    if (isNetworkErrorCode(code) || code === 'ERR_NETWORK' || code === undefined) {
      return new ConnectorError('TEMPORARY', `Plaid ${operation} failed to connect: ${error.message}`, {
        code: 'NETWORK',
        operation,
        cause: error,
      });
    }
    return new ConnectorError('PERMANENT', `Plaid ${operation} failed: ${error.message}`, {
      code,
      operation,
      cause: error,
    });
  }

  const status = response.status;
  const retryAfter = header(response.headers, 'retry-after');
  const parsed = plaidErrorSchema.safeParse(response.data);
  if (parsed.success) {
    const body = parsed.data;
    const classification = classifyPlaidError(body, status);
    return new ConnectorError(
      classification,
      `Plaid ${operation} failed with ${body.error_code} (${body.error_type}, HTTP ${status}): ${body.error_message}`,
      {
        code: body.error_code,
        status,
        retryAfterSeconds: classification === 'RATE_LIMITED' ? parseRetryAfter(retryAfter) : undefined,
        requestId: body.request_id,
        operation,
        cause: error,
      },
    );
  }
  const classification = classifyHttpStatus(status);
  return new ConnectorError(
    classification,
    `Plaid ${operation} failed with HTTP ${status}: ${describeBody(response.data)}`,
    {
      code: `HTTP_${status}`,
      status,
      retryAfterSeconds: classification === 'RATE_LIMITED' ? parseRetryAfter(retryAfter) : undefined,
      operation,
      cause: error,
    },
  );
}

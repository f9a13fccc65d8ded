/**
 * How a connector failure is handled, decided once by the worker's error handler:
 *
 * - TEMPORARY: the provider or the network failed (5xx, timeout, connection reset, maintenance).
 *   Retry with backoff.
 * - RATE_LIMITED: the provider asked us to slow down (429). Retry after `retryAfterSeconds` when
 *   the provider said how long, with backoff otherwise.
 * - AUTH: the connection's credentials no longer work (expired login, revoked token). Retrying
 *   cannot help: mark the connection as needing re-authentication.
 * - PERMANENT: our request or configuration is wrong (4xx request errors, bad API keys, a response
 *   we cannot read). Fail the run; retrying would give the same answer.
 */
export const ConnectorErrorClassification = ['TEMPORARY', 'RATE_LIMITED', 'AUTH', 'PERMANENT'] as const;
export type ConnectorErrorClassification = (typeof ConnectorErrorClassification)[number];

export interface ConnectorErrorOptions {
  /** The provider's error code (`ITEM_LOGIN_REQUIRED`) or ours (`TIMEOUT`, `NETWORK`, `INVALID_RESPONSE`). */
  code: string;
  /** HTTP status of the provider's answer, when there was one. */
  status?: number;
  /** From the provider's Retry-After header; only for RATE_LIMITED. */
  retryAfterSeconds?: number;
  /** The provider's request id, for support tickets. */
  requestId?: string;
  /** What the connector was doing: `accounts/get`, `transactions/sync`, ... */
  operation?: string;
  cause?: unknown;
}

/** The one error type a connector throws for a failed call. */
export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  readonly code: string;
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly requestId?: string;
  readonly operation?: string;

  constructor(
    readonly classification: ConnectorErrorClassification,
    message: string,
    options: ConnectorErrorOptions,
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.requestId = options.requestId;
    this.operation = options.operation;
  }

  /** TEMPORARY and RATE_LIMITED failures are worth another attempt; AUTH and PERMANENT are not. */
  get retryable(): boolean {
    return this.classification === 'TEMPORARY' || this.classification === 'RATE_LIMITED';
  }

  /** A plain object for logs, job failure reasons and the sync run's error columns. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      classification: this.classification,
      code: this.code,
      message: this.message,
      status: this.status,
      retryAfterSeconds: this.retryAfterSeconds,
      requestId: this.requestId,
      operation: this.operation,
    };
  }
}

export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}

/**
 * The classification an HTTP status implies when the body says nothing more precise: 429 is
 * RATE_LIMITED, 401 and 403 AUTH, 408 and 5xx TEMPORARY, anything else PERMANENT.
 */
export function classifyHttpStatus(status: number): ConnectorErrorClassification {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 401 || status === 403) return 'AUTH';
  if (status === 408 || status >= 500) return 'TEMPORARY';
  return 'PERMANENT';
}

/**
 * Seconds to wait from a Retry-After header (RFC 9110: delay-seconds or an HTTP date), rounded up
 * and never negative. Undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(
  value: string | readonly string[] | undefined | null,
  now = Date.now(),
): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^[A-Za-z]{3}/.test(text)) return undefined; // every HTTP date format starts with the day name
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Node's codes for a connection that failed or timed out, all worth a retry. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** True for an error code of a failed connection (refused, reset, DNS, timeout). */
export function isNetworkErrorCode(code: unknown): boolean {
  return typeof code === 'string' && NETWORK_CODES.has(code);
}

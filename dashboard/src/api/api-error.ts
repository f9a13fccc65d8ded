import type { ErrorResponse } from '@meridian/domain';

export type ErrorDetail = ErrorResponse['details'][number];

/** Codes the client itself produces when the API gave no usable error body. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  badResponse: 'BAD_RESPONSE',
} as const;

/** A failed API call, carrying the API's error body (`{code, message, details, requestId}`). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly requestId?: string,
    /** From a Retry-After header (429), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The first message for each field path, e.g. `{ email: 'Email is required' }`. */
  fieldErrors(): Record<string, string> {
    const byPath: Record<string, string> = {};
    for (const detail of this.details) {
      byPath[detail.path] ??= detail.message;
    }
    return byPath;
  }

  /**
   * A form's errors: each field's message, and as the form's own messages the details no field
   * in `shown` displays (the error's message when it has no details).
   */
  formErrors(shown: readonly string[]): { fields: Record<string, string>; form: string[] } {
    return {
      fields: this.fieldErrors(),
      form:
        this.details.length === 0
          ? [this.message]
          : this.details.filter((detail) => !shown.includes(detail.path)).map((detail) => detail.message),
    };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseDetails(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string'
      ? [{ path: item.path, message: item.message }]
      : [],
  );
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Builds an ApiError from a non-success response, whatever its body turns out to be. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isRecord(body) && typeof body.code === 'string' && typeof body.message === 'string') {
    const requestId = typeof body.requestId === 'string' ? body.requestId : undefined;
    return new ApiError(response.status, body.code, body.message, parseDetails(body.details), requestId, retryAfter);
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError(
    response.status,
    CLIENT_ERROR_CODES.badResponse,
    `The server answered ${response.status}${statusText}.`,
    [],
    undefined,
    retryAfter,
  );
}

export function networkError(): ApiError {
  return new ApiError(
    0,
    CLIENT_ERROR_CODES.network,
    'Could not reach the Meridian server. Check your connection and try again.',
  );
}

/** Anything thrown by a call, as an ApiError (a bug in the client becomes an UNEXPECTED one). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, 'UNEXPECTED', message);
}

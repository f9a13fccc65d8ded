import { ConnectorError } from '@meridian/connectors';
import { DomainError, ErrorCode } from '@meridian/domain';

/**
 * A failed Plaid call as the API answers it: PROVIDER_UNAVAILABLE (502) when trying again later
 * may work (Plaid down, timeout, rate limit), PROVIDER_REJECTED (422) when Plaid refused the
 * request (an expired public token, an unknown institution), with Plaid's own message. A body
 * that is not Plaid's (a proxy's) is not echoed: it could repeat the request.
 */
export function providerError(error: unknown): unknown {
  if (!(error instanceof ConnectorError)) return error;
  const message = error.code.startsWith('HTTP_')
    ? `Plaid ${error.operation ?? 'call'} failed with HTTP ${error.status ?? 'error'}`
    : error.message;
  return new DomainError(error.retryable ? ErrorCode.PROVIDER_UNAVAILABLE : ErrorCode.PROVIDER_REJECTED, message);
}

/** Runs a Plaid call, turning its failure into the API's error. */
export async function callPlaid<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error);
  }
}

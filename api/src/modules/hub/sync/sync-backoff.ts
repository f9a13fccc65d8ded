import { isConnectorError } from '@meridian/connectors';

/** First retry of a sync after this long, doubling per attempt. */
export const SYNC_BACKOFF_BASE_MS = 2_000;
/** No exponential wait grows beyond this. */
export const SYNC_BACKOFF_MAX_MS = 10 * 60_000;

/**
 * How long the sync worker waits before attempt `attemptsMade + 1` (BullMQ's custom backoff
 * strategy of the sync queue, also used to tell the run when it retries): the provider's
 * Retry-After when the error carries one, exponential backoff otherwise.
 */
export function syncBackoffDelay(attemptsMade: number, error: unknown): number {
  if (isConnectorError(error) && error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0) {
    return error.retryAfterSeconds * 1000;
  }
  const exponent = Math.max(0, attemptsMade - 1);
  return Math.min(SYNC_BACKOFF_MAX_MS, SYNC_BACKOFF_BASE_MS * 2 ** exponent);
}

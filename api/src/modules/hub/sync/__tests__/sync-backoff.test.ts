import { describe, expect, it } from 'vitest';
import { ConnectorError } from '@meridian/connectors';
import { SYNC_BACKOFF_BASE_MS, SYNC_BACKOFF_MAX_MS, syncBackoffDelay } from '../sync-backoff.js';

describe('sync backoff', () => {
  it("waits the provider's Retry-After when the error carries one", () => {
    const error = new ConnectorError('RATE_LIMITED', 'slow down', { code: 'RATE_LIMIT', retryAfterSeconds: 7 });
    expect(syncBackoffDelay(1, error)).toBe(7000);
    expect(syncBackoffDelay(4, error)).toBe(7000);
  });

  it('backs off exponentially otherwise, up to a ceiling', () => {
    const error = new ConnectorError('TEMPORARY', 'down', { code: 'INTERNAL_SERVER_ERROR', status: 500 });
    expect(syncBackoffDelay(1, error)).toBe(SYNC_BACKOFF_BASE_MS);
    expect(syncBackoffDelay(2, error)).toBe(SYNC_BACKOFF_BASE_MS * 2);
    expect(syncBackoffDelay(3, new Error('database gone'))).toBe(SYNC_BACKOFF_BASE_MS * 4);
    expect(syncBackoffDelay(40, error)).toBe(SYNC_BACKOFF_MAX_MS);
    const noHeader = new ConnectorError('RATE_LIMITED', 'slow down', { code: 'RATE_LIMIT', status: 429 });
    expect(syncBackoffDelay(2, noHeader)).toBe(SYNC_BACKOFF_BASE_MS * 2);
  });
});

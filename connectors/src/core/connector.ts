import type { IntegrationService } from '@meridian/domain';
import type { RecordError } from './record-errors.js';
import type { NormalizedRecord, RecordKind, RemovedRecord } from './records.js';

/**
 * One page of a sync. The worker writes it in one database transaction together with
 * `nextCursor`, so a crash between pages loses nothing and duplicates nothing.
 */
export interface ConnectorPage {
  /** Records to create or update (upserted by kind and sourceId). */
  records: NormalizedRecord[];
  /** Records the provider deleted. */
  removed: RemovedRecord[];
  /** Records that could not be mapped; counted as failed, they do not fail the page. */
  recordErrors: RecordError[];
  /**
   * Kinds for which this page carries the provider's complete current set (a snapshot, such as
   * every open account). Records of such a kind from this connection that are neither in
   * `records` nor in `recordErrors` are gone at the provider (e.g. a closed account).
   */
  complete: RecordKind[];
  /** Where the next call resumes. Opaque to the worker; saved with the page. */
  nextCursor: string;
  /** True: call again with `nextCursor` now. False: this run is done; `nextCursor` is where the next run starts. */
  hasMore: boolean;
}

export interface FetchPageOptions {
  /** Aborts the provider call (worker shutdown); the run is then retried from the saved cursor. */
  signal?: AbortSignal;
}

/**
 * What every provider implements. A connector only fetches and maps: it never touches the
 * database. It is stateless between calls: everything needed to continue is in the cursor.
 *
 * @typeParam TCredentials the decrypted credentials of one connection (Plaid: the access token).
 */
export interface Connector<TCredentials> {
  readonly service: IntegrationService;
  /**
   * Fetches the page after `cursor` (null: the first sync of the connection). Throws a
   * ConnectorError when the call fails; a bad record does not throw, it is a RecordError.
   */
  fetchPage(credentials: TCredentials, cursor: string | null, options?: FetchPageOptions): Promise<ConnectorPage>;
}

export interface FetchPagesOptions extends FetchPageOptions {
  /** Awaited before each provider call (a rate limiter's token); its signal aborts when the calls stop. */
  beforeFetch?: (signal: AbortSignal) => Promise<void>;
}

/**
 * Every page of one run, from `cursor` until a page says `hasMore: false`, in order. The caller
 * writes each page (with its cursor) before it takes the next one; meanwhile the next page is
 * already being fetched from the cursor this one ends at, so the provider's latency and the
 * mapping overlap the caller's writing. When the caller stops early (cancelled, or its write
 * failed), the call in flight is aborted and its page never reaches the caller: the next attempt
 * starts again from the last cursor the caller saved.
 */
export async function* fetchPages<TCredentials>(
  connector: Connector<TCredentials>,
  credentials: TCredentials,
  cursor: string | null,
  options: FetchPagesOptions = {},
): AsyncGenerator<ConnectorPage, void, undefined> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const fetch = async (from: string | null) => {
    await options.beforeFetch?.(signal);
    return connector.fetchPage(credentials, from, { signal });
  };
  let next = fetch(cursor);
  try {
    for (;;) {
      const page = await next;
      if (page.hasMore) {
        next = fetch(page.nextCursor);
        // Its failure is thrown when the caller takes the page; until then, it is not unhandled.
        next.catch(() => undefined);
      }
      yield page;
      if (!page.hasMore) return;
    }
  } finally {
    stop.abort();
  }
}

import { codeToWords } from '../../shared/format/words.js';

/**
 * What a run's failure or a refused record means, by the code the connector, the provider or the
 * sync gave it: the operations view shows these words, never the code. A code missing here still
 * reads as words (`codeToWords`).
 */
export const SYNC_ERROR_LABELS: Readonly<Record<string, string>> = {
  // Ours: how the call to the provider went.
  TIMEOUT: 'The provider did not answer in time',
  NETWORK: 'The provider could not be reached',
  INVALID_RESPONSE: 'The provider’s answer could not be read',
  RATE_LIMIT: 'The provider asked us to slow down',
  PROVIDER_UNAVAILABLE: 'The provider is unavailable',
  PROVIDER_REJECTED: 'The provider refused the request',
  INVALID_CURSOR: 'The provider no longer knows where the last sync stopped',
  CANCELLED: 'The run was cancelled',
  ABORTED: 'The run was stopped',
  WORKER_LOST: 'The worker running the sync stopped before it finished',
  SCAN_FAILED: 'The drop folder could not be read',
  UNKNOWN: 'Something unexpected went wrong',
  ERROR: 'Something went wrong',
  INTERNAL_ERROR: 'Something went wrong on our side',
  // The provider's (Plaid's) codes.
  ITEM_LOGIN_REQUIRED: 'The client must sign in to the bank again',
  INVALID_ACCESS_TOKEN: 'The bank link is no longer valid',
  INVALID_API_KEYS: 'The provider refused our credentials',
  INTERNAL_SERVER_ERROR: 'The provider had an internal error',
  PENDING_EXPIRATION: 'The client’s bank consent expires soon',
  PENDING_DISCONNECT: 'The bank is about to disconnect this link',
  TRANSACTIONS_SYNC_LIMIT: 'The provider limited how many transactions one sync may read',
  // Why one record was not written.
  MALFORMED: 'The record is not in the expected shape',
  UNSUPPORTED_CURRENCY: 'Unsupported currency',
  UNSUPPORTED_TYPE: 'Unsupported kind of account',
  UNKNOWN_ACCOUNT: 'Its account is not synced',
  NEEDS_PLACEMENT: 'The account waits to be placed in a household',
  CONFLICT: 'The record is already linked to something else',
  TYPE_CHANGED: 'The account changed type',
};

/** The words for a sync error or record error code. */
export function syncErrorLabel(code: string): string {
  return SYNC_ERROR_LABELS[code] ?? codeToWords(code);
}

/**
 * A refused record's reason as stored (`CODE: message`, or a sentence of older rows) with its code
 * in words: `UNSUPPORTED_CURRENCY: Balance is in XAF` -> `Unsupported currency: Balance is in XAF`.
 */
export function readableRecordErrorReason(reason: string): string {
  const coded = /^([A-Z][A-Z0-9_]*): ([\s\S]*)$/.exec(reason);
  if (!coded) return reason;
  return `${syncErrorLabel(coded[1]!)}: ${coded[2]}`;
}

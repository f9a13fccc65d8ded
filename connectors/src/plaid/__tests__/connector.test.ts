/** The connector's paging logic with a stand-in client (no HTTP). */
import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../../core/errors.js';
import type { PlaidClient } from '../client.js';
import { MUTATION_DURING_PAGINATION, PlaidConnector } from '../connector.js';
import { decodePlaidCursor, encodePlaidCursor } from '../cursor.js';
import type { TransactionsSyncResult } from '../schemas.js';
import { connectorError } from './support.js';

function plaidError(code: string, classification: ConnectorError['classification'] = 'TEMPORARY'): ConnectorError {
  return new ConnectorError(classification, code, { code, status: 400 });
}

const emptySync: TransactionsSyncResult = {
  added: [],
  modified: [],
  removed: [],
  next_cursor: 'after',
  has_more: false,
  request_id: 'r',
};

function stubClient(overrides: Partial<PlaidClient>): PlaidClient {
  return overrides as PlaidClient;
}

const credentials = { accessToken: 'access' };
const transactionsCursor = (start: string, next: string) =>
  encodePlaidCursor({ v: 1, phase: 'transactions', start, next });

describe('PlaidConnector paging', () => {
  it('gives up restarting a mutated pagination after maxPaginationRestarts', async () => {
    const cursors: string[] = [];
    const client = stubClient({
      syncTransactions: async ({ cursor }) => {
        cursors.push(cursor);
        throw plaidError(MUTATION_DURING_PAGINATION);
      },
    });
    const connector = new PlaidConnector({ client, maxPaginationRestarts: 2 });
    const error = await connectorError(connector.fetchPage(credentials, transactionsCursor('s0', 'n3')));
    expect(error).toMatchObject({ code: MUTATION_DURING_PAGINATION, classification: 'TEMPORARY' });
    expect(cursors).toEqual(['n3', 's0', 's0']);
  });

  it('does not restart on other errors', async () => {
    let calls = 0;
    const client = stubClient({
      syncTransactions: async () => {
        calls += 1;
        throw plaidError('ITEM_LOGIN_REQUIRED', 'AUTH');
      },
    });
    const error = await connectorError(
      new PlaidConnector({ client }).fetchPage(credentials, transactionsCursor('', 'x')),
    );
    expect(error.classification).toBe('AUTH');
    expect(calls).toBe(1);
  });

  it('ends the run after the transactions when recurring streams are off', async () => {
    const client = stubClient({ syncTransactions: async () => emptySync });
    const page = await new PlaidConnector({ client, recurring: false }).fetchPage(
      credentials,
      transactionsCursor('', ''),
    );
    expect(page.hasMore).toBe(false);
    expect(decodePlaidCursor(page.nextCursor)).toEqual({ v: 1, phase: 'accounts', transactions: 'after' });
  });

  it('ends the run without streams while Plaid is not ready to give them', async () => {
    const client = stubClient({
      getRecurringTransactions: async () => {
        throw plaidError('PRODUCT_NOT_READY');
      },
    });
    const page = await new PlaidConnector({ client }).fetchPage(
      credentials,
      encodePlaidCursor({ v: 1, phase: 'recurring', transactions: 'c9' }),
    );
    // No snapshot: streams already stored must not be retired.
    expect(page).toEqual({
      records: [],
      removed: [],
      recordErrors: [],
      complete: [],
      nextCursor: encodePlaidCursor({ v: 1, phase: 'accounts', transactions: 'c9' }),
      hasMore: false,
    });
  });

  it('asks for the configured page size', async () => {
    const counts: number[] = [];
    const client = stubClient({
      syncTransactions: async ({ count }) => {
        counts.push(count);
        return emptySync;
      },
    });
    await new PlaidConnector({ client, transactionsPageSize: 25 }).fetchPage(credentials, transactionsCursor('', ''));
    expect(counts).toEqual([25]);
    expect(() => new PlaidConnector({ client, transactionsPageSize: 501 })).toThrow(RangeError);
  });

  it('refuses a cursor that is not its own as PERMANENT', async () => {
    const connector = new PlaidConnector({ client: stubClient({}) });
    for (const cursor of ['not json', '{"v":2,"phase":"accounts","transactions":""}', '{"phase":"elsewhere"}']) {
      expect(await connectorError(connector.fetchPage(credentials, cursor))).toMatchObject({
        classification: 'PERMANENT',
        code: 'INVALID_CURSOR',
      });
    }
  });

  it('starts a first sync with the accounts', () => {
    expect(decodePlaidCursor(null)).toEqual({ v: 1, phase: 'accounts', transactions: '' });
    expect(decodePlaidCursor('')).toEqual({ v: 1, phase: 'accounts', transactions: '' });
  });
});

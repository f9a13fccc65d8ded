import { CountryCode, Products } from 'plaid';
import type { Connector, ConnectorPage, FetchPageOptions } from '../core/connector.js';
import { ConnectorError } from '../core/errors.js';
import type { PlaidClient, LinkToken, LinkTokenOptions } from './client.js';
import { decodePlaidCursor, encodePlaidCursor } from './cursor.js';
import { mapAccounts, mapRemovedTransactions, mapStreams, mapTransactions } from './mappers.js';

/** What a Plaid connection keeps (encrypted): the item's access token. */
export interface PlaidCredentials {
  accessToken: string;
}

export const MUTATION_DURING_PAGINATION = 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';

/** Link settings that are the same for every link token of this deployment. */
export type PlaidLinkSettings = Omit<LinkTokenOptions, 'clientUserId' | 'accessToken'>;

export interface PlaidConnectorOptions {
  client: PlaidClient;
  /** Transactions per /transactions/sync page, 1 to 500 (Plaid's maximum, the default). */
  transactionsPageSize?: number;
  /** Fetch recurring streams (a Plaid add-on) after the transactions. Default true. */
  recurring?: boolean;
  /** How often one page may restart a pagination that Plaid reports as mutated. Default 3. */
  maxPaginationRestarts?: number;
  link?: Partial<PlaidLinkSettings>;
}

const DEFAULT_LINK: PlaidLinkSettings = {
  clientName: 'Meridian',
  countryCodes: [CountryCode.Us, CountryCode.Ca],
  language: 'en',
  products: [Products.Transactions],
};

/**
 * The Plaid connector: syncs an item's accounts, transactions and recurring streams (see
 * `cursor.ts` for the phases), and handles the connection's life cycle with Link (link tokens,
 * update mode, public-token exchange).
 */
export class PlaidConnector implements Connector<PlaidCredentials> {
  readonly service = 'PLAID' as const;
  private readonly client: PlaidClient;
  private readonly pageSize: number;
  private readonly recurring: boolean;
  private readonly maxRestarts: number;
  private readonly link: PlaidLinkSettings;

  constructor(options: PlaidConnectorOptions) {
    this.client = options.client;
    this.pageSize = options.transactionsPageSize ?? 500;
    if (!Number.isInteger(this.pageSize) || this.pageSize < 1 || this.pageSize > 500) {
      throw new RangeError(`transactionsPageSize must be an integer from 1 to 500, not ${this.pageSize}`);
    }
    this.recurring = options.recurring ?? true;
    this.maxRestarts = options.maxPaginationRestarts ?? 3;
    this.link = { ...DEFAULT_LINK, ...options.link };
  }

  async fetchPage(
    credentials: PlaidCredentials,
    cursor: string | null,
    options: FetchPageOptions = {},
  ): Promise<ConnectorPage> {
    const state = decodePlaidCursor(cursor);
    switch (state.phase) {
      case 'accounts':
        return this.accountsPage(credentials, state.transactions, options.signal);
      case 'transactions':
        return this.transactionsPage(credentials, state.start, state.next, options.signal);
      case 'recurring':
        return this.recurringPage(credentials, state.transactions, options.signal);
    }
  }

  /** A link token for a new connection, or with `accessToken` for update mode (repairing a login). */
  createLinkToken(request: { clientUserId: string; accessToken?: string }): Promise<LinkToken> {
    return this.client.createLinkToken({ ...this.link, ...request });
  }

  /** Link's public token -> the credentials to keep and the item id (the connection's external account id). */
  async exchangePublicToken(publicToken: string): Promise<{ credentials: PlaidCredentials; itemId: string }> {
    const { accessToken, itemId } = await this.client.exchangePublicToken(publicToken);
    return { credentials: { accessToken }, itemId };
  }

  /**
   * The item's accounts as the first page of a sync maps them (/accounts/get), and those it
   * cannot map: what the advisor places before that sync.
   */
  async accounts(credentials: PlaidCredentials, signal?: AbortSignal) {
    return mapAccounts(await this.client.getAccounts(credentials.accessToken, signal));
  }

  private async accountsPage(
    credentials: PlaidCredentials,
    transactions: string,
    signal: AbortSignal | undefined,
  ): Promise<ConnectorPage> {
    const accounts = await this.accounts(credentials, signal);
    return {
      records: accounts.records,
      removed: [],
      recordErrors: accounts.errors,
      complete: ['financial-account'],
      nextCursor: encodePlaidCursor({ v: 1, phase: 'transactions', start: transactions, next: transactions }),
      hasMore: true,
    };
  }

  private async transactionsPage(
    credentials: PlaidCredentials,
    start: string,
    next: string,
    signal: AbortSignal | undefined,
  ): Promise<ConnectorPage> {
    let cursor = next;
    let restarts = 0;
    let response;
    for (;;) {
      try {
        response = await this.client.syncTransactions(
          { accessToken: credentials.accessToken, cursor, count: this.pageSize },
          signal,
        );
        break;
      } catch (error) {
        // Plaid: a pagination whose data changed meanwhile restarts from its first page's cursor.
        if (!(error instanceof ConnectorError) || error.code !== MUTATION_DURING_PAGINATION) throw error;
        if (restarts >= this.maxRestarts) throw error;
        restarts += 1;
        cursor = start;
      }
    }
    const changed = mapTransactions([...response.added, ...response.modified]);
    const removed = mapRemovedTransactions(response.removed);
    const done = !response.has_more;
    const after = response.next_cursor;
    const nextCursor = encodePlaidCursor(
      !done
        ? { v: 1, phase: 'transactions', start, next: after }
        : { v: 1, phase: this.recurring ? 'recurring' : 'accounts', transactions: after },
    );
    return {
      records: changed.records,
      removed: removed.records,
      recordErrors: [...changed.errors, ...removed.errors],
      complete: [],
      nextCursor,
      hasMore: !done || this.recurring,
    };
  }

  private async recurringPage(
    credentials: PlaidCredentials,
    transactions: string,
    signal: AbortSignal | undefined,
  ): Promise<ConnectorPage> {
    const nextCursor = encodePlaidCursor({ v: 1, phase: 'accounts', transactions });
    let response;
    try {
      response = await this.client.getRecurringTransactions(credentials.accessToken, signal);
    } catch (error) {
      // Streams need enough history; until Plaid has it, the run ends without them.
      if (error instanceof ConnectorError && error.code === 'PRODUCT_NOT_READY') {
        return { records: [], removed: [], recordErrors: [], complete: [], nextCursor, hasMore: false };
      }
      throw error;
    }
    const inflow = mapStreams(response.inflow_streams, 'INFLOW');
    const outflow = mapStreams(response.outflow_streams, 'OUTFLOW');
    return {
      records: [...inflow.records, ...outflow.records],
      removed: [],
      recordErrors: [...inflow.errors, ...outflow.errors],
      complete: ['recurring-stream'],
      nextCursor,
      hasMore: false,
    };
  }
}

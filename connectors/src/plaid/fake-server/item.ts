/**
 * One item of the fake: an institution login with its accounts, a transaction history and its
 * recurring streams. The history is an append-only change log (added, modified, removed), and a
 * /transactions/sync cursor is a position in it, so every cursor the fake ever gave out stays
 * valid and paging is exact.
 */
import { randomUUID } from 'node:crypto';
import {
  fakeAccount,
  type FakeAccount,
  type FakeAccountSeed,
  fakeStream,
  type FakeStream,
  type FakeStreamSeed,
  fakeTransaction,
  type FakeTransaction,
  type FakeTransactionSeed,
  plaidId,
} from './payloads.js';

export interface FakeItemSeed {
  /** Default: a random Plaid-like id. Set when an item is rebuilt from its access token. */
  itemId?: string;
  /** Default: `access-sandbox-<uuid>`. Institution items carry their own (see `institutionAccessToken`). */
  accessToken?: string;
  institutionId?: string;
  institutionName?: string;
  accounts?: FakeAccountSeed[];
  /** Transactions already there when the item is created (the first sync returns them as added). */
  transactions?: FakeTransactionSeed[];
  streams?: FakeStreamSeed[];
  /** Caps every /transactions/sync page, whatever `count` asks for: long pagination. */
  maxPageSize?: number;
  webhook?: string | null;
}

export interface ChangeLogEntry {
  op: 'added' | 'modified' | 'removed';
  /** The transaction as it was at that change. */
  transaction: FakeTransaction;
}

export class FakeItem {
  readonly itemId: string;
  readonly accessToken: string;
  readonly institutionId: string;
  readonly institutionName: string;
  webhook: string | null;
  maxPageSize: number | undefined;
  readonly accounts: FakeAccount[];
  readonly streams: FakeStream[];
  readonly log: ChangeLogEntry[] = [];
  private readonly current = new Map<string, FakeTransaction>();

  constructor(seed: FakeItemSeed = {}) {
    this.itemId = seed.itemId ?? plaidId();
    this.accessToken = seed.accessToken ?? `access-sandbox-${randomUUID()}`;
    this.institutionId = seed.institutionId ?? 'ins_100001';
    this.institutionName = seed.institutionName ?? 'Harbourfront Savings Bank';
    this.webhook = seed.webhook ?? null;
    this.maxPageSize = seed.maxPageSize;
    this.accounts = (seed.accounts ?? [{ type: 'depository', subtype: 'checking' }]).map(fakeAccount);
    this.streams = (seed.streams ?? []).map(fakeStream);
    if (seed.transactions) this.addTransactions(seed.transactions);
  }

  /** The first account's id: a default for transactions and streams that name none. */
  get defaultAccountId(): string {
    const first = this.accounts[0];
    if (first === undefined) throw new Error('the item has no account');
    return first.account_id;
  }

  addAccount(seed: FakeAccountSeed): FakeAccount {
    const account = fakeAccount(seed);
    this.accounts.push(account);
    return account;
  }

  addStream(seed: FakeStreamSeed): FakeStream {
    const stream = fakeStream(seed);
    this.streams.push(stream);
    return stream;
  }

  transaction(id: string): FakeTransaction | undefined {
    return this.current.get(id);
  }

  addTransactions(seeds: readonly FakeTransactionSeed[]): FakeTransaction[] {
    return seeds.map((seed) => {
      const transaction = fakeTransaction(seed);
      this.current.set(transaction.transaction_id, transaction);
      this.log.push({ op: 'added', transaction });
      return transaction;
    });
  }

  modifyTransaction(id: string, patch: Partial<Omit<FakeTransaction, 'transaction_id'>>): FakeTransaction {
    const existing = this.current.get(id);
    if (existing === undefined) throw new Error(`no transaction ${id}`);
    const transaction = { ...existing, ...patch };
    this.current.set(id, transaction);
    this.log.push({ op: 'modified', transaction });
    return transaction;
  }

  removeTransaction(id: string): void {
    const existing = this.current.get(id);
    if (existing === undefined) throw new Error(`no transaction ${id}`);
    this.current.delete(id);
    this.log.push({ op: 'removed', transaction: existing });
  }
}

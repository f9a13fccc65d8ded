import type { NormalizedRecord, RecordKind } from '@meridian/connectors';
import type { SyncCounts } from '@meridian/domain';
import type { LinkRow } from '../external-links.repository.js';
import type { SyncPage, WriteFailure } from './sync-page.js';

/** The normalized records of one kind. */
export type RecordOf<K extends RecordKind> = Extract<NormalizedRecord, { kind: K }>;

/** What a kind's upserts did. */
export interface KindWritten {
  counts: Pick<SyncCounts, 'created' | 'updated' | 'unchanged'>;
  failures: WriteFailure[];
  /** The entities the page listed: for a `complete` snapshot, every other one of the connection is gone. */
  seen: string[];
}

/**
 * How the records of one kind a connector sends are written: an adapter from the normalized
 * records to the writers of the modules that own the entities. The page writer calls every kind's
 * `write` (in the registry's order), then every kind's `remove`, then `notSeen` for the kinds the
 * page is a complete snapshot of, all in the page's transaction.
 */
export interface RecordKindWriter<K extends RecordKind> {
  /** Whether a link stands for an entity of this kind (a provider id may be linked to another kind). */
  owns(link: LinkRow): boolean;
  /**
   * Provider ids the records refer to besides their own (a transaction's account, the pending
   * transaction it replaces): their links are read with the page's own, in one query.
   */
  references(records: readonly RecordOf<K>[]): string[];
  /** Upserts the page's records of this kind (the last of each provider id) through their links. */
  write(page: SyncPage, records: readonly RecordOf<K>[]): Promise<KindWritten>;
  /**
   * Removes what the provider removed (`sourceIds`, from the page's `removed`) and whatever the
   * page's own records make obsolete; returns how many entities it deleted (or deactivated).
   */
  remove(page: SyncPage, sourceIds: readonly string[], records: readonly RecordOf<K>[]): Promise<number>;
  /**
   * For a page that is a complete snapshot of the kind: removes the connection's entities not in
   * `kept` (those the page listed, and those the connector listed but failed to map). A kind
   * without it cannot be sent as a snapshot.
   */
  notSeen?(page: SyncPage, kept: readonly string[]): Promise<number>;
}

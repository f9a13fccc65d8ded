import type { IntegrationService, SyncCounts } from '@meridian/domain';
import type { WriteScope } from '../../../../common/tenancy/write-scope.js';
import type { SyncedFlowsWriter } from '../../../financials/cash-flows/index.js';
import type { FinancialRecordsWriter } from '../../../financials/financial-records/index.js';
import type { MeetingsWriter } from '../../../practice/meetings/index.js';
import type { BatchAuditEntry } from '../../../platform/audit/index.js';
import type { ExternalLinksRepository, LinkRow, NewLink } from '../external-links.repository.js';

/** The write scope of one page: its transaction, organization, run (the actor) and time, plus what a page adds. */
export interface SyncPageScope extends WriteScope {
  syncRunId: string;
  connectionId: string;
  /** The connection's service: the origin of every link the page reads and writes. */
  service: IntegrationService;
  /** The household a new record goes to when nothing else says (the connection's owner household). */
  householdId(): string;
}

/**
 * The external links of one page: those of every provider id the page names, read once before
 * any kind is written, and kept current as the kinds create, repoint and delete links, so a later
 * kind (or the page's removals) sees what an earlier one wrote.
 */
export class PageLinks {
  /** The provider ids whose links were read (a link created since is in `rows` too). */
  private readonly read = new Set<string>();
  private readonly rows = new Map<string, LinkRow>();

  private constructor(
    private readonly repository: ExternalLinksRepository,
    private readonly scope: SyncPageScope,
  ) {}

  static async load(
    repository: ExternalLinksRepository,
    scope: SyncPageScope,
    sourceIds: Iterable<string>,
  ): Promise<PageLinks> {
    const links = new PageLinks(repository, scope);
    await links.include(sourceIds);
    return links;
  }

  /** Reads the links of provider ids the page did not name up front (one query for those not read yet). */
  async include(sourceIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(sourceIds)].filter((sourceId) => !this.read.has(sourceId));
    if (missing.length === 0) return;
    for (const [sourceId, link] of await this.repository.find(this.scope, { service: this.scope.service }, missing)) {
      this.rows.set(sourceId, link);
    }
    for (const sourceId of missing) this.read.add(sourceId);
  }

  get(sourceId: string): LinkRow | undefined {
    return this.rows.get(sourceId);
  }

  /** The links of these provider ids that `owns` accepts. */
  pick(sourceIds: Iterable<string>, owns: (link: LinkRow) => boolean): LinkRow[] {
    return [...new Set(sourceIds)].flatMap((sourceId) => {
      const link = this.rows.get(sourceId);
      return link && owns(link) ? [link] : [];
    });
  }

  async create(links: readonly (NewLink & { sourceId: string })[]): Promise<void> {
    for (const row of await this.repository.create(this.scope, { service: this.scope.service }, links)) {
      this.rows.set(row.sourceId, row);
      this.read.add(row.sourceId);
    }
  }

  /**
   * Links seen now, each with the hash of what was written through it, optionally pointed at
   * another entity (a record made again after its row was gone).
   */
  async touch(
    links: readonly { link: LinkRow; contentHash: string | null; entityType?: string; entityId?: string }[],
  ): Promise<void> {
    await this.repository.touch(
      this.scope,
      links.map(({ link, ...seen }) => ({ id: link.id, ...seen })),
    );
    for (const { link, contentHash, entityType, entityId } of links) {
      this.rows.set(link.sourceId, {
        ...link,
        contentHash,
        entityType: entityType ?? link.entityType,
        entityId: entityId ?? link.entityId,
      });
    }
  }

  /**
   * Clears the hashes of the links to these entities: gone at the provider, restored if it lists
   * them again. Returns the entities whose links still had one.
   */
  async clearHashes(entityIds: readonly string[]): Promise<string[]> {
    const live = await this.repository.clearHashes(this.scope, { service: this.scope.service }, entityIds);
    const cleared = new Set(entityIds);
    for (const [sourceId, link] of this.rows) {
      if (cleared.has(link.entityId)) this.rows.set(sourceId, { ...link, contentHash: null });
    }
    return live;
  }

  async delete(links: readonly LinkRow[]): Promise<void> {
    await this.repository.deleteByIds(
      this.scope,
      links.map((link) => link.id),
    );
    for (const link of links) this.rows.delete(link.sourceId);
  }
}

/** One page being written: its scope, its links, and the writers of the entities its records become. */
export interface SyncPage {
  scope: SyncPageScope;
  links: PageLinks;
  financialRecords: FinancialRecordsWriter;
  /** Transactions, recurring streams and their categories. */
  flows: SyncedFlowsWriter;
  /** Meetings and their participants (calendar events). */
  meetings: MeetingsWriter;
  /**
   * What the page created, updated and removed, one entry a record: the run's audit entries (actor
   * the run), which its detail lists; they add up to the run's created, updated and deleted counts.
   */
  changes: BatchAuditEntry[];
}

/**
 * A record the writer could not store although the connector mapped it (e.g. a transaction of an
 * account we do not hold). Reported like a connector RecordError, as a SyncRecordError row.
 */
export interface WriteFailure {
  sourceId: string;
  reason: string;
  message: string;
  payload: unknown;
}

export function zeroCounts(): SyncCounts {
  return { created: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0 };
}

export function addCounts(total: SyncCounts, more: Partial<SyncCounts>): void {
  total.created += more.created ?? 0;
  total.updated += more.updated ?? 0;
  total.unchanged += more.unchanged ?? 0;
  total.deleted += more.deleted ?? 0;
  total.failed += more.failed ?? 0;
}

/** The last record of each sourceId: a page may carry one record twice (added, then modified). */
export function lastBySourceId<T extends { sourceId: string }>(records: readonly T[]): T[] {
  return [...new Map(records.map((record) => [record.sourceId, record])).values()];
}

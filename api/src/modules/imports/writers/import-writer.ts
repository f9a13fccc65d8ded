import type { ExternalSourceSystem, ImportedRecordByKind, ImportRecordKind } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { SystemPrisma } from '../../../infra/prisma/prisma.service.js';

export type ImportTx = Prisma.TransactionClient;

/** What a writer knows of the batch it writes for. Every query must name `organizationId`. */
export interface ImportWriteContext {
  organizationId: string;
  /** The organization's first team: where created contacts, households and tasks go. */
  teamId: string;
  source: ExternalSourceSystem;
  importBatchId: string;
  now: Date;
}

/** An existing entity a row without a source id may be; it goes to the review queue, never merged silently. */
export interface ImportCandidate {
  entityId: string;
  matchedOn: 'EMAIL' | 'PHONE' | 'NAME';
}

export type CandidateFinder<K extends ImportRecordKind> = (record: ImportedRecordByKind[K]) => ImportCandidate | null;

/**
 * How one kind of imported record is written. The engine decides the rows (dry run), then calls the
 * writer inside its chunk transaction; the engine keeps the external links, the row results and the
 * audit log, so a writer only touches its own entities (and the ones they reference, e.g. a
 * household found or created by its source id).
 */
export interface ImportRecordWriter<K extends ImportRecordKind> {
  readonly kind: K;
  /** The linked entity's type, as in external links and the audit log (`contact`, `household`...). */
  readonly entityType: string;
  /** Creates the entity; returns its id. */
  create(tx: ImportTx, context: ImportWriteContext, record: ImportedRecordByKind[K]): Promise<string>;
  /**
   * Writes exactly the given fields: an update passes the changed fields' new values, a rollback
   * their old ones, so the advisor's edits to other fields stay.
   */
  writeFields(
    tx: ImportTx,
    context: ImportWriteContext,
    entityId: string,
    fields: Partial<ImportedRecordByKind[K]>,
  ): Promise<void>;
  /** Deletes an entity the batch created (rollback). */
  remove(tx: ImportTx, context: ImportWriteContext, entityId: string): Promise<void>;
  /** For kinds where a row without a source id may be an existing entity; absent means always create. */
  candidateFinder?(
    prisma: SystemPrisma,
    organizationId: string,
    records: ImportedRecordByKind[K][],
  ): Promise<CandidateFinder<K>>;
}

export type AnyImportRecordWriter = { [K in ImportRecordKind]: ImportRecordWriter<K> }[ImportRecordKind];

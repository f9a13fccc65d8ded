import type { ExternalSourceSystem, ImportedRecordByKind, ImportFieldError, ImportRecordKind } from '@meridian/domain';
import type { Prisma } from '../../../../generated/prisma/client.js';
import type { SystemPrisma } from '../../../../infra/prisma/prisma.service.js';

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
  /**
   * Every type the writer's entities may have, when there are several: a financial record's id, and
   * so its links' and audit entries' type, is its record type's (`investment_account`,
   * `bank_account`). The engine then takes each entity's type from its id. Absent: `entityType`.
   */
  readonly entityTypes?: readonly string[];
  /**
   * The tables the writer fills (as PostgreSQL names them): the engine refreshes their planner
   * statistics as an import grows them, see `ImportEngine.commit`.
   */
  readonly tables: readonly string[];
  /** Creates the entity; returns its id. */
  create(tx: ImportTx, context: ImportWriteContext, record: ImportedRecordByKind[K]): Promise<string>;
  /**
   * Creates a chunk's entities at once (set-based inserts), returning their ids in order; the
   * engine uses it when present. Must write exactly what `create` would for each record.
   */
  createMany?(tx: ImportTx, context: ImportWriteContext, records: ImportedRecordByKind[K][]): Promise<string[]>;
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
  /**
   * What the dry run must refuse because a record refers to something that does not exist and
   * cannot be made from the row (an owner known only by an id no person of the system has). One
   * list of errors per record, in order; empty when the record can be written.
   */
  unresolvedReferences?(
    prisma: SystemPrisma,
    context: { organizationId: string; source: ImportWriteContext['source'] },
    records: ImportedRecordByKind[K][],
  ): Promise<ImportFieldError[][]>;
}

export type AnyImportRecordWriter = { [K in ImportRecordKind]: ImportRecordWriter<K> }[ImportRecordKind];

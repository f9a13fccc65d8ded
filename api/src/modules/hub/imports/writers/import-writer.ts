import type {
  ExternalSourceSystem,
  ImportedRecordByKind,
  ImportFieldChange,
  ImportFieldError,
  ImportRecordKind,
} from '@meridian/domain';
import type { WriteScope } from '../../../../common/tenancy/write-scope.js';

/** What an import's writes know besides the write scope: the batch they are for. */
export interface ImportScope extends WriteScope {
  /** The organization's first team: where created contacts, households and tasks go. */
  teamId: string;
  source: ExternalSourceSystem;
  importBatchId: string;
}

/** What the dry run may read with: the tenant client (outside any transaction) and its SQL. */
export type ImportReadScope = Pick<WriteScope, 'tx' | 'sql' | 'organizationId'> & { source: ExternalSourceSystem };

/**
 * An existing entity a row no link names may be. A doubtful one goes to the review queue; a sure
 * one (the same e-mail or phone and first name, or the same name and birth date: the person
 * imported from another system) is merged when nothing conflicts (see `sureMerges`).
 */
export interface ImportCandidate {
  entityId: string;
  matchedOn: 'EMAIL' | 'PHONE' | 'NAME';
  sure: boolean;
}

export type CandidateFinder<K extends ImportRecordKind> = (record: ImportedRecordByKind[K]) => ImportCandidate | null;

/** The given fields of one stored entity: an update's new values, or a rollback's old ones. */
export interface FieldsUpdate<K extends ImportRecordKind> {
  entityId: string;
  fields: Partial<ImportedRecordByKind[K]>;
  /**
   * The same fields' values the change started from (the last import's, or the contact's when a
   * review item was accepted): a list whose every item is still there only gains the new ones.
   */
  previous?: Partial<ImportedRecordByKind[K]>;
}

/**
 * How one kind of imported record reaches the CRM: an adapter from a file's mapped records to the
 * owning modules' writers. The engine decides the rows (dry run), then hands a chunk to the adapter
 * inside the chunk's transaction; it keeps the records' own external links, the row results and the
 * audit log. The adapter resolves what records refer to (households, owners, tags), marking the
 * entities it creates only for a reference as the batch's, and writes a whole chunk set-based.
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
  /** Creates a chunk's entities; returns their ids in order. */
  create(scope: ImportScope, records: ImportedRecordByKind[K][]): Promise<string[]>;
  /**
   * Writes exactly the given fields of each entity: an update passes the changed fields' new values,
   * a rollback their old ones, so the advisor's edits to other fields stay.
   */
  update(scope: ImportScope, updates: FieldsUpdate<K>[]): Promise<void>;
  /** Deletes entities the batch created (rollback), with what the batch created only for them. */
  remove(scope: ImportScope, entityIds: string[]): Promise<void>;
  /** For kinds where a row without a source id may be an existing entity; absent means always create. */
  candidateFinder?(scope: ImportReadScope, records: ImportedRecordByKind[K][]): Promise<CandidateFinder<K>>;
  /**
   * For sure candidates: what merging each row into its candidate changes (lists only gain, notes
   * are appended), or null when a field conflicts and the user must decide. In order.
   */
  sureMerges?(
    scope: ImportReadScope,
    pairs: { record: ImportedRecordByKind[K]; candidate: ImportCandidate }[],
  ): Promise<(ImportFieldChange[] | null)[]>;
  /**
   * What the dry run must refuse because a record refers to something that does not exist and
   * cannot be made from the row (an owner known only by an id no person of the system has). One
   * list of errors per record, in order; empty when the record can be written.
   */
  unresolvedReferences?(scope: ImportReadScope, records: ImportedRecordByKind[K][]): Promise<ImportFieldError[][]>;
}

export type AnyImportRecordWriter = { [K in ImportRecordKind]: ImportRecordWriter<K> }[ImportRecordKind];

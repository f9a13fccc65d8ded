import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isImportFileError, type ImportFile } from '@meridian/connectors';
import {
  canonicalJson,
  createRowMapper,
  createSourceIdCheck,
  createValueCollector,
  diffImportRecords,
  DomainError,
  EntityType,
  ErrorCode,
  hasValueMap,
  ImportErrorCode,
  missingNameFields,
  newId,
  parseId,
  withCreateDefaults,
  type ColumnSamples,
  type ExternalSourceSystem,
  type ImportCreateDefaults,
  type ImportedRecord,
  type ImportFieldChange,
  type ImportFieldError,
  type ImportRecordKind,
  type ImportReviewReason,
  type ImportRollbackSummary,
  type MappedRow,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { insertRows, sqlOf, type ColumnTypes } from '../../../common/persistence/sql.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { writeScope, type AuditActor } from '../../../common/tenancy/write-scope.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { releaseQueryHistory } from '../../../infra/prisma/query-history.js';
import { AuditService, type BatchAuditEntry } from '../../platform/audit/index.js';
import { ExternalLinksRepository, SyncRunLifecycle, type LinkRow, type RunRef } from '../sync/index.js';
import { openImportFile } from './import-files.js';
import { profileOfBatch } from './profiles.js';
import type { ImportCandidate, ImportReadScope, ImportRecordWriter, ImportScope } from './writers/import-writer.js';
import { ImportWriters } from './writers/registry.js';

/** Rows decided per statement and per progress update in the dry run. */
export const DRY_RUN_CHUNK_ROWS = 2000;
/**
 * Rows written per transaction by the commit: each chunk is a handful of set-based statements, and
 * its rows are marked applied in the same transaction, so a retried job resumes after it.
 */
export const COMMIT_CHUNK_ROWS = 2000;
/** After how many written chunks the tables' statistics are refreshed: as they grow 4-fold. */
const STATISTICS_REFRESH_AT = new Set([1, 4, 16, 64, 256, 1024]);
/** Per chunk; generous for a slow shared machine, not an expected duration. */
const CHUNK_TRANSACTION_TIMEOUT_MS = 120_000;

type RowAction = 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'INVALID' | 'REVIEW' | 'SKIPPED';

interface PendingRow {
  rowNumber: number;
  mapped: Exclude<MappedRow, { status: 'skipped' }>;
  duplicate: ImportFieldError | null;
}

/** A dry-run row's result as the commit reads it back. */
interface StagedRow {
  id: string;
  rowNumber: number;
  action: RowAction;
  sourceId: string | null;
  entityId: string | null;
  record: ImportedRecord;
  changes: ImportFieldChange[] | null;
  contentHash: string | null;
}

/** A writer of any kind, seen through the widest record type: the engine never looks inside records. */
type Writer = ImportRecordWriter<ImportRecordKind> & {
  create(scope: ImportScope, records: ImportedRecord[]): Promise<string[]>;
  update(scope: ImportScope, updates: { entityId: string; fields: object; previous?: object }[]): Promise<void>;
  candidateFinder?(
    scope: ImportReadScope,
    records: ImportedRecord[],
  ): Promise<(record: ImportedRecord) => ImportCandidate | null>;
  unresolvedReferences?(scope: ImportReadScope, records: ImportedRecord[]): Promise<ImportFieldError[][]>;
};

const ROW_RESULT_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  import_batch_id: 'text',
  row_number: 'integer',
  action: 'import_row_action',
  entity_type: 'text',
  entity_id: 'text',
  source_id: 'text',
  errors: 'jsonb',
  warnings: 'jsonb',
  changes: 'jsonb',
  record: 'jsonb',
  content_hash: 'text',
};

const REVIEW_ITEM_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  import_batch_id: 'text',
  row_number: 'integer',
  reason: 'import_review_reason',
  candidate_contact_id: 'text',
  duplicate_of_row: 'integer',
  matched_on: 'text',
  created_at: 'timestamptz',
};

/**
 * The record's content hash: SHA-256 of its canonical JSON, as the domain defines it
 * (`importRecordHash`), computed with the runtime's native hash: the dry run hashes every row.
 */
export function recordHash(record: unknown): string {
  return createHash('sha256').update(canonicalJson(record)).digest('hex');
}

/** The types a writer's links may carry. */
function linkedTypes(writer: Writer): string[] {
  return [...(writer.entityTypes ?? [writer.entityType])];
}

/** One entity's type: its id's prefix when the writer has several (the links' CHECK wants the two to agree). */
function entityTypeOf(writer: Writer, entityId: string): string {
  return writer.entityTypes ? parseId(entityId).type : writer.entityType;
}

/** The changed fields of a diff with their values on one side: what an update (or its undo) writes. */
function fieldsOf(changes: readonly ImportFieldChange[], side: 'before' | 'after'): Record<string, unknown> {
  return Object.fromEntries(changes.map((change) => [change.field, change[side]]));
}

/** A staged record's name part as people may type it: case and runs of spaces aside (see foldPersonName). */
const FOLDED_NAME = (field: 'firstName' | 'lastName') =>
  `regexp_replace(lower(btrim(result.record->>'${field}')), '\\s+', ' ', 'g')`;

/**
 * An update of one entity as the writer takes it: the fields to write, and what they were (so a
 * list that only gains items gets them added, never replaced). Rolling back swaps the two.
 */
function fieldsUpdate(entityId: string, changes: readonly ImportFieldChange[], direction: 'apply' | 'undo') {
  const [write, was] = direction === 'apply' ? (['after', 'before'] as const) : (['before', 'after'] as const);
  return { entityId, fields: fieldsOf(changes, write), previous: fieldsOf(changes, was) };
}

/**
 * The import flow's work, for the workers (dry run, commit) and the API (rollback), each in its
 * batch's organization: every query goes through the tenant client, and the writes of a chunk
 * through the owning modules' writers (by way of the kind's adapter), set-based.
 */
@Injectable()
export class ImportEngine {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(ImportWriters) private readonly writers: ImportWriters,
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private writerOf(kind: ImportRecordKind): Writer | undefined {
    return this.writers.of(kind) as Writer | undefined;
  }

  private readScope(organizationId: string, source: ExternalSourceSystem): ImportReadScope {
    return { tx: this.prisma, sql: sqlOf(this.prisma), organizationId, source };
  }

  /** Decides each row's action without writing records: the counts, the diff and the review queue. */
  dryRun(organizationId: string, batchId: string): Promise<void> {
    return inOrganization(organizationId, () => this.runDryRun(organizationId, batchId));
  }

  private async runDryRun(organizationId: string, batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({ where: { id: batchId }, include: { customProfile: true } });
    // A stale job (mapping changed, batch committed or gone) has nothing to do.
    if (!batch || (batch.stage !== 'DRY_RUN_QUEUED' && batch.stage !== 'DRY_RUN_RUNNING') || !batch.filePath) return;
    const where = { importBatchId: batchId };
    await this.prisma.$transaction([
      this.prisma.importRowResult.deleteMany({ where }),
      this.prisma.importReviewItem.deleteMany({ where }),
      this.prisma.importBatch.update({
        where: { id: batchId },
        data: {
          stage: 'DRY_RUN_RUNNING',
          rowsDone: 0,
          progressStartedAt: new Date(),
          createCount: 0,
          updateCount: 0,
          unchangedCount: 0,
          invalidCount: 0,
          reviewCount: 0,
          skippedCount: 0,
          errorCode: null,
          errorMessage: null,
        },
      }),
    ]);
    const profile = profileOfBatch(batch);
    if (!profile) {
      await this.failDryRun(
        batchId,
        ImportErrorCode.NO_MAPPING,
        'Choose a profile or map the columns before the dry run',
      );
      return;
    }
    const writer = this.writerOf(profile.kind);
    if (!writer) {
      await this.failDryRun(
        batchId,
        ImportErrorCode.KIND_NOT_WRITABLE,
        `Records of kind ${profile.kind} cannot be imported yet`,
      );
      return;
    }
    const scope = this.readScope(organizationId, batch.source);
    let file: ImportFile | undefined;
    try {
      file = await openImportFile(
        batch.filePath,
        {
          fileName: batch.fileName ?? 'import.csv',
          maxBytes: this.config.IMPORT_MAX_BYTES,
          archiveEntry: batch.archiveEntry,
        },
        profile,
      );
      const mapper = createRowMapper(profile, file.headers);
      const checkSourceId = createSourceIdCheck();
      // Every distinct value of the columns with a value map, for the map the user sees after the run.
      const valueColumns = mapper.bindings.filter((binding) => hasValueMap(profile.kind, binding.column));
      const values = createValueCollector(valueColumns.map((binding) => binding.header));
      let chunk: PendingRow[] = [];
      for await (const row of file.rows) {
        const mapped = mapper.mapRow(row) as MappedRow;
        if (mapped.status === 'skipped') continue;
        values.add(row.values);
        // A row the source marks deleted is reported, not checked: its id may come again, alive.
        const duplicate = mapped.status === 'excluded' ? null : checkSourceId(mapped.sourceId, row.rowNumber);
        chunk.push({ rowNumber: row.rowNumber, mapped, duplicate });
        if (chunk.length >= DRY_RUN_CHUNK_ROWS) {
          await this.decideChunk(scope, batch.id, writer, chunk);
          releaseQueryHistory();
          chunk = [];
        }
      }
      if (chunk.length > 0) await this.decideChunk(scope, batch.id, writer, chunk);
      if (writer.candidateFinder) await this.flagSamePersonInFile(organizationId, batch.id);
      // The values found widen the upload's few samples of those columns (the mapping shows them).
      const samples = { ...((batch.columnSamples ?? {}) as ColumnSamples), ...values.values() };
      await this.prisma.importBatch.update({
        where: { id: batchId },
        data: { stage: 'DRY_RUN_DONE', dryRunAt: new Date(), columnSamples: samples },
      });
    } catch (error) {
      if (!isImportFileError(error)) throw error;
      await this.failDryRun(batchId, error.code, error.message);
    } finally {
      await file?.close();
    }
  }

  private async failDryRun(batchId: string, code: string, message: string): Promise<void> {
    await this.prisma.importBatch.update({
      where: { id: batchId },
      data: { stage: 'UPLOADED', errorCode: code, errorMessage: message },
    });
  }

  /**
   * The record each link's outside id was last imported as (from this source system): the base of
   * the field diff. A contact may be linked to several ids (two systems, or two rows accepted as the
   * same person): each id's own last row is its base, so one source's row is never diffed against
   * another's. A link without such a row (made before rows were kept) falls back to the entity's last.
   */
  private async lastImported(source: ExternalSourceSystem, links: LinkRow[]): Promise<Map<string, unknown>> {
    if (links.length === 0) return new Map();
    const results = await this.prisma.importRowResult.findMany({
      where: {
        entityId: { in: links.map((link) => link.entityId) },
        appliedAt: { not: null },
        importBatch: { status: 'APPLIED', source },
      },
      select: { entityId: true, sourceId: true, record: true },
      orderBy: [{ appliedAt: 'desc' }, { rowNumber: 'desc' }],
    });
    const key = (entityId: string, sourceId: string | null) => `${entityId}\u0000${sourceId ?? ''}`;
    const byLink = new Map<string, unknown>();
    const byEntity = new Map<string, unknown>();
    for (const result of results) {
      const linkKey = key(result.entityId!, result.sourceId);
      if (!byLink.has(linkKey)) byLink.set(linkKey, result.record);
      if (!byEntity.has(result.entityId!)) byEntity.set(result.entityId!, result.record);
    }
    return new Map(
      links.map((link) => [
        link.sourceId,
        byLink.get(key(link.entityId, link.sourceId)) ?? byEntity.get(link.entityId) ?? {},
      ]),
    );
  }

  private async decideChunk(scope: ImportReadScope, batchId: string, writer: Writer, rows: PendingRow[]) {
    const { organizationId } = scope;
    // A contact row refused only for a missing name is not dropped: the review queue lets the user
    // give it (writers with a candidate finder, which have a review queue).
    const incomplete = new Map<PendingRow, ImportedRecord>();
    if (writer.candidateFinder)
      for (const row of rows)
        if (row.mapped.status === 'invalid' && !row.duplicate && missingNameFields(row.mapped.errors))
          incomplete.set(row, row.mapped.draft as unknown as ImportedRecord);
    const recordOf = (row: PendingRow) =>
      row.mapped.status === 'valid' ? row.mapped.record : (incomplete.get(row) ?? null);
    const sourceIds = rows.flatMap((row) => (recordOf(row) && row.mapped.sourceId ? [row.mapped.sourceId] : []));
    const linkBySourceId = await this.links.find(scope, { source: scope.source }, sourceIds, linkedTypes(writer));
    const previous = await this.lastImported(scope.source, [...linkBySourceId.values()]);
    const linkOf = (row: PendingRow) => (row.mapped.sourceId ? linkBySourceId.get(row.mapped.sourceId) : undefined);
    // Rows no link names, with or without a source id: a new source id may still be a contact the
    // organization has (imported from another system, or entered by hand).
    const unlinked = rows.flatMap((row) => {
      const record = recordOf(row);
      return record && !linkOf(row) ? [record] : [];
    });
    const findCandidate =
      writer.candidateFinder && unlinked.length > 0 ? await writer.candidateFinder(scope, unlinked) : () => null;
    const valid = rows.flatMap((row) => (row.mapped.status === 'valid' ? [row.mapped.record] : []));
    const referenceErrors = new Map<ImportedRecord, ImportFieldError[]>();
    if (writer.unresolvedReferences && valid.length > 0) {
      const errors = await writer.unresolvedReferences(scope, valid);
      valid.forEach((record, index) => {
        if (errors[index]!.length > 0) referenceErrors.set(record, errors[index]!);
      });
    }
    // Rows surely the same person as a contact another system brought, merged when nothing conflicts.
    const sureMerges = new Map<PendingRow, ImportFieldChange[]>();
    if (writer.sureMerges) {
      const pairs = rows.flatMap((row) => {
        if (row.mapped.status !== 'valid' || row.duplicate || linkOf(row)) return [];
        const candidate = findCandidate(row.mapped.record);
        return candidate?.sure ? [{ row, record: row.mapped.record, candidate }] : [];
      });
      if (pairs.length > 0) {
        const merges = await writer.sureMerges(scope, pairs);
        pairs.forEach(({ row }, index) => {
          const changes = merges[index];
          if (changes) sureMerges.set(row, changes);
        });
      }
    }
    const results: Record<string, unknown>[] = [];
    const reviews: Record<string, unknown>[] = [];
    const counts: Record<RowAction, number> = {
      CREATE: 0,
      UPDATE: 0,
      UNCHANGED: 0,
      INVALID: 0,
      REVIEW: 0,
      SKIPPED: 0,
    };
    const result = (row: PendingRow, action: RowAction, fields: Record<string, unknown>) => {
      results.push({
        id: newId(EntityType.importRowResult),
        organization_id: organizationId,
        import_batch_id: batchId,
        row_number: row.rowNumber,
        action,
        entity_type: null,
        entity_id: null,
        source_id: row.mapped.sourceId,
        errors: null,
        warnings: null,
        changes: null,
        record: null,
        content_hash: null,
        ...fields,
      });
      counts[action] += 1;
    };
    const review = (row: PendingRow, reason: ImportReviewReason, candidate: ImportCandidate | null) =>
      reviews.push({
        id: newId(EntityType.importReviewItem),
        organization_id: organizationId,
        import_batch_id: batchId,
        row_number: row.rowNumber,
        reason,
        candidate_contact_id: candidate?.entityId ?? null,
        duplicate_of_row: null,
        matched_on: candidate?.matchedOn ?? null,
        created_at: new Date(),
      });
    for (const row of rows) {
      const { mapped } = row;
      if (mapped.status === 'excluded') {
        result(row, 'SKIPPED', { warnings: mapped.reasons });
        continue;
      }
      const draft = incomplete.get(row);
      if (draft && mapped.status === 'invalid') {
        const link = linkOf(row);
        const staged = { record: draft, content_hash: recordHash(draft), errors: mapped.errors };
        if (!link) {
          // Kept with what it lacks; a contact sharing its e-mail or phone is offered too.
          const candidate = findCandidate(draft);
          result(row, 'REVIEW', {
            ...staged,
            entity_type: candidate ? writer.entityType : null,
            entity_id: candidate?.entityId ?? null,
          });
          review(row, 'MISSING_NAME', candidate);
          continue;
        }
        // Completed by the user once already, and the file still says the same: nothing to do.
        if (link.contentHash === staged.content_hash) {
          result(row, 'UNCHANGED', { ...staged, entity_type: link.entityType, entity_id: link.entityId });
          continue;
        }
      }
      const unresolved = mapped.status === 'valid' ? referenceErrors.get(mapped.record) : undefined;
      if (mapped.status === 'invalid' || row.duplicate || unresolved) {
        const errors = mapped.status === 'invalid' ? mapped.errors : row.duplicate ? [row.duplicate] : unresolved!;
        result(row, 'INVALID', { errors });
        continue;
      }
      const record = mapped.record;
      const staged = {
        record,
        content_hash: recordHash(record),
        warnings: mapped.warnings.length > 0 ? mapped.warnings : null,
      };
      const link = linkOf(row);
      if (link) {
        const entity = { ...staged, entity_type: link.entityType, entity_id: link.entityId };
        if (link.contentHash === staged.content_hash) {
          result(row, 'UNCHANGED', entity);
        } else {
          const before = (previous.get(link.sourceId) ?? {}) as ImportedRecord;
          result(row, 'UPDATE', { ...entity, changes: diffImportRecords(before, record) });
        }
        continue;
      }
      const candidate = findCandidate(record);
      if (candidate) {
        const merged = sureMerges.get(row);
        if (merged) {
          // The person another system brought: merged without asking, and linked at commit.
          result(row, 'UPDATE', {
            ...staged,
            entity_type: writer.entityType,
            entity_id: candidate.entityId,
            changes: merged,
          });
          continue;
        }
        result(row, 'REVIEW', { ...staged, entity_type: writer.entityType, entity_id: candidate.entityId });
        review(row, 'EXISTING_CONTACT', candidate);
        continue;
      }
      result(row, 'CREATE', staged);
    }
    await this.prisma.$transaction(async (tx) => {
      const sql = sqlOf(tx);
      await insertRows(sql, 'import_row_results', ROW_RESULT_TYPES, results);
      await insertRows(sql, 'import_review_items', REVIEW_ITEM_TYPES, reviews);
      await tx.importBatch.update({
        where: { id: batchId },
        data: {
          rowsDone: { increment: rows.length },
          createCount: { increment: counts.CREATE },
          updateCount: { increment: counts.UPDATE },
          unchangedCount: { increment: counts.UNCHANGED },
          invalidCount: { increment: counts.INVALID },
          reviewCount: { increment: counts.REVIEW },
          skippedCount: { increment: counts.SKIPPED },
        },
      });
    });
  }

  /**
   * Two rows of one file that would both create a contact and share an e-mail or a phone number
   * (with the same first name: a couple sharing a home phone or an e-mail are two people) may be
   * one person under two ids: the later row goes to the review queue, pointing at the earliest such
   * row, instead of creating a second contact. One set-based pass over the staged rows once every
   * chunk is decided, so a file of any size holds no index of its e-mails in memory.
   */
  private async flagSamePersonInFile(organizationId: string, batchId: string): Promise<void> {
    await this.prisma.$transaction(
      async (tx) => {
        const sql = sqlOf(tx);
        const flagged = await sql.query<{ rowNumber: number; earlierRow: number; matchedOn: string }>(
          `WITH keys AS (
             SELECT result.row_number, ${FOLDED_NAME('firstName')} AS first_name, 'EMAIL' AS matched_on,
                    lower(btrim(email->>'email')) AS key
               FROM import_row_results AS result
              CROSS JOIN LATERAL jsonb_array_elements(result.record->'emails') AS email
              WHERE result.organization_id = $1 AND result.import_batch_id = $2 AND result.action = 'CREATE'
             UNION ALL
             SELECT result.row_number, ${FOLDED_NAME('firstName')}, 'PHONE',
                    (phone->>'countryCode') || ':' || (phone->>'number')
               FROM import_row_results AS result
              CROSS JOIN LATERAL jsonb_array_elements(result.record->'phones') AS phone
              WHERE result.organization_id = $1 AND result.import_batch_id = $2 AND result.action = 'CREATE'
             UNION ALL
             -- The same name (case and spacing aside) and birth date: one person typed twice.
             SELECT result.row_number, ${FOLDED_NAME('firstName')}, 'NAME',
                    ${FOLDED_NAME('lastName')} || ':' || (result.record->>'dateOfBirth')
               FROM import_row_results AS result
              WHERE result.organization_id = $1 AND result.import_batch_id = $2 AND result.action = 'CREATE'
                AND result.record->>'dateOfBirth' IS NOT NULL AND result.record->>'lastName' IS NOT NULL
           ), earliest AS (
             SELECT row_number, matched_on,
                    min(row_number) OVER (PARTITION BY matched_on, key, first_name) AS earlier_row
               FROM keys
           ), flagged AS (
             SELECT DISTINCT ON (row_number) row_number, earlier_row, matched_on
               FROM earliest WHERE earlier_row < row_number
              ORDER BY row_number, earlier_row, matched_on
           )
           UPDATE import_row_results AS result SET action = 'REVIEW'
             FROM flagged
            WHERE result.organization_id = $1 AND result.import_batch_id = $2
              AND result.row_number = flagged.row_number
           RETURNING flagged.row_number AS "rowNumber", flagged.earlier_row AS "earlierRow",
                     flagged.matched_on AS "matchedOn"`,
          organizationId,
          batchId,
        );
        if (flagged.length === 0) return;
        const now = new Date();
        await insertRows(
          sql,
          'import_review_items',
          REVIEW_ITEM_TYPES,
          flagged.map((row) => ({
            id: newId(EntityType.importReviewItem),
            organization_id: organizationId,
            import_batch_id: batchId,
            row_number: row.rowNumber,
            reason: 'SAME_IN_FILE',
            candidate_contact_id: null,
            duplicate_of_row: row.earlierRow,
            matched_on: row.matchedOn,
            created_at: now,
          })),
        );
        await tx.importBatch.update({
          where: { id: batchId },
          data: { createCount: { decrement: flagged.length }, reviewCount: { increment: flagged.length } },
        });
      },
      { timeout: CHUNK_TRANSACTION_TIMEOUT_MS },
    );
  }

  /** The organization's first team, which takes what an import creates. */
  private async importTeam(): Promise<string> {
    const team = await this.prisma.team.findFirst({
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    if (!team) throw new DomainError(ErrorCode.CONFLICT, 'The organization has no team to put imported records in');
    return team.id;
  }

  /** The scope of one chunk's transaction: the batch's, written by its sync run. */
  private importScope(
    tx: TenantTransaction,
    batch: { id: string; source: ExternalSourceSystem; syncRunId: string | null },
    teamId: string,
  ): ImportScope {
    const actor: AuditActor = { kind: 'SYNC', id: batch.syncRunId, importBatchId: batch.id };
    return { ...writeScope(tx, { actor }), teamId, source: batch.source, importBatchId: batch.id };
  }

  /**
   * Writes the CREATE and UPDATE rows of a dry-run batch, a chunk per transaction; a row is marked
   * applied in the transaction that writes it, so a retried job resumes where the last one stopped.
   * Each write leaves an audit entry by the batch's sync run in the same transaction.
   */
  commit(organizationId: string, batchId: string): Promise<void> {
    return inOrganization(organizationId, () => this.runCommit(batchId));
  }

  private async runCommit(batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({ where: { id: batchId }, include: { customProfile: true } });
    if (!batch || (batch.stage !== 'COMMIT_QUEUED' && batch.stage !== 'COMMITTING')) return;
    const alreadyApplied = await this.prisma.importRowResult.count({
      where: { importBatchId: batchId, appliedAt: { not: null } },
    });
    await this.prisma.importBatch.update({
      where: { id: batchId },
      data: { stage: 'COMMITTING', rowsDone: alreadyApplied, progressStartedAt: new Date() },
    });
    try {
      const kind = profileOfBatch(batch)?.kind;
      const writer = kind ? this.writerOf(kind) : undefined;
      if (!writer) throw new DomainError(ErrorCode.CONFLICT, 'The batch has no mapping of a kind that can be imported');
      const teamId = await this.importTeam();
      const defaults: ImportCreateDefaults = { contactType: batch.defaultContactType };
      const sql = sqlOf(this.prisma);
      let after = 0;
      let chunksWritten = 0;
      for (;;) {
        const rows = await sql.query<StagedRow>(
          `SELECT id, row_number AS "rowNumber", action::text AS action, source_id AS "sourceId",
                  entity_id AS "entityId", record, changes, content_hash AS "contentHash"
             FROM import_row_results
            WHERE organization_id = $1 AND import_batch_id = $2 AND action IN ('CREATE', 'UPDATE')
              AND applied_at IS NULL AND row_number > $3
            ORDER BY row_number LIMIT $4`,
          batch.organizationId,
          batchId,
          after,
          COMMIT_CHUNK_ROWS,
        );
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.rowNumber;
        await this.prisma.$transaction(
          (tx) => this.writeChunk(this.importScope(tx, batch, teamId), writer, rows, defaults),
          { timeout: CHUNK_TRANSACTION_TIMEOUT_MS },
        );
        releaseQueryHistory();
        chunksWritten += 1;
        if (STATISTICS_REFRESH_AT.has(chunksWritten)) await this.refreshStatistics(writer);
      }
      await this.endCommit(batch, { status: 'APPLIED', stage: 'DONE', appliedAt: new Date() }, (tx, run) =>
        this.lifecycle.finishIn(
          tx,
          { ...run, startedAt: null },
          {
            created: batch.createCount,
            updated: batch.updateCount,
            unchanged: batch.unchangedCount,
            failed: batch.invalidCount,
            reviewPending: batch.reviewCount,
          },
        ),
      );
    } catch (error) {
      const failure = {
        code: ImportErrorCode.COMMIT_FAILED,
        message: error instanceof Error ? error.message : String(error),
      };
      await this.endCommit(
        batch,
        { status: 'FAILED', stage: 'DONE', errorCode: failure.code, errorMessage: failure.message },
        (tx, run) => this.lifecycle.failIn(tx, run, failure),
      );
      throw error;
    }
  }

  /**
   * One chunk: its creates (with what the user chose for created records, e.g. the contact type
   * of rows that give none), its updates, their links and audit entries, the rows marked applied.
   */
  private async writeChunk(
    scope: ImportScope,
    writer: Writer,
    rows: StagedRow[],
    defaults: ImportCreateDefaults,
  ): Promise<void> {
    const audits: BatchAuditEntry[] = [];
    const applied = new Map<string, string>();
    const creates = rows.filter((row) => row.action === 'CREATE');
    const created = creates.map((row) => withCreateDefaults(row.record, defaults));
    const createdIds = await writer.create(scope, created);
    const links = creates.flatMap((row, index) => {
      const entityId = createdIds[index]!;
      const entityType = entityTypeOf(writer, entityId);
      applied.set(row.id, entityId);
      audits.push({ action: 'CREATE', entityType, entityId, after: created[index]! });
      return row.sourceId
        ? [
            {
              sourceId: row.sourceId,
              entityType,
              entityId,
              contentHash: row.contentHash,
              importBatchId: scope.importBatchId,
            },
          ]
        : [];
    });
    await this.links.create(scope, { source: scope.source }, links);

    const updates = await this.updateTargets(
      scope,
      rows.filter((row) => row.action === 'UPDATE'),
      applied,
    );
    await this.updateInRounds(
      scope,
      writer,
      updates.flatMap(({ row, entityId }) =>
        row.changes && row.changes.length > 0 ? [fieldsUpdate(entityId, row.changes, 'apply')] : [],
      ),
    );
    await this.linkUpdatedRows(scope, writer, updates);
    for (const { row, entityId } of updates) {
      applied.set(row.id, entityId);
      if (!row.changes || row.changes.length === 0) continue;
      audits.push({
        action: 'UPDATE',
        entityType: entityTypeOf(writer, entityId),
        entityId,
        before: fieldsOf(row.changes, 'before'),
        after: fieldsOf(row.changes, 'after'),
      });
    }
    // Marked applied in the transaction that wrote them: a retried job resumes after them.
    await scope.sql.execute(
      `UPDATE import_row_results AS result SET entity_id = applied.entity_id, applied_at = $2
         FROM unnest($3::text[], $4::text[]) AS applied(id, entity_id)
        WHERE result.organization_id = $1 AND result.id = applied.id`,
      scope.organizationId,
      scope.now,
      [...applied.keys()],
      [...applied.values()],
    );
    await this.audit.recordMany(scope, audits);
    await scope.tx.importBatch.update({
      where: { id: scope.importBatchId },
      data: { rowsDone: { increment: rows.length } },
    });
  }

  /**
   * Updates in order, each entity at most once per call to the writer (whose statements set a row
   * once): several rows accepted as the same contact are written one after the other.
   */
  private async updateInRounds(scope: ImportScope, writer: Writer, updates: ReturnType<typeof fieldsUpdate>[]) {
    let pending = updates;
    while (pending.length > 0) {
      const seen = new Set<string>();
      const round: typeof updates = [];
      const later: typeof updates = [];
      for (const update of pending) {
        if (seen.has(update.entityId)) later.push(update);
        else {
          seen.add(update.entityId);
          round.push(update);
        }
      }
      await writer.update(scope, round);
      pending = later;
    }
  }

  /**
   * The entity each UPDATE row writes to. A row accepted as the same person as an earlier row of
   * the file has none staged: it is the entity that row created, in an earlier chunk or (not yet
   * marked applied) in this one.
   */
  private async updateTargets(
    scope: ImportScope,
    rows: StagedRow[],
    applied: ReadonlyMap<string, string>,
  ): Promise<{ row: StagedRow; entityId: string }[]> {
    const merged = rows.filter((row) => row.entityId === null).map((row) => row.id);
    const targets =
      merged.length === 0
        ? []
        : await scope.sql.query<{ id: string; targetId: string; targetEntityId: string | null }>(
            `SELECT row.id, target.id AS "targetId", target.entity_id AS "targetEntityId"
               FROM import_row_results AS row
               JOIN import_review_items AS item
                 ON item.organization_id = row.organization_id AND item.import_batch_id = row.import_batch_id
                AND item.row_number = row.row_number
               JOIN import_row_results AS target
                 ON target.organization_id = row.organization_id AND target.import_batch_id = row.import_batch_id
                AND target.row_number = item.duplicate_of_row
              WHERE row.organization_id = $1 AND row.id = ANY($2::text[])`,
            scope.organizationId,
            merged,
          );
    const targetOf = new Map(
      targets.map((target) => [target.id, target.targetEntityId ?? applied.get(target.targetId)]),
    );
    return rows.map((row) => {
      const entityId = row.entityId ?? targetOf.get(row.id);
      if (!entityId) throw new DomainError(ErrorCode.CONFLICT, `Row ${row.rowNumber} has no contact to update`);
      return { row, entityId };
    });
  }

  /**
   * The links of updated rows: a linked id gets the hash of what was written; an id new to the
   * entity (a row accepted in the review queue as an existing contact or an earlier row) gets its
   * link, marked as the batch's so a rollback takes it away again.
   */
  private async linkUpdatedRows(scope: ImportScope, writer: Writer, updates: { row: StagedRow; entityId: string }[]) {
    const withId = updates.filter(({ row }) => row.sourceId !== null);
    if (withId.length === 0) return;
    const origin = { source: scope.source };
    const known = await this.links.find(
      scope,
      origin,
      withId.map(({ row }) => row.sourceId!),
      linkedTypes(writer),
    );
    await this.links.setHashes(
      scope,
      origin,
      linkedTypes(writer),
      withId.flatMap(({ row }) =>
        known.has(row.sourceId!) ? [{ sourceId: row.sourceId!, contentHash: row.contentHash }] : [],
      ),
    );
    await this.links.create(
      scope,
      origin,
      withId.flatMap(({ row, entityId }) =>
        known.has(row.sourceId!)
          ? []
          : [
              {
                sourceId: row.sourceId!,
                entityType: entityTypeOf(writer, entityId),
                entityId,
                contentHash: row.contentHash,
                importBatchId: scope.importBatchId,
              },
            ],
      ),
    );
  }

  /** Ends a commit: the batch's outcome and its sync run's, in one transaction. */
  private endCommit(
    batch: { id: string; organizationId: string; syncRunId: string | null; connectionId: string | null },
    outcome: Prisma.ImportBatchUpdateInput,
    endRun: (tx: TenantTransaction, run: RunRef) => Promise<unknown>,
  ): Promise<void> {
    return this.prisma.$transaction(async (tx) => {
      await tx.importBatch.update({ where: { id: batch.id }, data: outcome });
      if (batch.syncRunId && batch.connectionId)
        await endRun(tx, {
          organizationId: batch.organizationId,
          syncRunId: batch.syncRunId,
          connectionId: batch.connectionId,
        });
    });
  }

  /**
   * A large import into a young organization grows its tables from nothing, and plans chosen
   * while they were empty (the foreign-key checks' among them) scan every row of the organization
   * for each insert; where autovacuum has not analysed them yet, each chunk gets slower than the
   * last. Refreshing the statistics now and then as the import grows keeps the plans on the indexes.
   */
  private async refreshStatistics(writer: Writer): Promise<void> {
    const tables = [...new Set([...writer.tables, 'external_links', 'import_row_results', 'audit_logs'])];
    // Table names come from the writers' constants, never from input.
    await this.prisma.$executeRawUnsafe(`ANALYZE ${tables.map((table) => `"${table}"`).join(', ')}`);
  }

  /**
   * Undoes what a batch wrote: fields it updated get their before values back (and the links their
   * previous hash), then entities it created are deleted (with their links), newest first, each
   * with an audit entry by the batch's sync run.
   */
  rollback(organizationId: string, batchId: string): Promise<void> {
    return inOrganization(organizationId, () => this.runRollback(batchId));
  }

  private async runRollback(batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({ where: { id: batchId }, include: { customProfile: true } });
    if (!batch) throw new DomainError(ErrorCode.NOT_FOUND, 'Import batch not found');
    if (batch.status !== 'APPLIED' && batch.status !== 'FAILED')
      throw new DomainError(ErrorCode.CONFLICT, 'Only an applied (or partly applied) import can be rolled back');
    const kind = profileOfBatch(batch)?.kind;
    const writer = kind ? this.writerOf(kind) : undefined;
    if (!writer) throw new DomainError(ErrorCode.CONFLICT, 'The batch has no mapping of a kind that can be imported');
    const teamId = await this.importTeam();
    const rows = await this.prisma.importRowResult.findMany({
      where: { importBatchId: batchId, appliedAt: { not: null }, entityId: { not: null } },
      orderBy: { rowNumber: 'desc' },
    });
    await this.prisma.$transaction(
      async (tx) => {
        const scope = this.importScope(tx, batch, teamId);
        const audits: BatchAuditEntry[] = [];
        const updates = rows.filter((row) => row.action !== 'CREATE');
        const undo = updates.map((row) => {
          const changes = (row.changes ?? []) as unknown as ImportFieldChange[];
          return { row, changes, before: fieldsOf(changes, 'before'), after: fieldsOf(changes, 'after') };
        });
        const restored = undo.filter(({ changes }) => changes.length > 0);
        await this.updateInRounds(
          scope,
          writer,
          restored.map(({ row, changes }) => fieldsUpdate(row.entityId!, changes, 'undo')),
        );
        await this.links.setHashes(
          scope,
          { source: batch.source },
          linkedTypes(writer),
          undo.flatMap(({ row, before }) =>
            row.sourceId
              ? [{ sourceId: row.sourceId, contentHash: recordHash({ ...(row.record as object), ...before }) }]
              : [],
          ),
          { seen: false },
        );
        // The ids this batch linked to contacts it did not create (rows accepted in the review queue).
        await this.links.deleteBatchLinks(
          scope,
          { source: batch.source },
          batchId,
          updates.flatMap((row) => row.sourceId ?? []),
        );
        for (const { row, before, after } of restored)
          audits.push({
            action: 'UPDATE',
            entityType: entityTypeOf(writer, row.entityId!),
            entityId: row.entityId!,
            before: after,
            after: before,
          });

        const created = rows.filter((row) => row.action === 'CREATE').map((row) => row);
        const byType = new Map<string, string[]>();
        for (const row of created) {
          const entityType = entityTypeOf(writer, row.entityId!);
          byType.set(entityType, [...(byType.get(entityType) ?? []), row.entityId!]);
          audits.push({ action: 'DELETE', entityType, entityId: row.entityId!, before: row.record });
        }
        // What the writer removes beside the rows' own entities (the persons, households, tags and
        // notes the batch made for them) is counted from the batch's marks before and after.
        const marked = await this.links.countByBatch(scope, batchId);
        for (const [entityType, ids] of byType) await this.links.deleteForEntities(scope, entityType, ids);
        await writer.remove(
          scope,
          created.map((row) => row.entityId!),
        );
        const left = await this.links.countByBatch(scope, batchId);
        const removed: Record<string, number> = {};
        for (const [entityType, count] of marked)
          if (!byType.has(entityType) && count > (left.get(entityType) ?? 0))
            removed[entityType] = count - (left.get(entityType) ?? 0);
        for (const [entityType, ids] of byType) removed[entityType] = new Set(ids).size;
        const summary: ImportRollbackSummary = { removed, restored: restored.length };
        await this.audit.recordMany(scope, audits);
        await tx.importBatch.update({
          where: { id: batchId },
          data: { status: 'ROLLED_BACK', rolledBackAt: scope.now, rollbackSummary: summary },
        });
      },
      { timeout: CHUNK_TRANSACTION_TIMEOUT_MS },
    );
  }
}

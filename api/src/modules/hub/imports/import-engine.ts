import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isImportFileError, type ImportFile } from '@meridian/connectors';
import {
  canonicalJson,
  createRowMapper,
  createSourceIdCheck,
  diffImportRecords,
  DomainError,
  EntityType,
  ErrorCode,
  ImportErrorCode,
  newId,
  parseId,
  withCreateDefaults,
  type ExternalSourceSystem,
  type ImportCreateDefaults,
  type ImportedRecord,
  type ImportFieldChange,
  type ImportFieldError,
  type ImportRecordKind,
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
import { ExternalLinksRepository, SyncRunLifecycle, type RunRef } from '../sync/index.js';
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
  update(scope: ImportScope, updates: { entityId: string; fields: object }[]): Promise<void>;
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
  candidate_contact_id: 'text',
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
      let chunk: PendingRow[] = [];
      for await (const row of file.rows) {
        const mapped = mapper.mapRow(row) as MappedRow;
        if (mapped.status === 'skipped') continue;
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
      await this.prisma.importBatch.update({
        where: { id: batchId },
        data: { stage: 'DRY_RUN_DONE', dryRunAt: new Date() },
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

  /** The record each linked entity was last imported as: the base of the field diff. */
  private async lastImported(entityIds: string[]): Promise<Map<string, unknown>> {
    if (entityIds.length === 0) return new Map();
    const results = await this.prisma.importRowResult.findMany({
      where: { entityId: { in: entityIds }, appliedAt: { not: null }, importBatch: { status: 'APPLIED' } },
      select: { entityId: true, record: true },
      orderBy: { appliedAt: 'desc' },
    });
    const byEntity = new Map<string, unknown>();
    for (const result of results) if (!byEntity.has(result.entityId!)) byEntity.set(result.entityId!, result.record);
    return byEntity;
  }

  private async decideChunk(scope: ImportReadScope, batchId: string, writer: Writer, rows: PendingRow[]) {
    const { organizationId } = scope;
    const sourceIds = rows.flatMap((row) =>
      row.mapped.status === 'valid' && row.mapped.sourceId ? [row.mapped.sourceId] : [],
    );
    const linkBySourceId = await this.links.find(scope, { source: scope.source }, sourceIds, linkedTypes(writer));
    const previous = await this.lastImported([...linkBySourceId.values()].map((link) => link.entityId));
    const unlinked = rows.flatMap((row) =>
      row.mapped.status === 'valid' && !row.mapped.sourceId ? [row.mapped.record] : [],
    );
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
    for (const row of rows) {
      const { mapped } = row;
      if (mapped.status === 'excluded') {
        result(row, 'SKIPPED', { warnings: mapped.reasons });
        continue;
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
      const link = mapped.sourceId ? linkBySourceId.get(mapped.sourceId) : undefined;
      if (link) {
        const entity = { ...staged, entity_type: link.entityType, entity_id: link.entityId };
        if (link.contentHash === staged.content_hash) {
          result(row, 'UNCHANGED', entity);
        } else {
          const before = (previous.get(link.entityId) ?? {}) as ImportedRecord;
          result(row, 'UPDATE', { ...entity, changes: diffImportRecords(before, record) });
        }
        continue;
      }
      const candidate = mapped.sourceId ? null : findCandidate(record);
      if (candidate) {
        result(row, 'REVIEW', { ...staged, entity_type: writer.entityType, entity_id: candidate.entityId });
        reviews.push({
          id: newId(EntityType.importReviewItem),
          organization_id: organizationId,
          import_batch_id: batchId,
          row_number: row.rowNumber,
          candidate_contact_id: candidate.entityId,
          matched_on: candidate.matchedOn,
          created_at: new Date(),
        });
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

    const updates = rows.filter((row) => row.action === 'UPDATE');
    await writer.update(
      scope,
      updates.map((row) => ({ entityId: row.entityId!, fields: fieldsOf(row.changes ?? [], 'after') })),
    );
    // A row without a source id (an accepted review item) has no link to refresh.
    await this.links.setHashes(
      scope,
      { source: scope.source },
      linkedTypes(writer),
      updates.flatMap((row) => (row.sourceId ? [{ sourceId: row.sourceId, contentHash: row.contentHash }] : [])),
    );
    for (const row of updates) {
      applied.set(row.id, row.entityId!);
      audits.push({
        action: 'UPDATE',
        entityType: entityTypeOf(writer, row.entityId!),
        entityId: row.entityId!,
        before: fieldsOf(row.changes ?? [], 'before'),
        after: fieldsOf(row.changes ?? [], 'after'),
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
          return { row, before: fieldsOf(changes, 'before'), after: fieldsOf(changes, 'after') };
        });
        await writer.update(
          scope,
          undo.map(({ row, before }) => ({ entityId: row.entityId!, fields: before })),
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
        for (const { row, before, after } of undo)
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
        for (const [entityType, ids] of byType) await this.links.deleteForEntities(scope, entityType, ids);
        await writer.remove(
          scope,
          created.map((row) => row.entityId!),
        );
        await this.audit.recordMany(scope, audits);
        await tx.importBatch.update({
          where: { id: batchId },
          data: { status: 'ROLLED_BACK', rolledBackAt: scope.now },
        });
      },
      { timeout: CHUNK_TRANSACTION_TIMEOUT_MS },
    );
  }
}

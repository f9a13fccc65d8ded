import { Inject, Injectable } from '@nestjs/common';
import { isImportFileError, type ImportFile } from '@meridian/connectors';
import {
  createRowMapper,
  createSourceIdCheck,
  diffImportRecords,
  DomainError,
  EntityType,
  ErrorCode,
  ImportErrorCode,
  importRecordHash,
  newId,
  parseId,
  type ImportedRecord,
  type ImportRecordKind,
  type ImportFieldChange,
  type ImportFieldError,
  type MappedRow,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { SyncRunLifecycle, type RunRef } from '../sync/index.js';
import type { ImportCandidate, ImportRecordWriter, ImportTx, ImportWriteContext } from './writers/import-writer.js';
import { importWriterFor } from './writers/registry.js';
import { openImportFile } from './import-files.js';
import { profileOfBatch } from './profiles.js';

/** Rows decided (dry run) or written (commit) per transaction and per progress update. */
export const IMPORT_CHUNK_ROWS = 200;
/** After how many written chunks the tables' statistics are refreshed: as they grow 4-fold. */
const STATISTICS_REFRESH_AT = new Set([1, 4, 16, 64, 256, 1024]);

type RowAction = 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'INVALID' | 'REVIEW';

interface PendingRow {
  rowNumber: number;
  mapped: Exclude<MappedRow, { status: 'skipped' }>;
  duplicate: ImportFieldError | null;
}

/** A writer of any kind, seen through the widest record type: the engine never looks inside records. */
type Writer = ImportRecordWriter<ImportRecordKind> & {
  create(tx: ImportTx, context: ImportWriteContext, record: ImportedRecord): Promise<string>;
  writeFields(tx: ImportTx, context: ImportWriteContext, entityId: string, fields: object): Promise<void>;
  createMany?(tx: ImportTx, context: ImportWriteContext, records: ImportedRecord[]): Promise<string[]>;
};

function writerOf(kind: ImportRecordKind): Writer | undefined {
  return importWriterFor(kind) as Writer | undefined;
}

/** The types a writer's links may carry. */
function linkedTypes(writer: Writer): string[] {
  return [...(writer.entityTypes ?? [writer.entityType])];
}

/** One entity's type: its id's prefix when the writer has several (the links' CHECK wants the two to agree). */
function entityTypeOf(writer: Writer, entityId: string): string {
  return writer.entityTypes ? parseId(entityId).type : writer.entityType;
}

/**
 * The import flow's work, for the workers (dry run, commit) and the API (rollback). Runs outside
 * requests, so every query names its organization (SystemPrisma).
 */
@Injectable()
export class ImportEngine {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(TENANT_PRISMA) private readonly tenant: TenantPrismaClient,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Decides each row's action without writing records: the counts, the diff and the review queue. */
  async dryRun(organizationId: string, batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({
      where: { organizationId, id: batchId },
      include: { customProfile: true },
    });
    // A stale job (mapping changed, batch committed or gone) has nothing to do.
    if (!batch || (batch.stage !== 'DRY_RUN_QUEUED' && batch.stage !== 'DRY_RUN_RUNNING') || !batch.filePath) return;
    const where = { organizationId, importBatchId: batchId };
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
    const writer = writerOf(profile.kind);
    if (!writer) {
      await this.failDryRun(
        batchId,
        ImportErrorCode.KIND_NOT_WRITABLE,
        `Records of kind ${profile.kind} cannot be imported yet`,
      );
      return;
    }
    let file: ImportFile | undefined;
    try {
      file = await openImportFile(
        batch.filePath,
        { fileName: batch.fileName ?? 'import.csv', maxBytes: this.config.IMPORT_MAX_BYTES },
        profile,
      );
      const mapper = createRowMapper(profile, file.headers);
      const checkSourceId = createSourceIdCheck();
      let chunk: PendingRow[] = [];
      for await (const row of file.rows) {
        const mapped = mapper.mapRow(row) as MappedRow;
        if (mapped.status === 'skipped') continue;
        chunk.push({ rowNumber: row.rowNumber, mapped, duplicate: checkSourceId(mapped.sourceId, row.rowNumber) });
        if (chunk.length >= IMPORT_CHUNK_ROWS) {
          await this.decideChunk(organizationId, batch.id, batch.source, writer, chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await this.decideChunk(organizationId, batch.id, batch.source, writer, chunk);
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
  private async lastImported(organizationId: string, entityIds: string[]): Promise<Map<string, unknown>> {
    if (entityIds.length === 0) return new Map();
    const results = await this.prisma.importRowResult.findMany({
      where: {
        organizationId,
        entityId: { in: entityIds },
        appliedAt: { not: null },
        importBatch: { status: 'APPLIED' },
      },
      select: { entityId: true, record: true },
      orderBy: { appliedAt: 'desc' },
    });
    const byEntity = new Map<string, unknown>();
    for (const result of results) if (!byEntity.has(result.entityId!)) byEntity.set(result.entityId!, result.record);
    return byEntity;
  }

  private async decideChunk(
    organizationId: string,
    batchId: string,
    source: Prisma.ImportBatchGetPayload<object>['source'],
    writer: Writer,
    rows: PendingRow[],
  ): Promise<void> {
    const sourceIds = rows.flatMap((row) =>
      row.mapped.status === 'valid' && row.mapped.sourceId ? [row.mapped.sourceId] : [],
    );
    const links = await this.prisma.externalLink.findMany({
      where: { organizationId, source, sourceId: { in: sourceIds }, entityType: { in: linkedTypes(writer) } },
      select: { sourceId: true, entityType: true, entityId: true, contentHash: true },
    });
    const linkBySourceId = new Map(links.map((link) => [link.sourceId!, link]));
    const previous = await this.lastImported(
      organizationId,
      links.map((link) => link.entityId),
    );
    const unlinked = rows.flatMap((row) =>
      row.mapped.status === 'valid' && !row.mapped.sourceId ? [row.mapped.record] : [],
    );
    const findCandidate: (record: ImportedRecord) => ImportCandidate | null =
      writer.candidateFinder && unlinked.length > 0
        ? ((await writer.candidateFinder(this.prisma, organizationId, unlinked as never)) as (
            record: ImportedRecord,
          ) => ImportCandidate | null)
        : () => null;
    const valid = rows.flatMap((row) => (row.mapped.status === 'valid' ? [row.mapped.record] : []));
    const referenceErrors = new Map<ImportedRecord, ImportFieldError[]>();
    if (writer.unresolvedReferences && valid.length > 0) {
      const errors = await writer.unresolvedReferences(this.prisma, { organizationId, source }, valid as never);
      valid.forEach((record, index) => {
        if (errors[index]!.length > 0) referenceErrors.set(record, errors[index]!);
      });
    }
    const results: Prisma.ImportRowResultCreateManyInput[] = [];
    const reviews: Prisma.ImportReviewItemCreateManyInput[] = [];
    const counts: Record<RowAction, number> = { CREATE: 0, UPDATE: 0, UNCHANGED: 0, INVALID: 0, REVIEW: 0 };
    for (const row of rows) {
      const base = {
        id: newId(EntityType.importRowResult),
        organizationId,
        importBatchId: batchId,
        rowNumber: row.rowNumber,
      };
      const { mapped } = row;
      const unresolved = mapped.status === 'valid' ? referenceErrors.get(mapped.record) : undefined;
      if (mapped.status === 'invalid' || row.duplicate || unresolved) {
        const errors = mapped.status === 'invalid' ? mapped.errors : row.duplicate ? [row.duplicate] : unresolved!;
        results.push({ ...base, action: 'INVALID', sourceId: mapped.sourceId, errors: errors as object[] });
        counts.INVALID += 1;
        continue;
      }
      const record = mapped.record;
      const contentHash = importRecordHash(record);
      const common = { ...base, sourceId: mapped.sourceId, record: record as object, contentHash };
      const link = mapped.sourceId ? linkBySourceId.get(mapped.sourceId) : undefined;
      if (link) {
        const entity = { entityType: link.entityType, entityId: link.entityId };
        if (link.contentHash === contentHash) {
          results.push({ ...common, ...entity, action: 'UNCHANGED' });
          counts.UNCHANGED += 1;
        } else {
          const before = (previous.get(link.entityId) ?? {}) as ImportedRecord;
          const changes: ImportFieldChange[] = diffImportRecords(before, record);
          results.push({ ...common, ...entity, action: 'UPDATE', changes: changes as object[] });
          counts.UPDATE += 1;
        }
        continue;
      }
      const candidate = mapped.sourceId ? null : findCandidate(record);
      if (candidate) {
        results.push({ ...common, action: 'REVIEW', entityType: writer.entityType, entityId: candidate.entityId });
        reviews.push({
          id: newId(EntityType.importReviewItem),
          organizationId,
          importBatchId: batchId,
          rowNumber: row.rowNumber,
          candidateContactId: candidate.entityId,
          matchedOn: candidate.matchedOn,
        });
        counts.REVIEW += 1;
        continue;
      }
      results.push({ ...common, action: 'CREATE' });
      counts.CREATE += 1;
    }
    await this.prisma.$transaction([
      this.prisma.importRowResult.createMany({ data: results }),
      this.prisma.importReviewItem.createMany({ data: reviews }),
      this.prisma.importBatch.update({
        where: { id: batchId },
        data: {
          rowsDone: { increment: rows.length },
          createCount: { increment: counts.CREATE },
          updateCount: { increment: counts.UPDATE },
          unchangedCount: { increment: counts.UNCHANGED },
          invalidCount: { increment: counts.INVALID },
          reviewCount: { increment: counts.REVIEW },
        },
      }),
    ]);
  }

  /** The context a writer gets: the organization's first team takes what the import creates. */
  private async writeContext(batch: { organizationId: string; id: string; source: ImportWriteContext['source'] }) {
    const team = await this.prisma.team.findFirst({
      where: { organizationId: batch.organizationId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    if (!team) throw new DomainError(ErrorCode.CONFLICT, 'The organization has no team to put imported records in');
    return (now: Date): ImportWriteContext => ({
      organizationId: batch.organizationId,
      teamId: team.id,
      source: batch.source,
      importBatchId: batch.id,
      now,
    });
  }

  /**
   * Writes the CREATE and UPDATE rows of a dry-run batch, a chunk per transaction; a row is marked
   * applied in the transaction that writes it, so a retried job resumes where the last one stopped.
   * Each write leaves an audit entry by the batch's sync run in the same transaction.
   */
  async commit(organizationId: string, batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({
      where: { organizationId, id: batchId },
      include: { customProfile: true },
    });
    if (!batch || (batch.stage !== 'COMMIT_QUEUED' && batch.stage !== 'COMMITTING')) return;
    const alreadyApplied = await this.prisma.importRowResult.count({
      where: { organizationId, importBatchId: batchId, appliedAt: { not: null } },
    });
    await this.prisma.importBatch.update({
      where: { id: batchId },
      data: { stage: 'COMMITTING', rowsDone: alreadyApplied, progressStartedAt: new Date() },
    });
    try {
      const kind = profileOfBatch(batch)?.kind;
      const writer = kind ? writerOf(kind) : undefined;
      if (!writer) throw new DomainError(ErrorCode.CONFLICT, 'The batch has no mapping of a kind that can be imported');
      const contextAt = await this.writeContext(batch);
      const actor = { actorKind: 'SYNC' as const, actorId: batch.syncRunId, importBatchId: batchId };
      let after = 0;
      let chunksWritten = 0;
      for (;;) {
        const rows = await this.prisma.importRowResult.findMany({
          where: {
            organizationId,
            importBatchId: batchId,
            action: { in: ['CREATE', 'UPDATE'] },
            appliedAt: null,
            rowNumber: { gt: after },
          },
          orderBy: { rowNumber: 'asc' },
          take: IMPORT_CHUNK_ROWS,
        });
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.rowNumber;
        await this.prisma.$transaction(
          async (tx) => {
            const now = new Date();
            const context = contextAt(now);
            const audits: Prisma.AuditLogCreateManyInput[] = [];
            const links: Prisma.ExternalLinkCreateManyInput[] = [];
            const applied = new Map<string, string>();
            const creates = rows.filter((row) => row.action === 'CREATE');
            const createdRecords = creates.map((row) => row.record as unknown as ImportedRecord);
            const createdIds = writer.createMany
              ? await writer.createMany(tx, context, createdRecords)
              : await createOneByOne(writer, tx, context, createdRecords);
            creates.forEach((row, index) => {
              const entityId = createdIds[index]!;
              const entityType = entityTypeOf(writer, entityId);
              applied.set(row.id, entityId);
              if (row.sourceId)
                links.push({
                  id: newId(EntityType.externalLink),
                  organizationId,
                  entityType,
                  entityId,
                  source: batch.source,
                  sourceId: row.sourceId,
                  importBatchId: batchId,
                  contentHash: row.contentHash,
                  lastSeenAt: now,
                });
              audits.push(auditEntry(organizationId, actor, 'CREATE', entityType, entityId, null, row.record, now));
            });
            if (links.length > 0) await tx.externalLink.createMany({ data: links });
            for (const row of rows) {
              if (row.action !== 'UPDATE') continue;
              const entityId = row.entityId!;
              const changes = (row.changes ?? []) as unknown as ImportFieldChange[];
              await writer.writeFields(tx, context, entityId, fieldsOf(changes, 'after'));
              // A row without a source id (an accepted review item) has no link to refresh; an
              // unguarded `sourceId: null` would match every unlinked mark of the kind.
              if (row.sourceId)
                await tx.externalLink.updateMany({
                  where: {
                    organizationId,
                    entityType: { in: linkedTypes(writer) },
                    source: batch.source,
                    sourceId: row.sourceId,
                  },
                  data: { contentHash: row.contentHash, lastSeenAt: now },
                });
              applied.set(row.id, entityId);
              audits.push(
                auditEntry(
                  organizationId,
                  actor,
                  'UPDATE',
                  entityTypeOf(writer, entityId),
                  entityId,
                  fieldsOf(changes, 'before'),
                  fieldsOf(changes, 'after'),
                  now,
                ),
              );
            }
            // Marked applied in the transaction that wrote them: a retried job resumes after them.
            await tx.$executeRaw`
              UPDATE import_row_results AS result
              SET entity_id = applied.entity_id, applied_at = ${now}
              FROM unnest(${[...applied.keys()]}::text[], ${[...applied.values()]}::text[]) AS applied(id, entity_id)
              WHERE result.organization_id = ${organizationId} AND result.id = applied.id`;
            await tx.auditLog.createMany({ data: audits });
            await tx.importBatch.update({ where: { id: batchId }, data: { rowsDone: { increment: rows.length } } });
          },
          { timeout: 60_000 },
        );
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

  /** Ends a commit: the batch's outcome and its sync run's, in one transaction. */
  private endCommit(
    batch: { id: string; organizationId: string; syncRunId: string | null; connectionId: string | null },
    outcome: Prisma.ImportBatchUpdateInput,
    endRun: (tx: TenantTransaction, run: RunRef) => Promise<unknown>,
  ): Promise<void> {
    return inOrganization(batch.organizationId, () =>
      this.tenant.$transaction(async (tx) => {
        await tx.importBatch.update({ where: { id: batch.id }, data: outcome });
        if (batch.syncRunId && batch.connectionId)
          await endRun(tx, {
            organizationId: batch.organizationId,
            syncRunId: batch.syncRunId,
            connectionId: batch.connectionId,
          });
      }),
    );
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
   * Undoes what a batch wrote: entities it created are deleted (with their links), fields it updated
   * get their before values back, and the links their previous hash. Rows are undone newest first,
   * each with an audit entry by the batch's sync run.
   */
  async rollback(organizationId: string, batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({
      where: { organizationId, id: batchId },
      include: { customProfile: true },
    });
    if (!batch) throw new DomainError(ErrorCode.NOT_FOUND, 'Import batch not found');
    if (batch.status !== 'APPLIED' && batch.status !== 'FAILED')
      throw new DomainError(ErrorCode.CONFLICT, 'Only an applied (or partly applied) import can be rolled back');
    const kind = profileOfBatch(batch)?.kind;
    const writer = kind ? writerOf(kind) : undefined;
    if (!writer) throw new DomainError(ErrorCode.CONFLICT, 'The batch has no mapping of a kind that can be imported');
    const contextAt = await this.writeContext(batch);
    const actor = { actorKind: 'SYNC' as const, actorId: batch.syncRunId, importBatchId: batchId };
    const rows = await this.prisma.importRowResult.findMany({
      where: { organizationId, importBatchId: batchId, appliedAt: { not: null } },
      orderBy: { rowNumber: 'desc' },
    });
    await this.prisma.$transaction(
      async (tx) => {
        const now = new Date();
        const context = contextAt(now);
        const audits: Prisma.AuditLogCreateManyInput[] = [];
        for (const row of rows) {
          if (!row.entityId) continue;
          const entityType = entityTypeOf(writer, row.entityId);
          if (row.action === 'CREATE') {
            await tx.externalLink.deleteMany({
              where: { organizationId, entityType, entityId: row.entityId },
            });
            await writer.remove(tx, context, row.entityId);
            audits.push(auditEntry(organizationId, actor, 'DELETE', entityType, row.entityId, row.record, null, now));
            continue;
          }
          const changes = (row.changes ?? []) as unknown as ImportFieldChange[];
          const before = fieldsOf(changes, 'before');
          await writer.writeFields(tx, context, row.entityId, before);
          const previousHash = importRecordHash({ ...(row.record as object), ...before });
          if (row.sourceId)
            await tx.externalLink.updateMany({
              where: { organizationId, entityType, source: batch.source, sourceId: row.sourceId },
              data: { contentHash: previousHash },
            });
          audits.push(
            auditEntry(
              organizationId,
              actor,
              'UPDATE',
              entityType,
              row.entityId,
              fieldsOf(changes, 'after'),
              before,
              now,
            ),
          );
        }
        await tx.auditLog.createMany({ data: audits });
        await tx.importBatch.update({
          where: { id: batchId },
          data: { status: 'ROLLED_BACK', rolledBackAt: now },
        });
      },
      { timeout: 120_000 },
    );
  }
}

/** Without a writer's set-based path, a chunk's creates one at a time. */
async function createOneByOne(
  writer: Writer,
  tx: ImportTx,
  context: ImportWriteContext,
  records: ImportedRecord[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const record of records) ids.push(await writer.create(tx, context, record));
  return ids;
}

/** The changed fields of a diff with their values on one side: what an update (or its undo) writes. */
function fieldsOf(changes: readonly ImportFieldChange[], side: 'before' | 'after'): Record<string, unknown> {
  return Object.fromEntries(changes.map((change) => [change.field, change[side]]));
}

function auditEntry(
  organizationId: string,
  actor: { actorKind: 'SYNC'; actorId: string | null; importBatchId: string },
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  entityType: string,
  entityId: string,
  before: unknown,
  after: unknown,
  occurredAt: Date,
): Prisma.AuditLogCreateManyInput {
  const json = (value: unknown) =>
    value === null || value === undefined
      ? Prisma.DbNull
      : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue);
  return {
    id: newId(EntityType.auditLog),
    organizationId,
    occurredAt,
    ...actor,
    action,
    entityType,
    entityId,
    before: json(before),
    after: json(after),
  };
}

import { Inject, Injectable } from '@nestjs/common';
import { isImportFileError, type ImportFile } from '@meridian/connectors';
import {
  createRowMapper,
  createSourceIdCheck,
  diffImportRecords,
  DomainError,
  EntityType,
  ErrorCode,
  importRecordHash,
  newId,
  type ImportedContact,
  type ImportFieldChange,
  type ImportFieldError,
  type MappedRow,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { SystemPrisma } from '../../infra/prisma/prisma.service.js';
import { createContact, writeContactFields } from './contact-writer.js';
import { openImportFile } from './import-files.js';
import { profileOfBatch } from './profiles.js';

/** Rows decided (dry run) or written (commit) per transaction and per progress update. */
export const IMPORT_CHUNK_ROWS = 200;
const CONTACT_ENTITY = EntityType.contact;

type RowAction = 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'INVALID' | 'REVIEW';

interface PendingRow {
  rowNumber: number;
  mapped: Exclude<MappedRow<'contacts'>, { status: 'skipped' }>;
  duplicate: ImportFieldError | null;
}

/**
 * The import flow's work, for the workers (dry run, commit) and the API (rollback). Runs outside
 * requests, so every query names its organization (SystemPrisma).
 */
@Injectable()
export class ImportEngine {
  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
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
    if (!profile || profile.kind !== 'contacts') {
      await this.failDryRun(batchId, 'NO_MAPPING', 'Choose a profile or map the columns before the dry run');
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
        const mapped = mapper.mapRow(row) as MappedRow<'contacts'>;
        if (mapped.status === 'skipped') continue;
        chunk.push({ rowNumber: row.rowNumber, mapped, duplicate: checkSourceId(mapped.sourceId, row.rowNumber) });
        if (chunk.length >= IMPORT_CHUNK_ROWS) {
          await this.decideChunk(organizationId, batch.id, batch.source, chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await this.decideChunk(organizationId, batch.id, batch.source, chunk);
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

  /** The record each linked contact was last imported as: the base of the field diff. */
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

  /**
   * Rows without a source id cannot be matched for sure: one that shares an e-mail, a phone number
   * or the full name of an existing contact goes to the review queue instead of creating a duplicate.
   */
  private async candidateFinder(
    organizationId: string,
    rows: PendingRow[],
  ): Promise<(record: ImportedContact) => { contactId: string; matchedOn: 'EMAIL' | 'PHONE' | 'NAME' } | null> {
    const records = rows.flatMap((row) =>
      row.mapped.status === 'valid' && !row.mapped.sourceId ? [row.mapped.record] : [],
    );
    if (records.length === 0) return () => null;
    const emails = records.flatMap((record) => record.emails.map((email) => email.email.toLowerCase()));
    const phones = records.flatMap((record) => record.phones.map((phone) => phone.number));
    const [byEmail, byPhone, byName] = await Promise.all([
      emails.length === 0
        ? []
        : this.prisma.contactEmail.findMany({
            where: { organizationId, email: { in: emails, mode: 'insensitive' } },
            select: { email: true, contactId: true },
          }),
      phones.length === 0
        ? []
        : this.prisma.contactPhoneNumber.findMany({
            where: { organizationId, number: { in: phones } },
            select: { number: true, contactId: true },
          }),
      this.prisma.contact.findMany({
        where: {
          organizationId,
          OR: records.map((record) => ({
            firstName: { equals: record.firstName, mode: 'insensitive' as const },
            lastName: { equals: record.lastName, mode: 'insensitive' as const },
          })),
        },
        select: { id: true, firstName: true, lastName: true },
      }),
    ]);
    const nameKey = (first: string, last: string) => `${first.toLowerCase()}\u0000${last.toLowerCase()}`;
    const emailMap = new Map(byEmail.map((row) => [row.email.toLowerCase(), row.contactId]));
    const phoneMap = new Map(byPhone.map((row) => [row.number, row.contactId]));
    const nameMap = new Map(byName.map((row) => [nameKey(row.firstName, row.lastName), row.id]));
    return (record) => {
      for (const email of record.emails) {
        const contactId = emailMap.get(email.email.toLowerCase());
        if (contactId) return { contactId, matchedOn: 'EMAIL' };
      }
      for (const phone of record.phones) {
        const contactId = phoneMap.get(phone.number);
        if (contactId) return { contactId, matchedOn: 'PHONE' };
      }
      const contactId = nameMap.get(nameKey(record.firstName, record.lastName));
      return contactId ? { contactId, matchedOn: 'NAME' } : null;
    };
  }

  private async decideChunk(
    organizationId: string,
    batchId: string,
    source: Prisma.ImportBatchGetPayload<object>['source'],
    rows: PendingRow[],
  ): Promise<void> {
    const sourceIds = rows.flatMap((row) =>
      row.mapped.status === 'valid' && row.mapped.sourceId ? [row.mapped.sourceId] : [],
    );
    const links = await this.prisma.externalLink.findMany({
      where: { organizationId, source, sourceId: { in: sourceIds }, entityType: CONTACT_ENTITY },
      select: { sourceId: true, entityId: true, contentHash: true },
    });
    const linkBySourceId = new Map(links.map((link) => [link.sourceId!, link]));
    const previous = await this.lastImported(
      organizationId,
      links.map((link) => link.entityId),
    );
    const findCandidate = await this.candidateFinder(organizationId, rows);
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
      if (mapped.status === 'invalid' || row.duplicate) {
        const errors = mapped.status === 'invalid' ? mapped.errors : [row.duplicate!];
        results.push({ ...base, action: 'INVALID', sourceId: mapped.sourceId, errors: errors as object[] });
        counts.INVALID += 1;
        continue;
      }
      const record = mapped.record;
      const contentHash = importRecordHash(record);
      const common = { ...base, sourceId: mapped.sourceId, record: record as object, contentHash };
      const link = mapped.sourceId ? linkBySourceId.get(mapped.sourceId) : undefined;
      if (link) {
        const entity = { entityType: CONTACT_ENTITY, entityId: link.entityId };
        if (link.contentHash === contentHash) {
          results.push({ ...common, ...entity, action: 'UNCHANGED' });
          counts.UNCHANGED += 1;
        } else {
          const before = (previous.get(link.entityId) ?? {}) as ImportedContact;
          const changes: ImportFieldChange[] = diffImportRecords(before, record);
          results.push({ ...common, ...entity, action: 'UPDATE', changes: changes as object[] });
          counts.UPDATE += 1;
        }
        continue;
      }
      const candidate = mapped.sourceId ? null : findCandidate(record);
      if (candidate) {
        results.push({ ...common, action: 'REVIEW', entityType: CONTACT_ENTITY, entityId: candidate.contactId });
        reviews.push({
          id: newId(EntityType.importReviewItem),
          organizationId,
          importBatchId: batchId,
          rowNumber: row.rowNumber,
          candidateContactId: candidate.contactId,
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

  /**
   * Writes the CREATE and UPDATE rows of a dry-run batch, a chunk per transaction; a row is marked
   * applied in the transaction that writes it, so a retried job resumes where the last one stopped.
   */
  async commit(organizationId: string, batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({ where: { organizationId, id: batchId } });
    if (!batch || (batch.stage !== 'COMMIT_QUEUED' && batch.stage !== 'COMMITTING')) return;
    await this.prisma.importBatch.update({
      where: { id: batchId },
      data: { stage: 'COMMITTING', rowsDone: 0, progressStartedAt: new Date() },
    });
    try {
      const team = await this.prisma.team.findFirst({
        where: { organizationId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      if (!team) throw new DomainError(ErrorCode.CONFLICT, 'The organization has no team to put contacts in');
      let after = 0;
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
        await this.prisma.$transaction(async (tx) => {
          const now = new Date();
          for (const row of rows) {
            const record = row.record as ImportedContact;
            let entityId = row.entityId;
            if (row.action === 'CREATE') {
              entityId = await createContact(tx, organizationId, team.id, record);
              if (row.sourceId)
                await tx.externalLink.create({
                  data: {
                    id: newId(EntityType.externalLink),
                    organizationId,
                    entityType: CONTACT_ENTITY,
                    entityId,
                    source: batch.source,
                    sourceId: row.sourceId,
                    importBatchId: batchId,
                    contentHash: row.contentHash,
                    lastSeenAt: now,
                  },
                });
            } else {
              const changes = (row.changes ?? []) as unknown as ImportFieldChange[];
              const fields = Object.fromEntries(changes.map((change) => [change.field, change.after]));
              await writeContactFields(tx, organizationId, entityId!, fields as Partial<ImportedContact>);
              await tx.externalLink.updateMany({
                where: { organizationId, source: batch.source, sourceId: row.sourceId },
                data: { contentHash: row.contentHash, lastSeenAt: now },
              });
            }
            await tx.importRowResult.update({ where: { id: row.id }, data: { entityId, appliedAt: now } });
          }
          await tx.importBatch.update({ where: { id: batchId }, data: { rowsDone: { increment: rows.length } } });
        });
      }
      const finishedAt = new Date();
      await this.prisma.$transaction([
        this.prisma.importBatch.update({
          where: { id: batchId },
          data: { status: 'APPLIED', stage: 'DONE', appliedAt: finishedAt },
        }),
        ...(batch.syncRunId
          ? [
              this.prisma.syncRun.update({
                where: { id: batch.syncRunId },
                data: {
                  status: 'SUCCEEDED',
                  finishedAt,
                  createdCount: batch.createCount,
                  updatedCount: batch.updateCount,
                  unchangedCount: batch.unchangedCount,
                  failedCount: batch.invalidCount,
                },
              }),
            ]
          : []),
        ...(batch.connectionId
          ? [
              this.prisma.connection.update({
                where: { id: batch.connectionId },
                data: { status: 'SUCCESS', lastSyncedAt: finishedAt },
              }),
            ]
          : []),
      ]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finishedAt = new Date();
      await this.prisma.importBatch.update({
        where: { id: batchId },
        data: { status: 'FAILED', stage: 'DONE', errorCode: 'COMMIT_FAILED', errorMessage: message },
      });
      if (batch.syncRunId)
        await this.prisma.syncRun.update({
          where: { id: batch.syncRunId },
          data: { status: 'FAILED', finishedAt, errorCode: 'COMMIT_FAILED', errorMessage: message },
        });
      throw error;
    }
  }

  /**
   * Undoes what a batch wrote: contacts it created are deleted (with their links), fields it updated
   * get their before values back, and the links their previous hash. Rows are undone newest first.
   */
  async rollback(organizationId: string, batchId: string): Promise<void> {
    const batch = await this.prisma.importBatch.findFirst({ where: { organizationId, id: batchId } });
    if (!batch) throw new DomainError(ErrorCode.NOT_FOUND, 'Import batch not found');
    if (batch.status !== 'APPLIED' && batch.status !== 'FAILED')
      throw new DomainError(ErrorCode.CONFLICT, 'Only an applied (or partly applied) import can be rolled back');
    const rows = await this.prisma.importRowResult.findMany({
      where: { organizationId, importBatchId: batchId, appliedAt: { not: null } },
      orderBy: { rowNumber: 'desc' },
    });
    await this.prisma.$transaction(
      async (tx) => {
        for (const row of rows) {
          if (!row.entityId) continue;
          if (row.action === 'CREATE') {
            await tx.externalLink.deleteMany({ where: { organizationId, entityId: row.entityId } });
            await tx.contact.deleteMany({ where: { organizationId, id: row.entityId } });
            continue;
          }
          const changes = (row.changes ?? []) as unknown as ImportFieldChange[];
          const before = Object.fromEntries(changes.map((change) => [change.field, change.before]));
          await writeContactFields(tx, organizationId, row.entityId, before as Partial<ImportedContact>);
          const previousHash = importRecordHash({ ...(row.record as object), ...before });
          await tx.externalLink.updateMany({
            where: { organizationId, source: batch.source, sourceId: row.sourceId },
            data: { contentHash: previousHash },
          });
        }
        await tx.importBatch.update({
          where: { id: batchId },
          data: { status: 'ROLLED_BACK', rolledBackAt: new Date() },
        });
      },
      { timeout: 60_000 },
    );
  }
}

import { Inject, Injectable } from '@nestjs/common';
import {
  diffImportRecords,
  DomainError,
  EntityType,
  ErrorCode,
  notFound,
  type ExternalSourceSystem,
  type ImportedContact,
  type ImportFieldChange,
  type ImportReviewItemView,
  type ImportRowAction,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { sqlOf } from '../../../common/persistence/sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { storedContactRecord } from './writers/contact-writer.js';

const DECIDED = 'This review item was already decided';
const NOT_BEFORE_COMMIT = 'Review items can only be decided after the dry run and before the import is committed';

/** A value a file leaves empty: accepting a row never blanks what the contact has. */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const byCreation: { createdAt: 'asc' }[] = [{ createdAt: 'asc' }];
const candidateSelect = {
  id: true,
  firstName: true,
  lastName: true,
  emails: { orderBy: byCreation, select: { email: true } },
  phoneNumbers: { orderBy: byCreation, select: { number: true } },
} satisfies Prisma.ContactSelect;

/**
 * The review queue of a dry run: rows without a source id that share an e-mail, a phone number or
 * the name of an existing contact. Accepting makes the row an update of that contact, rejecting
 * makes it a new contact; the commit then writes it like any other row. Reads and decisions go
 * through the tenant client, so another organization's batch or item is a 404.
 */
@Injectable()
export class ImportReviewService {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  private async batchOf(batchId: string) {
    const batch = await this.prisma.importBatch.findFirst({
      where: { id: batchId },
      select: { id: true, organizationId: true, source: true },
    });
    if (!batch) throw notFound('Import batch');
    return batch;
  }

  async list(batchId: string): Promise<ImportReviewItemView[]> {
    await this.batchOf(batchId);
    const items = await this.prisma.importReviewItem.findMany({
      where: { importBatchId: batchId },
      orderBy: { rowNumber: 'asc' },
      include: { candidateContact: { select: candidateSelect } },
    });
    const rows = await this.prisma.importRowResult.findMany({
      where: { importBatchId: batchId, rowNumber: { in: items.map((item) => item.rowNumber) } },
      select: { rowNumber: true, action: true, record: true, changes: true },
    });
    const rowByNumber = new Map(rows.map((row) => [row.rowNumber, row]));
    return items.map((item) => toView(item, rowByNumber.get(item.rowNumber)));
  }

  private async itemOf(batchId: string, itemId: string) {
    const item = await this.prisma.importReviewItem.findFirst({
      where: { id: itemId, importBatchId: batchId },
      include: { candidateContact: { select: candidateSelect } },
    });
    if (!item) throw notFound('Review item');
    return item;
  }

  /**
   * The row is the candidate: it becomes an UPDATE of the candidate with the fields where the
   * row's record differs from what the contact has now (fields the file leaves empty are not
   * written), or UNCHANGED when nothing differs. The current values are the update's "before",
   * so a rollback restores them.
   */
  async accept(batchId: string, itemId: string): Promise<ImportReviewItemView> {
    const batch = await this.batchOf(batchId);
    const item = await this.itemOf(batchId, itemId);
    const row = await this.rowOf(batchId, item.rowNumber);
    const record = row.record as unknown as ImportedContact;
    const current = await storedContactRecord(
      { tx: this.prisma, sql: sqlOf(this.prisma), organizationId: batch.organizationId },
      item.candidateContactId,
    );
    if (!current) throw notFound('Contact');
    const changes = await this.changesFor(batch, item.candidateContactId, current, record);
    const action: ImportRowAction = changes.length > 0 ? 'UPDATE' : 'UNCHANGED';
    await this.decide(batchId, item.id, row.id, 'ACCEPTED', {
      action,
      entityId: item.candidateContactId,
      changes,
      counts: action === 'UPDATE' ? { updateCount: { increment: 1 } } : { unchangedCount: { increment: 1 } },
    });
    return this.view(batchId, itemId);
  }

  /** The row is a different person: it becomes a CREATE. */
  async reject(batchId: string, itemId: string): Promise<ImportReviewItemView> {
    await this.batchOf(batchId);
    const item = await this.itemOf(batchId, itemId);
    const row = await this.rowOf(batchId, item.rowNumber);
    await this.decide(batchId, item.id, row.id, 'REJECTED', {
      action: 'CREATE',
      entityId: null,
      changes: [],
      counts: { createCount: { increment: 1 } },
    });
    return this.view(batchId, itemId);
  }

  private async rowOf(batchId: string, rowNumber: number) {
    const row = await this.prisma.importRowResult.findFirst({ where: { importBatchId: batchId, rowNumber } });
    if (!row) throw notFound('Import row');
    return row;
  }

  private async view(batchId: string, itemId: string): Promise<ImportReviewItemView> {
    const item = await this.itemOf(batchId, itemId);
    return toView(item, await this.rowOf(batchId, item.rowNumber));
  }

  /**
   * Records a decision in one transaction. The batch's counts move only while it is still a
   * finished dry run (the conditional update also locks the batch row against a commit request),
   * and the item only while pending, so a second decision or a late one is a 409.
   */
  private async decide(
    batchId: string,
    itemId: string,
    rowId: string,
    status: 'ACCEPTED' | 'REJECTED',
    outcome: {
      action: ImportRowAction;
      entityId: string | null;
      changes: ImportFieldChange[];
      counts: Record<string, { increment: number }>;
    },
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const open = await tx.importBatch.updateMany({
        where: { id: batchId, status: 'PENDING', stage: 'DRY_RUN_DONE' },
        data: { reviewCount: { decrement: 1 }, ...outcome.counts },
      });
      if (open.count === 0) throw new DomainError(ErrorCode.CONFLICT, NOT_BEFORE_COMMIT);
      const decided = await tx.importReviewItem.updateMany({
        where: { id: itemId, status: 'PENDING' },
        data: { status, resolvedAt: new Date() },
      });
      if (decided.count === 0) throw new DomainError(ErrorCode.CONFLICT, DECIDED);
      await tx.importRowResult.update({
        where: { id: rowId },
        data: {
          action: outcome.action,
          entityType: outcome.entityId ? EntityType.contact : null,
          entityId: outcome.entityId,
          changes: outcome.changes as object[],
        },
      });
    });
  }

  /**
   * The row's fields that differ from the candidate's, leaving out what the file leaves empty. A
   * household counts as the same when the row names the candidate's household (by name, or by a
   * source id linked to it) and gives no other role.
   */
  private async changesFor(
    batch: { organizationId: string; source: ExternalSourceSystem },
    contactId: string,
    current: ImportedContact,
    record: ImportedContact,
  ): Promise<ImportFieldChange[]> {
    const changes = diffImportRecords(current, record).filter(
      (change) => change.field !== 'kind' && change.field !== 'sourceId' && !isEmpty(change.after),
    );
    const household = changes.find((change) => change.field === 'household');
    if (!household || !current.household || !record.household) return changes;
    const ref = record.household;
    const stored = await this.prisma.contact.findFirst({
      where: { organizationId: batch.organizationId, id: contactId },
      select: { householdId: true },
    });
    const linked =
      ref.sourceId !== null &&
      (await this.prisma.externalLink.count({
        where: {
          organizationId: batch.organizationId,
          source: batch.source,
          sourceId: ref.sourceId,
          entityType: EntityType.household,
          entityId: stored?.householdId ?? '',
        },
      })) > 0;
    const sameName = ref.name !== null && ref.name.toLowerCase() === current.household.name?.toLowerCase();
    const sameRole = ref.role === null || ref.role === current.household.role;
    return (linked || sameName) && sameRole ? changes.filter((change) => change !== household) : changes;
  }
}

function toView(
  item: {
    id: string;
    rowNumber: number;
    matchedOn: string;
    status: 'PENDING' | 'ACCEPTED' | 'REJECTED';
    resolvedAt: Date | null;
    candidateContact: {
      id: string;
      firstName: string;
      lastName: string;
      emails: { email: string }[];
      phoneNumbers: { number: string }[];
    };
  },
  row: { action: ImportRowAction; record: unknown; changes: unknown } | undefined,
): ImportReviewItemView {
  const candidate = item.candidateContact;
  return {
    id: item.id,
    rowNumber: item.rowNumber,
    matchedOn: item.matchedOn,
    status: item.status,
    resolvedAt: item.resolvedAt?.toISOString() ?? null,
    candidate: {
      id: candidate.id,
      name: `${candidate.firstName} ${candidate.lastName}`,
      emails: candidate.emails.map((email) => email.email),
      phones: candidate.phoneNumbers.map((phone) => phone.number),
    },
    record: (row?.record ?? {}) as Record<string, unknown>,
    action: row?.action ?? 'REVIEW',
    changes: (row?.changes ?? []) as ImportFieldChange[],
  };
}

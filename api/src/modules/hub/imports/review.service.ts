import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  importedContactSchema,
  mergeContactRecords,
  missingNameFields,
  notFound,
  validationError,
  type ContactMerge,
  type ExternalSourceSystem,
  type ImportedContact,
  type ImportFieldChange,
  type ImportFieldError,
  type ImportReviewDecision,
  type ImportReviewItemView,
  type ImportReviewReason,
  type ImportRowAction,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { sqlOf } from '../../../common/persistence/sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { storedContactRecord } from './writers/contact-writer.js';

const DECIDED = 'This review item was already decided';
const NOT_BEFORE_COMMIT = 'Review items can only be decided after the dry run and before the import is committed';
const DECIDE_EARLIER_FIRST = (row: number) => `Row ${row} is still to review: decide it first`;
const EARLIER_SKIPPED = (row: number) =>
  `Row ${row} will not be imported: reject this row to import it as a contact of its own`;

const byCreation: { createdAt: 'asc' }[] = [{ createdAt: 'asc' }];
const candidateSelect = {
  id: true,
  firstName: true,
  lastName: true,
  emails: { orderBy: byCreation, select: { email: true } },
  phoneNumbers: { orderBy: byCreation, select: { number: true } },
} satisfies Prisma.ContactSelect;

type ItemRow = Prisma.ImportReviewItemGetPayload<{ include: { candidateContact: { select: typeof candidateSelect } } }>;
type RowResult = Prisma.ImportRowResultGetPayload<object>;
type Batch = { id: string; organizationId: string; source: ExternalSourceSystem; status: string; stage: string };

/** What a decision makes of the row. */
interface Outcome {
  action: ImportRowAction;
  entityId: string | null;
  changes: ImportFieldChange[];
  /** The record the commit writes, when the decision completed it. */
  record?: ImportedContact;
  /** The row's errors once decided: kept only when the row stays unwritten. */
  errors: ImportFieldError[] | null;
  /** Accepted as the same person as an earlier row: the row it merges into. */
  mergedIntoRow?: number;
}

/** What accepting merges the row into: a stored contact, or the record an earlier row of the file creates. */
type MergeTarget =
  | { kind: 'contact'; contactId: string; current: ImportedContact }
  | { kind: 'row'; rowNumber: number; current: ImportedContact };

const COUNT_OF: Record<'CREATE' | 'UPDATE' | 'UNCHANGED' | 'INVALID', string> = {
  CREATE: 'createCount',
  UPDATE: 'updateCount',
  UNCHANGED: 'unchangedCount',
  INVALID: 'invalidCount',
};

/**
 * The review queue of a dry run: rows it would not write on their own. A row that may be an
 * existing contact (it shares its e-mail or phone, or without a source id its name), a row that may
 * be the same person as an earlier row of the file, a row that lacks a required name. Accepting
 * makes the row that contact (an update that adds and never removes: see `mergeContactRecords`)
 * or, for a row missing a name, creates it with the names the decision gives; rejecting makes it
 * someone else (a new contact), or skips a row that still lacks a name. The commit then writes it
 * like any other row. Reads and decisions go through the tenant client, so another organization's
 * batch or item is a 404.
 */
@Injectable()
export class ImportReviewService {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  private async batchOf(batchId: string): Promise<Batch> {
    const batch = await this.prisma.importBatch.findFirst({
      where: { id: batchId },
      select: { id: true, organizationId: true, source: true, status: true, stage: true },
    });
    if (!batch) throw notFound('Import batch');
    return batch;
  }

  async list(batchId: string): Promise<ImportReviewItemView[]> {
    const batch = await this.batchOf(batchId);
    const items = await this.prisma.importReviewItem.findMany({
      where: { importBatchId: batchId },
      orderBy: { rowNumber: 'asc' },
      include: { candidateContact: { select: candidateSelect } },
    });
    const rows = await this.prisma.importRowResult.findMany({
      where: { importBatchId: batchId, rowNumber: { in: items.map((item) => item.rowNumber) } },
    });
    const rowByNumber = new Map(rows.map((row) => [row.rowNumber, row]));
    const views: ImportReviewItemView[] = [];
    for (const item of items) views.push(await this.toView(batch, item, rowByNumber.get(item.rowNumber)));
    return views;
  }

  private async itemOf(batchId: string, itemId: string): Promise<ItemRow> {
    const item = await this.prisma.importReviewItem.findFirst({
      where: { id: itemId, importBatchId: batchId },
      include: { candidateContact: { select: candidateSelect } },
    });
    if (!item) throw notFound('Review item');
    return item;
  }

  /**
   * "Import this row": with a candidate contact or an earlier row, the row is that person and
   * becomes an update adding what it has (conflicting fields as `choices` say, the contact's by
   * default); a row missing a name and matching nobody is created with the names `fields` gives.
   */
  async accept(batchId: string, itemId: string, decision: ImportReviewDecision = {}): Promise<ImportReviewItemView> {
    const batch = await this.batchOf(batchId);
    const item = await this.itemOf(batchId, itemId);
    this.mustBeOpen(batch, item);
    const row = await this.rowOf(batchId, item.rowNumber);
    const file = completed(row, decision);
    const target = await this.mergeTarget(batch, item);
    let outcome: Outcome;
    if (!target) {
      outcome = { action: 'CREATE', entityId: null, changes: [], record: validContact(file), errors: null };
    } else {
      const merge = await this.merge(batch, target, file, decision);
      // An id new to the contact is linked by the commit even when no field changes.
      const writes = merge.changes.length > 0 || row.sourceId !== null;
      outcome = {
        action: writes ? 'UPDATE' : 'UNCHANGED',
        entityId: target.kind === 'contact' ? target.contactId : null,
        changes: merge.changes,
        errors: null,
        ...(target.kind === 'row' && { mergedIntoRow: target.rowNumber }),
      };
    }
    await this.decide(batchId, item.id, row.id, 'ACCEPTED', outcome);
    return this.view(batch, itemId);
  }

  /**
   * "Someone else": the row becomes a new contact (completed with the names `fields` gives, where
   * it lacks one); a row that still lacks a name is skipped (INVALID, with its errors).
   */
  async reject(batchId: string, itemId: string, decision: ImportReviewDecision = {}): Promise<ImportReviewItemView> {
    const batch = await this.batchOf(batchId);
    const item = await this.itemOf(batchId, itemId);
    this.mustBeOpen(batch, item);
    const row = await this.rowOf(batchId, item.rowNumber);
    const file = completed(row, decision);
    const complete = importedContactSchema.safeParse(file).success;
    const outcome: Outcome =
      complete || decision.fields
        ? { action: 'CREATE', entityId: null, changes: [], record: validContact(file), errors: null }
        : { action: 'INVALID', entityId: null, changes: [], errors: rowErrors(row) };
    await this.decide(batchId, item.id, row.id, 'REJECTED', outcome);
    return this.view(batch, itemId);
  }

  /** Checked again, under lock, when the decision is recorded (`decide`). */
  private mustBeOpen(batch: Batch, item: ItemRow): void {
    if (batch.status !== 'PENDING' || batch.stage !== 'DRY_RUN_DONE')
      throw new DomainError(ErrorCode.CONFLICT, NOT_BEFORE_COMMIT);
    if (item.status !== 'PENDING') throw new DomainError(ErrorCode.CONFLICT, DECIDED);
  }

  private async rowOf(batchId: string, rowNumber: number): Promise<RowResult> {
    const row = await this.prisma.importRowResult.findFirst({ where: { importBatchId: batchId, rowNumber } });
    if (!row) throw notFound('Import row');
    return row;
  }

  private async view(batch: Batch, itemId: string): Promise<ImportReviewItemView> {
    const item = await this.itemOf(batch.id, itemId);
    return this.toView(batch, item, await this.rowOf(batch.id, item.rowNumber));
  }

  /**
   * Who the row would be: its candidate contact; or for a row like an earlier one, that row's
   * record (followed through rows already merged, or to the contact it was accepted as); none for
   * a row that only lacks a name.
   */
  private async mergeTarget(batch: Batch, item: ItemRow): Promise<MergeTarget | null> {
    if (item.candidateContactId) return this.contactTarget(batch, item.candidateContactId);
    if (item.duplicateOfRow === null) return null;
    let rowNumber = item.duplicateOfRow;
    for (;;) {
      const earlier = await this.rowOf(batch.id, rowNumber);
      const review = await this.prisma.importReviewItem.findFirst({
        where: { importBatchId: batch.id, rowNumber },
        select: { status: true, reason: true, duplicateOfRow: true },
      });
      if (earlier.action === 'REVIEW') throw new DomainError(ErrorCode.CONFLICT, DECIDE_EARLIER_FIRST(rowNumber));
      if (earlier.action === 'INVALID') throw new DomainError(ErrorCode.CONFLICT, EARLIER_SKIPPED(rowNumber));
      if (earlier.action === 'CREATE')
        return { kind: 'row', rowNumber, current: earlier.record as unknown as ImportedContact };
      // Accepted itself: as an existing contact, or as an even earlier row.
      if (earlier.entityId) return this.contactTarget(batch, earlier.entityId);
      if (review?.reason === 'SAME_IN_FILE' && review.duplicateOfRow !== null) {
        rowNumber = review.duplicateOfRow;
        continue;
      }
      throw new DomainError(ErrorCode.CONFLICT, DECIDE_EARLIER_FIRST(rowNumber));
    }
  }

  private async contactTarget(batch: Batch, contactId: string): Promise<MergeTarget> {
    const current = await storedContactRecord(
      { tx: this.prisma, sql: sqlOf(this.prisma), organizationId: batch.organizationId, source: batch.source },
      contactId,
    );
    if (!current) throw notFound('Contact');
    return { kind: 'contact', contactId, current };
  }

  private async merge(
    batch: Batch,
    target: MergeTarget,
    file: ImportedContact,
    decision: ImportReviewDecision,
  ): Promise<ContactMerge> {
    const sameHousehold =
      target.kind === 'contact' ? await this.linkedHousehold(batch, target.contactId, file) : undefined;
    return mergeContactRecords(target.current, file, { choices: decision.choices, sameHousehold });
  }

  /** The row names the contact's household by a source id linked to it. */
  private async linkedHousehold(batch: Batch, contactId: string, file: ImportedContact): Promise<boolean> {
    const sourceId = file.household?.sourceId ?? null;
    if (sourceId === null) return false;
    const stored = await this.prisma.contact.findFirst({
      where: { organizationId: batch.organizationId, id: contactId },
      select: { householdId: true },
    });
    if (!stored?.householdId) return false;
    const links = await this.prisma.externalLink.count({
      where: {
        organizationId: batch.organizationId,
        source: batch.source,
        sourceId,
        entityType: EntityType.household,
        entityId: stored.householdId,
      },
    });
    return links > 0;
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
    outcome: Outcome,
  ): Promise<void> {
    const counted = COUNT_OF[outcome.action as keyof typeof COUNT_OF];
    const counts = {
      reviewCount: { decrement: 1 },
      [counted]: { increment: 1 },
    } as Prisma.ImportBatchUpdateManyMutationInput;
    await this.prisma.$transaction(async (tx) => {
      const open = await tx.importBatch.updateMany({
        where: { id: batchId, status: 'PENDING', stage: 'DRY_RUN_DONE' },
        data: counts,
      });
      if (open.count === 0) throw new DomainError(ErrorCode.CONFLICT, NOT_BEFORE_COMMIT);
      const decided = await tx.importReviewItem.updateMany({
        where: { id: itemId, status: 'PENDING' },
        data: {
          status,
          resolvedAt: new Date(),
          ...(outcome.mergedIntoRow !== undefined && { duplicateOfRow: outcome.mergedIntoRow }),
        },
      });
      if (decided.count === 0) throw new DomainError(ErrorCode.CONFLICT, DECIDED);
      await tx.importRowResult.update({
        where: { id: rowId },
        data: {
          action: outcome.action,
          entityType: outcome.entityId ? EntityType.contact : null,
          entityId: outcome.entityId,
          changes: outcome.changes as object[],
          errors: (outcome.errors ?? []) as object[],
          ...(outcome.record && { record: outcome.record as object }),
        },
      });
    });
  }

  private async toView(batch: Batch, item: ItemRow, row: RowResult | undefined): Promise<ImportReviewItemView> {
    const candidate = item.candidateContact;
    const record = (row?.record ?? {}) as Record<string, unknown>;
    const pending = item.status === 'PENDING';
    let conflicts: ImportReviewItemView['conflicts'] = [];
    let changes = (row?.changes ?? []) as unknown as ImportFieldChange[];
    if (pending && row) {
      // What accepting would do now, the contact's values kept: computed live, as the contact may
      // have changed since the dry run.
      const target = await this.mergeTarget(batch, item).catch((error: unknown) => {
        if (error instanceof DomainError && error.code === ErrorCode.CONFLICT) return null;
        throw error;
      });
      if (target) {
        const merge = await this.merge(batch, target, record as unknown as ImportedContact, {});
        conflicts = merge.conflicts;
        changes = merge.changes;
      }
    }
    return {
      id: item.id,
      rowNumber: item.rowNumber,
      reason: item.reason as ImportReviewReason,
      matchedOn: item.matchedOn,
      status: item.status,
      resolvedAt: item.resolvedAt?.toISOString() ?? null,
      candidate: candidate && {
        id: candidate.id,
        name: `${candidate.firstName} ${candidate.lastName}`,
        emails: candidate.emails.map((email) => email.email),
        phones: candidate.phoneNumbers.map((phone) => phone.number),
      },
      duplicateOfRow: item.duplicateOfRow,
      missingFields: pending && row ? (missingNameFields(rowErrors(row) ?? []) ?? []) : [],
      record,
      action: row?.action ?? 'REVIEW',
      conflicts,
      changes,
    };
  }
}

function rowErrors(row: RowResult): ImportFieldError[] | null {
  const errors = row.errors as unknown as ImportFieldError[] | null;
  return errors && errors.length > 0 ? errors : null;
}

/** The row's record with the names the decision gives where the row had none. */
function completed(row: RowResult, decision: ImportReviewDecision): ImportedContact {
  const record = row.record as unknown as ImportedContact;
  const given = decision.fields ?? {};
  return {
    ...record,
    firstName: record.firstName || given.firstName || record.firstName,
    lastName: record.lastName || given.lastName || record.lastName,
  };
}

/** The completed row checked as a contact a row of a file must be: a name still missing is a 400. */
function validContact(record: ImportedContact): ImportedContact {
  const parsed = importedContactSchema.safeParse(record);
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
}

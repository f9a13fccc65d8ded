import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  newId,
  notFound,
  validationError,
  type CreateStream,
  type RecurringStreamResponse,
} from '@meridian/domain';
import { AuditService } from '../../platform/audit/index.js';
import { toStreamResponse } from './cash-flow-mapper.js';
import { CashFlowReferenceMessage } from './cash-flows.service.js';
import { CashFlowsRepository, type StreamRow, type Tx } from './cash-flows.repository.js';
import { StreamEditedField, withEditedField } from './stream-edits.js';

/**
 * Recurring streams (foundations §4: confirmed, renamed or soft-deleted; §7 commands: categorize):
 * made by hand here, by the Plaid connector from transactions later.
 */
@Injectable()
export class StreamsService {
  constructor(
    @Inject(CashFlowsRepository) private readonly cashFlows: CashFlowsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async create(input: CreateStream): Promise<RecurringStreamResponse> {
    if (!(await this.cashFlows.findHousehold(input.householdId))) throw notFound('Household');
    if (input.financialRecordId) {
      const found = await this.cashFlows.recordsOfHousehold(input.householdId, [input.financialRecordId]);
      if (found.length === 0) {
        throw validationError([{ path: 'financialRecordId', message: CashFlowReferenceMessage.account }]);
      }
    }
    const { category, ...stream } = input;
    const id = newId(EntityType.recurringStream);
    return this.cashFlows.transaction(async (tx) => {
      const categoryId = category ? await this.cashFlows.categoryId(tx, category) : null;
      await this.cashFlows.createStream(tx, id, { ...stream, categoryId });
      const after = toStreamResponse((await this.cashFlows.findStream(id, tx))!);
      await this.audit.record(tx, { action: 'CREATE', entityType: EntityType.recurringStream, entityId: id, after });
      return after;
    });
  }

  /** Confirms the stream as a real recurring flow; confirming again keeps the first confirmation. */
  confirm(id: string): Promise<RecurringStreamResponse> {
    return this.change(id, async (tx, row) => {
      if (!row.confirmedAt) await this.cashFlows.updateStream(tx, id, { confirmedAt: new Date() });
    });
  }

  /** Renames the stream; a sync keeps the advisor's name from now on (see stream-edits.ts). */
  rename(id: string, name: string): Promise<RecurringStreamResponse> {
    return this.change(id, (tx, row) =>
      this.cashFlows.updateStream(tx, id, {
        name,
        editedFields: withEditedField(row.editedFields, StreamEditedField.name),
      }),
    );
  }

  /**
   * Files the stream under a detailed transaction category (Plaid's taxonomy, foundations §3); a
   * sync keeps the advisor's category from now on.
   */
  categorize(id: string, category: string): Promise<RecurringStreamResponse> {
    return this.change(id, async (tx, row) =>
      this.cashFlows.updateStream(tx, id, {
        categoryId: await this.cashFlows.categoryId(tx, category),
        editedFields: withEditedField(row.editedFields, StreamEditedField.category),
      }),
    );
  }

  async softDelete(id: string): Promise<void> {
    await this.cashFlows.transaction(async (tx) => {
      const row = await this.cashFlows.findStream(id, tx);
      if (!row) throw notFound('Recurring stream');
      const deletedAt = new Date();
      await this.cashFlows.updateStream(tx, id, { deletedAt });
      const before = toStreamResponse(row);
      await this.audit.record(tx, {
        action: 'SOFT_DELETE',
        entityType: EntityType.recurringStream,
        entityId: id,
        before,
        after: { ...before, deletedAt: deletedAt.toISOString() },
      });
    });
  }

  private change(id: string, apply: (tx: Tx, row: StreamRow) => Promise<void>): Promise<RecurringStreamResponse> {
    return this.cashFlows.transaction(async (tx) => {
      const row = await this.cashFlows.findStream(id, tx);
      if (!row) throw notFound('Recurring stream');
      await apply(tx, row);
      const after = toStreamResponse((await this.cashFlows.findStream(id, tx))!);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.recurringStream,
        entityId: id,
        before: toStreamResponse(row),
        after,
      });
      return after;
    });
  }
}

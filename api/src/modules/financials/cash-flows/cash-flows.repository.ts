import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  findTransactionCategory,
  newId,
  type CashFlowItem,
  type CashFlowType,
  type CreateStream,
  type Necessity,
  type OwnerKind,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';

export type Tx = Parameters<Parameters<TenantPrismaClient['$transaction']>[0]>[0];

const PERSON_NAME = { displayName: true, firstName: true, lastName: true } satisfies Prisma.PersonSelect;

export const SOURCE_INCLUDE = {
  flows: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  parties: {
    orderBy: { id: 'asc' },
    include: {
      person: { select: PERSON_NAME },
      corporation: { select: { name: true } },
      trust: { select: { name: true } },
      foundation: { select: { name: true } },
    },
  },
  recurringStreams: { where: { deletedAt: null }, select: { id: true }, orderBy: { id: 'asc' } },
  transactions: { select: { id: true }, orderBy: { id: 'asc' } },
} satisfies Prisma.CashFlowSourceInclude;
export type SourceRow = Prisma.CashFlowSourceGetPayload<{ include: typeof SOURCE_INCLUDE }>;

export const STREAM_INCLUDE = { category: true } satisfies Prisma.RecurringStreamInclude;
export type StreamRow = Prisma.RecurringStreamGetPayload<{ include: typeof STREAM_INCLUDE }>;

const OWNER_COLUMN = {
  Person: 'personId',
  Corporation: 'corporationId',
  Trust: 'trustId',
  Foundation: 'foundationId',
} as const satisfies Record<OwnerKind, string>;

export interface SourceFields {
  name?: string;
  necessity?: Necessity | null;
  assetId?: string | null;
  liabilityId?: string | null;
  sourceAccountId?: string | null;
  destinationAccountId?: string | null;
}

@Injectable()
export class CashFlowsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  findHousehold(householdId: string) {
    return this.prisma.household.findUnique({ where: { id: householdId }, select: { id: true, name: true } });
  }

  // ─── references a source may make ─────────────────────────────────────────────────────────

  /** Records of the household (not soft-deleted) among `ids`, with their type. */
  recordsOfHousehold(householdId: string, ids: string[], db: Tx = this.prisma) {
    return db.financialRecord.findMany({
      where: { id: { in: ids }, householdId, deletedAt: null },
      select: { id: true, type: true },
    });
  }

  /** The ids among `ids` that are parties (person, corporation, trust, foundation) of the household. */
  async partiesOfHousehold(householdId: string, ids: string[]): Promise<Set<string>> {
    const where = { id: { in: ids }, householdId };
    const found = await Promise.all([
      this.prisma.person.findMany({ where, select: { id: true } }),
      this.prisma.corporation.findMany({ where, select: { id: true } }),
      this.prisma.trust.findMany({ where, select: { id: true } }),
      this.prisma.foundation.findMany({ where, select: { id: true } }),
    ]);
    return new Set(found.flat().map((row) => row.id));
  }

  async streamsOfHousehold(householdId: string, ids: string[]): Promise<Set<string>> {
    const rows = await this.prisma.recurringStream.findMany({
      where: { id: { in: ids }, householdId, deletedAt: null },
      select: { id: true },
    });
    return new Set(rows.map((row) => row.id));
  }

  async transactionsOfHousehold(householdId: string, ids: string[]): Promise<Set<string>> {
    const rows = await this.prisma.transaction.findMany({
      where: { id: { in: ids }, householdId },
      select: { id: true },
    });
    return new Set(rows.map((row) => row.id));
  }

  // ─── sources ──────────────────────────────────────────────────────────────────────────────

  /** A source that is not deleted. */
  findSource(id: string, db: Tx = this.prisma): Promise<SourceRow | null> {
    return db.cashFlowSource.findFirst({ where: { id, deletedAt: null }, include: SOURCE_INCLUDE });
  }

  listSources(householdId: string): Promise<SourceRow[]> {
    return this.prisma.cashFlowSource.findMany({
      where: { householdId, deletedAt: null },
      include: SOURCE_INCLUDE,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  async createSource(
    tx: Tx,
    source: { id: string; householdId: string; type: CashFlowType; subtype: string | null } & SourceFields & {
        name: string;
      },
  ): Promise<void> {
    await tx.cashFlowSource.create({ data: { ...source, organizationId: currentOrganizationId() } });
  }

  async updateSource(tx: Tx, id: string, fields: SourceFields): Promise<void> {
    await tx.cashFlowSource.update({ where: { id }, data: { ...fields, updatedAt: new Date() } });
  }

  async softDeleteSource(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.cashFlowSource.update({ where: { id }, data: { deletedAt: at, updatedAt: at } });
  }

  async replaceFlows(tx: Tx, sourceId: string, flows: readonly CashFlowItem[]): Promise<void> {
    await tx.cashFlow.deleteMany({ where: { cashFlowSourceId: sourceId } });
    if (flows.length === 0) return;
    const organizationId = currentOrganizationId();
    // Flows are listed by creation time: one millisecond apart keeps the order they were given in.
    const start = Date.now();
    await tx.cashFlow.createMany({
      data: flows.map((flow, index) => ({
        createdAt: new Date(start + index),
        id: newId(EntityType.cashFlow),
        organizationId,
        cashFlowSourceId: sourceId,
        name: flow.name,
        status: flow.status,
        amount: flow.amount.value,
        amountCurrency: flow.amount.currency,
        frequency: flow.frequency.common,
      })),
    });
  }

  async replaceParties(
    tx: Tx,
    sourceId: string,
    role: 'PAYER' | 'PAYEE',
    parties: readonly { id: string; kind: OwnerKind }[],
  ): Promise<void> {
    await tx.cashFlowParty.deleteMany({ where: { cashFlowSourceId: sourceId, role } });
    if (parties.length === 0) return;
    const organizationId = currentOrganizationId();
    await tx.cashFlowParty.createMany({
      data: parties.map((party) => ({
        id: newId(EntityType.cashFlowParty),
        organizationId,
        cashFlowSourceId: sourceId,
        role,
        ownerKind: party.kind,
        [OWNER_COLUMN[party.kind]]: party.id,
      })),
    });
  }

  /** Makes exactly `streamIds` the streams this source explains. */
  async linkStreams(tx: Tx, sourceId: string, streamIds: readonly string[]): Promise<void> {
    await tx.recurringStream.updateMany({
      where: { cashFlowSourceId: sourceId, id: { notIn: [...streamIds] } },
      data: { cashFlowSourceId: null },
    });
    if (streamIds.length > 0) {
      await tx.recurringStream.updateMany({
        where: { id: { in: [...streamIds] } },
        data: { cashFlowSourceId: sourceId },
      });
    }
  }

  /** Makes exactly `transactionIds` the transactions of this source. */
  async linkTransactions(tx: Tx, sourceId: string, transactionIds: readonly string[]): Promise<void> {
    await tx.transaction.updateMany({
      where: { cashFlowSourceId: sourceId, id: { notIn: [...transactionIds] } },
      data: { cashFlowSourceId: null },
    });
    if (transactionIds.length > 0) {
      await tx.transaction.updateMany({
        where: { id: { in: [...transactionIds] } },
        data: { cashFlowSourceId: sourceId },
      });
    }
  }

  // ─── recurring streams ────────────────────────────────────────────────────────────────────

  findStream(id: string, db: Tx = this.prisma): Promise<StreamRow | null> {
    return db.recurringStream.findFirst({ where: { id, deletedAt: null }, include: STREAM_INCLUDE });
  }

  listStreams(householdId: string): Promise<StreamRow[]> {
    return this.prisma.recurringStream.findMany({
      where: { householdId, deletedAt: null },
      include: STREAM_INCLUDE,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  async createStream(
    tx: Tx,
    id: string,
    stream: Omit<CreateStream, 'category'> & { categoryId: string | null },
  ): Promise<void> {
    const { averageAmount, ...rest } = stream;
    await tx.recurringStream.create({
      data: {
        ...rest,
        id,
        organizationId: currentOrganizationId(),
        averageAmount: averageAmount?.value ?? null,
        averageAmountCurrency: averageAmount?.currency ?? null,
      },
    });
  }

  async updateStream(
    tx: Tx,
    id: string,
    change: { name?: string; confirmedAt?: Date; categoryId?: string; deletedAt?: Date; editedFields?: string[] },
  ): Promise<void> {
    await tx.recurringStream.update({ where: { id }, data: change });
  }

  /**
   * The organization's row of a detailed transaction category, created from the domain's
   * catalogue the first time it is used (categories are per organization, seeded lazily).
   */
  async categoryId(tx: Tx, detailedCategory: string): Promise<string> {
    const category = findTransactionCategory(detailedCategory)!;
    const organizationId = currentOrganizationId();
    const row = await tx.transactionCategory.upsert({
      where: { organizationId_detailedCategory: { organizationId, detailedCategory } },
      create: {
        id: newId(EntityType.transactionCategory),
        organizationId,
        primaryCategory: category.primary,
        detailedCategory,
        label: category.label,
        group: category.group,
        nature: category.nature,
      },
      update: {},
      select: { id: true },
    });
    return row.id;
  }
}

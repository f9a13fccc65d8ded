import { Inject, Injectable } from '@nestjs/common';
import { isLiability, toIsoDate, type FinancialRecordType, type OwnerKind } from '@meridian/domain';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeValue } from '../../../common/tenancy/team-scope-sql.js';
import { PreparedDocuments } from '../../../infra/prisma/prepared-documents.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { CONNECTION_SYNC_SELECT, personName, RECORD_INCLUDE, TYPE_RELATION, type RecordRow } from './record-mapper.js';
import { assembleHousehold, HOUSEHOLD_READ_SQL, type HouseholdRead } from './household-read.js';

type OwnerRow = RecordRow['owners'][number];
type PartyRow = RecordRow['liabilityParties'][number];

/** A transaction of the tenant client; the tenant client itself is one too, for reads. */
export type Tx = Parameters<Parameters<TenantPrismaClient['$transaction']>[0]>[0];
export type Db = Tx;

/** What the reads need of a type table's delegate. */
interface TypeTable {
  findMany(args: { where: { id: { in: string[] } } }): Promise<{ id: string }[]>;
}

/** A person, corporation, trust or foundation that can own or pay: its household and display name. */
export interface Party {
  id: string;
  kind: OwnerKind;
  householdId: string | null;
  name: string;
}

@Injectable()
export class FinancialRecordsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(PreparedDocuments) private readonly documents: PreparedDocuments,
  ) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  findHousehold(householdId: string, db: Db = this.prisma) {
    return db.household.findUnique({ where: { id: householdId }, select: { id: true, name: true } });
  }

  /** A record that is not soft-deleted, with everything its response shows. */
  async findRecord(id: string, db?: Db): Promise<RecordRow | null> {
    const [row] = await this.loadRecords({ id, deletedAt: null, household: { deletedAt: null } }, db);
    return row ?? null;
  }

  /**
   * The household (null when the caller does not reach one of that id: another organization's or,
   * below Admin, another team's), its records that are not soft-deleted, oldest first, who in it
   * can own, borrow or pay, and, given a valuation date, the latest rates on or before it: one
   * prepared statement, one round trip (household-read.ts), as every household page and financial
   * view reads them and a household can hold hundreds of records.
   */
  async readHousehold(householdId: string, valuationDate?: Date): Promise<HouseholdRead> {
    const document = await this.documents.read(HOUSEHOLD_READ_SQL, [
      currentOrganizationId(),
      householdId,
      teamScopeValue(),
      valuationDate ? toIsoDate(valuationDate) : null,
    ]);
    // An aggregate: the statement always answers its one row.
    return assembleHousehold(householdId, document!);
  }

  /**
   * Records with what their responses show. Rather than one include of all twelve type tables
   * (one query per table, one after another), it reads the base rows, then only the type tables
   * the rows use, the owners and the parties: concurrently outside a transaction (a transaction's
   * queries share one connection, so there they run in turn).
   */
  private async loadRecords(where: Prisma.FinancialRecordWhereInput, db?: Db): Promise<RecordRow[]> {
    const client = db ?? this.prisma;
    const base = await client.financialRecord.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    if (base.length === 0) return [];
    const idsByType = new Map<FinancialRecordType, string[]>();
    for (const row of base) idsByType.set(row.type, [...(idsByType.get(row.type) ?? []), row.id]);
    const liabilityIds = base.filter((row) => isLiability(row.type)).map((row) => row.id);
    const ids = base.map((row) => row.id);
    const connectionIds = [...new Set(base.flatMap((row) => (row.connectionId ? [row.connectionId] : [])))];
    const reads: (() => Promise<unknown[]>)[] = [
      () =>
        connectionIds.length === 0
          ? Promise.resolve([])
          : client.connection.findMany({ where: { id: { in: connectionIds } }, select: CONNECTION_SYNC_SELECT }),
      () =>
        client.financialRecordOwner.findMany({ where: { financialRecordId: { in: ids } }, ...RECORD_INCLUDE.owners }),
      () =>
        liabilityIds.length === 0
          ? Promise.resolve([])
          : client.liabilityParty.findMany({
              where: { financialRecordId: { in: liabilityIds } },
              ...RECORD_INCLUDE.liabilityParties,
            }),
      ...[...idsByType].map(([type, typeIds]) => () => {
        const args = type === 'CREDIT_CARD' ? RECORD_INCLUDE.creditCard : {};
        return this.typeTable(client, type).findMany({ where: { id: { in: typeIds } }, ...args });
      }),
    ];
    const results: unknown[][] = [];
    if (db) for (const read of reads) results.push(await read());
    else results.push(...(await Promise.all(reads.map((read) => read()))));
    const [connections, owners, parties, ...typeRows] = results as [
      RecordRow['connection'][],
      OwnerRow[],
      PartyRow[],
      ...{ id: string }[][],
    ];
    const connectionById = new Map(connections.map((connection) => [connection!.id, connection]));
    const typeRowById = new Map(typeRows.flat().map((row) => [row.id, row]));
    return base.map((row) => {
      const relations = Object.fromEntries(Object.values(TYPE_RELATION).map((relation) => [relation, null]));
      return {
        ...row,
        ...relations,
        [TYPE_RELATION[row.type]]: typeRowById.get(row.id) ?? null,
        owners: owners.filter((owner) => owner.financialRecordId === row.id),
        liabilityParties: parties.filter((party) => party.financialRecordId === row.id),
        connection: (row.connectionId && connectionById.get(row.connectionId)) ?? null,
      } as RecordRow;
    });
  }

  /** Just enough of a record to check a reference to it (a securing asset, a mortgaged property). */
  findRecordBrief(id: string, db: Db = this.prisma) {
    return db.financialRecord.findFirst({
      where: { id, deletedAt: null },
      select: { id: true, type: true, householdId: true, realAsset: { select: { assetType: true } } },
    });
  }

  async findParty(kind: OwnerKind, id: string, db: Db = this.prisma): Promise<Party | null> {
    switch (kind) {
      case 'Person': {
        const person = await db.person.findUnique({
          where: { id },
          select: { id: true, householdId: true, displayName: true, firstName: true, lastName: true },
        });
        return person && { id, kind, householdId: person.householdId, name: personName(person) };
      }
      case 'Corporation': {
        const row = await db.corporation.findUnique({ where: { id }, select: { householdId: true, name: true } });
        return row && { id, kind, ...row };
      }
      case 'Trust': {
        const row = await db.trust.findUnique({ where: { id }, select: { householdId: true, name: true } });
        return row && { id, kind, ...row };
      }
      case 'Foundation': {
        const row = await db.foundation.findUnique({ where: { id }, select: { householdId: true, name: true } });
        return row && { id, kind, ...row };
      }
    }
  }

  /** The type table of a record type, through the one relation-named delegate per type. */
  private typeTable(db: Db, type: FinancialRecordType): TypeTable {
    return (db as unknown as Record<string, TypeTable>)[TYPE_RELATION[type]]!;
  }
}

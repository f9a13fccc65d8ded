import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  LifecycleMessage,
  notFound,
  type DeletedItem,
  type DeletedKind,
  type DeletedListQuery,
  type HouseholdDeletion,
  type LifecycleResult,
  type ListPage,
} from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { ContactsWriter } from '../contacts/index.js';

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`;
const BY_NAME = [{ lastName: 'asc' as const }, { firstName: 'asc' as const }, { id: 'asc' as const }];

/** The deleted rows of each kind, for the one statement that lists them; columns as `DeletedRow`. */
const DELETED_ROWS: Record<DeletedKind, (organizationId: string) => Prisma.Sql> = {
  CONTACT: (organizationId) => Prisma.sql`
    SELECT 'CONTACT' AS kind, c.id, c.first_name || ' ' || c.last_name AS name, c.deleted_at AS "deletedAt",
           c.merged_into_id AS "mergedIntoId", m.first_name || ' ' || m.last_name AS "mergedIntoName",
           (h.deleted_at IS NOT NULL) AS "householdDeleted"
      FROM contacts c
      LEFT JOIN contacts m ON m.organization_id = c.organization_id AND m.id = c.merged_into_id
      LEFT JOIN households h ON h.organization_id = c.organization_id AND h.id = c.household_id
     WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NOT NULL`,
  HOUSEHOLD: (organizationId) => Prisma.sql`
    SELECT 'HOUSEHOLD' AS kind, h.id, h.name, h.deleted_at AS "deletedAt", h.merged_into_id AS "mergedIntoId",
           m.name AS "mergedIntoName", false AS "householdDeleted"
      FROM households h
      LEFT JOIN households m ON m.organization_id = h.organization_id AND m.id = h.merged_into_id
     WHERE h.organization_id = ${organizationId} AND h.deleted_at IS NOT NULL`,
  PERSON: (organizationId) => Prisma.sql`
    SELECT 'PERSON' AS kind, p.id, p.first_name || ' ' || p.last_name AS name, p.deleted_at AS "deletedAt",
           p.merged_into_id AS "mergedIntoId", m.first_name || ' ' || m.last_name AS "mergedIntoName",
           (h.deleted_at IS NOT NULL) AS "householdDeleted"
      FROM persons p
      LEFT JOIN persons m ON m.organization_id = p.organization_id AND m.id = p.merged_into_id
      LEFT JOIN households h ON h.organization_id = p.organization_id AND h.id = p.household_id
     WHERE p.organization_id = ${organizationId} AND p.deleted_at IS NOT NULL`,
};

interface DeletedRow {
  kind: DeletedKind;
  id: string;
  name: string;
  deletedAt: Date;
  mergedIntoId: string | null;
  mergedIntoName: string | null;
  householdDeleted: boolean;
}

/**
 * Soft delete and restore of households and persons, and the admins' view of every deleted
 * contact, household and person (contacts are deleted by ContactsService). A deleted row keeps
 * everything it had; the tenant client hides it from every read (docs/DECISIONS.md). A household
 * takes its members and contacts with it, stamped with the same instant, and brings them back
 * the same way. A merged-away row (merged_into_id) comes back only through its merge's undo.
 */
@Injectable()
export class DeletedRecordsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ContactsWriter) private readonly contactsWriter: ContactsWriter,
  ) {}

  /** `GET /households/{householdId}/deletion`: what deleting the household takes with it. */
  async householdDeletion(householdId: string, client: TenantPrismaClient | TenantTransaction = this.prisma) {
    const household = await client.household.findUnique({ where: { id: householdId }, select: { id: true } });
    if (!household) throw notFound('Household');
    // One after another: `client` may be a transaction, whose one connection runs one query at a time.
    const members = await client.person.findMany({
      where: { householdId },
      select: { id: true, firstName: true, lastName: true },
      orderBy: BY_NAME,
    });
    const contacts = await client.contact.findMany({
      where: { householdId },
      select: { id: true, firstName: true, lastName: true },
      orderBy: BY_NAME,
    });
    const financialRecords = await client.financialRecord.count({ where: { householdId, deletedAt: null } });
    const families = await client.family.count({ where: { householdId } });
    return {
      members: members.map((row) => ({ id: row.id, name: fullName(row) })),
      contacts: contacts.map((row) => ({ id: row.id, name: fullName(row) })),
      financialRecords,
      families,
    } satisfies HouseholdDeletion;
  }

  /** `DELETE /households/{householdId}`: the household, its members and its contacts, at one instant. */
  async deleteHousehold(householdId: string): Promise<LifecycleResult> {
    const now = new Date();
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.household.updateMany({ where: { id: householdId }, data: { updatedAt: now } });
      if (count === 0) throw notFound('Household');
      const takes = await this.householdDeletion(householdId, tx);
      await tx.household.update({ where: { id: householdId }, data: { deletedAt: now } });
      await tx.person.updateMany({ where: { householdId }, data: { deletedAt: now } });
      await this.contactsWriter.softDeleteOfHousehold(writeScope(tx, { now }), householdId);
      await this.audit.recordMany(writeScope(tx, { now }), [
        {
          action: 'SOFT_DELETE',
          entityType: EntityType.household,
          entityId: householdId,
          before: takes,
          after: { deletedAt: now.toISOString() },
        },
        ...takes.members.map((member) => ({
          action: 'SOFT_DELETE' as const,
          entityType: EntityType.person,
          entityId: member.id,
          before: { name: member.name, householdId },
          after: { deletedAt: now.toISOString() },
        })),
        ...takes.contacts.map((contact) => ({
          action: 'SOFT_DELETE' as const,
          entityType: EntityType.contact,
          entityId: contact.id,
          before: { name: contact.name, householdId },
          after: { deletedAt: now.toISOString() },
        })),
      ]);
    });
    return { id: householdId, deletedAt: now.toISOString() };
  }

  /**
   * `DELETE /persons/{personId}`. A person who owns or shares financial records is refused: the
   * records would show an owner nobody can see. Their family memberships stay for a restore.
   */
  async deletePerson(personId: string): Promise<LifecycleResult> {
    const now = new Date();
    await this.prisma.$transaction(async (tx) => {
      const person = await tx.person.findUnique({
        where: { id: personId },
        select: { firstName: true, lastName: true, householdId: true },
      });
      if (!person) throw notFound('Person');
      const live = { financialRecord: { deletedAt: null } };
      const owned = await tx.financialRecordOwner.count({ where: { personId, ...live } });
      const parties = await tx.liabilityParty.count({ where: { personId, ...live } });
      if (owned + parties > 0) throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.ownsRecords);
      await tx.person.update({ where: { id: personId }, data: { deletedAt: now } });
      await this.audit.record(tx, {
        action: 'SOFT_DELETE',
        entityType: EntityType.person,
        entityId: personId,
        before: { name: fullName(person), householdId: person.householdId },
        after: { deletedAt: now.toISOString() },
      });
    });
    return { id: personId, deletedAt: now.toISOString() };
  }

  /** `GET /deleted-records` (admins): deleted contacts, households and persons, newest first. */
  async list(query: DeletedListQuery): Promise<ListPage<DeletedItem>> {
    const organizationId = currentOrganizationId();
    const kinds = query.kind ? [query.kind] : (Object.keys(DELETED_ROWS) as DeletedKind[]);
    const union = Prisma.join(
      kinds.map((kind) => DELETED_ROWS[kind](organizationId)),
      ' UNION ALL ',
    );
    const [rows, counted] = await Promise.all([
      this.prisma.$queryRaw<DeletedRow[]>`
        SELECT * FROM (${union}) deleted ORDER BY "deletedAt" DESC, id
         LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
      this.prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM (${union}) deleted`,
    ]);
    return {
      items: rows.map((row) => {
        const reason = row.mergedIntoId
          ? LifecycleMessage.mergedNotRestorable
          : row.householdDeleted
            ? LifecycleMessage.householdDeleted
            : null;
        return {
          kind: row.kind,
          id: row.id,
          name: row.name,
          deletedAt: row.deletedAt.toISOString(),
          mergedInto: row.mergedIntoId ? { id: row.mergedIntoId, name: row.mergedIntoName ?? '' } : null,
          restorable: reason === null,
          reason,
        };
      }),
      page: query.page,
      limit: query.limit,
      total: counted[0]?.total ?? 0,
    };
  }

  /** `POST /contacts/{contactId}/restore` (admins). */
  async restoreContact(contactId: string): Promise<LifecycleResult> {
    await this.prisma.$transaction(async (tx) => {
      const row = await tx.contact.findFirst({
        where: { id: contactId, deletedAt: { not: null } },
        select: { mergedIntoId: true, deletedAt: true, household: { select: { deletedAt: true } } },
      });
      if (!row) throw await this.notDeleted(tx.contact.count({ where: { id: contactId } }), 'Contact');
      if (row.mergedIntoId) throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.mergedNotRestorable);
      if (row.household?.deletedAt) throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.householdDeleted);
      await this.contactsWriter.restore(writeScope(tx), [contactId]);
      await this.recordRestore(tx, EntityType.contact, contactId, row.deletedAt);
    });
    return { id: contactId, deletedAt: null };
  }

  /** `POST /persons/{personId}/restore` (admins). */
  async restorePerson(personId: string): Promise<LifecycleResult> {
    await this.prisma.$transaction(async (tx) => {
      const row = await tx.person.findFirst({
        where: { id: personId, deletedAt: { not: null } },
        select: { mergedIntoId: true, deletedAt: true, household: { select: { deletedAt: true } } },
      });
      if (!row) throw await this.notDeleted(tx.person.count({ where: { id: personId } }), 'Person');
      if (row.mergedIntoId) throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.mergedNotRestorable);
      if (row.household?.deletedAt) throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.householdDeleted);
      await tx.person.update({ where: { id: personId, deletedAt: { not: null } }, data: { deletedAt: null } });
      await this.recordRestore(tx, EntityType.person, personId, row.deletedAt);
    });
    return { id: personId, deletedAt: null };
  }

  /** `POST /households/{householdId}/restore` (admins): with the members and contacts deleted with it. */
  async restoreHousehold(householdId: string): Promise<LifecycleResult> {
    await this.prisma.$transaction(async (tx) => {
      const row = await tx.household.findFirst({
        where: { id: householdId, deletedAt: { not: null } },
        select: { mergedIntoId: true, deletedAt: true },
      });
      if (!row) throw await this.notDeleted(tx.household.count({ where: { id: householdId } }), 'Household');
      if (row.mergedIntoId) throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.mergedNotRestorable);
      const withIt = { householdId, deletedAt: row.deletedAt, mergedIntoId: null };
      const persons = await tx.person.findMany({ where: withIt, select: { id: true } });
      const contacts = await tx.contact.findMany({ where: withIt, select: { id: true } });
      await tx.household.update({ where: { id: householdId, deletedAt: { not: null } }, data: { deletedAt: null } });
      await tx.person.updateMany({ where: withIt, data: { deletedAt: null } });
      await this.contactsWriter.restore(
        writeScope(tx),
        contacts.map((contact) => contact.id),
      );
      await this.recordRestore(tx, EntityType.household, householdId, row.deletedAt, {
        persons: persons.map((person) => person.id),
        contacts: contacts.map((contact) => contact.id),
      });
      await this.audit.recordMany(writeScope(tx), [
        ...persons.map((person) => restoreEntry(EntityType.person, person.id, row.deletedAt)),
        ...contacts.map((contact) => restoreEntry(EntityType.contact, contact.id, row.deletedAt)),
      ]);
    });
    return { id: householdId, deletedAt: null };
  }

  /** A live row answers 409 (nothing to restore); a missing one, or another organization's, 404. */
  private async notDeleted(liveCount: Promise<number>, what: string): Promise<DomainError> {
    return (await liveCount) > 0 ? new DomainError(ErrorCode.CONFLICT, LifecycleMessage.notDeleted) : notFound(what);
  }

  private recordRestore(
    tx: TenantTransaction,
    entityType: string,
    entityId: string,
    deletedAt: Date | null,
    broughtBack?: object,
  ): Promise<void> {
    return this.audit.record(tx, {
      ...restoreEntry(entityType, entityId, deletedAt),
      ...(broughtBack ? { after: { deletedAt: null, ...broughtBack } } : {}),
    });
  }
}

function restoreEntry(entityType: string, entityId: string, deletedAt: Date | null) {
  return {
    action: 'RESTORE' as const,
    entityType,
    entityId,
    before: { deletedAt: deletedAt?.toISOString() ?? null },
    after: { deletedAt: null },
  };
}

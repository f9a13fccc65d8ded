import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  type FamilyMemberRole,
  type ImportedContact,
  type ImportedHousehold,
} from '@meridian/domain';
import type { ImportRecordWriter, ImportTx as Tx, ImportWriteContext } from './import-writer.js';

/** A row's reference to a household: by the source's id, by name, and the member's role in it. */
export type ImportedHouseholdRef = NonNullable<ImportedContact['household']>;

/**
 * Marks an entity the import created for a reference (a household named by a contact row, a
 * contact's person) with an external link of the batch, so that rolling the batch back can tell
 * it from one the advisor made. With the reference's source id the link is also what finds the
 * entity next time; without one (a household known by name only) the link has no source id.
 */
export async function markCreated(
  tx: Tx,
  context: ImportWriteContext,
  entityType: string,
  entityId: string,
  sourceId: string | null,
): Promise<void> {
  // One link per (source, kind, source id): if that id is already linked to another entity of the
  // kind (a household renamed at the source and found by name), the new one keeps an unlinked mark.
  const taken =
    sourceId !== null &&
    (await tx.externalLink.count({
      where: { organizationId: context.organizationId, source: context.source, entityType, sourceId },
    })) > 0;
  await tx.externalLink.create({
    data: {
      id: newId(EntityType.externalLink),
      organizationId: context.organizationId,
      entityType,
      entityId,
      source: context.source,
      sourceId: taken ? null : sourceId,
      importBatchId: context.importBatchId,
      lastSeenAt: context.now,
    },
  });
}

/** Whether the batch being written (or rolled back) created this entity for a reference. */
export async function createdByBatch(
  tx: Tx,
  context: ImportWriteContext,
  entityType: string,
  entityId: string,
): Promise<boolean> {
  const marks = await tx.externalLink.count({
    where: { organizationId: context.organizationId, entityType, entityId, importBatchId: context.importBatchId },
  });
  return marks > 0;
}

/**
 * The household a row names: by its source id (an external link of the same system), else by its
 * exact name within the organization (case aside), else a new household in the import's team,
 * named `fallbackName` when the row gives only an id.
 */
export async function resolveHousehold(
  tx: Tx,
  context: ImportWriteContext,
  ref: ImportedHouseholdRef,
  fallbackName: string,
): Promise<string | null> {
  const { organizationId } = context;
  if (ref.sourceId === null && ref.name === null) return null;
  if (ref.sourceId !== null) {
    const link = await tx.externalLink.findFirst({
      where: { organizationId, source: context.source, sourceId: ref.sourceId, entityType: EntityType.household },
      select: { entityId: true },
    });
    const linked =
      link && (await tx.household.findFirst({ where: { organizationId, id: link.entityId }, select: { id: true } }));
    if (linked) return linked.id;
  }
  if (ref.name !== null) {
    const named = await tx.household.findFirst({
      where: { organizationId, name: { equals: ref.name, mode: 'insensitive' } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    if (named) return named.id;
  }
  const id = newId(EntityType.household);
  await tx.household.create({
    data: { id, organizationId, teamId: context.teamId, name: ref.name ?? fallbackName },
  });
  await markCreated(tx, context, EntityType.household, id, ref.sourceId);
  return id;
}

/** The name of a household known only by id: the member's surname, as the CRM names households. */
export function householdNameFor(lastName: string): string {
  return `${lastName} household`;
}

/**
 * Puts a person in a household the way the CRM keeps it: the person's household, and a membership
 * (HEAD or MEMBER) in the household's family, the oldest one or a new one named after the
 * household. Memberships in other households' families go. A role the row does not give keeps the
 * one the person has (MEMBER for a newcomer), so a file without a role column never demotes a head.
 */
export async function placePersonInHousehold(
  tx: Tx,
  organizationId: string,
  personId: string,
  householdId: string | null,
  role: FamilyMemberRole | null,
): Promise<void> {
  await tx.person.update({ where: { id: personId, organizationId }, data: { householdId } });
  await tx.familyMember.deleteMany({
    where: {
      organizationId,
      personId,
      ...(householdId === null ? {} : { family: { householdId: { not: householdId } } }),
    },
  });
  if (householdId === null) return;
  const family =
    (await tx.family.findFirst({
      where: { organizationId, householdId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    })) ?? (await createFamily(tx, organizationId, householdId));
  const membership = await tx.familyMember.findFirst({
    where: { organizationId, familyId: family.id, personId },
    select: { role: true },
  });
  if (!membership)
    await tx.familyMember.create({
      data: { organizationId, familyId: family.id, personId, role: role ?? 'MEMBER' },
    });
  else if (role !== null && membership.role !== role)
    await tx.familyMember.updateMany({ where: { organizationId, familyId: family.id, personId }, data: { role } });
}

async function createFamily(tx: Tx, organizationId: string, householdId: string): Promise<{ id: string }> {
  const household = await tx.household.findFirstOrThrow({
    where: { organizationId, id: householdId },
    select: { name: true },
  });
  const id = newId(EntityType.family);
  await tx.family.create({ data: { id, organizationId, householdId, name: household.name } });
  return { id };
}

/**
 * What still uses a household, apart from its families (which go with it when they have no
 * members left). Persons and contacts restrict its deletion; the rest would be deleted with it.
 */
async function householdInUse(tx: Tx, organizationId: string, householdId: string): Promise<string[]> {
  const row = await tx.household.findFirst({
    where: { organizationId, id: householdId },
    select: {
      _count: {
        select: {
          persons: true,
          contacts: true,
          corporations: true,
          trusts: true,
          foundations: true,
          families: { where: { members: { some: {} } } },
          prospects: true,
          opportunities: true,
          invitations: true,
          financialRecords: true,
          cashFlowSources: true,
          recurringStreams: true,
          transactions: true,
          plans: true,
          timelines: true,
          workflows: true,
          meetings: true,
          tasks: true,
          ownedTasks: true,
          ownedNotes: true,
          ownedDocuments: true,
          connections: true,
          customFieldValues: true,
        },
      },
    },
  });
  if (!row) return [];
  return Object.entries(row._count).flatMap(([relation, count]) => (count > 0 ? [relation] : []));
}

/**
 * Rollback of rows that referenced a household: the household goes only if this batch created it
 * and nothing uses it any more (the last of its imported members is being removed). One the
 * advisor made, or an earlier import's, stays.
 */
export async function removeHouseholdIfUnused(
  tx: Tx,
  context: ImportWriteContext,
  householdId: string | null,
): Promise<void> {
  if (householdId === null) return;
  const { organizationId } = context;
  if (!(await createdByBatch(tx, context, EntityType.household, householdId))) return;
  if ((await householdInUse(tx, organizationId, householdId)).length > 0) return;
  await tx.externalLink.deleteMany({
    where: { organizationId, entityType: EntityType.household, entityId: householdId },
  });
  await tx.household.deleteMany({ where: { organizationId, id: householdId } });
}

/**
 * The professional a file's advisor column names: by display name, by first and last name, or by
 * the e-mail of the professional's login (case aside). Null when nobody matches.
 */
async function findAdvisor(tx: Tx, organizationId: string, advisor: string): Promise<string | null> {
  const wanted = advisor.trim().toLowerCase();
  const professionals = await tx.professional.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, displayName: true, firstName: true, lastName: true, user: { select: { email: true } } },
  });
  const match = professionals.find(
    (professional) =>
      professional.displayName.trim().toLowerCase() === wanted ||
      `${professional.firstName ?? ''} ${professional.lastName ?? ''}`.trim().toLowerCase() === wanted ||
      professional.user?.email.toLowerCase() === wanted,
  );
  return match?.id ?? null;
}

/**
 * Writes the given household fields. The advisor becomes the primary advisor when it names a
 * professional of the organization; an advisor nobody matches is left unwritten (the stored one
 * stays), and an emptied advisor column clears it.
 */
async function writeHouseholdFields(
  tx: Tx,
  organizationId: string,
  householdId: string,
  fields: Partial<ImportedHousehold>,
): Promise<void> {
  const data: { name?: string; salutation?: string | null; primaryAdvisorId?: string | null } = {};
  // A household always has a name: the record's schema refuses a row without one.
  if (fields.name) data.name = fields.name;
  if ('salutation' in fields) data.salutation = fields.salutation ?? null;
  if ('advisor' in fields) {
    const advisorId = fields.advisor ? await findAdvisor(tx, organizationId, fields.advisor) : null;
    if (advisorId !== null || !fields.advisor) data.primaryAdvisorId = advisorId;
  }
  if (Object.keys(data).length > 0) await tx.household.update({ where: { id: householdId, organizationId }, data });
}

export const householdWriter: ImportRecordWriter<'households'> = {
  kind: 'households',
  tables: ['households'],
  entityType: EntityType.household,
  async create(tx, context, record) {
    const id = newId(EntityType.household);
    await tx.household.create({
      data: { id, organizationId: context.organizationId, teamId: context.teamId, name: record.name },
    });
    await writeHouseholdFields(tx, context.organizationId, id, {
      salutation: record.salutation,
      advisor: record.advisor,
    });
    return id;
  },
  writeFields: (tx, context, entityId, fields) => writeHouseholdFields(tx, context.organizationId, entityId, fields),
  /**
   * Rollback of a household the batch created. Deleting a household deletes its financial records,
   * plans and the rest with it, so one that anything uses (persons, contacts or records imported or
   * added since) is refused: those must be rolled back or moved first.
   */
  async remove(tx, context, entityId) {
    const { organizationId } = context;
    const uses = await householdInUse(tx, organizationId, entityId);
    if (uses.length > 0)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `A household this import created is in use (${uses.join(', ')}): roll back or move those first`,
      );
    await tx.externalLink.deleteMany({ where: { organizationId, entityType: EntityType.household, entityId } });
    await tx.household.deleteMany({ where: { organizationId, id: entityId } });
  },
};

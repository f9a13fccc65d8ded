import { DomainError, EntityType, ErrorCode, newId, type ImportedPerson } from '@meridian/domain';
import type { ImportRecordWriter, ImportTx as Tx, ImportWriteContext } from './import-writer.js';
import {
  householdNameFor,
  type ImportedHouseholdRef,
  placePersonInHousehold,
  removeHouseholdIfUnused,
  resolveHousehold,
} from './household-writer.js';

const SCALARS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender', 'email'] as const;

/** An ISO day (`YYYY-MM-DD`) as the value of a `date` column. */
export function dayOf(isoDate: string | null): Date | null {
  return isoDate === null ? null : new Date(`${isoDate}T00:00:00.000Z`);
}

/**
 * Writes the given fields of a mapped person. The household reference resolves by source id, then
 * name, else a household is created; its role becomes the person's membership in the household's
 * family.
 */
async function writePersonFields(
  tx: Tx,
  context: ImportWriteContext,
  personId: string,
  fields: Partial<ImportedPerson>,
): Promise<void> {
  const { organizationId } = context;
  const data: Record<string, unknown> = {};
  for (const field of SCALARS) if (field in fields) data[field] = fields[field] ?? null;
  if ('dateOfBirth' in fields) data.dateOfBirth = dayOf(fields.dateOfBirth ?? null);
  if (Object.keys(data).length > 0) await tx.person.update({ where: { id: personId, organizationId }, data });
  if ('household' in fields) {
    const lastName =
      fields.lastName ??
      (await tx.person.findFirstOrThrow({ where: { organizationId, id: personId }, select: { lastName: true } }))
        .lastName;
    const left = await tx.person.findFirstOrThrow({
      where: { organizationId, id: personId },
      select: { householdId: true },
    });
    const householdId = await setPersonHousehold(tx, context, personId, fields.household ?? null, lastName);
    // A household this batch created and the person left (rolling back the move) goes when unused.
    if (left.householdId !== householdId) await removeHouseholdIfUnused(tx, context, left.householdId);
  }
}

/** Moves a person to the household a row names (none when the reference is null), with its role. */
export async function setPersonHousehold(
  tx: Tx,
  context: ImportWriteContext,
  personId: string,
  ref: ImportedHouseholdRef | null,
  lastName: string,
): Promise<string | null> {
  const householdId = ref ? await resolveHousehold(tx, context, ref, householdNameFor(lastName)) : null;
  await placePersonInHousehold(tx, context.organizationId, personId, householdId, ref?.role ?? null);
  return householdId;
}

/**
 * What still uses a person apart from its family memberships: contacts restrict its deletion, the
 * rest (account ownerships, plans, tasks...) would be deleted with it.
 */
export async function personInUse(tx: Tx, organizationId: string, personId: string): Promise<string[]> {
  const row = await tx.person.findFirst({
    where: { organizationId, id: personId },
    select: {
      _count: {
        select: {
          contacts: true,
          groupMemberships: true,
          invitations: true,
          financialRecordOwners: true,
          liabilityParties: true,
          insurancePolicies: true,
          cashFlowParties: true,
          proposalRecipients: true,
          ownedTasks: true,
          assignedTasks: true,
          ownedNotes: true,
          ownedDocuments: true,
          workflowParticipations: true,
          planFlowParticipations: true,
          planAccountOwnerships: true,
          timelines: true,
        },
      },
    },
  });
  if (!row) return [];
  return Object.entries(row._count).flatMap(([relation, count]) => (count > 0 ? [relation] : []));
}

export const personWriter: ImportRecordWriter<'persons'> = {
  kind: 'persons',
  tables: ['persons', 'households', 'families', 'family_members'],
  entityType: EntityType.person,
  async create(tx, context, record) {
    const id = newId(EntityType.person);
    await tx.person.create({
      data: {
        id,
        organizationId: context.organizationId,
        firstName: record.firstName,
        lastName: record.lastName,
        middleName: record.middleName,
        preferredName: record.preferredName,
        dateOfBirth: dayOf(record.dateOfBirth),
        gender: record.gender,
        email: record.email,
      },
    });
    if (record.household) await setPersonHousehold(tx, context, id, record.household, record.lastName);
    return id;
  },
  writeFields: (tx, context, entityId, fields) => writePersonFields(tx, context, entityId, fields),
  /**
   * Rollback of a person the batch created. A person something else now uses (a contact, an account
   * imported since) is refused rather than deleted with its uses; its household goes too when the
   * batch created it and nothing else uses it.
   */
  async remove(tx, context, entityId) {
    const { organizationId } = context;
    const person = await tx.person.findFirst({
      where: { organizationId, id: entityId },
      select: { householdId: true },
    });
    if (!person) return;
    const uses = await personInUse(tx, organizationId, entityId);
    if (uses.length > 0)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `A person this import created is in use (${uses.join(', ')}): roll back or move those first`,
      );
    await tx.person.deleteMany({ where: { organizationId, id: entityId } });
    await removeHouseholdIfUnused(tx, context, person.householdId);
  },
};

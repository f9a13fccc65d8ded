// What an imported contact, person or household looks like in the database, keyed by the mapped
// record's field names so an import test can say "only the edited fields changed" by name (A2's
// record kinds come from import-snapshots-records.ts). Columns an import must never touch are in
// the snapshot too, under their column names, so a writer touching them shows up as a change the
// file did not make. Lists are sorted (their rows have no order of their own); update times are
// left out, as an update moves them by design.
import type { PrismaClient } from '@meridian/api';
import type { ImportRecordKind } from '@meridian/domain';
import { RECORD_SNAPSHOTS, type EntitySnapshot } from './import-snapshots-records.js';

export type { EntitySnapshot };

const day = (value: Date | null | undefined) => (value ? value.toISOString().slice(0, 10) : null);
const sorted = <T>(items: T[]) => [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** A person's household as the record names it: the household, and the person's role in its family. */
async function householdOf(
  prisma: PrismaClient,
  organizationId: string,
  householdId: string | null,
  personId: string | null,
) {
  if (!householdId) return null;
  const household = await prisma.household.findFirstOrThrow({
    where: { organizationId, id: householdId },
    select: { id: true, name: true },
  });
  const membership = personId
    ? await prisma.familyMember.findFirst({
        where: { organizationId, personId, family: { householdId } },
        select: { role: true },
      })
    : null;
  return { id: household.id, name: household.name, role: membership?.role ?? null };
}

const contact: EntitySnapshot = async (prisma, organizationId, entityId) => {
  const row = await prisma.contact.findFirstOrThrow({
    where: { organizationId, id: entityId },
    include: {
      emails: true,
      phoneNumbers: true,
      addresses: true,
      employments: true,
      tags: { include: { tag: true } },
      person: true,
      ownedNotes: true,
    },
  });
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    preferredName: row.preferredName,
    gender: row.gender,
    type: row.type,
    source: row.source,
    emails: sorted(row.emails.map((email) => ({ email: email.email, label: email.label, primary: email.isPrimary }))),
    phones: sorted(
      row.phoneNumbers.map((phone) => ({
        countryCode: phone.countryCode,
        number: phone.number,
        type: phone.type,
        label: phone.label,
        primary: phone.isPrimary,
      })),
    ),
    addresses: sorted(
      row.addresses.map((address) => ({
        label: address.label,
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        province: address.province,
        postalCode: address.postalCode,
        countryName: address.countryName,
        primary: address.isPrimary,
      })),
    ),
    employment: sorted(
      row.employments.map((employment) => ({
        employerName: employment.employerName,
        jobTitle: employment.jobTitle,
        primary: employment.isPrimary,
      })),
    ),
    tags: sorted(row.tags.map((link) => link.tag.name)),
    note: sorted(row.ownedNotes.map((note) => ({ body: note.body, deletedAt: note.deletedAt }))),
    dateOfBirth: day(row.person?.dateOfBirth),
    household: await householdOf(prisma, organizationId, row.householdId, row.personId),
    teamId: row.teamId,
    discoveryMethod: row.discoveryMethod,
    employmentStatus: row.employmentStatus,
    portalAccess: row.portalAccess,
    avatarUrl: row.avatarUrl,
  };
};

const person: EntitySnapshot = async (prisma, organizationId, entityId) => {
  const row = await prisma.person.findFirstOrThrow({ where: { organizationId, id: entityId } });
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    preferredName: row.preferredName,
    dateOfBirth: day(row.dateOfBirth),
    gender: row.gender,
    email: row.email,
    household: await householdOf(prisma, organizationId, row.householdId, row.id),
    shortName: row.shortName,
    displayName: row.displayName,
    fullName: row.fullName,
  };
};

const household: EntitySnapshot = async (prisma, organizationId, entityId) => {
  const row = await prisma.household.findFirstOrThrow({
    where: { organizationId, id: entityId },
    include: { primaryAdvisor: { select: { displayName: true } } },
  });
  return {
    name: row.name,
    salutation: row.salutation,
    advisor: row.primaryAdvisor?.displayName ?? null,
    teamId: row.teamId,
    lastKycUpdatedAt: row.lastKycUpdatedAt,
  };
};

/** The snapshot of an imported entity, by the record kind it was imported as. */
export const IMPORT_SNAPSHOTS: Partial<Record<ImportRecordKind, EntitySnapshot>> = {
  contacts: contact,
  persons: person,
  households: household,
  ...RECORD_SNAPSHOTS,
};

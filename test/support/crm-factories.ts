// CRM rows written straight to the database, for tests that need a world to read or change:
// households, persons, families, contacts and their sub-records, meetings and notes.
import { EntityType, newId, type ContactType, type CustomFieldType } from '@meridian/domain';
import type { PrismaClient } from '@meridian/api';
import type { CreatedOrganization } from './factories.js';

type Org = Pick<CreatedOrganization, 'organizationId' | 'teamId' | 'userId'>;

export async function createHousehold(
  prisma: PrismaClient,
  org: Org,
  overrides: { name?: string; salutation?: string; lastKycUpdatedAt?: Date; teamId?: string } = {},
): Promise<string> {
  const id = newId(EntityType.household);
  await prisma.household.create({
    data: {
      id,
      organizationId: org.organizationId,
      teamId: overrides.teamId ?? org.teamId,
      name: overrides.name ?? 'Factory household',
      salutation: overrides.salutation ?? null,
      lastKycUpdatedAt: overrides.lastKycUpdatedAt ?? null,
    },
  });
  return id;
}

export async function createPerson(
  prisma: PrismaClient,
  org: Org,
  overrides: { householdId?: string; firstName?: string; lastName?: string; dateOfBirth?: string } = {},
): Promise<string> {
  const id = newId(EntityType.person);
  await prisma.person.create({
    data: {
      id,
      organizationId: org.organizationId,
      householdId: overrides.householdId ?? null,
      firstName: overrides.firstName ?? 'Pat',
      lastName: overrides.lastName ?? 'Factory',
      dateOfBirth: overrides.dateOfBirth ? new Date(overrides.dateOfBirth) : null,
    },
  });
  return id;
}

export interface FactoryContact {
  contactId: string;
  emailIds: string[];
  phoneIds: string[];
}

/** A contact with the given e-mails and phone numbers, the first of each primary. */
export async function createContact(
  prisma: PrismaClient,
  org: Org,
  overrides: {
    firstName?: string;
    lastName?: string;
    type?: ContactType;
    teamId?: string;
    personId?: string;
    householdId?: string;
    emails?: string[];
    phones?: string[];
  } = {},
): Promise<FactoryContact> {
  const contactId = newId(EntityType.contact);
  await prisma.contact.create({
    data: {
      id: contactId,
      organizationId: org.organizationId,
      teamId: overrides.teamId ?? org.teamId,
      type: overrides.type ?? 'CLIENT',
      firstName: overrides.firstName ?? 'Casey',
      lastName: overrides.lastName ?? 'Factory',
      personId: overrides.personId ?? null,
      householdId: overrides.householdId ?? null,
    },
  });
  const emailIds: string[] = [];
  for (const [index, email] of (overrides.emails ?? []).entries()) {
    const id = newId(EntityType.contactEmail);
    await prisma.contactEmail.create({
      data: { id, organizationId: org.organizationId, contactId, email, isPrimary: index === 0 },
    });
    emailIds.push(id);
  }
  const phoneIds: string[] = [];
  for (const [index, number] of (overrides.phones ?? []).entries()) {
    const id = newId(EntityType.contactPhoneNumber);
    await prisma.contactPhoneNumber.create({
      data: { id, organizationId: org.organizationId, contactId, countryCode: '1', number, isPrimary: index === 0 },
    });
    phoneIds.push(id);
  }
  return { contactId, emailIds, phoneIds };
}

/** A contact's address, employment and social link (one each, primary), returning their ids. */
export async function createContactRecords(prisma: PrismaClient, org: Org, contactId: string) {
  const addressId = newId(EntityType.contactAddress);
  const employmentId = newId(EntityType.contactEmployment);
  const linkId = newId(EntityType.contactSocialLink);
  const organizationId = org.organizationId;
  await prisma.contactAddress.create({
    data: {
      id: addressId,
      organizationId,
      contactId,
      line1: '1 King St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 1A1',
      countryName: 'Canada',
      isPrimary: true,
    },
  });
  await prisma.contactEmployment.create({
    data: { id: employmentId, organizationId, contactId, employerName: 'Acme', isPrimary: true },
  });
  await prisma.contactSocialLink.create({
    data: { id: linkId, organizationId, contactId, type: 'LinkedIn', branch: 'casey' },
  });
  return { addressId, employmentId, linkId };
}

export async function createFamily(
  prisma: PrismaClient,
  org: Org,
  householdId: string,
  members: { personId: string; role?: 'HEAD' | 'MEMBER' }[],
  name = 'Factory family',
): Promise<string> {
  const id = newId(EntityType.family);
  await prisma.family.create({ data: { id, organizationId: org.organizationId, householdId, name } });
  for (const member of members) {
    await prisma.familyMember.create({
      data: {
        organizationId: org.organizationId,
        familyId: id,
        personId: member.personId,
        role: member.role ?? 'MEMBER',
      },
    });
  }
  return id;
}

export async function createFamilyAddress(prisma: PrismaClient, org: Org, familyId: string): Promise<string> {
  const id = newId(EntityType.familyAddress);
  await prisma.familyAddress.create({
    data: {
      id,
      organizationId: org.organizationId,
      familyId,
      line1: '2 Bay St',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5J 2N8',
      countryName: 'Canada',
      isPrimary: true,
    },
  });
  return id;
}

/** A corporation, a trust and a foundation of the household. */
export async function createHouseholdEntities(prisma: PrismaClient, org: Org, householdId: string) {
  const organizationId = org.organizationId;
  const corporationId = newId(EntityType.corporation);
  const trustId = newId(EntityType.trust);
  const foundationId = newId(EntityType.foundation);
  await prisma.corporation.create({
    data: {
      id: corporationId,
      organizationId,
      householdId,
      name: 'Factory Holdings Inc.',
      incorporationJurisdiction: 'ONTARIO',
    },
  });
  await prisma.trust.create({
    data: { id: trustId, organizationId, householdId, name: 'Factory Family Trust', country: 'CA' },
  });
  await prisma.foundation.create({
    data: { id: foundationId, organizationId, householdId, name: 'Factory Foundation', country: 'CA' },
  });
  return { corporationId, trustId, foundationId };
}

/** A meeting at `startTime`, with the contact as a participant and in the household when given. */
export async function createMeeting(
  prisma: PrismaClient,
  org: Org,
  options: { startTime: Date; contactId?: string; householdId?: string; cancelled?: boolean },
): Promise<string> {
  const organizer = await prisma.teamMember.findFirstOrThrow({
    where: { organizationId: org.organizationId, userId: org.userId },
  });
  const id = newId(EntityType.meeting);
  await prisma.meeting.create({
    data: {
      id,
      organizationId: org.organizationId,
      teamId: organizer.teamId,
      householdId: options.householdId ?? null,
      organizerTeamMemberId: organizer.id,
      title: 'Review',
      message: 'Annual review',
      type: 'PHONE',
      startTime: options.startTime,
      durationMinutes: 30,
      timeZone: 'America/Toronto',
      cancelledAt: options.cancelled ? options.startTime : null,
    },
  });
  if (options.contactId) {
    await prisma.meetingParticipant.create({
      data: {
        id: newId(EntityType.meetingParticipant),
        organizationId: org.organizationId,
        meetingId: id,
        role: 'CONTACT',
        contactId: options.contactId,
        email: `${options.contactId.slice(-6)}@client.test`,
        name: 'Participant',
      },
    });
  }
  return id;
}

/** A note about a contact or household, dated `date`. */
export async function createNote(
  prisma: PrismaClient,
  org: Org,
  options: { date: Date; contactId?: string; householdId?: string },
): Promise<string> {
  const id = newId(EntityType.note);
  await prisma.note.create({
    data: {
      id,
      organizationId: org.organizationId,
      teamId: org.teamId,
      body: 'Called the client',
      date: options.date,
      ownerKind: options.contactId ? 'CONTACT' : 'HOUSEHOLD',
      ownerContactId: options.contactId ?? null,
      ownerHouseholdId: options.contactId ? null : (options.householdId ?? null),
    },
  });
  return id;
}

export async function createInvitation(
  prisma: PrismaClient,
  org: Org,
  options: { personId: string; householdId?: string; email?: string },
): Promise<string> {
  const id = newId(EntityType.invitation);
  // A client invitation names the contact it invites to the portal (invitations_client_contact_check).
  const { contactId } = await createContact(prisma, org, {
    personId: options.personId,
    ...(options.householdId ? { householdId: options.householdId } : {}),
  });
  await prisma.invitation.create({
    data: {
      id,
      organizationId: org.organizationId,
      contactId,
      personId: options.personId,
      householdId: options.householdId ?? null,
      type: 'CLIENT',
      method: 'EMAIL',
      email: options.email ?? 'client@family.test',
      code: newId('invitationcode'),
    },
  });
  return id;
}

export async function createCustomField(
  prisma: PrismaClient,
  org: Org,
  options: { entityKind: 'CONTACT' | 'HOUSEHOLD'; type: CustomFieldType; name: string; options?: string[] },
): Promise<string> {
  const id = newId(EntityType.customFieldDefinition);
  await prisma.customFieldDefinition.create({
    data: {
      id,
      organizationId: org.organizationId,
      entityKind: options.entityKind,
      type: options.type,
      name: options.name,
      options: options.options,
    },
  });
  return id;
}

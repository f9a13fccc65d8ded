import type { FamilyResponse, PersonResponse } from '@meridian/domain';
import { addressView, isoDate, nameView } from '../contacts/index.js';
import type {
  corporationSelect,
  FamilyRow,
  foundationSelect,
  PersonRow,
  trustSelect,
} from './households.repository.js';
import type { Prisma } from '../../../generated/prisma/client.js';

export function personView(row: PersonRow): PersonResponse {
  return {
    id: row.id,
    householdId: row.householdId,
    name: nameView(row),
    dateOfBirth: isoDate(row.dateOfBirth),
    gender: row.gender,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function corporationView(row: Prisma.CorporationGetPayload<{ select: typeof corporationSelect }>) {
  return { ...row, incorporationDate: isoDate(row.incorporationDate) };
}

export function trustView(row: Prisma.TrustGetPayload<{ select: typeof trustSelect }>) {
  return { ...row, settlementDate: isoDate(row.settlementDate) };
}

export function foundationView(row: Prisma.FoundationGetPayload<{ select: typeof foundationSelect }>) {
  return { ...row, establishedDate: isoDate(row.establishedDate) };
}

/** A family: its members with their role in it (the head first), and its addresses. */
export function familyView(row: FamilyRow): FamilyResponse {
  return {
    id: row.id,
    householdId: row.householdId,
    name: row.name,
    relationships: row.members.map((member) => ({
      personId: member.personId,
      name: `${member.person.preferredName ?? member.person.firstName} ${member.person.lastName}`,
      role: member.role,
      dateOfBirth: isoDate(member.person.dateOfBirth),
      since: member.createdAt.toISOString(),
    })),
    addresses: row.addresses.map(addressView),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

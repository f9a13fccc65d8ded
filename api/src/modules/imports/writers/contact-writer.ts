import { EntityType, newId, type ImportedContact } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import type { CandidateFinder, ImportRecordWriter, ImportTx as Tx } from './import-writer.js';

const SCALARS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender', 'source'] as const;

/**
 * Writes the given fields of a mapped contact onto a stored one. Only the fields present are
 * touched: an update passes just the changed fields (and a rollback their before values), so the
 * advisor's other edits stay. Lists (e-mails, phones, addresses) are replaced as a whole, as the
 * import diff compares them as a whole. Tags, note, date of birth and household are not written yet.
 */
async function writeContactFields(
  tx: Tx,
  organizationId: string,
  contactId: string,
  fields: Partial<ImportedContact>,
): Promise<void> {
  const data: Record<string, unknown> = {};
  for (const field of SCALARS) if (field in fields) data[field] = fields[field] ?? null;
  // A contact always has a type: a file without one keeps what is stored.
  if (fields.type) data.type = fields.type;
  if (Object.keys(data).length > 0)
    await tx.contact.update({
      where: { id: contactId, organizationId },
      data: data as Prisma.ContactUncheckedUpdateInput,
    });

  const owner = { organizationId, contactId };
  if (fields.emails) {
    await tx.contactEmail.deleteMany({ where: owner });
    await tx.contactEmail.createMany({
      data: fields.emails.map((email) => ({
        id: newId(EntityType.contactEmail),
        ...owner,
        email: email.email,
        label: email.label,
        isPrimary: email.primary,
      })),
    });
  }
  if (fields.phones) {
    await tx.contactPhoneNumber.deleteMany({ where: owner });
    await tx.contactPhoneNumber.createMany({
      data: fields.phones.map((phone) => ({
        id: newId(EntityType.contactPhoneNumber),
        ...owner,
        countryCode: phone.countryCode,
        number: phone.number,
        type: phone.type,
        label: phone.label,
        isPrimary: phone.primary,
      })),
    });
  }
  if (fields.addresses) {
    await tx.contactAddress.deleteMany({ where: owner });
    await tx.contactAddress.createMany({
      data: fields.addresses.map((address) => ({
        id: newId(EntityType.contactAddress),
        ...owner,
        label: address.label,
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        province: address.province,
        postalCode: address.postalCode,
        countryName: address.countryName,
        isPrimary: address.primary,
      })),
    });
  }
  if ('employment' in fields) {
    await tx.contactEmployment.deleteMany({ where: owner });
    const employment = fields.employment;
    if (employment && (employment.employerName || employment.jobTitle))
      await tx.contactEmployment.create({
        data: {
          id: newId(EntityType.contactEmployment),
          ...owner,
          employerName: employment.employerName,
          jobTitle: employment.jobTitle,
          isPrimary: true,
        },
      });
  }
}

/** Creates a contact from a mapped record in the given team; returns its id. */
async function createContact(tx: Tx, organizationId: string, teamId: string, record: ImportedContact): Promise<string> {
  const id = newId(EntityType.contact);
  await tx.contact.create({
    data: {
      id,
      organizationId,
      teamId,
      type: record.type ?? 'LEAD',
      firstName: record.firstName,
      lastName: record.lastName,
      middleName: record.middleName,
      preferredName: record.preferredName,
      gender: record.gender,
      source: record.source,
    },
  });
  const { emails, phones, addresses, employment } = record;
  await writeContactFields(tx, organizationId, id, { emails, phones, addresses, employment });
  return id;
}

/**
 * Rows without a source id cannot be matched for sure: one that shares an e-mail, a phone number
 * or the full name of an existing contact goes to the review queue instead of creating a duplicate.
 */
async function contactCandidates(
  prisma: SystemPrisma,
  organizationId: string,
  records: ImportedContact[],
): Promise<CandidateFinder<'contacts'>> {
  if (records.length === 0) return () => null;
  const emails = records.flatMap((record) => record.emails.map((email) => email.email.toLowerCase()));
  const phones = records.flatMap((record) => record.phones.map((phone) => phone.number));
  const [byEmail, byPhone, byName] = await Promise.all([
    emails.length === 0
      ? []
      : prisma.contactEmail.findMany({
          where: { organizationId, email: { in: emails, mode: 'insensitive' } },
          select: { email: true, contactId: true },
        }),
    phones.length === 0
      ? []
      : prisma.contactPhoneNumber.findMany({
          where: { organizationId, number: { in: phones } },
          select: { number: true, contactId: true },
        }),
    prisma.contact.findMany({
      where: {
        organizationId,
        OR: records.map((record) => ({
          firstName: { equals: record.firstName, mode: 'insensitive' as const },
          lastName: { equals: record.lastName, mode: 'insensitive' as const },
        })),
      },
      select: { id: true, firstName: true, lastName: true },
    }),
  ]);
  const nameKey = (first: string, last: string) => `${first.toLowerCase()}\u0000${last.toLowerCase()}`;
  const emailMap = new Map(byEmail.map((row) => [row.email.toLowerCase(), row.contactId]));
  const phoneMap = new Map(byPhone.map((row) => [row.number, row.contactId]));
  const nameMap = new Map(byName.map((row) => [nameKey(row.firstName, row.lastName), row.id]));
  return (record) => {
    for (const email of record.emails) {
      const entityId = emailMap.get(email.email.toLowerCase());
      if (entityId) return { entityId, matchedOn: 'EMAIL' };
    }
    for (const phone of record.phones) {
      const entityId = phoneMap.get(phone.number);
      if (entityId) return { entityId, matchedOn: 'PHONE' };
    }
    const entityId = nameMap.get(nameKey(record.firstName, record.lastName));
    return entityId ? { entityId, matchedOn: 'NAME' } : null;
  };
}

export const contactWriter: ImportRecordWriter<'contacts'> = {
  kind: 'contacts',
  entityType: EntityType.contact,
  create: (tx, context, record) => createContact(tx, context.organizationId, context.teamId, record),
  writeFields: (tx, context, entityId, fields) => writeContactFields(tx, context.organizationId, entityId, fields),
  async remove(tx, context, entityId) {
    await tx.contact.deleteMany({ where: { organizationId: context.organizationId, id: entityId } });
  },
  candidateFinder: contactCandidates,
};

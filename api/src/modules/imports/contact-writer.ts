import { EntityType, newId, type ImportedContact } from '@meridian/domain';
import type { Prisma } from '../../generated/prisma/client.js';

type Tx = Prisma.TransactionClient;

const SCALARS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender', 'source'] as const;

/**
 * Writes the given fields of a mapped contact onto a stored one. Only the fields present are
 * touched: an update passes just the changed fields (and a rollback their before values), so the
 * advisor's other edits stay. Lists (e-mails, phones, addresses) are replaced as a whole, as the
 * import diff compares them as a whole. Tags, note, date of birth and household are not written yet.
 */
export async function writeContactFields(
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
export async function createContact(
  tx: Tx,
  organizationId: string,
  teamId: string,
  record: ImportedContact,
): Promise<string> {
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

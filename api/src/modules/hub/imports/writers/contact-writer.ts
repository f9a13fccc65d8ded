import { EntityType, newId, type ImportedContact } from '@meridian/domain';
import type { Prisma } from '../../../../generated/prisma/client.js';
import type { SystemPrisma } from '../../../../infra/prisma/prisma.service.js';
import type { CandidateFinder, ImportRecordWriter, ImportTx as Tx, ImportWriteContext } from './import-writer.js';
import {
  createdByBatch,
  householdNameFor,
  markCreated,
  placePersonInHousehold,
  removeHouseholdIfUnused,
  resolveHousehold,
} from './household-writer.js';
import { dayOf, personInUse } from './person-writer.js';

const SCALARS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender', 'source'] as const;
/** The contact's fields its person (if it has one) carries too, kept the same on both. */
const PERSON_FIELDS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender'] as const;
/** What writing the other fields needs to know of the contact. */
type ContactState = Prisma.ContactGetPayload<{ select: typeof CONTACT_STATE }>;
const CONTACT_STATE = {
  teamId: true,
  personId: true,
  householdId: true,
  firstName: true,
  lastName: true,
  middleName: true,
  preferredName: true,
  gender: true,
} as const satisfies Prisma.ContactSelect;
/** The type of the tags an import creates; a tag of any type with the same name is reused. */
export const IMPORTED_TAG_TYPE = 'IMPORT';

type ContactOwner = { organizationId: string; contactId: string };
type Employment = NonNullable<ImportedContact['employment']>;

/** The rows of a contact's lists, as both a create and an update write them. */
function emailRow(email: ImportedContact['emails'][number], owner: ContactOwner) {
  return {
    id: newId(EntityType.contactEmail),
    ...owner,
    email: email.email,
    label: email.label,
    isPrimary: email.primary,
  };
}

function phoneRow(phone: ImportedContact['phones'][number], owner: ContactOwner) {
  return {
    id: newId(EntityType.contactPhoneNumber),
    ...owner,
    countryCode: phone.countryCode,
    number: phone.number,
    type: phone.type,
    label: phone.label,
    isPrimary: phone.primary,
  };
}

function addressRow(address: ImportedContact['addresses'][number], owner: ContactOwner) {
  return {
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
  };
}

/** An employment without employer and title is no employment. */
function hasEmployment(employment: ImportedContact['employment'] | undefined): employment is Employment {
  return Boolean(employment && (employment.employerName || employment.jobTitle));
}

function employmentRow(employment: Employment, owner: ContactOwner) {
  return {
    id: newId(EntityType.contactEmployment),
    ...owner,
    employerName: employment.employerName,
    jobTitle: employment.jobTitle,
    isPrimary: true,
  };
}

/**
 * Writes the given fields of a mapped contact onto a stored one. Only the fields present are
 * touched: an update passes just the changed fields (and a rollback their before values), so the
 * advisor's other edits stay. Lists (e-mails, phones, addresses, tags) are replaced as a whole, as
 * the import diff compares them as a whole.
 *
 * Where the CRM keeps what a contact row carries:
 * - tags: the organization's tag of that name (any type, case aside), else a new one of type IMPORT;
 * - note: one note owned by the contact, created on first import and its body updated after (an
 *   unlinked external link of the batch tells it from the advisor's notes); emptied, it is deleted;
 * - household: the contact's household, found by source id, then name, else created;
 * - date of birth and household role: on the contact's person (the CRM's "contact is a person"),
 *   created with the contact's names when a row first gives either a birth date or a household; the
 *   role is the person's membership in the household's family.
 */
async function writeContactFields(
  tx: Tx,
  context: ImportWriteContext,
  contactId: string,
  fields: Partial<ImportedContact>,
): Promise<void> {
  const { organizationId } = context;
  const data: Record<string, unknown> = {};
  for (const field of SCALARS) if (field in fields) data[field] = fields[field] ?? null;
  // A contact always has a type: a file without one keeps what is stored.
  if (fields.type) data.type = fields.type;
  const where = { id: contactId, organizationId };
  const contact =
    Object.keys(data).length > 0
      ? await tx.contact.update({ where, data: data as Prisma.ContactUncheckedUpdateInput, select: CONTACT_STATE })
      : await tx.contact.findFirstOrThrow({ where, select: CONTACT_STATE });
  const personData = Object.fromEntries(PERSON_FIELDS.filter((field) => field in data).map((f) => [f, data[f]]));
  if (contact.personId && Object.keys(personData).length > 0)
    await tx.person.update({ where: { id: contact.personId, organizationId }, data: personData });

  const owner = { organizationId, contactId };
  if (fields.emails) {
    await tx.contactEmail.deleteMany({ where: owner });
    await tx.contactEmail.createMany({ data: fields.emails.map((email) => emailRow(email, owner)) });
  }
  if (fields.phones) {
    await tx.contactPhoneNumber.deleteMany({ where: owner });
    await tx.contactPhoneNumber.createMany({ data: fields.phones.map((phone) => phoneRow(phone, owner)) });
  }
  if (fields.addresses) {
    await tx.contactAddress.deleteMany({ where: owner });
    await tx.contactAddress.createMany({ data: fields.addresses.map((address) => addressRow(address, owner)) });
  }
  if ('employment' in fields) {
    await tx.contactEmployment.deleteMany({ where: owner });
    if (hasEmployment(fields.employment))
      await tx.contactEmployment.create({ data: employmentRow(fields.employment, owner) });
  }
  if (fields.tags) await writeTags(tx, context, contactId, fields.tags);
  if ('note' in fields) await writeNote(tx, context, contactId, contact.teamId, fields.note ?? null);

  let householdId = contact.householdId;
  if ('household' in fields) {
    const ref = fields.household ?? null;
    householdId = ref ? await resolveHousehold(tx, context, ref, householdNameFor(contact.lastName)) : null;
    await tx.contact.update({ where: { id: contactId, organizationId }, data: { householdId } });
  }
  await writePerson(tx, context, contactId, contact, householdId, fields);
  // A household this batch created and the contact left (rolling back the move) goes when unused.
  if (contact.householdId !== householdId) await removeHouseholdIfUnused(tx, context, contact.householdId);
}

/** The contact's person: its birth date and its place in the household, created when first needed. */
async function writePerson(
  tx: Tx,
  context: ImportWriteContext,
  contactId: string,
  contact: ContactState,
  householdId: string | null,
  fields: Partial<ImportedContact>,
): Promise<void> {
  const { organizationId } = context;
  const role = fields.household?.role ?? null;
  if (contact.personId) {
    if ('dateOfBirth' in fields)
      await tx.person.update({
        where: { id: contact.personId, organizationId },
        data: { dateOfBirth: dayOf(fields.dateOfBirth ?? null) },
      });
    if ('household' in fields) await placePersonInHousehold(tx, organizationId, contact.personId, householdId, role);
  } else if ((fields.dateOfBirth ?? null) !== null || (fields.household ?? null) !== null) {
    const personId = newId(EntityType.person);
    await tx.person.create({
      data: {
        id: personId,
        organizationId,
        firstName: contact.firstName,
        lastName: contact.lastName,
        middleName: contact.middleName,
        preferredName: contact.preferredName,
        gender: contact.gender,
        dateOfBirth: dayOf(fields.dateOfBirth ?? null),
      },
    });
    await markCreated(tx, context, EntityType.person, personId, null);
    await tx.contact.update({ where: { id: contactId, organizationId }, data: { personId } });
    await placePersonInHousehold(tx, organizationId, personId, householdId, role);
  }
}

/**
 * The contact's tags become exactly these names. A tag the import creates is marked as the batch's,
 * so that undoing the batch (a rollback writing the old names, or removing the contact) also
 * removes the tags it made that no contact wears any more.
 */
async function writeTags(tx: Tx, context: ImportWriteContext, contactId: string, names: readonly string[]) {
  const { organizationId } = context;
  const takenOff = await tx.contactTag.deleteMany({ where: { organizationId, contactId } });
  const tagIds = new Set<string>();
  for (const name of new Set(names.map((tag) => tag.trim()).filter((tag) => tag.length > 0))) {
    const existing = await tx.tag.findFirst({
      where: { organizationId, name: { equals: name, mode: 'insensitive' } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    let tagId = existing?.id;
    if (!tagId) {
      tagId = newId(EntityType.tag);
      await tx.tag.create({ data: { id: tagId, organizationId, name, type: IMPORTED_TAG_TYPE } });
      await markCreated(tx, context, EntityType.tag, tagId, null);
    }
    tagIds.add(tagId);
  }
  if (tagIds.size > 0)
    await tx.contactTag.createMany({ data: [...tagIds].map((tagId) => ({ organizationId, contactId, tagId })) });
  if (takenOff.count > 0) await dropUnusedBatchTags(tx, context);
}

/** Tags the batch created that no contact wears (after a rollback took them off), with their marks. */
async function dropUnusedBatchTags(tx: Tx, context: ImportWriteContext): Promise<void> {
  const { organizationId } = context;
  const marks = await tx.externalLink.findMany({
    where: { organizationId, entityType: EntityType.tag, importBatchId: context.importBatchId },
    select: { entityId: true },
  });
  if (marks.length === 0) return;
  const worn = await tx.contactTag.findMany({
    where: { organizationId, tagId: { in: marks.map((mark) => mark.entityId) } },
    select: { tagId: true },
    distinct: ['tagId'],
  });
  const wornIds = new Set(worn.map((link) => link.tagId));
  const unused = marks.map((mark) => mark.entityId).filter((tagId) => !wornIds.has(tagId));
  if (unused.length === 0) return;
  await tx.externalLink.deleteMany({ where: { organizationId, entityType: EntityType.tag, entityId: { in: unused } } });
  await tx.tag.deleteMany({ where: { organizationId, id: { in: unused } } });
}

/** The note an import keeps for a contact: the contact's note marked by an unlinked import link. */
async function importedNoteOf(
  tx: Tx,
  organizationId: string,
  contactId: string,
): Promise<{ id: string; body: string } | null> {
  const notes = await tx.note.findMany({
    where: { organizationId, ownerKind: 'CONTACT', ownerContactId: contactId },
    select: { id: true, body: true },
  });
  if (notes.length === 0) return null;
  const mark = await tx.externalLink.findFirst({
    where: {
      organizationId,
      entityType: EntityType.note,
      entityId: { in: notes.map((note) => note.id) },
      sourceId: null,
      importBatchId: { not: null },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { entityId: true },
  });
  return mark ? (notes.find((note) => note.id === mark.entityId) ?? null) : null;
}

async function writeNote(
  tx: Tx,
  context: ImportWriteContext,
  contactId: string,
  teamId: string,
  body: string | null,
): Promise<void> {
  const { organizationId } = context;
  const existing = await importedNoteOf(tx, organizationId, contactId);
  if (body === null) {
    if (!existing) return;
    await tx.externalLink.deleteMany({ where: { organizationId, entityType: EntityType.note, entityId: existing.id } });
    await tx.note.deleteMany({ where: { organizationId, id: existing.id } });
    return;
  }
  if (existing) {
    await tx.note.update({ where: { id: existing.id, organizationId }, data: { body, deletedAt: null } });
    return;
  }
  const id = newId(EntityType.note);
  await tx.note.create({
    data: { id, organizationId, teamId, body, date: context.now, ownerKind: 'CONTACT', ownerContactId: contactId },
  });
  await markCreated(tx, context, EntityType.note, id, null);
}

/**
 * A chunk of new contacts in a few set-based inserts: the contacts, their e-mails, phones,
 * addresses and employment. What needs lookups per row (tags, note, date of birth, household)
 * is then written row by row, only for the rows that carry it.
 */
async function createContacts(tx: Tx, context: ImportWriteContext, records: ImportedContact[]): Promise<string[]> {
  const { organizationId } = context;
  const ids = records.map(() => newId(EntityType.contact));
  await tx.contact.createMany({
    data: records.map((record, index) => ({
      id: ids[index]!,
      organizationId,
      teamId: context.teamId,
      type: record.type ?? 'LEAD',
      firstName: record.firstName,
      lastName: record.lastName,
      middleName: record.middleName,
      preferredName: record.preferredName,
      gender: record.gender,
      source: record.source,
    })),
  });
  const owned = <T, R>(list: (record: ImportedContact) => readonly T[], row: (item: T, owner: ContactOwner) => R) =>
    records.flatMap((record, index) =>
      list(record).map((item) => row(item, { organizationId, contactId: ids[index]! })),
    );
  const emails = owned((record) => record.emails, emailRow);
  const phones = owned((record) => record.phones, phoneRow);
  const addresses = owned((record) => record.addresses, addressRow);
  const employments = owned((record) => (hasEmployment(record.employment) ? [record.employment] : []), employmentRow);
  if (emails.length > 0) await tx.contactEmail.createMany({ data: emails });
  if (phones.length > 0) await tx.contactPhoneNumber.createMany({ data: phones });
  if (addresses.length > 0) await tx.contactAddress.createMany({ data: addresses });
  if (employments.length > 0) await tx.contactEmployment.createMany({ data: employments });
  await tagContacts(
    tx,
    context,
    records.map((record, index) => ({ contactId: ids[index]!, names: record.tags })),
  );
  // A birth date alone needs just a new person of the contact's names (no household to place
  // it in): made set-based. A household or a note takes the row-by-row path.
  const bornOnly: { contactId: string; record: ImportedContact }[] = [];
  for (const [index, record] of records.entries()) {
    const { note, dateOfBirth, household } = record;
    if (note === null && household === null) {
      if (dateOfBirth !== null) bornOnly.push({ contactId: ids[index]!, record });
      continue;
    }
    await writeContactFields(tx, context, ids[index]!, {
      ...(note === null ? {} : { note }),
      ...(dateOfBirth === null ? {} : { dateOfBirth }),
      ...(household === null ? {} : { household }),
    });
  }
  await createContactPersons(tx, context, bornOnly);
  return ids;
}

/**
 * Tags new contacts of a chunk at once: the organization's tags found by name (case aside) in one
 * query, the missing ones created and marked as the batch's, every contact's tags in one insert.
 */
async function tagContacts(
  tx: Tx,
  context: ImportWriteContext,
  contacts: { contactId: string; names: readonly string[] }[],
): Promise<void> {
  const { organizationId } = context;
  const namesOf = (names: readonly string[]) => [
    ...new Map(
      names
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => [name.toLowerCase(), name]),
    ).values(),
  ];
  const wanted = [...new Map(contacts.flatMap((c) => namesOf(c.names)).map((n) => [n.toLowerCase(), n])).values()];
  if (wanted.length === 0) return;
  const existing = await tx.tag.findMany({
    where: { organizationId, name: { in: wanted, mode: 'insensitive' } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true },
  });
  const tagIdOf = new Map<string, string>();
  for (const tag of existing) if (!tagIdOf.has(tag.name.toLowerCase())) tagIdOf.set(tag.name.toLowerCase(), tag.id);
  const created = wanted
    .filter((name) => !tagIdOf.has(name.toLowerCase()))
    .map((name) => ({ id: newId(EntityType.tag), organizationId, name, type: IMPORTED_TAG_TYPE }));
  if (created.length > 0) {
    await tx.tag.createMany({ data: created });
    await tx.externalLink.createMany({
      data: created.map((tag) => ({
        id: newId(EntityType.externalLink),
        organizationId,
        entityType: EntityType.tag,
        entityId: tag.id,
        source: context.source,
        importBatchId: context.importBatchId,
        lastSeenAt: context.now,
      })),
    });
    for (const tag of created) tagIdOf.set(tag.name.toLowerCase(), tag.id);
  }
  const links = contacts.flatMap(({ contactId, names }) =>
    namesOf(names).map((name) => ({ organizationId, contactId, tagId: tagIdOf.get(name.toLowerCase())! })),
  );
  await tx.contactTag.createMany({ data: links });
}

/** New contacts' persons (named as the contact, with the row's birth date, in no household), marked as the batch's. */
async function createContactPersons(
  tx: Tx,
  context: ImportWriteContext,
  contacts: { contactId: string; record: ImportedContact }[],
): Promise<void> {
  if (contacts.length === 0) return;
  const { organizationId } = context;
  const persons = contacts.map(({ record }) => ({
    id: newId(EntityType.person),
    organizationId,
    firstName: record.firstName,
    lastName: record.lastName,
    middleName: record.middleName,
    preferredName: record.preferredName,
    gender: record.gender,
    dateOfBirth: dayOf(record.dateOfBirth),
  }));
  await tx.person.createMany({ data: persons });
  await tx.externalLink.createMany({
    data: persons.map((person) => ({
      id: newId(EntityType.externalLink),
      organizationId,
      entityType: EntityType.person,
      entityId: person.id,
      source: context.source,
      importBatchId: context.importBatchId,
      lastSeenAt: context.now,
    })),
  });
  await tx.$executeRaw`
    UPDATE contacts AS contact SET person_id = made.person_id
    FROM unnest(${contacts.map((c) => c.contactId)}::text[], ${persons.map((p) => p.id)}::text[]) AS made(contact_id, person_id)
    WHERE contact.organization_id = ${organizationId} AND contact.id = made.contact_id`;
}

/**
 * Rollback of a contact the batch created: its sub-records and notes go with it; its person and
 * household too when this batch created them and nothing else uses them.
 */
async function removeContact(tx: Tx, context: ImportWriteContext, contactId: string): Promise<void> {
  const { organizationId } = context;
  const contact = await tx.contact.findFirst({
    where: { organizationId, id: contactId },
    select: { personId: true, householdId: true },
  });
  if (!contact) return;
  const notes = await tx.note.findMany({ where: { organizationId, ownerContactId: contactId }, select: { id: true } });
  await tx.externalLink.deleteMany({
    where: {
      organizationId,
      entityType: EntityType.note,
      entityId: { in: notes.map((note) => note.id) },
      sourceId: null,
    },
  });
  await tx.contact.deleteMany({ where: { organizationId, id: contactId } });
  await dropUnusedBatchTags(tx, context);
  const householdId = contact.householdId;
  if (contact.personId && (await createdByBatch(tx, context, EntityType.person, contact.personId))) {
    const person = await tx.person.findFirst({
      where: { organizationId, id: contact.personId },
      select: { householdId: true },
    });
    if (person && (await personInUse(tx, organizationId, contact.personId)).length === 0) {
      await tx.externalLink.deleteMany({
        where: { organizationId, entityType: EntityType.person, entityId: contact.personId },
      });
      await tx.person.deleteMany({ where: { organizationId, id: contact.personId } });
      if (person.householdId && person.householdId !== householdId)
        await removeHouseholdIfUnused(tx, context, person.householdId);
    }
  }
  await removeHouseholdIfUnused(tx, context, householdId);
}

/**
 * A stored contact as an import record: what a row's record is compared with when the advisor
 * accepts it as this contact (the review queue). Lists in a stable order; the household as its
 * name and the contact's role in it, without source id.
 */
export async function storedContactRecord(
  db: Tx,
  organizationId: string,
  contactId: string,
): Promise<ImportedContact | null> {
  const byCreation = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
  const row = await db.contact.findFirst({
    where: { organizationId, id: contactId },
    select: {
      firstName: true,
      lastName: true,
      middleName: true,
      preferredName: true,
      gender: true,
      type: true,
      source: true,
      emails: { orderBy: byCreation, select: { email: true, label: true, isPrimary: true } },
      phoneNumbers: {
        orderBy: byCreation,
        select: { countryCode: true, number: true, type: true, label: true, isPrimary: true },
      },
      addresses: {
        orderBy: byCreation,
        select: {
          label: true,
          line1: true,
          line2: true,
          city: true,
          province: true,
          postalCode: true,
          countryName: true,
          isPrimary: true,
        },
      },
      employments: {
        orderBy: [{ isPrimary: 'desc' }, ...byCreation],
        take: 1,
        select: { employerName: true, jobTitle: true },
      },
      tags: { orderBy: [{ createdAt: 'asc' }, { tagId: 'asc' }], select: { tag: { select: { name: true } } } },
      household: { select: { id: true, name: true } },
      person: {
        select: {
          dateOfBirth: true,
          familyMemberships: { select: { role: true, family: { select: { householdId: true } } } },
        },
      },
    },
  });
  if (!row) return null;
  const note = await importedNoteOf(db, organizationId, contactId);
  const role = row.household
    ? (row.person?.familyMemberships.find((membership) => membership.family.householdId === row.household!.id)?.role ??
      null)
    : null;
  const employment = row.employments[0];
  return {
    kind: 'contacts',
    sourceId: null,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    preferredName: row.preferredName,
    gender: row.gender,
    type: row.type,
    source: row.source,
    emails: row.emails.map((email) => ({ email: email.email, label: email.label, primary: email.isPrimary })),
    phones: row.phoneNumbers.map((phone) => ({
      countryCode: phone.countryCode,
      number: phone.number,
      type: phone.type,
      label: phone.label,
      primary: phone.isPrimary,
    })),
    addresses: row.addresses.map(({ isPrimary, ...address }) => ({ ...address, primary: isPrimary })),
    employment: employment ? { employerName: employment.employerName, jobTitle: employment.jobTitle } : null,
    tags: row.tags.map((link) => link.tag.name),
    note: note?.body ?? null,
    dateOfBirth: row.person?.dateOfBirth ? row.person.dateOfBirth.toISOString().slice(0, 10) : null,
    household: row.household ? { sourceId: null, name: row.household.name, role } : null,
  };
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
  tables: [
    'contacts',
    'contact_emails',
    'contact_phone_numbers',
    'contact_addresses',
    'contact_employments',
    'contact_tags',
    'tags',
    'notes',
    'persons',
    'households',
    'families',
    'family_members',
  ],
  entityType: EntityType.contact,
  create: async (tx, context, record) => (await createContacts(tx, context, [record]))[0]!,
  writeFields: writeContactFields,
  createMany: createContacts,
  remove: removeContact,
  candidateFinder: contactCandidates,
};

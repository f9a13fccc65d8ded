import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  EXTERNAL_SOURCE_SYSTEM_LABELS,
  foldPersonName,
  LIST_ITEM_KEYS,
  mergeAcrossSystems,
  onlyAdds,
  type CustomFieldType,
  type ExternalSourceSystem,
  type ImportedContact,
  type ImportedCustomField,
  type ImportFieldChange,
} from '@meridian/domain';
import {
  ContactsWriter,
  type ContactColumns,
  type ContactLists,
  type EmploymentDraft,
} from '../../../crm/contacts/index.js';
import { CustomFieldsWriter, type StoredCustomField } from '../../../crm/custom-fields/index.js';
import { HouseholdsWriter } from '../../../crm/households/index.js';
import { NotesWriter } from '../../../practice/notes/index.js';
import { ExternalLinksRepository } from '../../sync/index.js';
import type {
  CandidateFinder,
  FieldsUpdate,
  ImportCandidate,
  ImportReadScope,
  ImportRecordWriter,
  ImportScope,
} from './import-writer.js';
import { dayOf, householdNameFor, ImportReferences, type ImportedHouseholdRef } from './references.js';

/** The type of the tags an import creates; a tag of any type with the same name is reused. */
export const IMPORTED_TAG_TYPE = 'IMPORT';

const SCALARS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender', 'source'] as const;
/** The contact's fields its person (if it has one) carries too, kept the same on both. */
const PERSON_FIELDS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender'] as const;

type Employment = NonNullable<ImportedContact['employment']>;

/** The lists of a contact an import writes item by item. */
const LIST_FIELDS = ['emails', 'phones', 'addresses'] as const;
type ListField = (typeof LIST_FIELDS)[number];

/** Items to add to one list of one contact. */
interface ListAddition {
  contactId: string;
  field: ListField;
  items: readonly Record<string, unknown>[];
}

/** What writing the other fields needs to know of a stored contact. */
interface ContactState {
  id: string;
  teamId: string;
  personId: string | null;
  householdId: string | null;
  firstName: string;
  lastName: string;
  middleName: string | null;
  preferredName: string | null;
  gender: ImportedContact['gender'];
}

/** The custom field types that can hold a value an import brings, by the kind of value. */
const FITTING_TYPES: Readonly<Record<ImportedCustomField['type'], readonly CustomFieldType[]>> = {
  DATE: ['DATE', 'TEXT', 'TEXTAREA'],
  SINGLE_SELECT: ['SINGLE_SELECT', 'MULTI_SELECT', 'TEXT', 'TEXTAREA'],
  TEXT: ['TEXT', 'TEXTAREA'],
};

/**
 * The name of the field an import makes when the organization has a field of the wanted name that
 * cannot hold the value (a number field called "Risk tolerance", or an archived one): the value is
 * kept beside it rather than lost.
 */
function importedFieldName(name: string): string {
  return `${name} (imported)`;
}

/** One contact's custom field values as a row gives them. */
interface ContactCustomFields {
  contactId: string;
  fields: readonly ImportedCustomField[];
}

/** An employment without employer and title is no employment. */
function hasEmployment(employment: ImportedContact['employment'] | undefined): employment is Employment {
  return Boolean(employment && (employment.employerName || employment.jobTitle));
}

function employmentsOf(employment: ImportedContact['employment'] | undefined): EmploymentDraft[] {
  return hasEmployment(employment)
    ? [{ employerName: employment.employerName, jobTitle: employment.jobTitle, isPrimary: true }]
    : [];
}

/** The lists of a mapped contact's fields, as the contacts writer keeps them. */
function listsOf(fields: Partial<ImportedContact>): ContactLists {
  return {
    ...(fields.emails && {
      emails: fields.emails.map((email) => ({ email: email.email, label: email.label, isPrimary: email.primary })),
    }),
    ...(fields.phones && {
      phones: fields.phones.map((phone) => ({
        countryCode: phone.countryCode,
        number: phone.number,
        type: phone.type,
        label: phone.label,
        isPrimary: phone.primary,
      })),
    }),
    ...(fields.addresses && {
      addresses: fields.addresses.map(({ primary, ...address }) => ({ ...address, isPrimary: primary })),
    }),
  };
}

/** Tag names as a contact wears them: trimmed, once each (case aside), empty ones dropped. */
function tagNamesOf(names: readonly string[]): string[] {
  return [
    ...new Map(
      names
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => [name.toLowerCase(), name]),
    ).values(),
  ];
}

/**
 * Contacts from other CRMs' exports, onto the contacts writer, set-based for a whole chunk. Where
 * the CRM keeps what a contact row carries:
 * - tags: the organization's tag of that name (any type, case aside), else a new one of type IMPORT;
 * - note: one note per source system, owned by the contact, created on first import and its body
 *   updated after (an unlinked external link of the system's batch tells it from the advisor's
 *   notes and from another system's, so a contact merged across systems keeps each); emptied, it
 *   is deleted;
 * - custom fields (review dates, risk tolerance): the organization's contact field of that name
 *   (case aside) when it can hold the value, else a new one, made by the import;
 * - household: the contact's household, found by source id, then name, else created;
 * - date of birth and household role: on the contact's person (the CRM's "contact is a person"),
 *   created with the contact's names when a row first gives either a birth date or a household; the
 *   role is the person's membership in the household's family.
 * Lists (e-mails, phones, addresses, tags) are replaced as a whole, as the import diff compares them
 * as a whole; only the fields an update names are written, so the advisor's other edits stay.
 */
@Injectable()
export class ContactImportWriter implements ImportRecordWriter<'contacts'> {
  readonly kind = 'contacts' as const;
  readonly entityType = EntityType.contact;
  readonly tables = [
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
    'custom_field_definitions',
    'custom_field_values',
  ];

  constructor(
    @Inject(ContactsWriter) private readonly contacts: ContactsWriter,
    @Inject(CustomFieldsWriter) private readonly customFields: CustomFieldsWriter,
    @Inject(HouseholdsWriter) private readonly households: HouseholdsWriter,
    @Inject(NotesWriter) private readonly notes: NotesWriter,
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
    @Inject(ImportReferences) private readonly references: ImportReferences,
  ) {}

  async create(scope: ImportScope, records: ImportedContact[]): Promise<string[]> {
    const tagIds = await this.tagIds(
      scope,
      records.map((record) => record.tags),
    );
    const withHousehold = records.flatMap((record, index) => (record.household ? [index] : []));
    const householdIds = new Map<number, string | null>();
    (
      await this.references.resolveHouseholds(
        scope,
        withHousehold.map((index) => ({
          ref: records[index]!.household!,
          fallbackName: householdNameFor(records[index]!.lastName),
        })),
      )
    ).forEach((householdId, position) => householdIds.set(withHousehold[position]!, householdId));
    // A birth date or a household needs the contact's person: a new one of the contact's names,
    // born in the household (placing it below then only adds its family membership).
    const needPerson = records.flatMap((record, index) =>
      record.dateOfBirth !== null || record.household !== null ? [index] : [],
    );
    const personIds = await this.households.createPersons(
      scope,
      needPerson.map((index) =>
        personOf(records[index]!, records[index]!.dateOfBirth, householdIds.get(index) ?? null),
      ),
    );
    const personOfRecord = new Map(needPerson.map((index, position) => [index, personIds[position]!]));
    await this.references.markCreated(
      scope,
      EntityType.person,
      personIds.map((entityId) => ({ entityId, sourceId: null })),
    );
    await this.households.placePersons(
      scope,
      withHousehold.map((index) => ({
        personId: personOfRecord.get(index)!,
        householdId: householdIds.get(index) ?? null,
        role: records[index]!.household!.role ?? null,
      })),
    );
    const ids = await this.contacts.create(
      scope,
      records.map((record, index) => ({
        teamId: scope.teamId,
        type: record.type ?? 'LEAD',
        firstName: record.firstName,
        lastName: record.lastName,
        middleName: record.middleName,
        preferredName: record.preferredName,
        gender: record.gender,
        source: record.source,
        personId: personOfRecord.get(index) ?? null,
        householdId: householdIds.get(index) ?? null,
        ...listsOf(record),
        employments: employmentsOf(record.employment),
        tagIds: tagIds[index]!,
      })),
    );
    const noted = records.flatMap((record, index) => (record.note !== null ? [index] : []));
    await this.createNotes(
      scope,
      noted.map((index) => ({ contactId: ids[index]!, body: records[index]!.note! })),
    );
    await this.writeCustomFields(
      scope,
      records.flatMap((record, index) =>
        record.customFields ? [{ contactId: ids[index]!, fields: record.customFields }] : [],
      ),
      [],
    );
    return ids;
  }

  async update(scope: ImportScope, updates: FieldsUpdate<'contacts'>[]): Promise<void> {
    if (updates.length === 0) return;
    const states = await this.states(
      scope,
      updates.map((update) => update.entityId),
    );
    const stateOf = (id: string) => states.get(id)!;

    // The contact's own columns, and the same names on its person.
    const columns = updates.flatMap(({ entityId, fields }) => {
      const set: Partial<ContactColumns> = {};
      for (const field of SCALARS) if (field in fields) Object.assign(set, { [field]: fields[field] ?? null });
      // A contact always has a type: a file without one keeps what is stored.
      if (fields.type) set.type = fields.type;
      return Object.keys(set).length > 0 ? [{ id: entityId, fields: set }] : [];
    });
    await this.contacts.update(scope, columns);
    for (const { id, fields } of columns) Object.assign(stateOf(id), fields);
    await this.households.updatePersons(
      scope,
      columns.flatMap(({ id, fields }) => {
        const person = stateOf(id).personId;
        const named = Object.fromEntries(PERSON_FIELDS.filter((field) => field in fields).map((f) => [f, fields[f]]));
        return person && Object.keys(named).length > 0 ? [{ id: person, fields: named }] : [];
      }),
    );

    // A list that keeps every item it had only gains the new ones (a row accepted as this contact,
    // or a file that added an item): the stored items stay as they are, with their types and
    // labels. Any other change of a list replaces it, as the file (or a rollback) gives it.
    const additions: ListAddition[] = [];
    await this.contacts.replaceLists(
      scope,
      updates.map(({ entityId, fields, previous }) => {
        const replaced: Partial<ImportedContact> = {};
        for (const field of LIST_FIELDS) {
          const after = fields[field];
          if (!after) continue;
          if (previous && field in previous && onlyAdds(previous[field], after))
            additions.push({ contactId: entityId, field, items: after });
          else Object.assign(replaced, { [field]: after });
        }
        return { contactId: entityId, lists: listsOf(replaced) };
      }),
    );
    await this.addListItems(scope, additions);
    await this.writeEmployments(
      scope,
      updates.flatMap(({ entityId, fields }) =>
        'employment' in fields ? [{ contactId: entityId, employment: fields.employment ?? null }] : [],
      ),
    );
    const gaining = updates.filter(
      ({ fields, previous }) => fields.tags && previous && 'tags' in previous && onlyAdds(previous.tags, fields.tags),
    );
    await this.addTags(
      scope,
      gaining.map(({ entityId, fields }) => ({ contactId: entityId, names: fields.tags! })),
    );
    await this.writeTags(
      scope,
      updates.flatMap(({ entityId, fields }) =>
        fields.tags && !gaining.some((update) => update.entityId === entityId)
          ? [{ contactId: entityId, names: fields.tags }]
          : [],
      ),
    );
    await this.writeNotes(
      scope,
      updates.flatMap(({ entityId, fields }) =>
        'note' in fields ? [{ contactId: entityId, body: fields.note ?? null }] : [],
      ),
    );
    // The fields a row gives are set; those the last import gave and this one does not are cleared.
    const customized = updates.filter(({ fields }) => 'customFields' in fields);
    await this.writeCustomFields(
      scope,
      customized.map(({ entityId, fields }) => ({ contactId: entityId, fields: fields.customFields ?? [] })),
      customized.flatMap(({ entityId, fields, previous }) => {
        const kept = new Set((fields.customFields ?? []).map((field) => field.name.toLowerCase()));
        const gone = (previous?.customFields ?? []).filter((field) => !kept.has(field.name.toLowerCase()));
        return gone.length > 0 ? [{ contactId: entityId, fields: gone }] : [];
      }),
    );
    await this.writeHouseholdsAndPersons(scope, updates, stateOf);
  }

  /**
   * The contact fields these values go in, by lower-cased name: the organization's field of the
   * name when it can hold them, else the one the import made beside it (`<name> (imported)`);
   * with `make`, the missing ones are made (marked as the batch's, for its rollback) and select
   * fields gain the values they lack as options.
   */
  private async fieldsFor(
    scope: ImportScope,
    values: readonly ImportedCustomField[],
    make: boolean,
  ): Promise<Map<string, StoredCustomField>> {
    const wanted = new Map<string, { name: string; type: ImportedCustomField['type']; values: string[] }>();
    for (const value of values) {
      const key = value.name.toLowerCase();
      const entry = wanted.get(key) ?? { name: value.name, type: value.type, values: [] };
      if (!entry.values.includes(value.value)) entry.values.push(value.value);
      wanted.set(key, entry);
    }
    if (wanted.size === 0) return new Map();
    const names = [...wanted.values()].flatMap((entry) => [entry.name, importedFieldName(entry.name)]);
    const stored = await this.customFields.contactFieldsNamed(scope, names);
    const fits = (field: StoredCustomField | undefined, type: ImportedCustomField['type']) =>
      field !== undefined && !field.archived && FITTING_TYPES[type].includes(field.type);
    const chosen = new Map<string, StoredCustomField>();
    const missing: { key: string; name: string; type: ImportedCustomField['type']; values: string[] }[] = [];
    for (const [key, entry] of wanted) {
      const own = stored.get(key);
      const beside = stored.get(importedFieldName(entry.name).toLowerCase());
      if (fits(own, entry.type)) chosen.set(key, own!);
      else if (fits(beside, entry.type)) chosen.set(key, beside!);
      else if (!own) missing.push({ key, ...entry });
      else if (!beside) missing.push({ key, ...entry, name: importedFieldName(entry.name) });
      // Both taken by fields that cannot hold the value: nothing is written (see FITTING_TYPES).
    }
    if (!make) return chosen;
    const ids = await this.customFields.defineContactFields(
      scope,
      missing.map((entry) => ({
        type: entry.type,
        name: entry.name,
        options: entry.type === 'SINGLE_SELECT' ? entry.values : null,
      })),
    );
    await this.references.markCreated(
      scope,
      EntityType.customFieldDefinition,
      ids.map((entityId) => ({ entityId, sourceId: null })),
    );
    missing.forEach((entry, index) =>
      chosen.set(entry.key, {
        id: ids[index]!,
        name: entry.name,
        type: entry.type,
        options: entry.type === 'SINGLE_SELECT' ? entry.values : [],
        archived: false,
      }),
    );
    // A select field takes only its options: the values it lacks become options of it.
    const grown: { id: string; options: string[] }[] = [];
    for (const [key, field] of chosen) {
      if (field.type !== 'SINGLE_SELECT' && field.type !== 'MULTI_SELECT') continue;
      const added = wanted.get(key)!.values.filter((value) => !field.options.includes(value));
      if (added.length === 0) continue;
      field.options = [...field.options, ...added];
      grown.push({ id: field.id, options: field.options });
    }
    await this.customFields.setOptions(scope, grown);
    return chosen;
  }

  /** Sets the contacts' values of `set`, clears their values of `cleared`. */
  private async writeCustomFields(
    scope: ImportScope,
    set: readonly ContactCustomFields[],
    cleared: readonly ContactCustomFields[],
  ): Promise<void> {
    if (set.length === 0 && cleared.length === 0) return;
    const setFields = await this.fieldsFor(
      scope,
      set.flatMap((contact) => contact.fields),
      true,
    );
    await this.customFields.setContactValues(
      scope,
      set.flatMap(({ contactId, fields }) =>
        fields.flatMap((value) => {
          const field = setFields.get(value.name.toLowerCase());
          return field ? [{ definitionId: field.id, contactId, type: field.type, value: value.value }] : [];
        }),
      ),
    );
    if (cleared.length === 0) return;
    const clearedFields = await this.fieldsFor(
      scope,
      cleared.flatMap((contact) => contact.fields),
      false,
    );
    await this.customFields.clearContactValues(
      scope,
      cleared.flatMap(({ contactId, fields }) =>
        fields.flatMap((value) => {
          const field = clearedFields.get(value.name.toLowerCase());
          return field ? [{ definitionId: field.id, contactId }] : [];
        }),
      ),
    );
    await this.dropUnusedBatchFields(scope);
  }

  /** Custom fields the batch made that no contact has a value of any more (after a rollback), with their marks. */
  private async dropUnusedBatchFields(scope: ImportScope): Promise<void> {
    const marked = await this.links.createdByBatch(scope, scope.importBatchId, EntityType.customFieldDefinition);
    const unused = await this.customFields.unusedFields(scope, [...marked]);
    await this.links.deleteForEntities(scope, EntityType.customFieldDefinition, unused);
    await this.customFields.removeFields(scope, unused);
  }

  /**
   * The household a row names and the contact's person: the household found (or made), the
   * contact moved to it, its person born, updated or placed in the household's family. A household
   * this batch created and a contact left (rolling back the move) goes when nothing uses it.
   */
  private async writeHouseholdsAndPersons(
    scope: ImportScope,
    updates: FieldsUpdate<'contacts'>[],
    stateOf: (id: string) => ContactState,
  ): Promise<void> {
    const moving = updates.filter(({ fields }) => 'household' in fields);
    const resolved = await this.references.resolveHouseholds(
      scope,
      moving.flatMap(({ entityId, fields }) =>
        fields.household ? [{ ref: fields.household, fallbackName: householdNameFor(stateOf(entityId).lastName) }] : [],
      ),
    );
    const left: (string | null)[] = [];
    const householdOf = new Map<string, string | null>();
    let position = 0;
    for (const { entityId, fields } of moving) {
      const householdId = fields.household ? resolved[position++]! : null;
      householdOf.set(entityId, householdId);
      const state = stateOf(entityId);
      if (state.householdId !== householdId) left.push(state.householdId);
    }
    await this.contacts.update(
      scope,
      moving.map(({ entityId }) => ({ id: entityId, fields: { householdId: householdOf.get(entityId) ?? null } })),
    );

    const births: { id: string; fields: { dateOfBirth: Date | null } }[] = [];
    const placements: { personId: string; householdId: string | null; role: ImportedHouseholdRef['role'] }[] = [];
    const newPersons: {
      contactId: string;
      dateOfBirth: string | null;
      householdId: string | null;
      role: ImportedHouseholdRef['role'];
    }[] = [];
    for (const { entityId, fields } of updates) {
      const state = stateOf(entityId);
      const householdId = householdOf.has(entityId) ? householdOf.get(entityId)! : state.householdId;
      const role = fields.household?.role ?? null;
      if (state.personId) {
        if ('dateOfBirth' in fields)
          births.push({ id: state.personId, fields: { dateOfBirth: dayOf(fields.dateOfBirth ?? null) } });
        if ('household' in fields) placements.push({ personId: state.personId, householdId, role });
      } else if ((fields.dateOfBirth ?? null) !== null || (fields.household ?? null) !== null) {
        newPersons.push({ contactId: entityId, dateOfBirth: fields.dateOfBirth ?? null, householdId, role });
      }
    }
    await this.households.updatePersons(scope, births);
    const personIds = await this.households.createPersons(
      scope,
      newPersons.map((item) => personOf(stateOf(item.contactId), item.dateOfBirth, item.householdId)),
    );
    await this.references.markCreated(
      scope,
      EntityType.person,
      personIds.map((entityId) => ({ entityId, sourceId: null })),
    );
    await this.contacts.update(
      scope,
      newPersons.map((item, index) => ({ id: item.contactId, fields: { personId: personIds[index]! } })),
    );
    newPersons.forEach((item, index) =>
      placements.push({ personId: personIds[index]!, householdId: item.householdId, role: item.role }),
    );
    await this.households.placePersons(scope, placements);
    await this.references.removeHouseholdsIfUnused(scope, left);
  }

  /**
   * Rollback of contacts the batch created: their sub-records and notes go with them; their persons
   * and households too when this batch created them and nothing else uses them.
   */
  async remove(scope: ImportScope, entityIds: string[]): Promise<void> {
    if (entityIds.length === 0) return;
    const contacts = [...(await this.states(scope, entityIds)).values()];
    const notes = await this.notes.aboutContacts(scope, entityIds);
    await this.links.deleteForEntities(
      scope,
      EntityType.note,
      notes.map((note) => note.id),
    );
    await this.contacts.remove(scope, entityIds);
    await this.dropUnusedBatchTags(scope);
    await this.dropUnusedBatchFields(scope);
    const created = await this.references.createdByBatch(
      scope,
      EntityType.person,
      contacts.flatMap((contact) => contact.personId ?? []),
    );
    const uses = await this.households.personsInUse(scope, [...created]);
    const persons = await scope.tx.person.findMany({
      where: { id: { in: [...created] } },
      select: { id: true, householdId: true },
    });
    const unused = persons.filter((person) => (uses.get(person.id) ?? []).length === 0);
    await this.links.deleteForEntities(
      scope,
      EntityType.person,
      unused.map((person) => person.id),
    );
    await this.households.removePersons(
      scope,
      unused.map((person) => person.id),
    );
    await this.references.removeHouseholdsIfUnused(scope, [
      ...contacts.map((contact) => contact.householdId),
      ...unused.map((person) => person.householdId),
    ]);
  }

  private async states(scope: ImportScope, ids: readonly string[]): Promise<Map<string, ContactState>> {
    const rows = await scope.tx.contact.findMany({
      where: { id: { in: [...ids] } },
      select: {
        id: true,
        teamId: true,
        personId: true,
        householdId: true,
        firstName: true,
        lastName: true,
        middleName: true,
        preferredName: true,
        gender: true,
      },
    });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * The tag ids of each contact's names: the organization's tag of that name (case aside, the
   * oldest), else a new one of type IMPORT, marked as the batch's so that undoing the batch also
   * removes the tags it made that no contact wears any more.
   */
  private async tagIds(scope: ImportScope, names: readonly (readonly string[])[]): Promise<string[][]> {
    const wanted = [...new Map(names.flatMap(tagNamesOf).map((name) => [name.toLowerCase(), name])).values()];
    const known = await this.contacts.tagsNamed(scope, wanted);
    const missing = wanted.filter((name) => !known.has(name.toLowerCase()));
    const created = await this.contacts.createTags(
      scope,
      missing.map((name) => ({ name, type: IMPORTED_TAG_TYPE })),
    );
    missing.forEach((name, index) => known.set(name.toLowerCase(), created[index]!));
    await this.references.markCreated(
      scope,
      EntityType.tag,
      created.map((entityId) => ({ entityId, sourceId: null })),
    );
    return names.map((list) => tagNamesOf(list).map((name) => known.get(name.toLowerCase())!));
  }

  /**
   * Adds the items a contact's lists lack (by e-mail address, phone number, street and postal
   * code), never removing one. A new item is primary only where the list has no primary yet.
   */
  private async addListItems(scope: ImportScope, additions: readonly ListAddition[]): Promise<void> {
    if (additions.length === 0) return;
    const contactIds = [...new Set(additions.map((addition) => addition.contactId))];
    const where = { contactId: { in: contactIds } };
    // One after another: the chunk's transaction runs one query at a time on its connection.
    const emails = await scope.tx.contactEmail.findMany({
      where,
      select: { contactId: true, email: true, isPrimary: true },
    });
    const phones = await scope.tx.contactPhoneNumber.findMany({
      where,
      select: { contactId: true, countryCode: true, number: true, isPrimary: true },
    });
    const addresses = await scope.tx.contactAddress.findMany({
      where,
      select: { contactId: true, line1: true, line2: true, city: true, postalCode: true, isPrimary: true },
    });
    const keyOf = (field: ListField, item: Record<string, unknown>) =>
      (LIST_ITEM_KEYS[field] as (i: never) => string)(item as never);
    const stored = new Map<string, { keys: Set<string>; hasPrimary: boolean }>();
    const remember = (field: ListField, rows: readonly ({ contactId: string; isPrimary: boolean } & object)[]) => {
      for (const row of rows) {
        const at = `${field}:${row.contactId}`;
        const known = stored.get(at) ?? { keys: new Set<string>(), hasPrimary: false };
        known.keys.add(keyOf(field, row as Record<string, unknown>));
        known.hasPrimary ||= row.isPrimary;
        stored.set(at, known);
      }
    };
    remember('emails', emails);
    remember('phones', phones);
    remember('addresses', addresses);
    const lists = new Map<string, Partial<ImportedContact>>();
    for (const { contactId, field, items } of additions) {
      const at = `${field}:${contactId}`;
      const known = stored.get(at) ?? { keys: new Set<string>(), hasPrimary: false };
      stored.set(at, known);
      const fresh = items.flatMap((item) => {
        const key = keyOf(field, item);
        if (known.keys.has(key)) return [];
        known.keys.add(key);
        const primary = item.primary === true && !known.hasPrimary;
        known.hasPrimary ||= primary;
        return [{ ...item, primary }];
      });
      if (fresh.length === 0) continue;
      lists.set(contactId, { ...lists.get(contactId), [field]: fresh });
    }
    await this.contacts.addToLists(
      scope,
      [...lists].map(([contactId, fields]) => ({ contactId, lists: listsOf(fields) })),
    );
  }

  /**
   * A contact's employment as the row gives it: its primary one (else its oldest) written in
   * place, so its other employments stay; one created when it has none; all removed when the row
   * (or a rollback) says it has none.
   */
  private async writeEmployments(
    scope: ImportScope,
    changes: readonly { contactId: string; employment: ImportedContact['employment'] }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    const employed = changes.filter((change) => hasEmployment(change.employment));
    await this.contacts.replaceLists(
      scope,
      changes
        .filter((change) => !hasEmployment(change.employment))
        .map((change) => ({ contactId: change.contactId, lists: { employments: [] } })),
    );
    const current = await scope.tx.contactEmployment.findMany({
      where: { contactId: { in: employed.map((change) => change.contactId) } },
      orderBy: [{ isPrimary: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, contactId: true },
    });
    const first = new Map<string, string>();
    for (const row of current) if (!first.has(row.contactId)) first.set(row.contactId, row.id);
    await this.contacts.updateEmployments(
      scope,
      employed.flatMap(({ contactId, employment }) =>
        first.has(contactId)
          ? [{ id: first.get(contactId)!, employerName: employment!.employerName, jobTitle: employment!.jobTitle }]
          : [],
      ),
    );
    await this.contacts.addToLists(
      scope,
      employed
        .filter(({ contactId }) => !first.has(contactId))
        .map(({ contactId, employment }) => ({ contactId, lists: { employments: employmentsOf(employment) } })),
    );
  }

  /** Puts these names on the contacts beside the tags they wear. */
  private async addTags(scope: ImportScope, contacts: { contactId: string; names: readonly string[] }[]) {
    if (contacts.length === 0) return;
    const tagIds = await this.tagIds(
      scope,
      contacts.map((contact) => contact.names),
    );
    await this.contacts.attachTags(
      scope,
      contacts.flatMap(({ contactId }, index) => tagIds[index]!.map((tagId) => ({ contactId, tagId }))),
    );
  }

  /** The contacts' tags become exactly these names. */
  private async writeTags(scope: ImportScope, contacts: { contactId: string; names: readonly string[] }[]) {
    if (contacts.length === 0) return;
    const tagIds = await this.tagIds(
      scope,
      contacts.map((contact) => contact.names),
    );
    const takenOff = await this.contacts.detachTags(
      scope,
      contacts.map((contact) => contact.contactId),
    );
    await this.contacts.attachTags(
      scope,
      contacts.flatMap(({ contactId }, index) => tagIds[index]!.map((tagId) => ({ contactId, tagId }))),
    );
    if (takenOff > 0) await this.dropUnusedBatchTags(scope);
  }

  /** Tags the batch created that no contact wears (after a rollback took them off), with their marks. */
  private async dropUnusedBatchTags(scope: ImportScope): Promise<void> {
    const marked = await this.links.createdByBatch(scope, scope.importBatchId, EntityType.tag);
    const unused = await this.contacts.unwornTags(scope, [...marked]);
    await this.links.deleteForEntities(scope, EntityType.tag, unused);
    await this.contacts.removeTags(scope, unused);
  }

  /** Each contact's note of this batch's system, titled with the system so the advisor tells them apart. */
  private async createNotes(scope: ImportScope, notes: readonly { contactId: string; body: string }[]) {
    const ids = await this.notes.create(
      scope,
      notes.map((note) => ({
        teamId: scope.teamId,
        title: `Imported from ${EXTERNAL_SOURCE_SYSTEM_LABELS[scope.source]}`,
        body: note.body,
        date: scope.now,
        authorUserId: null,
        owner: { ownerKind: 'CONTACT', ownerContactId: note.contactId },
      })),
    );
    await this.references.markCreated(
      scope,
      EntityType.note,
      ids.map((entityId) => ({ entityId, sourceId: null })),
    );
  }

  /**
   * Each contact's note of this batch's system: its body written, created, or (emptied) deleted.
   * The notes other systems' imports wrote on the same contact are never touched.
   */
  private async writeNotes(scope: ImportScope, changes: { contactId: string; body: string | null }[]) {
    if (changes.length === 0) return;
    const kept = await importedNotesOf(
      scope,
      changes.map((change) => change.contactId),
      scope.source,
    );
    const gone = changes.flatMap((change) =>
      change.body === null && kept.has(change.contactId) ? [kept.get(change.contactId)!.id] : [],
    );
    await this.links.deleteForEntities(scope, EntityType.note, gone);
    await this.notes.remove(scope, gone);
    await this.notes.update(
      scope,
      changes.flatMap((change) =>
        change.body !== null && kept.has(change.contactId)
          ? [{ id: kept.get(change.contactId)!.id, fields: { body: change.body, deletedAt: null } }]
          : [],
      ),
    );
    await this.createNotes(
      scope,
      changes.flatMap((change) =>
        change.body !== null && !kept.has(change.contactId) ? [{ contactId: change.contactId, body: change.body }] : [],
      ),
    );
  }

  candidateFinder(scope: ImportReadScope, records: ImportedContact[]): Promise<CandidateFinder<'contacts'>> {
    return contactCandidates(scope, records);
  }

  async sureMerges(
    scope: ImportReadScope,
    pairs: { record: ImportedContact; candidate: ImportCandidate }[],
  ): Promise<(ImportFieldChange[] | null)[]> {
    // Only a contact another system brought, and this one not yet, is that system's person: one
    // entered by hand, or linked to this system under another id, is the user's to decide.
    const links = await scope.tx.externalLink.findMany({
      where: {
        organizationId: scope.organizationId,
        entityType: EntityType.contact,
        entityId: { in: [...new Set(pairs.map(({ candidate }) => candidate.entityId))] },
      },
      select: { entityId: true, source: true },
    });
    const fromElsewhere = (contactId: string) => {
      const sources = links.filter((link) => link.entityId === contactId).map((link) => link.source);
      return sources.length > 0 && !sources.includes(scope.source);
    };
    const stored = new Map<string, ImportedContact | null>();
    const merges: (ImportFieldChange[] | null)[] = [];
    for (const { record, candidate } of pairs) {
      if (!candidate.sure || !fromElsewhere(candidate.entityId)) {
        merges.push(null);
        continue;
      }
      if (!stored.has(candidate.entityId))
        stored.set(candidate.entityId, await storedContactRecord(scope, candidate.entityId));
      const current = stored.get(candidate.entityId);
      const merge = current ? mergeAcrossSystems(current, record) : null;
      merges.push(merge ? merge.changes : null);
      // Two rows of a chunk merged into one contact: the second meets what the first adds.
      if (merge) stored.set(candidate.entityId, merge.merged);
    }
    return merges;
  }
}

/** A new person of a contact's names, with its birth date, born in the contact's household. */
function personOf(
  names: Pick<ImportedContact, 'firstName' | 'lastName' | 'middleName' | 'preferredName' | 'gender'>,
  dateOfBirth: string | null,
  householdId: string | null,
) {
  return {
    householdId,
    firstName: names.firstName,
    lastName: names.lastName,
    middleName: names.middleName,
    preferredName: names.preferredName,
    gender: names.gender,
    dateOfBirth: dayOf(dateOfBirth),
  };
}

/**
 * The note a system's imports keep for each contact: the contact's note marked by an unlinked
 * import link of that system (the oldest such mark), by contact id. Each system has its own, so
 * importing a second system's file never writes over the first's note.
 */
async function importedNotesOf(
  scope: Pick<ImportReadScope, 'sql' | 'organizationId'>,
  contactIds: readonly string[],
  source: ExternalSourceSystem,
): Promise<Map<string, { id: string; body: string }>> {
  if (contactIds.length === 0) return new Map();
  const rows = await scope.sql.query<{ contactId: string; id: string; body: string }>(
    `SELECT DISTINCT ON (note.owner_contact_id) note.owner_contact_id AS "contactId", note.id, note.body
       FROM notes AS note
       JOIN external_links AS mark
         ON mark.organization_id = note.organization_id AND mark.entity_type = 'note' AND mark.entity_id = note.id
        AND mark.source_id IS NULL AND mark.import_batch_id IS NOT NULL AND mark.source = $3::external_source_system
      WHERE note.organization_id = $1 AND note.owner_kind = 'CONTACT' AND note.owner_contact_id = ANY($2::text[])
      ORDER BY note.owner_contact_id, mark.created_at, mark.id`,
    scope.organizationId,
    [...new Set(contactIds)],
    source,
  );
  return new Map(rows.map((row) => [row.contactId, { id: row.id, body: row.body }]));
}

/** A contact's custom field values an import record can carry (fields of the types an import fills), by field position. */
async function storedCustomFields(
  scope: Pick<ImportReadScope, 'sql' | 'organizationId'>,
  contactId: string,
): Promise<ImportedCustomField[]> {
  const rows = await scope.sql.query<{ name: string; type: CustomFieldType; text: string | null; day: string | null }>(
    `SELECT definition.name, definition.type::text AS type, value.value_text AS text,
            to_char(value.value_date, 'YYYY-MM-DD') AS day
       FROM custom_field_values AS value
       JOIN custom_field_definitions AS definition
         ON definition.organization_id = value.organization_id AND definition.id = value.definition_id
      WHERE value.organization_id = $1 AND value.contact_id = $2 AND definition.archived_at IS NULL
        AND definition.type IN ('DATE', 'SINGLE_SELECT', 'TEXT', 'TEXTAREA')
      ORDER BY definition.position, definition.name, definition.id`,
    scope.organizationId,
    contactId,
  );
  return rows.flatMap((row): ImportedCustomField[] => {
    if (row.type === 'DATE') return row.day ? [{ name: row.name, type: 'DATE', value: row.day }] : [];
    if (!row.text) return [];
    return [{ name: row.name, type: row.type === 'SINGLE_SELECT' ? 'SINGLE_SELECT' : 'TEXT', value: row.text }];
  });
}

/**
 * A stored contact as an import record of `source`'s files: what a row's record is compared with
 * when the advisor accepts it as this contact (the review queue), or when another system's row is
 * surely this person. Lists in a stable order; the household as its name and the contact's role in
 * it, without source id; the note is the one `source`'s imports keep (each system has its own).
 */
export async function storedContactRecord(
  scope: Pick<ImportReadScope, 'tx' | 'sql' | 'organizationId' | 'source'>,
  contactId: string,
): Promise<ImportedContact | null> {
  const { organizationId } = scope;
  const byCreation = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
  const row = await scope.tx.contact.findFirst({
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
  const note = (await importedNotesOf(scope, [contactId], scope.source)).get(contactId);
  const customFields = await storedCustomFields(scope, contactId);
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
    ...(customFields.length > 0 && { customFields }),
  };
}

/**
 * Who a row no link names may be (issue 12: one person, one contact across systems). Sure: a
 * contact with one of its e-mails or phone numbers and its first name, or with its full name and
 * birth date; the row then merges into it when nothing conflicts. Doubtful (the review queue): an
 * e-mail or phone shared with a row that has no first name, or, for a row without a source id, the
 * full name alone. A contact whose first name differs is not proposed on an e-mail or phone (a
 * couple often shares both); a row with a source id is not matched on its name alone (its system
 * tells two people of the same name apart). Names compare with case and runs of spaces aside.
 */
async function contactCandidates(
  scope: ImportReadScope,
  records: ImportedContact[],
): Promise<CandidateFinder<'contacts'>> {
  const { organizationId, tx: prisma } = scope;
  if (records.length === 0) return () => null;
  const emails = [...new Set(records.flatMap((record) => record.emails.map((email) => email.email.toLowerCase())))];
  const phones = [...new Set(records.flatMap((record) => record.phones.map((phone) => phone.number)))];
  const named = records.filter(
    (record) => (record.sourceId === null || record.dateOfBirth !== null) && record.firstName && record.lastName,
  );
  // One after another: the chunk's transaction runs one query at a time on its connection.
  // lower(email) as the index has it: a first import looks up every row's e-mails.
  const byEmail =
    emails.length === 0
      ? []
      : await scope.sql.query<{ email: string; contactId: string; firstName: string }>(
          `SELECT email.email, email.contact_id AS "contactId", contact.first_name AS "firstName"
           FROM contact_emails AS email
           JOIN contacts AS contact ON contact.organization_id = email.organization_id AND contact.id = email.contact_id
          WHERE email.organization_id = $1 AND lower(email.email) = ANY($2::text[]) AND contact.deleted_at IS NULL
          ORDER BY email.created_at, email.id`,
          organizationId,
          emails,
        );
  const byPhone =
    phones.length === 0
      ? []
      : await prisma.contactPhoneNumber.findMany({
          where: { organizationId, number: { in: phones }, contact: { deletedAt: null } },
          select: { number: true, contactId: true, contact: { select: { firstName: true } } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        });
  const byName =
    named.length === 0
      ? []
      : await prisma.contact.findMany({
          where: {
            organizationId,
            deletedAt: null,
            OR: named.map((record) => ({
              firstName: { equals: record.firstName.trim(), mode: 'insensitive' as const },
              lastName: { equals: record.lastName.trim(), mode: 'insensitive' as const },
            })),
          },
          select: { id: true, firstName: true, lastName: true, person: { select: { dateOfBirth: true } } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        });
  const fold = foldPersonName;
  const nameKey = (first: string, last: string) => `${fold(first)}\u0000${fold(last)}`;
  const group = <T>(rows: readonly T[], key: (row: T) => string) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const emailMap = group(byEmail, (row) => row.email.toLowerCase());
  const phoneMap = group(byPhone, (row) => row.number);
  const nameMap = group(byName, (row) => nameKey(row.firstName, row.lastName));
  return (record): ImportCandidate | null => {
    // A first name on both sides that differs says "someone else"; a row without one may be anyone.
    const named = fold(record.firstName) !== '';
    const mayBe = (contact: { firstName: string }) => !named || fold(contact.firstName) === fold(record.firstName);
    for (const email of record.emails) {
      const found = emailMap.get(email.email.toLowerCase())?.find((row) => mayBe(row));
      if (found) return { entityId: found.contactId, matchedOn: 'EMAIL', sure: named };
    }
    for (const phone of record.phones) {
      const found = phoneMap.get(phone.number)?.find((row) => mayBe(row.contact));
      if (found) return { entityId: found.contactId, matchedOn: 'PHONE', sure: named };
    }
    if (!record.firstName || !record.lastName) return null;
    const sameName = nameMap.get(nameKey(record.firstName, record.lastName)) ?? [];
    const born = sameName.find(
      (row) =>
        record.dateOfBirth !== null && row.person?.dateOfBirth?.toISOString().slice(0, 10) === record.dateOfBirth,
    );
    if (born) return { entityId: born.id, matchedOn: 'NAME', sure: true };
    if (record.sourceId !== null || sameName.length === 0) return null;
    return { entityId: sameName[0]!.id, matchedOn: 'NAME', sure: false };
  };
}

import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  notFound,
  type ContactListItem,
  type ContactListQuery,
  type ContactResponse,
  type ContactsByTeamQuery,
  type CreateContact,
  type CreateLead,
  type LeadListQuery,
  type ListPage,
  type PossibleDuplicate,
  type PossibleDuplicatesQuery,
  type Tag,
  type TagView,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { CustomFieldsService } from '../custom-fields/index.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { contactListItemView, contactView, type ListItemOptions } from './contact-view.js';
import { ContactsWriter } from './contacts.writer.js';
import { ContactsRepository, type ContactFilters } from './contacts.repository.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { nameColumns, tagSelect, tagView } from './views.js';

/** What POST /contacts and POST /leads both create: a lead is a contact of type LEAD. */
type NewContact = CreateContact | (CreateLead & { type: 'LEAD' });

/** The contact columns a simple PATCH changes, read before and after for the audit log. */
const simpleFieldsSelect = {
  firstName: true,
  lastName: true,
  middleName: true,
  preferredName: true,
  shortName: true,
  gender: true,
  avatarUrl: true,
  employmentStatus: true,
} satisfies Prisma.ContactSelect;
type SimpleFields = Prisma.ContactUpdateInput;

const LIST_ITEM: ListItemOptions = { tags: true, entities: true, lead: false };

@Injectable()
export class ContactsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(CustomFieldsService) private readonly customFields: CustomFieldsService,
    @Inject(ContactsWriter) private readonly writer: ContactsWriter,
  ) {}

  async get(contactId: string): Promise<ContactResponse> {
    const row = await this.contacts.findContact(contactId);
    // Another organization's contact is indistinguishable from a missing one.
    if (!row) throw notFound('Contact');
    return contactView(row, await this.customFields.valuesFor({ kind: 'CONTACT', contactId }));
  }

  /**
   * Creates a contact (crm §5): its primary e-mail and phone number when given, its tags, and for a
   * LEAD the lead record the pipeline starts from. One transaction, with its audit entry;
   * `alsoWrite` adds what the caller writes about the new contact (a links-profile message's note)
   * to the same transaction.
   */
  async create(
    input: NewContact,
    options: { alsoWrite?: (scope: WriteScope, contactId: string) => Promise<void> } = {},
  ): Promise<ContactResponse> {
    if (!(await this.contacts.teamExists(input.teamId))) throw notFound('Team');
    const contactId = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const tagIds: string[] = [];
      for (const tag of 'tags' in input ? input.tags : []) tagIds.push(await this.tagIdFor(scope, tag));
      const [id] = await this.writer.create(scope, [
        {
          teamId: input.teamId,
          type: input.type,
          ...nameColumns(input.name),
          gender: input.gender,
          source: input.source,
          discoveryMethod: input.discoveryMethod,
          linkedinUrlBranch: 'linkedinUrlBranch' in input ? (input.linkedinUrlBranch ?? null) : null,
          avatarUrl: 'avatarUrl' in input ? (input.avatarUrl ?? null) : null,
          emails: input.email ? [{ email: input.email, isPrimary: true }] : [],
          // The first number is the primary one, whatever the form said (crm §3).
          phones: input.phoneNumber
            ? [
                {
                  countryCode: input.phoneNumber.number.countryCode,
                  number: input.phoneNumber.number.number,
                  type: input.phoneNumber.type,
                  label: input.phoneNumber.label,
                  isPrimary: true,
                },
              ]
            : [],
          tagIds,
          lead: input.type === 'LEAD',
        },
      ]);
      const created = await this.contacts.findContact(id!, tx);
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.contact,
        entityId: id!,
        after: created ? contactView(created, []) : undefined,
      });
      await options.alsoWrite?.(scope, id!);
      return id!;
    });
    return this.get(contactId);
  }

  /**
   * `DELETE /contacts/{contactId}`: a soft delete. The contact disappears from every read (the
   * tenant client and the raw statements skip `deleted_at`); its sub-records, tags, lead and
   * history stay with it for an admin's restore. Its person, if any, stays in the household.
   */
  async softDelete(contactId: string): Promise<{ id: string; deletedAt: string }> {
    const now = new Date();
    await this.prisma.$transaction(async (tx) => {
      const before = await this.contacts.findContact(contactId, tx);
      if (!before) throw notFound('Contact');
      await tx.contact.update({ where: { id: contactId }, data: { deletedAt: now } });
      await this.audit.record(tx, {
        action: 'SOFT_DELETE',
        entityType: EntityType.contact,
        entityId: contactId,
        before: contactView(before, []),
        after: { deletedAt: now.toISOString() },
      });
    });
    return { id: contactId, deletedAt: now.toISOString() };
  }

  /** `GET /contacts/possible-duplicates`: what the new-contact page warns about before creating. */
  async possibleDuplicates(query: PossibleDuplicatesQuery): Promise<PossibleDuplicate[]> {
    const matches = await this.contacts.possibleDuplicates(query);
    return matches.map(({ row, byEmail, byPhone }) => ({
      contact: contactListItemView(row, { tags: false, entities: true, lead: false }),
      matchedOn: [...(byEmail ? (['EMAIL'] as const) : []), ...(byPhone ? (['PHONE'] as const) : [])],
    }));
  }

  setName(contactId: string, name: CreateContact['name']): Promise<ContactResponse> {
    return this.updateFields(contactId, nameColumns(name));
  }

  setGender(contactId: string, gender: CreateContact['gender']): Promise<ContactResponse> {
    return this.updateFields(contactId, { gender });
  }

  setAvatar(contactId: string, avatarUrl: string): Promise<ContactResponse> {
    return this.updateFields(contactId, { avatarUrl });
  }

  setEmploymentStatus(contactId: string, employmentStatus: SimpleFields['employmentStatus']): Promise<ContactResponse> {
    return this.updateFields(contactId, { employmentStatus });
  }

  private async updateFields(contactId: string, data: SimpleFields): Promise<ContactResponse> {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.contact.findUnique({ where: { id: contactId }, select: simpleFieldsSelect });
      if (!before) throw notFound('Contact');
      const after = await tx.contact.update({ where: { id: contactId }, data, select: simpleFieldsSelect });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.contact,
        entityId: contactId,
        before: changedFields(before, data),
        after: changedFields(after, data),
      });
    });
    return this.get(contactId);
  }

  /** `PATCH /contacts/{entityId}/add-tag`: the organization's tag of that type and name, created on first use. */
  async addTag(contactId: string, tag: Tag): Promise<ContactResponse> {
    await this.changeTags(contactId, async (tx) => {
      const scope = writeScope(tx);
      await this.writer.attachTags(scope, [{ contactId, tagId: await this.tagIdFor(scope, tag) }]);
    });
    return this.get(contactId);
  }

  /** `DELETE /contacts/{entityId}/remove-tag`: by name and type; the tag itself stays for other contacts. */
  async removeTag(contactId: string, tag: { name: string; type: string }): Promise<ContactResponse> {
    await this.changeTags(contactId, async (tx, before) => {
      const found = before.find((existing) => existing.name === tag.name && existing.type === tag.type);
      if (!found) throw notFound('Tag');
      await this.writer.detachTags(writeScope(tx), [contactId], [found.id]);
    });
    return this.get(contactId);
  }

  private async changeTags(
    contactId: string,
    change: (tx: TenantTransaction, before: TagView[]) => Promise<void>,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.contact.updateMany({ where: { id: contactId }, data: { updatedAt: new Date() } });
      if (count === 0) throw notFound('Contact');
      const before = await this.tagsOf(tx, contactId);
      await change(tx, before);
      const after = await this.tagsOf(tx, contactId);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.contact,
        entityId: contactId,
        before: { tags: before },
        after: { tags: after },
      });
    });
  }

  private async tagsOf(tx: TenantTransaction, contactId: string): Promise<TagView[]> {
    const links = await tx.contactTag.findMany({
      where: { contactId },
      select: { tag: { select: tagSelect } },
      orderBy: [{ createdAt: 'asc' }, { tagId: 'asc' }],
    });
    return links.map((link) => tagView(link.tag));
  }

  /** The organization's tag of that type and name, created on first use; a given emoji replaces the stored one. */
  private async tagIdFor(scope: WriteScope, tag: Tag): Promise<string> {
    const existing = await scope.tx.tag.findFirst({
      where: { type: tag.type, name: tag.name },
      select: { id: true, emoji: true },
    });
    if (!existing) return (await this.writer.createTags(scope, [tag]))[0]!;
    if (tag.emoji !== null && tag.emoji !== existing.emoji)
      await this.writer.setTagEmoji(scope, existing.id, tag.emoji);
    return existing.id;
  }

  async listTags(): Promise<TagView[]> {
    return (await this.contacts.listTags()).map(tagView);
  }

  async list(query: ContactListQuery): Promise<ListPage<ContactListItem>> {
    const { search, type, tagId, teamId, advisorId, birthdayWithinDays, page, limit, sort, order } = query;
    return this.page(
      { search, type, tagId, teamId, advisorId, birthdayWithinDays },
      { page, limit, sort, order },
      LIST_ITEM,
    );
  }

  /** `GET /contacts/by-team/{teamId}` (crm §7): birthdays by day and month; tags and entities on request. */
  async byTeam(teamId: string, query: ContactsByTeamQuery): Promise<ListPage<ContactListItem>> {
    if (!(await this.contacts.teamExists(teamId))) throw notFound('Team');
    return this.page(
      { teamId, dobDay: query.dobDay, dobMonth: query.dobMonth },
      { page: query.page, limit: query.limit, sort: 'name', order: 'asc' },
      { tags: query.includeTags, entities: query.includeEntities, lead: false },
    );
  }

  /** `GET /contacts/by-person/{personId}` (crm §7): the contacts that are this person. */
  async byPerson(personId: string): Promise<ContactListItem[]> {
    if (!(await this.contacts.personExists(personId))) throw notFound('Person');
    return (await this.contacts.listByPerson(personId)).map((row) => contactListItemView(row, LIST_ITEM));
  }

  /**
   * `GET /leads?team=` (crm §7): contacts of type LEAD, of one team when asked (`team`, the spec's
   * name, or `teamId` as on the contact list), with the contact list's other filters and sort.
   */
  async leads(query: LeadListQuery): Promise<ListPage<ContactListItem>> {
    const teamId = query.team ?? query.teamId;
    if (query.team && !(await this.contacts.teamExists(query.team))) throw notFound('Team');
    const { search, tagId, advisorId, birthdayWithinDays } = query;
    return this.page(
      { type: 'LEAD', teamId, search, tagId, advisorId, birthdayWithinDays },
      { page: query.page, limit: query.limit, sort: query.sort, order: query.order },
      { tags: true, entities: false, lead: true },
    );
  }

  private async page(
    filters: ContactFilters,
    paging: Parameters<ContactsRepository['search']>[1],
    include: ListItemOptions,
  ): Promise<ListPage<ContactListItem>> {
    const { rows, total } = await this.contacts.search(filters, paging);
    return {
      items: rows.map((row) => contactListItemView(row, include)),
      page: paging.page,
      limit: paging.limit,
      total,
    };
  }
}

/** The fields of `row` that `data` changes: what the audit entry shows. */
function changedFields<T extends Record<string, unknown>>(row: T, data: object): Partial<T> {
  return Object.fromEntries(Object.keys(data).map((key) => [key, row[key]])) as Partial<T>;
}

import { Inject, Injectable } from '@nestjs/common';
import type { ContactSort, ContactType, SortDirection } from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeSql } from '../../../common/tenancy/team-scope-sql.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import {
  addressSelect,
  emailSelect,
  employmentSelect,
  nameSelect,
  ORDER_OLDEST_FIRST,
  phoneSelect,
  socialLinkSelect,
  tagSelect,
} from './views.js';

/** Everything the contact page shows, sub-records oldest first. */
export const contactSelect = {
  id: true,
  teamId: true,
  personId: true,
  householdId: true,
  type: true,
  ...nameSelect,
  gender: true,
  source: true,
  discoveryMethod: true,
  linkedinUrlBranch: true,
  avatarUrl: true,
  employmentStatus: true,
  portalAccess: true,
  createdAt: true,
  updatedAt: true,
  emails: { select: emailSelect, orderBy: ORDER_OLDEST_FIRST },
  phoneNumbers: { select: phoneSelect, orderBy: ORDER_OLDEST_FIRST },
  addresses: { select: addressSelect, orderBy: ORDER_OLDEST_FIRST },
  employments: { select: employmentSelect, orderBy: ORDER_OLDEST_FIRST },
  socialLinks: { select: socialLinkSelect, orderBy: ORDER_OLDEST_FIRST },
  tags: { select: { tag: { select: tagSelect } }, orderBy: [{ createdAt: 'asc' }, { tagId: 'asc' }] },
  leads: { select: { id: true }, orderBy: ORDER_OLDEST_FIRST, take: 1 },
} satisfies Prisma.ContactSelect;
export type ContactRow = Prisma.ContactGetPayload<{ select: typeof contactSelect }>;

/** One row of a list: the primary e-mail and phone only, tags, lead, and the linked person and household. */
export const contactListSelect = {
  id: true,
  teamId: true,
  type: true,
  ...nameSelect,
  source: true,
  discoveryMethod: true,
  portalAccess: true,
  createdAt: true,
  emails: { select: emailSelect, where: { isPrimary: true }, take: 1 },
  phoneNumbers: { select: phoneSelect, where: { isPrimary: true }, take: 1 },
  tags: { select: { tag: { select: tagSelect } }, orderBy: [{ createdAt: 'asc' }, { tagId: 'asc' }] },
  leads: { select: { id: true }, orderBy: ORDER_OLDEST_FIRST, take: 1 },
  // A relation read is not filtered by the tenant client's soft delete: the view drops a deleted one.
  person: { select: { id: true, firstName: true, lastName: true, dateOfBirth: true, deletedAt: true } },
  household: { select: { id: true, name: true, deletedAt: true } },
} satisfies Prisma.ContactSelect;
export type ContactListRow = Prisma.ContactGetPayload<{ select: typeof contactListSelect }>;

export interface ContactFilters {
  search?: string | undefined;
  type?: ContactType | undefined;
  tagId?: string | undefined;
  teamId?: string | undefined;
  advisorId?: string | undefined;
  dobDay?: number | undefined;
  dobMonth?: number | undefined;
  /** Birthdays from `today` to N days later (the person's date of birth). */
  birthdayWithinDays?: number | undefined;
}

/**
 * The sort keys that live in other tables, the primary e-mail and the household's name, read by a
 * join: a page sorted by them looks at every contact in scope, and one hash join costs less than a
 * correlated lookup per contact. Each join meets at most one row (one primary e-mail per contact,
 * by its unique index; a household by its key), so it adds no row. The key is `sort_key` of the
 * page's rows; a deleted household, or no primary e-mail, reads as none.
 */
const SORT_KEYS: Partial<Record<ContactSort, { join: Prisma.Sql; key: Prisma.Sql }>> = {
  email: {
    join: Prisma.sql`LEFT JOIN contact_emails sort_e
      ON sort_e.organization_id = c.organization_id AND sort_e.contact_id = c.id AND sort_e.is_primary`,
    key: Prisma.sql`lower(sort_e.email)`,
  },
  household: {
    join: Prisma.sql`LEFT JOIN households sort_h
      ON sort_h.organization_id = c.organization_id AND sort_h.id = c.household_id AND sort_h.deleted_at IS NULL`,
    key: Prisma.sql`lower(sort_h.name)`,
  },
};
const BY_NAME_ASC = Prisma.sql`lower(c.last_name) ASC, lower(c.first_name) ASC, c.id ASC`;
const BY_NAME_DESC = Prisma.sql`lower(c.last_name) DESC, lower(c.first_name) DESC, c.id DESC`;

/**
 * Stable orders: every one ends with the id, so equal keys never swap between pages. Contacts
 * without an e-mail or a household come last either way. The name order and the creation date's
 * are those of the list's indexes (migration list_and_search_indexes): a page reads its rows in order.
 */
const ORDER_BY: Record<ContactSort, Record<SortDirection, Prisma.Sql>> = {
  name: { asc: BY_NAME_ASC, desc: BY_NAME_DESC },
  type: { asc: Prisma.sql`c.type ASC, ${BY_NAME_ASC}`, desc: Prisma.sql`c.type DESC, ${BY_NAME_ASC}` },
  email: {
    asc: Prisma.sql`c.sort_key ASC NULLS LAST, c.id ASC`,
    desc: Prisma.sql`c.sort_key DESC NULLS LAST, c.id DESC`,
  },
  household: {
    asc: Prisma.sql`c.sort_key ASC NULLS LAST, ${BY_NAME_ASC}`,
    desc: Prisma.sql`c.sort_key DESC NULLS LAST, ${BY_NAME_ASC}`,
  },
  createdAt: { asc: Prisma.sql`c.created_at ASC, c.id ASC`, desc: Prisma.sql`c.created_at DESC, c.id DESC` },
  updatedAt: { asc: Prisma.sql`c.updated_at ASC, c.id ASC`, desc: Prisma.sql`c.updated_at DESC, c.id DESC` },
};

/**
 * The person's next birthday on or after `today` (a date parameter): this year's, else next
 * year's. A 29 February birthday falls on 1 March in other years (day - 1 added to the 1st).
 */
function nextBirthdaySql(today: string): Prisma.Sql {
  const anniversary = (yearOffset: number) => Prisma.sql`(make_date(
    extract(year FROM CAST(${today} AS date))::int + ${yearOffset}, extract(month FROM p.date_of_birth)::int, 1)
    + (extract(day FROM p.date_of_birth)::int - 1))`;
  return Prisma.sql`CASE WHEN ${anniversary(0)} >= CAST(${today} AS date) THEN ${anniversary(0)} ELSE ${anniversary(1)} END`;
}

/** `text` for a LIKE pattern that matches it literally (backslash is PostgreSQL's LIKE escape). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A page row of the list as one JSON array (ListRowDocument's order), read in the page's own
 * statement: what `contactListSelect` loads with eight more queries (primary e-mail and phone,
 * tags, first lead, person, household, tags' names), here correlated subqueries by key, and one
 * JSON.parse reads it faster than Prisma maps rows. Sub-records are the contact's organization's
 * (the tenant scope of the page); a deleted person or household reads as none, as the view shows it.
 */
const LIST_ROW_DOCUMENT_SQL = Prisma.sql`json_build_array(
  c.id, c.team_id, c.type, c.first_name, c.last_name, c.middle_name, c.preferred_name, c.short_name,
  c.source, c.discovery_method, c.portal_access, c.created_at,
  (SELECT json_build_array(e.id, e.email, e.label, e.is_primary) FROM contact_emails e
    WHERE e.organization_id = c.organization_id AND e.contact_id = c.id AND e.is_primary
    ORDER BY e.created_at, e.id LIMIT 1),
  (SELECT json_build_array(p.id, p.country_code, p.number, p.type, p.label, p.is_primary) FROM contact_phone_numbers p
    WHERE p.organization_id = c.organization_id AND p.contact_id = c.id AND p.is_primary
    ORDER BY p.created_at, p.id LIMIT 1),
  (SELECT json_agg(json_build_array(t.id, t.name, t.type, t.emoji) ORDER BY ct.created_at, ct.tag_id)
     FROM contact_tags ct JOIN tags t ON t.organization_id = ct.organization_id AND t.id = ct.tag_id
    WHERE ct.organization_id = c.organization_id AND ct.contact_id = c.id),
  (SELECT l.id FROM leads l WHERE l.organization_id = c.organization_id AND l.contact_id = c.id
    ORDER BY l.created_at, l.id LIMIT 1),
  (SELECT json_build_array(p.id, p.first_name, p.last_name, p.date_of_birth) FROM persons p
    WHERE p.organization_id = c.organization_id AND p.id = c.person_id AND p.deleted_at IS NULL),
  (SELECT json_build_array(h.id, h.name) FROM households h
    WHERE h.organization_id = c.organization_id AND h.id = c.household_id AND h.deleted_at IS NULL)
)::text`;

type ListRowDocument = [
  id: string,
  teamId: string,
  type: ContactListRow['type'],
  firstName: string,
  lastName: string,
  middleName: string | null,
  preferredName: string | null,
  shortName: string | null,
  source: ContactListRow['source'],
  discoveryMethod: ContactListRow['discoveryMethod'],
  portalAccess: ContactListRow['portalAccess'],
  createdAt: string,
  email: [id: string, email: string, label: string | null, isPrimary: boolean] | null,
  phone:
    | [
        id: string,
        countryCode: string,
        number: string,
        type: ContactListRow['phoneNumbers'][number]['type'],
        label: string | null,
        isPrimary: boolean,
      ]
    | null,
  tags: [id: string, name: string, type: string, emoji: string | null][] | null,
  leadId: string | null,
  person: [id: string, firstName: string, lastName: string, dateOfBirth: string | null] | null,
  household: [id: string, name: string] | null,
];

/** A row as `contactListSelect` reads it, from its document (JSON dates and timestamps are text). */
function listRowOf(document: ListRowDocument): ContactListRow {
  const [
    id,
    teamId,
    type,
    firstName,
    lastName,
    middleName,
    preferredName,
    shortName,
    source,
    discoveryMethod,
    portalAccess,
    createdAt,
    email,
    phone,
    tags,
    leadId,
    person,
    household,
  ] = document;
  return {
    id,
    teamId,
    type,
    firstName,
    lastName,
    middleName,
    preferredName,
    shortName,
    source,
    discoveryMethod,
    portalAccess,
    createdAt: new Date(createdAt),
    emails: email ? [{ id: email[0], email: email[1], label: email[2], isPrimary: email[3] }] : [],
    phoneNumbers: phone
      ? [
          {
            id: phone[0],
            countryCode: phone[1],
            number: phone[2],
            type: phone[3],
            label: phone[4],
            isPrimary: phone[5],
          },
        ]
      : [],
    tags: (tags ?? []).map(([tagId, name, tagType, emoji]) => ({ tag: { id: tagId, name, type: tagType, emoji } })),
    leads: leadId ? [{ id: leadId }] : [],
    person: person
      ? {
          id: person[0],
          firstName: person[1],
          lastName: person[2],
          // A date column is `YYYY-MM-DD` in JSON; Prisma reads it as that day's UTC midnight.
          dateOfBirth: person[3] === null ? null : new Date(person[3]),
          deletedAt: null,
        }
      : null,
    household: household ? { id: household[0], name: household[1], deletedAt: null } : null,
  };
}

/**
 * The contacts matching `condition` (over `contacts c`) in `order`, as list rows, in one statement:
 * the caller's organization and teams, not soft-deleted, as the tenant client reads contacts.
 */
export async function readContactListRows(
  client: TenantPrismaClient,
  condition: Prisma.Sql,
  order: Prisma.Sql,
): Promise<ContactListRow[]> {
  const rows = await client.$queryRaw<{ document: string }[]>`
    SELECT ${LIST_ROW_DOCUMENT_SQL} AS document FROM contacts c
     WHERE c.organization_id = ${currentOrganizationId()} ${teamScopeSql('c.team_id')} AND c.deleted_at IS NULL
       AND ${condition}
     ORDER BY ${order}`;
  return rows.map((row) => listRowOf(JSON.parse(row.document) as ListRowDocument));
}

/** More possible duplicates than this are not listed: the first ones make the point. */
const MAX_DUPLICATES = 10;

/** Fewer digits than this in a search are not looked up among phone numbers. */
const MIN_PHONE_DIGITS = 3;

@Injectable()
export class ContactsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  findContact(contactId: string, client: TenantPrismaClient | TenantTransaction = this.prisma) {
    return client.contact.findUnique({ where: { id: contactId }, select: contactSelect });
  }

  teamExists(teamId: string): Promise<boolean> {
    return this.prisma.team.count({ where: { id: teamId } }).then((count) => count > 0);
  }

  personExists(personId: string): Promise<boolean> {
    return this.prisma.person.count({ where: { id: personId } }).then((count) => count > 0);
  }

  listTags() {
    return this.prisma.tag.findMany({ select: tagSelect, orderBy: [{ type: 'asc' }, { name: 'asc' }, { id: 'asc' }] });
  }

  listByPerson(personId: string) {
    return this.prisma.contact.findMany({
      where: { personId },
      select: contactListSelect,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * Contacts with this e-mail (case aside) or phone number (the digits, with or without the
   * country code), oldest first: the possible duplicates of a contact about to be created.
   */
  async possibleDuplicates(query: { email?: string | undefined; phone?: string | undefined }) {
    const organizationId = currentOrganizationId();
    const [byEmail, byPhone] = await Promise.all([
      query.email
        ? this.prisma.$queryRaw<{ id: string }[]>`
            SELECT e.contact_id AS id FROM contact_emails e
             WHERE e.organization_id = ${organizationId} AND lower(e.email) = ${query.email}`
        : [],
      query.phone
        ? this.prisma.$queryRaw<{ id: string }[]>`
            SELECT p.contact_id AS id FROM contact_phone_numbers p
             WHERE p.organization_id = ${organizationId}
               AND (p.number = ${query.phone} OR p.country_code || p.number = ${query.phone})`
        : [],
    ]);
    const emailIds = new Set(byEmail.map((row) => row.id));
    const phoneIds = new Set(byPhone.map((row) => row.id));
    // The tenant client leaves deleted contacts out.
    const rows = await this.prisma.contact.findMany({
      where: { id: { in: [...emailIds, ...phoneIds] } },
      select: contactListSelect,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: MAX_DUPLICATES,
    });
    return rows.map((row) => ({ row, byEmail: emailIds.has(row.id), byPhone: phoneIds.has(row.id) }));
  }

  /**
   * One page of contacts matching `filters`, in a stable order, and the number of matches. The
   * search is written in SQL with the expressions of the search indexes (lower-cased full name and
   * e-mail, phone digits: trigram GIN indexes), so it is an index lookup, not a scan of every
   * contact. Raw SQL is not scoped by the tenant client: each statement names the organization.
   */
  async search(
    filters: ContactFilters,
    paging: { page: number; limit: number; sort: ContactSort; order: SortDirection },
  ): Promise<{ rows: ContactListRow[]; total: number }> {
    const where = this.whereClause(filters);
    const offset = (paging.page - 1) * paging.limit;
    // The page's rows are chosen first, by the order's keys alone, and ordered again by the same
    // keys (cheap for a page), so the documents are built for the page only, not for the rows an
    // offset skips. The innermost query only names the sort key; PostgreSQL folds it into the next.
    const order = ORDER_BY[paging.sort][paging.order];
    const sortKey = SORT_KEYS[paging.sort];
    const [page, counted] = await Promise.all([
      this.prisma.$queryRaw<{ document: string }[]>`
        SELECT ${LIST_ROW_DOCUMENT_SQL} AS document
          FROM (SELECT c.* FROM (SELECT c.*, ${sortKey?.key ?? Prisma.sql`NULL::text`} AS sort_key
                                   FROM contacts c ${sortKey?.join ?? Prisma.empty} WHERE ${where}) c
                ORDER BY ${order} LIMIT ${paging.limit} OFFSET ${offset}) c
         ORDER BY ${order}`,
      this.prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM contacts c WHERE ${where}`,
    ]);
    return {
      rows: page.map((row) => listRowOf(JSON.parse(row.document) as ListRowDocument)),
      total: counted[0]?.total ?? 0,
    };
  }

  private whereClause(filters: ContactFilters): Prisma.Sql {
    const organizationId = currentOrganizationId();
    // A soft-deleted contact never shows in a list.
    const conditions = [
      Prisma.sql`c.organization_id = ${organizationId} ${teamScopeSql('c.team_id')}`,
      Prisma.sql`c.deleted_at IS NULL`,
    ];
    if (filters.type) conditions.push(Prisma.sql`c.type = CAST(${filters.type} AS contact_type)`);
    if (filters.teamId) conditions.push(Prisma.sql`c.team_id = ${filters.teamId}`);
    if (filters.advisorId) {
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM households h
        WHERE h.organization_id = c.organization_id AND h.id = c.household_id AND h.deleted_at IS NULL
          AND h.primary_advisor_id = ${filters.advisorId})`);
    }
    if (filters.birthdayWithinDays !== undefined) {
      const today = new Date().toISOString().slice(0, 10);
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM persons p
        WHERE p.organization_id = c.organization_id AND p.id = c.person_id AND p.deleted_at IS NULL
          AND p.date_of_birth IS NOT NULL
          AND ${nextBirthdaySql(today)} - CAST(${today} AS date) <= ${filters.birthdayWithinDays})`);
    }
    if (filters.tagId) {
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM contact_tags ct
        WHERE ct.organization_id = c.organization_id AND ct.contact_id = c.id AND ct.tag_id = ${filters.tagId})`);
    }
    if (filters.dobDay !== undefined || filters.dobMonth !== undefined) {
      const day =
        filters.dobDay === undefined
          ? Prisma.empty
          : Prisma.sql`AND extract(day FROM p.date_of_birth) = ${filters.dobDay}`;
      const month =
        filters.dobMonth === undefined
          ? Prisma.empty
          : Prisma.sql`AND extract(month FROM p.date_of_birth) = ${filters.dobMonth}`;
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM persons p
        WHERE p.organization_id = c.organization_id AND p.id = c.person_id ${day} ${month})`);
    }
    if (filters.search) {
      const pattern = `%${likeLiteral(filters.search.toLowerCase())}%`;
      const matches = [
        Prisma.sql`SELECT id FROM contacts
          WHERE organization_id = ${organizationId} AND lower(first_name || ' ' || last_name) LIKE ${pattern}`,
        Prisma.sql`SELECT contact_id FROM contact_emails
          WHERE organization_id = ${organizationId} AND lower(email) LIKE ${pattern}`,
      ];
      const digits = filters.search.replace(/\D/g, '');
      if (digits.length >= MIN_PHONE_DIGITS) {
        matches.push(Prisma.sql`SELECT contact_id FROM contact_phone_numbers
          WHERE organization_id = ${organizationId} AND number LIKE ${`%${digits}%`}`);
      }
      conditions.push(Prisma.sql`c.id IN (${Prisma.join(matches, ' UNION ')})`);
    }
    return Prisma.join(conditions, ' AND ');
  }
}

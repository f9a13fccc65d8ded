import { Injectable } from '@nestjs/common';
import { EntityType, newId, type ContactType, type Gender, type LeadSource, type PortalAccess } from '@meridian/domain';
import { deleteRows, insertRows, oldestByName, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

export interface EmailDraft {
  email: string;
  label?: string | null;
  isPrimary: boolean;
}
export interface PhoneDraft {
  countryCode: string;
  number: string;
  type: string;
  label?: string | null;
  isPrimary: boolean;
}
export interface AddressDraft {
  label?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  province: string;
  postalCode: string;
  countryName: string;
  isPrimary: boolean;
}
export interface EmploymentDraft {
  employerName: string | null;
  jobTitle: string | null;
  isPrimary: boolean;
}

/** A contact's own columns (crm §3). */
export interface ContactColumns {
  teamId: string;
  type: ContactType;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  preferredName?: string | null;
  shortName?: string | null;
  gender?: Gender | null;
  source?: LeadSource | null;
  discoveryMethod?: string | null;
  linkedinUrlBranch?: string | null;
  avatarUrl?: string | null;
  employmentStatus?: string | null;
  /** The person the contact is (crm: "a contact is a person"), when known. */
  personId?: string | null;
  householdId?: string | null;
}

/** A contact to create with its sub-records; the first of each list may be its primary one. */
export interface ContactDraft extends ContactColumns {
  emails?: readonly EmailDraft[];
  phones?: readonly PhoneDraft[];
  addresses?: readonly AddressDraft[];
  employments?: readonly EmploymentDraft[];
  tagIds?: readonly string[];
  /** A LEAD gets the lead record the pipeline starts from. */
  lead?: boolean;
}

/** The lists `replaceLists` can set, each replaced as a whole for the contacts that name it. */
export interface ContactLists {
  emails?: readonly EmailDraft[];
  phones?: readonly PhoneDraft[];
  addresses?: readonly AddressDraft[];
  employments?: readonly EmploymentDraft[];
}

export interface TagDraft {
  name: string;
  type: string;
  emoji?: string | null;
}

const CONTACT_COLUMN: Record<keyof ContactColumns, string> = {
  teamId: 'team_id',
  type: 'type',
  firstName: 'first_name',
  lastName: 'last_name',
  middleName: 'middle_name',
  preferredName: 'preferred_name',
  shortName: 'short_name',
  gender: 'gender',
  source: 'source',
  discoveryMethod: 'discovery_method',
  linkedinUrlBranch: 'linkedin_url_branch',
  avatarUrl: 'avatar_url',
  employmentStatus: 'employment_status',
  personId: 'person_id',
  householdId: 'household_id',
};

const CONTACT_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  person_id: 'text',
  household_id: 'text',
  type: 'contact_type',
  first_name: 'text',
  last_name: 'text',
  middle_name: 'text',
  preferred_name: 'text',
  short_name: 'text',
  gender: 'gender',
  source: 'lead_source',
  discovery_method: 'discovery_method',
  linkedin_url_branch: 'text',
  avatar_url: 'text',
  employment_status: 'employment_status',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const OWNED = {
  id: 'text',
  organization_id: 'text',
  contact_id: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

/** Each list's table, its columns, and how a draft becomes a row. */
const LISTS = {
  emails: {
    table: 'contact_emails',
    idType: EntityType.contactEmail,
    types: { ...OWNED, email: 'text', label: 'text', is_primary: 'boolean' },
    row: (draft: EmailDraft) => ({ email: draft.email, label: draft.label ?? null, is_primary: draft.isPrimary }),
  },
  phones: {
    table: 'contact_phone_numbers',
    idType: EntityType.contactPhoneNumber,
    types: { ...OWNED, country_code: 'text', number: 'text', type: 'phone_type', label: 'text', is_primary: 'boolean' },
    row: (draft: PhoneDraft) => ({
      country_code: draft.countryCode,
      number: draft.number,
      type: draft.type,
      label: draft.label ?? null,
      is_primary: draft.isPrimary,
    }),
  },
  addresses: {
    table: 'contact_addresses',
    idType: EntityType.contactAddress,
    types: {
      ...OWNED,
      label: 'text',
      line1: 'text',
      line2: 'text',
      city: 'text',
      province: 'text',
      postal_code: 'text',
      country_name: 'text',
      is_primary: 'boolean',
    },
    row: (draft: AddressDraft) => ({
      label: draft.label ?? null,
      line1: draft.line1,
      line2: draft.line2 ?? null,
      city: draft.city,
      province: draft.province,
      postal_code: draft.postalCode,
      country_name: draft.countryName,
      is_primary: draft.isPrimary,
    }),
  },
  employments: {
    table: 'contact_employments',
    idType: EntityType.contactEmployment,
    types: { ...OWNED, employer_name: 'text', job_title: 'text', is_primary: 'boolean' },
    row: (draft: EmploymentDraft) => ({
      employer_name: draft.employerName,
      job_title: draft.jobTitle,
      is_primary: draft.isPrimary,
    }),
  },
} as const;

type ListName = keyof typeof LISTS;
const LIST_NAMES = Object.keys(LISTS) as ListName[];

export function contactColumnsOf(fields: Partial<ContactColumns>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const key of Object.keys(fields) as (keyof ContactColumns)[]) {
    const column = CONTACT_COLUMN[key];
    if (column) columns[column] = fields[key] ?? null;
  }
  return columns;
}

/**
 * The one writer of contacts and their sub-records (e-mails, phones, addresses, employments),
 * tags and leads (crm §3, §5). The API writes a batch of one through it; imports a chunk. Each
 * method is one statement per table for the whole batch.
 */
@Injectable()
export class ContactsWriter {
  async create(scope: WriteScope, drafts: readonly ContactDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.contact));
    const { organizationId, now } = scope;
    await insertRows(
      scope.sql,
      'contacts',
      CONTACT_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: organizationId,
        team_id: draft.teamId,
        person_id: draft.personId ?? null,
        household_id: draft.householdId ?? null,
        type: draft.type,
        first_name: draft.firstName,
        last_name: draft.lastName,
        middle_name: draft.middleName ?? null,
        preferred_name: draft.preferredName ?? null,
        short_name: draft.shortName ?? null,
        gender: draft.gender ?? null,
        source: draft.source ?? null,
        discovery_method: draft.discoveryMethod ?? null,
        linkedin_url_branch: draft.linkedinUrlBranch ?? null,
        avatar_url: draft.avatarUrl ?? null,
        created_at: now,
        updated_at: now,
      })),
    );
    await this.insertLists(
      scope,
      drafts.map((draft, index) => ({ contactId: ids[index]!, lists: draft })),
    );
    await this.attachTags(
      scope,
      drafts.flatMap((draft, index) => (draft.tagIds ?? []).map((tagId) => ({ contactId: ids[index]!, tagId }))),
    );
    const leads = drafts.flatMap((draft, index) =>
      draft.lead
        ? [
            {
              id: newId(EntityType.lead),
              organization_id: organizationId,
              team_id: draft.teamId,
              contact_id: ids[index],
              created_at: now,
              updated_at: now,
            },
          ]
        : [],
    );
    await insertRows(
      scope.sql,
      'leads',
      {
        id: 'text',
        organization_id: 'text',
        team_id: 'text',
        contact_id: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      leads,
    );
    return ids;
  }

  /** Writes the given columns of each contact (a field absent stays as it is). */
  async update(scope: WriteScope, updates: readonly { id: string; fields: Partial<ContactColumns> }[]): Promise<void> {
    await updateRows(
      scope.sql,
      'contacts',
      scope.organizationId,
      CONTACT_TYPES,
      updates.map(({ id, fields }) => ({ id, set: { ...contactColumnsOf(fields), updated_at: scope.now } })),
    );
  }

  /** Replaces each named list of each contact as a whole; a list a contact does not name stays. */
  async replaceLists(
    scope: WriteScope,
    contacts: readonly { contactId: string; lists: ContactLists }[],
  ): Promise<void> {
    for (const name of LIST_NAMES) {
      const replaced = contacts.filter((contact) => contact.lists[name] !== undefined).map((c) => c.contactId);
      if (replaced.length === 0) continue;
      await scope.sql.execute(
        `DELETE FROM "${LISTS[name].table}" WHERE organization_id = $1 AND contact_id = ANY($2::text[])`,
        scope.organizationId,
        replaced,
      );
    }
    await this.insertLists(scope, contacts);
  }

  /**
   * Adds items to contacts' lists and removes none (an import's row accepted as an existing
   * contact). The caller leaves out the items a contact has, and flags a new item primary only
   * where the contact has no primary item in that list.
   */
  async addToLists(scope: WriteScope, contacts: readonly { contactId: string; lists: ContactLists }[]): Promise<void> {
    await this.insertLists(scope, contacts);
  }

  /** Writes an employment's employer and title in place (the contact's other employments stay). */
  async updateEmployments(
    scope: WriteScope,
    updates: readonly { id: string; employerName: string | null; jobTitle: string | null }[],
  ): Promise<void> {
    await updateRows(
      scope.sql,
      LISTS.employments.table,
      scope.organizationId,
      LISTS.employments.types,
      updates.map(({ id, employerName, jobTitle }) => ({
        id,
        set: { employer_name: employerName, job_title: jobTitle, updated_at: scope.now },
      })),
    );
  }

  private async insertLists(scope: WriteScope, contacts: readonly { contactId: string; lists: ContactLists }[]) {
    const { organizationId, now } = scope;
    for (const name of LIST_NAMES) {
      const list = LISTS[name];
      const rows = contacts.flatMap(({ contactId, lists }) =>
        ((lists[name] ?? []) as readonly never[]).map((draft) => ({
          id: newId(list.idType),
          organization_id: organizationId,
          contact_id: contactId,
          ...list.row(draft),
          created_at: now,
          updated_at: now,
        })),
      );
      await insertRows(scope.sql, list.table, list.types, rows);
    }
  }

  /** Puts tags on contacts (a tag already worn stays once). */
  async attachTags(scope: WriteScope, links: readonly { contactId: string; tagId: string }[]): Promise<void> {
    if (links.length === 0) return;
    await scope.sql.execute(
      `INSERT INTO contact_tags (organization_id, contact_id, tag_id, created_at)
       SELECT $1, link.contact_id, link.tag_id, $2
         FROM jsonb_to_recordset($3::jsonb) AS link(contact_id text, tag_id text)
       ON CONFLICT (contact_id, tag_id) DO NOTHING`,
      scope.organizationId,
      scope.now,
      JSON.stringify(links.map((link) => ({ contact_id: link.contactId, tag_id: link.tagId }))),
    );
  }

  /** Takes tags off contacts: these tags, or (none given) every tag of each contact. */
  async detachTags(scope: WriteScope, contactIds: readonly string[], tagIds?: readonly string[]): Promise<number> {
    if (contactIds.length === 0) return 0;
    return scope.sql.execute(
      `DELETE FROM contact_tags WHERE organization_id = $1 AND contact_id = ANY($2::text[])
          AND ($3::text[] IS NULL OR tag_id = ANY($3::text[]))`,
      scope.organizationId,
      [...contactIds],
      tagIds ? [...tagIds] : null,
    );
  }

  /** The organization's tags of these names, any type, case aside: the oldest of each, by lower-cased name. */
  async tagsNamed(scope: WriteScope, names: readonly string[]): Promise<Map<string, string>> {
    return oldestByName(scope.sql, 'tags', scope.organizationId, names);
  }

  /** Creates tags; returns their ids in order. */
  async createTags(scope: WriteScope, tags: readonly TagDraft[]): Promise<string[]> {
    const ids = tags.map(() => newId(EntityType.tag));
    await insertRows(
      scope.sql,
      'tags',
      { id: 'text', organization_id: 'text', name: 'text', type: 'text', emoji: 'text', created_at: 'timestamptz' },
      tags.map((tag, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        name: tag.name,
        type: tag.type,
        emoji: tag.emoji ?? null,
        created_at: scope.now,
      })),
    );
    return ids;
  }

  async setTagEmoji(scope: WriteScope, tagId: string, emoji: string): Promise<void> {
    await scope.sql.execute(
      `UPDATE tags SET emoji = $3 WHERE organization_id = $1 AND id = $2`,
      scope.organizationId,
      tagId,
      emoji,
    );
  }

  /** Of these tags, the ones no contact wears. */
  async unwornTags(scope: WriteScope, tagIds: readonly string[]): Promise<string[]> {
    if (tagIds.length === 0) return [];
    const rows = await scope.sql.query<{ id: string }>(
      `SELECT tag.id FROM unnest($2::text[]) AS tag(id)
        WHERE NOT EXISTS (SELECT 1 FROM contact_tags AS worn WHERE worn.organization_id = $1 AND worn.tag_id = tag.id)`,
      scope.organizationId,
      [...new Set(tagIds)],
    );
    return rows.map((row) => row.id);
  }

  async removeTags(scope: WriteScope, tagIds: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'tags', scope.organizationId, tagIds);
  }

  /** Deletes contacts; their sub-records, tags worn, leads and owned notes go with them. */
  async remove(scope: WriteScope, contactIds: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'contacts', scope.organizationId, contactIds);
  }

  /** Soft-deletes a household's live contacts with it, at the household's instant (its restore finds them by it). */
  async softDeleteOfHousehold(scope: WriteScope, householdId: string): Promise<void> {
    await scope.sql.execute(
      `UPDATE contacts SET deleted_at = $3, updated_at = $3
        WHERE organization_id = $1 AND household_id = $2 AND deleted_at IS NULL`,
      scope.organizationId,
      householdId,
      scope.now,
    );
  }

  /** Brings soft-deleted contacts back (an admin's restore). */
  async restore(scope: WriteScope, contactIds: readonly string[]): Promise<void> {
    await scope.sql.execute(
      `UPDATE contacts SET deleted_at = NULL, updated_at = $3 WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      [...contactIds],
      scope.now,
    );
  }

  /** A lead became a client: its lead row is qualified now, unless it was already. */
  async qualifyLeads(scope: WriteScope, contactIds: readonly string[]): Promise<void> {
    await scope.sql.execute(
      `UPDATE leads SET qualified_at = $3, updated_at = $3
        WHERE organization_id = $1 AND contact_id = ANY($2::text[]) AND qualified_at IS NULL`,
      scope.organizationId,
      [...contactIds],
      scope.now,
    );
  }

  /** Sets the contacts' client-portal access (a CLIENT invitation sent, accepted or revoked). */
  async setPortalAccess(scope: WriteScope, contactIds: readonly string[], access: PortalAccess): Promise<void> {
    await scope.sql.execute(
      `UPDATE contacts SET portal_access = $3::portal_access, updated_at = $4
        WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      [...contactIds],
      access,
      scope.now,
    );
  }

  /** Hides contacts merged into another (step 10's merge); `survivorId: null` brings them back (its undo). */
  async markMerged(scope: WriteScope, contactIds: readonly string[], survivorId: string | null): Promise<void> {
    await scope.sql.execute(
      `UPDATE contacts SET deleted_at = $3, merged_into_id = $4, updated_at = $5
        WHERE organization_id = $1 AND id = ANY($2::text[])`,
      scope.organizationId,
      [...contactIds],
      survivorId ? scope.now : null,
      survivorId,
      scope.now,
    );
  }
}

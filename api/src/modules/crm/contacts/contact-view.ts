import type { ContactListItem, ContactResponse, CustomFieldValueView } from '@meridian/domain';
import type { ContactListRow, ContactRow } from './contacts.repository.js';
import {
  addressView,
  emailView,
  employmentView,
  isoDate,
  nameView,
  phoneView,
  socialLinkView,
  tagView,
} from './views.js';

/** A contact as the API shows it (crm §3), with its custom field values. */
export function contactView(row: ContactRow, customFields: CustomFieldValueView[]): ContactResponse {
  const phoneNumbers = row.phoneNumbers.map(phoneView);
  return {
    id: row.id,
    teamId: row.teamId,
    personId: row.personId,
    householdId: row.householdId,
    leadId: row.leads[0]?.id ?? null,
    type: row.type,
    name: nameView(row),
    gender: row.gender,
    source: row.source,
    discoveryMethod: row.discoveryMethod,
    linkedinUrlBranch: row.linkedinUrlBranch,
    avatarUrl: row.avatarUrl,
    employmentStatus: row.employmentStatus,
    portalAccess: row.portalAccess,
    email: row.emails.find((email) => email.isPrimary)?.email ?? null,
    phoneNumber: phoneNumbers.find((phone) => phone.primary) ?? null,
    emails: row.emails.map(emailView),
    phoneNumbers,
    addresses: row.addresses.map(addressView),
    employments: row.employments.map(employmentView),
    socialLinks: row.socialLinks.map(socialLinkView),
    tags: row.tags.map((link) => tagView(link.tag)),
    customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface ListItemOptions {
  tags: boolean;
  entities: boolean;
  lead: boolean;
}

/** A row of a contact list; tags, linked person and household, and lead id only when asked. */
export function contactListItemView(row: ContactListRow, include: ListItemOptions): ContactListItem {
  const primaryPhone = row.phoneNumbers[0];
  return {
    id: row.id,
    teamId: row.teamId,
    type: row.type,
    name: nameView(row),
    email: row.emails[0]?.email ?? null,
    phoneNumber: primaryPhone ? phoneView(primaryPhone) : null,
    source: row.source,
    discoveryMethod: row.discoveryMethod,
    portalAccess: row.portalAccess,
    createdAt: row.createdAt.toISOString(),
    ...(include.tags ? { tags: row.tags.map((link) => tagView(link.tag)) } : {}),
    ...(include.entities
      ? {
          person:
            row.person && !row.person.deletedAt
              ? {
                  id: row.person.id,
                  name: `${row.person.firstName} ${row.person.lastName}`,
                  dateOfBirth: isoDate(row.person.dateOfBirth),
                }
              : null,
          household:
            row.household && !row.household.deletedAt ? { id: row.household.id, name: row.household.name } : null,
        }
      : {}),
    ...(include.lead ? { leadId: row.leads[0]?.id ?? null } : {}),
  };
}

import { z } from 'zod';
import {
  ContactLinkType,
  ContactType,
  DiscoveryMethod,
  EmploymentStatus,
  Gender,
  LeadSource,
  PhoneType,
  PortalAccess,
} from './enums.js';
import { CustomFieldType } from '../custom-fields/enums.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { idParam } from '../../shared/input/id-param.js';
import { teamIdParam } from '../params.js';

/** Query messages of the contact lists; ours, the spec says only that page and limit are at least 1. */
export const ContactQueryMessage = {
  typeInvalid: 'Please select a valid contact type',
  sortInvalid: 'Sort must be one of name, type, email, household, createdAt, updatedAt',
  advisorIdInvalid: 'advisorId must be an advisor id',
  birthdayWithinDaysInvalid: 'birthdayWithinDays must be a whole number from 0 to 366',
  orderInvalid: 'Order must be asc or desc',
  searchTooLong: 'Search must be at most 100 characters',
  dobDayInvalid: 'Day of birth must be a whole number from 1 to 31',
  dobMonthInvalid: 'Month of birth must be a whole number from 1 to 12',
  includeEntitiesInvalid: 'includeEntities must be true or false',
  includeTagsInvalid: 'includeTags must be true or false',
} as const;

export const SEARCH_MAX_LENGTH = 100;
export const ContactSort = ['name', 'type', 'email', 'household', 'createdAt', 'updatedAt'] as const;
export type ContactSort = (typeof ContactSort)[number];
export const SortDirection = ['asc', 'desc'] as const;
export type SortDirection = (typeof SortDirection)[number];

/** `true` or `false` in a query string, false when absent. */
export function queryBoolean(message: string) {
  return z
    .enum(['true', 'false'], { error: message })
    .transform((value) => value === 'true')
    .default(false);
}

/** A whole number from a query string within [min, max], absent allowed. */
function queryInt(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional();
}

/** Free text to search names, e-mails and phone numbers with; blank is no search. */
export const searchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, ContactQueryMessage.searchTooLong)
  .optional()
  .transform((search) => (search ? search : undefined));

/** The longest look-ahead of the upcoming-birthdays filter: a whole year. */
export const BIRTHDAY_WITHIN_DAYS_MAX = 366;

/** An advisor (a professional of the organization) to filter lists by: the household's primary advisor. */
export const advisorIdParam = idParam(EntityType.professional, 'advisor');

/** The filters every contact list accepts (the leads list has them too). */
const contactFilterFields = {
  search: searchSchema,
  tagId: idParam(EntityType.tag, 'tag').optional(),
  teamId: teamIdParam.optional(),
  /** Contacts whose household's primary advisor is this professional. */
  advisorId: advisorIdParam.optional(),
  /** Contacts whose person's birthday falls today or in the next N days (the home page's card links here). */
  birthdayWithinDays: queryInt(0, BIRTHDAY_WITHIN_DAYS_MAX, ContactQueryMessage.birthdayWithinDaysInvalid),
};

/** `GET /contacts`: search by name, e-mail or phone; filters by type, tag, team, advisor, birthday; a stable sort. */
export const contactListQuerySchema = paginationSchema.extend({
  ...contactFilterFields,
  type: z.enum(ContactType, { error: ContactQueryMessage.typeInvalid }).optional(),
  sort: z.enum(ContactSort, { error: ContactQueryMessage.sortInvalid }).default('name'),
  order: z.enum(SortDirection, { error: ContactQueryMessage.orderInvalid }).default('asc'),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** `GET /contacts/by-team/{teamId}` (crm §7): birthdays by day and month, entities and tags on request. */
export const contactsByTeamQuerySchema = paginationSchema.extend({
  dobDay: queryInt(1, 31, ContactQueryMessage.dobDayInvalid),
  dobMonth: queryInt(1, 12, ContactQueryMessage.dobMonthInvalid),
  includeEntities: queryBoolean(ContactQueryMessage.includeEntitiesInvalid),
  includeTags: queryBoolean(ContactQueryMessage.includeTagsInvalid),
});
export type ContactsByTeamQuery = z.output<typeof contactsByTeamQuerySchema>;

/** `GET /leads?team=` (crm §7), with the contact list's filters and sort (newest first unless asked). */
export const leadListQuerySchema = paginationSchema.extend({
  team: teamIdParam.optional(),
  ...contactFilterFields,
  sort: z.enum(ContactSort, { error: ContactQueryMessage.sortInvalid }).default('createdAt'),
  order: z.enum(SortDirection, { error: ContactQueryMessage.orderInvalid }).default('desc'),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

// ─── Responses ──────────────────────────────────────────────────────────────────────────────────

export const contactNameViewSchema = z.object({
  first: z.string(),
  last: z.string(),
  middle: z.string().nullable(),
  preferred: z.string().nullable(),
  short: z.string().nullable(),
  /** The preferred (else first) name and the last name. */
  display: z.string(),
});

export const contactEmailViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  label: z.string().nullable(),
  primary: z.boolean(),
});

export const contactPhoneNumberViewSchema = z.object({
  id: z.string(),
  number: z.object({ countryCode: z.string(), number: z.string() }),
  type: z.enum(PhoneType),
  label: z.string().nullable(),
  primary: z.boolean(),
});

/** An address as the contact area spells it (foundations §3 "Contact address", crm §3). */
export const addressViewSchema = z.object({
  Id: z.string(),
  Label: z.string().nullable(),
  Line1: z.string(),
  Line2: z.string().nullable(),
  City: z.string(),
  Province: z.string(),
  PostalCode: z.string(),
  CountryName: z.string(),
  PostCodeAnywhereId: z.string().nullable(),
  primary: z.boolean(),
});

export const contactEmploymentViewSchema = z.object({
  id: z.string(),
  employerName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  status: z.enum(EmploymentStatus).nullable(),
  /** ISO dates (`2024-03-05`). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  primary: z.boolean(),
});

export const socialLinkViewSchema = z.object({
  id: z.string(),
  type: z.enum(ContactLinkType),
  branch: z.string(),
  /** The type's prefix followed by the branch. */
  url: z.string(),
});

export const tagViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  emoji: z.string().nullable(),
});

/** A custom field of the entity's kind and its value (null when not set). */
export const customFieldValueViewSchema = z.object({
  definitionId: z.string(),
  name: z.string(),
  type: z.enum(CustomFieldType),
  options: z.array(z.string()),
  value: z.union([
    z.boolean(),
    z.number(),
    z.string(),
    z.array(z.string()),
    z.object({ value: z.number(), currency: z.string() }),
    z.null(),
  ]),
});

export const contactSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  personId: z.string().nullable(),
  householdId: z.string().nullable(),
  leadId: z.string().nullable(),
  type: z.enum(ContactType),
  name: contactNameViewSchema,
  gender: z.enum(Gender).nullable(),
  source: z.enum(LeadSource).nullable(),
  discoveryMethod: z.enum(DiscoveryMethod).nullable(),
  linkedinUrlBranch: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  employmentStatus: z.enum(EmploymentStatus).nullable(),
  portalAccess: z.enum(PortalAccess),
  /** The primary e-mail address and phone number, for lists and headers. */
  email: z.string().nullable(),
  phoneNumber: contactPhoneNumberViewSchema.nullable(),
  emails: z.array(contactEmailViewSchema),
  phoneNumbers: z.array(contactPhoneNumberViewSchema),
  addresses: z.array(addressViewSchema),
  employments: z.array(contactEmploymentViewSchema),
  socialLinks: z.array(socialLinkViewSchema),
  tags: z.array(tagViewSchema),
  customFields: z.array(customFieldValueViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactResponse = z.output<typeof contactSchema>;

/** One row of a contact list. */
export const contactListItemSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  type: z.enum(ContactType),
  name: contactNameViewSchema,
  email: z.string().nullable(),
  phoneNumber: contactPhoneNumberViewSchema.nullable(),
  source: z.enum(LeadSource).nullable(),
  discoveryMethod: z.enum(DiscoveryMethod).nullable(),
  portalAccess: z.enum(PortalAccess),
  createdAt: z.string(),
  tags: z.array(tagViewSchema).optional(),
  person: z.object({ id: z.string(), name: z.string(), dateOfBirth: z.string().nullable() }).nullable().optional(),
  household: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  leadId: z.string().nullable().optional(),
});
export type ContactListItem = z.output<typeof contactListItemSchema>;

export const contactPageSchema = listPageSchema(contactListItemSchema);
export const contactListSchema = z.array(contactListItemSchema);
export const addressListSchema = z.array(addressViewSchema);
export const tagListSchema = z.array(tagViewSchema);
export type AddressView = z.output<typeof addressViewSchema>;
export type TagView = z.output<typeof tagViewSchema>;
export type CustomFieldValueView = z.output<typeof customFieldValueViewSchema>;
export type ContactEmailView = z.output<typeof contactEmailViewSchema>;
export type ContactPhoneNumberView = z.output<typeof contactPhoneNumberViewSchema>;
export type ContactEmploymentView = z.output<typeof contactEmploymentViewSchema>;
export type SocialLinkView = z.output<typeof socialLinkViewSchema>;

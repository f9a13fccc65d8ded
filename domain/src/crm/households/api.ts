import { z } from 'zod';
import { ContactType, Gender } from '../contacts/enums.js';
import { InvitationDeliveryMethod, InvitationStatus, InvitationType } from '../../platform/invitations/enums.js';
import { UserRole } from '../../platform/users/enums.js';
import { CountryCode, TaxProvince } from '../../shared/regions/regions.js';
import { FamilyMemberRole } from './enums.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { MONEY_VALUE_MESSAGES } from '../../shared/money/money.schema.js';
import { listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { financialRecordResponseSchema } from '../../financials/records/record-types.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import {
  addressViewSchema,
  advisorIdParam,
  SortDirection,
  contactListItemSchema,
  contactNameViewSchema,
  customFieldValueViewSchema,
  queryBoolean,
  searchSchema,
} from '../contacts/api.js';
import { teamIdParam } from '../params.js';

export const HouseholdQueryMessage = {
  sortInvalid: 'Sort must be one of name, members, advisor, lastKycUpdatedAt, createdAt',
  orderInvalid: 'Order must be asc or desc',
  typeInvalid: 'Please select a valid contact type',
  reviewOverdueInvalid: 'reviewOverdue must be true or false',
  withPermissionsInvalid: 'withPermissions must be true or false',
  withInvitationsInvalid: 'withInvitations must be true or false',
} as const;

/**
 * `GET /households/{householdId}` (foundations §7: currency, withPermissions). The currency is the
 * one the household's financial records are shown in, once they join this view.
 */
export const householdQuerySchema = z.object({
  currency: z.enum(CURRENCY_CODES, { error: MONEY_VALUE_MESSAGES.currencyInvalid }).optional(),
  withPermissions: queryBoolean(HouseholdQueryMessage.withPermissionsInvalid),
});
export type HouseholdQuery = z.output<typeof householdQuerySchema>;

export const HouseholdSort = ['name', 'members', 'advisor', 'lastKycUpdatedAt', 'createdAt'] as const;
export type HouseholdSort = (typeof HouseholdSort)[number];

/** A household is due a review when neither its KYC was updated nor a meeting held in this many months. */
export const REVIEW_OVERDUE_MONTHS = 12;

/**
 * `GET /households`: search by name; filter by team, primary advisor, the type of its contacts, a
 * tag on one of its contacts, and overdue reviews (no KYC update and no meeting in 12 months); a
 * stable sort.
 */
export const householdListQuerySchema = paginationSchema.extend({
  search: searchSchema,
  teamId: teamIdParam.optional(),
  advisorId: advisorIdParam.optional(),
  /** Households with at least one contact of this type. */
  type: z.enum(ContactType, { error: HouseholdQueryMessage.typeInvalid }).optional(),
  tagId: idParam(EntityType.tag, 'tag').optional(),
  reviewOverdue: queryBoolean(HouseholdQueryMessage.reviewOverdueInvalid),
  sort: z.enum(HouseholdSort, { error: HouseholdQueryMessage.sortInvalid }).default('name'),
  order: z.enum(SortDirection, { error: HouseholdQueryMessage.orderInvalid }).default('asc'),
});
export type HouseholdListQuery = z.output<typeof householdListQuerySchema>;

/** The family view (crm §7: "a family view with relationships by family id, query withInvitations"). */
export const familyQuerySchema = z.object({
  withInvitations: queryBoolean(HouseholdQueryMessage.withInvitationsInvalid),
});

// ─── Responses ──────────────────────────────────────────────────────────────────────────────────

export const personSchema = z.object({
  id: z.string(),
  householdId: z.string().nullable(),
  name: contactNameViewSchema,
  dateOfBirth: z.string().nullable(),
  gender: z.enum(Gender).nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PersonResponse = z.output<typeof personSchema>;

export const corporationSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  name: z.string(),
  legalName: z.string().nullable(),
  businessNumber: z.string().nullable(),
  incorporationJurisdiction: z.enum(TaxProvince).nullable(),
  incorporationDate: z.string().nullable(),
});
export const trustSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  name: z.string(),
  trustType: z.string().nullable(),
  country: z.enum(CountryCode).nullable(),
  settlementDate: z.string().nullable(),
});
export const foundationSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  name: z.string(),
  registrationNumber: z.string().nullable(),
  country: z.enum(CountryCode).nullable(),
  establishedDate: z.string().nullable(),
});

/**
 * A member of a family and how they relate to it: the model holds one relationship per member,
 * their role in the family (foundations §3: HEAD or MEMBER).
 */
export const familyRelationshipSchema = z.object({
  personId: z.string(),
  name: z.string(),
  role: z.enum(FamilyMemberRole),
  dateOfBirth: z.string().nullable(),
  since: z.string(),
});

export const familyInvitationSchema = z.object({
  id: z.string(),
  personId: z.string().nullable(),
  type: z.enum(InvitationType),
  method: z.enum(InvitationDeliveryMethod),
  status: z.enum(InvitationStatus),
  email: z.string().nullable(),
  createdAt: z.string(),
});

export const familySchema = z.object({
  id: z.string(),
  householdId: z.string(),
  name: z.string(),
  /** The head first, then members by when they joined. */
  relationships: z.array(familyRelationshipSchema),
  addresses: z.array(addressViewSchema),
  invitations: z.array(familyInvitationSchema).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FamilyResponse = z.output<typeof familySchema>;
export const familyListSchema = z.array(familySchema);

/** What the caller is to this household (foundations §6: a household fetch accepts withPermissions). */
export const householdPermissionsSchema = z.object({
  role: z.enum(UserRole),
  /** The caller belongs to the team that serves the household. */
  isTeamMember: z.boolean(),
  /** What the caller's role allows on this household (docs/PERMISSIONS.md). */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    editFinancials: z.boolean(),
    deleteFinancials: z.boolean(),
    linkBank: z.boolean(),
  }),
});

export const householdSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  salutation: z.string().nullable(),
  primaryAdvisor: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  lastKycUpdatedAt: z.string().nullable(),
  members: z.array(personSchema),
  corporations: z.array(corporationSchema),
  trusts: z.array(trustSchema),
  foundations: z.array(foundationSchema),
  families: z.array(familySchema),
  contacts: z.array(contactListItemSchema),
  customFields: z.array(customFieldValueViewSchema),
  /** The household's financial records, in display order (`currency`: each also converted). */
  financialRecords: z.array(financialRecordResponseSchema),
  permissions: householdPermissionsSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HouseholdResponse = z.output<typeof householdSchema>;

export const householdListItemSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  salutation: z.string().nullable(),
  memberCount: z.number().int(),
  /** The members' names (first and last), by last name: with the advisor, tells two same-named households apart. */
  memberNames: z.array(z.string()),
  /** The most advanced type among the household's contacts (CLIENT before ONBOARDING, PROSPECT, LEAD, OTHER). */
  contactType: z.enum(ContactType).nullable(),
  primaryAdvisor: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  lastKycUpdatedAt: z.string().nullable(),
  /**
   * Total assets of the household's financial records in `assetsCurrency` (the financial view's
   * default), as a decimal string; null when a record's currency has no exchange rate yet.
   */
  totalAssets: z.string().nullable(),
  assetsCurrency: z.enum(CURRENCY_CODES),
  createdAt: z.string(),
});
export type HouseholdListItem = z.output<typeof householdListItemSchema>;

/** `GET /advisors`: the organization's professionals, for the advisor filters. */
export const advisorSchema = z.object({ id: z.string(), displayName: z.string() });
export const advisorListSchema = z.array(advisorSchema);
export const householdPageSchema = listPageSchema(householdListItemSchema);

export const personListSchema = z.array(personSchema);
export const corporationListSchema = z.array(corporationSchema);
export const trustListSchema = z.array(trustSchema);
export const foundationListSchema = z.array(foundationSchema);

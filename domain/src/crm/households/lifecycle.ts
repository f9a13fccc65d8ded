import { z } from 'zod';
import { listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { calendarDate, requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { emailSchema } from '../../shared/input/email.js';
import { phoneDigits } from '../../shared/input/phone.js';
import { nameParts } from '../../shared/input/person-name.js';
import { ContactMessage, genderSchema } from '../contacts/schemas.js';
import { contactListItemSchema } from '../contacts/api.js';
import { FamilyMemberRole } from './enums.js';
import { HOUSEHOLD_NAME_MAX_LENGTH, HouseholdMessage } from './schemas.js';
import { idParam } from '../../shared/input/id-param.js';
import { EntityType } from '../../shared/ids/canonical-id.js';

/**
 * Step 10's lifecycle of contacts, households and persons: members added to and removed from a
 * household, soft delete and restore, lead conversion, the possible-duplicate lookup. Our routes
 * (the spec names none of them), so the messages are ours.
 */
export const LifecycleMessage = {
  memberKindInvalid: 'Choose a new person, an existing person or an existing contact',
  roleInvalid: HouseholdMessage.roleInvalid,
  personRequired: HouseholdMessage.personRequired,
  contactRequired: 'Contact is required',
  alreadyMember: 'This person is already a member of the household',
  notMember: 'This person is not a member of the household',
  householdChoiceInvalid: 'Choose a new household or an existing one',
  householdRequired: HouseholdMessage.householdRequired,
  householdNameRequired: HouseholdMessage.nameRequired,
  householdNameTooLong: HouseholdMessage.nameTooLong,
  onlyLeads: 'Only a lead can be converted to a client',
  mergedNotRestorable: 'This record was merged into another one: undo the merge to bring it back',
  householdDeleted: 'Its household is deleted: restore the household, which brings back its members and contacts',
  notDeleted: 'This record is not deleted',
  duplicateQueryRequired: 'Give an e-mail or a phone number to look for',
  ownsRecords:
    'This person owns or shares financial records: change those records’ owners first, or delete the whole household',
  kindInvalid: 'Kind must be contact, household or person',
} as const;

const role = z.enum(FamilyMemberRole, { error: LifecycleMessage.roleInvalid }).default('MEMBER');

/**
 * `POST /households/{householdId}/members`: a new person, an existing person (who leaves any
 * other household), or an existing contact (the contact joins the household; its person, made
 * from the contact's name when it has none, becomes a member). Each with their family role.
 */
export const addHouseholdMemberSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('NEW_PERSON'),
      name: z.object(nameParts, { error: HouseholdMessage.personNameRequired }),
      dateOfBirth: calendarDate(HouseholdMessage.dateInvalid).nullish(),
      gender: genderSchema.nullish(),
      email: emailSchema(ContactMessage.emailInvalid).nullish(),
      role,
    }),
    z.object({ kind: z.literal('PERSON'), personId: requiredString(LifecycleMessage.personRequired), role }),
    z.object({ kind: z.literal('CONTACT'), contactId: requiredString(LifecycleMessage.contactRequired), role }),
  ],
  { error: LifecycleMessage.memberKindInvalid },
);
export type AddHouseholdMember = z.output<typeof addHouseholdMemberSchema>;

export const householdMemberParamsSchema = z.object({
  householdId: idParam(EntityType.household, 'household'),
  personId: idParam(EntityType.person, 'person'),
});

/** `POST /contacts/{contactId}/convert`: the household the new client joins, new or existing. */
export const convertLeadSchema = z.object({
  household: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('NEW'),
        name: requiredString(LifecycleMessage.householdNameRequired, {
          max: HOUSEHOLD_NAME_MAX_LENGTH,
          tooLong: LifecycleMessage.householdNameTooLong,
        }),
      }),
      z.object({ kind: z.literal('EXISTING'), householdId: requiredString(LifecycleMessage.householdRequired) }),
    ],
    { error: LifecycleMessage.householdChoiceInvalid },
  ),
  role,
});
export type ConvertLead = z.output<typeof convertLeadSchema>;

/**
 * `GET /contacts/possible-duplicates`: contacts with this e-mail (case aside) or this phone number
 * (digits only, as people type it; with or without its country code). One of the two is needed.
 */
export const possibleDuplicatesQuerySchema = z
  .object({
    email: freeText({ kind: 'email' })
      .trim()
      .optional()
      .transform((email) => (email ? email.toLowerCase() : undefined)),
    phone: freeText({ kind: 'identifier' })
      .optional()
      .transform((phone) => {
        const digits = phone ? phoneDigits(phone).replace(/\D/g, '') : '';
        return digits.length >= 4 ? digits : undefined;
      }),
  })
  .refine((query) => query.email !== undefined || query.phone !== undefined, {
    error: LifecycleMessage.duplicateQueryRequired,
  });
export type PossibleDuplicatesQuery = z.output<typeof possibleDuplicatesQuerySchema>;

/** A possible duplicate: the contact, and what it shares with the one being created. */
export const possibleDuplicateSchema = z.object({
  contact: contactListItemSchema,
  matchedOn: z.array(z.enum(['EMAIL', 'PHONE'])),
});
export const possibleDuplicateListSchema = z.array(possibleDuplicateSchema);
export type PossibleDuplicate = z.output<typeof possibleDuplicateSchema>;

export const DeletedKind = ['CONTACT', 'HOUSEHOLD', 'PERSON'] as const;
export type DeletedKind = (typeof DeletedKind)[number];

/** `GET /deleted-records` (admins): newest deletion first, of one kind when asked. */
export const deletedListQuerySchema = paginationSchema.extend({
  kind: z.enum(DeletedKind, { error: LifecycleMessage.kindInvalid }).optional(),
});
export type DeletedListQuery = z.output<typeof deletedListQuerySchema>;

export const deletedItemSchema = z.object({
  kind: z.enum(DeletedKind),
  id: z.string(),
  name: z.string(),
  deletedAt: z.string(),
  /** Set when the record was merged away: only its merge's undo brings it back. */
  mergedInto: z.object({ id: z.string(), name: z.string() }).nullable(),
  restorable: z.boolean(),
  /** Why it cannot be restored here, when it cannot. */
  reason: z.string().nullable(),
});
export const deletedPageSchema = listPageSchema(deletedItemSchema);
export type DeletedItem = z.output<typeof deletedItemSchema>;

/** What `DELETE /households/{householdId}` takes with it: what the confirm dialog lists. */
export const householdDeletionSchema = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string() })),
  contacts: z.array(z.object({ id: z.string(), name: z.string() })),
  financialRecords: z.number().int(),
  families: z.number().int(),
});
export type HouseholdDeletion = z.output<typeof householdDeletionSchema>;

/** The answer of a DELETE or a restore. */
export const lifecycleResultSchema = z.object({ id: z.string(), deletedAt: z.string().nullable() });
export type LifecycleResult = z.output<typeof lifecycleResultSchema>;

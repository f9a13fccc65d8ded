import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import {
  CONTACT_LINK_PREFIXES,
  ContactLinkType,
  CreatableContactType,
  DiscoveryMethod,
  EmploymentStatus,
  Gender,
  LeadSource,
  PhoneType,
} from './enums.js';
import { evenWhenFieldsFail, isBlank, isRecord, requiredString } from '../../shared/input/common.js';
import { freeText, optionalText, urlSchema } from '../../shared/input/text.js';
import { emailSchema } from '../../shared/input/email.js';
import { nameParts } from '../../shared/input/person-name.js';
import { phoneSchema } from '../../shared/input/phone.js';

/** Longest phone label (crm §9). */
export const PHONE_LABEL_MAX_LENGTH = 100;

/** Confidence bounds (crm §9). */
export const CONFIDENCE_RANGE = { min: 0, max: 100 } as const;

/**
 * Contact messages. 'Please enter a valid link' is the spec's (crm §5), as are the name messages
 * reused from the person name; the rest are ours, the spec giving the rules without wording.
 */
export const ContactMessage = {
  nameRequired: 'Name is required',
  typeInvalid: 'Type must be OTHER or LEAD',
  discoveryMethodRequired: 'Discovery method is required',
  discoveryMethodInvalid: 'Please select a valid discovery method',
  sourceRequired: 'Source is required',
  sourceInvalid: 'Please select a valid source',
  genderInvalid: 'Please select a valid gender',
  emailInvalid: 'Please enter a valid email address',
  phoneTypeInvalid: 'Please select a valid phone type',
  phoneLabelTooLong: `Label must be at most ${PHONE_LABEL_MAX_LENGTH} characters`,
  avatarUrlInvalid: 'Avatar must be a valid URL',
  teamRequired: 'Team is required',
  tagNameRequired: 'Tag name is required',
  tagTypeRequired: 'Tag type is required',
  invalidLink: 'Please enter a valid link',
  linkTypeInvalid: 'Please select a valid link type',
  confidenceRange: `Confidence must be between ${CONFIDENCE_RANGE.min} and ${CONFIDENCE_RANGE.max}`,
  employmentStatusInvalid: 'Please select a valid employment status',
} as const;

/** The defaults of the create-contact and create-lead forms (crm §2, §9). */
export const CONTACT_FORM_DEFAULTS = {
  type: 'LEAD',
  discoveryMethod: 'INBOUND',
  source: 'LINKED_IN',
  phoneCountryCode: '1',
  phoneType: 'MOBILE',
} as const satisfies {
  type: CreatableContactType;
  discoveryMethod: DiscoveryMethod;
  source: LeadSource;
  phoneCountryCode: string;
  phoneType: PhoneType;
};

/** The default type of the add-social-profile form (crm §9). */
export const DEFAULT_CONTACT_LINK_TYPE: ContactLinkType = 'Facebook';

/** A contact's name (crm §5): first and last required; middle, preferred and short may be null. */
export const contactNameSchema = z.object(nameParts, { error: ContactMessage.nameRequired });
export type ContactName = z.output<typeof contactNameSchema>;

function blankToNull(value: unknown): unknown {
  return isBlank(value) ? null : value;
}

/** A gender from the list, or null; an empty value becomes null (crm §5). */
export const genderSchema = z.preprocess(
  blankToNull,
  z.enum(Gender, { error: ContactMessage.genderInvalid }).nullable(),
);

/** True when a phone input carries no number at all. */
function isEmptyPhone(value: unknown): boolean {
  if (isBlank(value)) return true;
  if (!isRecord(value)) return false;
  return !isRecord(value.number) || isBlank(value.number.number);
}

/**
 * A contact's phone number, `{ number: { countryCode, number }, type, label, primary }` (crm §3).
 * An empty phone number becomes null in the creation forms (crm §5). The label has at most 100
 * characters.
 */
export const phoneNumberEntrySchema = z.object({
  number: phoneSchema,
  type: z.enum(PhoneType, { error: ContactMessage.phoneTypeInvalid }).default(CONTACT_FORM_DEFAULTS.phoneType),
  label: optionalText({ max: PHONE_LABEL_MAX_LENGTH, tooLong: ContactMessage.phoneLabelTooLong }),
  primary: z.boolean().default(true),
});

/** The same phone number, or null when empty (the create-contact and create-lead forms). */
export const contactPhoneNumberSchema = z.preprocess(
  (value) => (isEmptyPhone(value) ? null : value),
  phoneNumberEntrySchema.nullable(),
);
export type ContactPhoneNumber = z.output<typeof contactPhoneNumberSchema>;

/** An emoji is a few code points (flags and joined sequences take several). */
export const TAG_EMOJI_MAX_LENGTH = 16;

/** A tag: name, type, and an emoji or null (crm §3). */
export const tagSchema = z.object({
  name: requiredString(ContactMessage.tagNameRequired),
  type: requiredString(ContactMessage.tagTypeRequired),
  emoji: freeText({ max: TAG_EMOJI_MAX_LENGTH })
    .nullish()
    .transform((emoji) => emoji ?? null),
});
export type Tag = z.output<typeof tagSchema>;

const optionalEmail = z.preprocess(blankToNull, emailSchema(ContactMessage.emailInvalid).nullable());
const optionalDiscoveryMethod = z.preprocess(
  blankToNull,
  z.enum(DiscoveryMethod, { error: ContactMessage.discoveryMethodInvalid }).nullable(),
);
const optionalSource = z.preprocess(
  blankToNull,
  z.enum(LeadSource, { error: ContactMessage.sourceInvalid }).nullable(),
);

/** Discovery method and source are required for leads (crm §5). */
function requireLeadFields(contact: { discoveryMethod?: unknown; source?: unknown }, ctx: z.RefinementCtx): void {
  if (isBlank(contact.discoveryMethod)) {
    ctx.addIssue({ code: 'custom', message: ContactMessage.discoveryMethodRequired, path: ['discoveryMethod'] });
  }
  if (isBlank(contact.source)) {
    ctx.addIssue({ code: 'custom', message: ContactMessage.sourceRequired, path: ['source'] });
  }
}

const contactFields = {
  name: contactNameSchema,
  email: optionalEmail.optional().transform((email) => email ?? null),
  gender: genderSchema.optional().transform((gender) => gender ?? null),
  phoneNumber: contactPhoneNumberSchema.optional().transform((phone) => phone ?? null),
  source: optionalSource.optional().transform((source) => source ?? null),
  discoveryMethod: optionalDiscoveryMethod.optional().transform((method) => method ?? null),
  teamId: requiredString(ContactMessage.teamRequired),
};

/**
 * The body of `POST /contacts` (crm §5, §7). The type is OTHER or LEAD; a LEAD needs a discovery
 * method and a source. Empty gender and phone number become null; avatarUrl must be a URL.
 */
export const createContactSchema = z
  .object({
    ...contactFields,
    type: z.enum(CreatableContactType, { error: ContactMessage.typeInvalid }),
    linkedinUrlBranch: freeText({ kind: 'url' }).nullish(),
    tags: listOf(tagSchema).default([]),
    avatarUrl: urlSchema(ContactMessage.avatarUrlInvalid).optional(),
  })
  .superRefine((contact, ctx) => {
    if (contact.type === 'LEAD') requireLeadFields(contact, ctx);
  }, evenWhenFieldsFail);
export type CreateContactInput = z.input<typeof createContactSchema>;
export type CreateContact = z.output<typeof createContactSchema>;

/** The body of `POST /leads`: a lead always needs a discovery method and a source. */
export const createLeadSchema = z.object(contactFields).superRefine(requireLeadFields, evenWhenFieldsFail);
export type CreateLeadInput = z.input<typeof createLeadSchema>;
export type CreateLead = z.output<typeof createLeadSchema>;

/** `PATCH /contacts/{id}/name`, `/gender`, `/avatar`, `/set-employment-status`. */
export const setContactNameSchema = z.object({ name: contactNameSchema });
export const setGenderSchema = z.object({ gender: genderSchema.optional().transform((gender) => gender ?? null) });
export const setAvatarSchema = z.object({ avatarUrl: urlSchema(ContactMessage.avatarUrlInvalid) });
export const setEmploymentStatusSchema = z.object({
  employmentStatus: z.enum(EmploymentStatus, { error: ContactMessage.employmentStatusInvalid }),
});

/** The plain prefix of website, blog, link and meeting links. */
const PLAIN_PREFIX = 'https://';

/** The branch without a pasted copy of its prefix (or, for plain links, of any http(s) scheme). */
export function normalizeLinkBranch(type: ContactLinkType, branch: string): string {
  const trimmed = branch.trim();
  const prefix = CONTACT_LINK_PREFIXES[type];
  if (prefix === PLAIN_PREFIX) return trimmed.replace(/^https?:\/\//i, '');
  return trimmed.toLowerCase().startsWith(prefix.toLowerCase()) ? trimmed.slice(prefix.length) : trimmed;
}

/** The full address of a social link: its type's prefix followed by the branch. */
export function socialLinkUrl(link: { type: ContactLinkType; branch: string }): string {
  return CONTACT_LINK_PREFIXES[link.type] + link.branch;
}

/**
 * True when the branch makes a valid address: no spaces, not empty, and prefix + branch parses as
 * a URL; a plain link's host must have a dot (`example.com`, not `example`).
 */
export function isValidLinkBranch(type: ContactLinkType, branch: string): boolean {
  if (branch === '' || /\s/.test(branch)) return false;
  let url: URL;
  try {
    url = new URL(CONTACT_LINK_PREFIXES[type] + branch);
  } catch {
    return false;
  }
  return CONTACT_LINK_PREFIXES[type] !== PLAIN_PREFIX || /^[^.]+(\.[^.]+)+$/.test(url.hostname);
}

/**
 * A social link `{ type, branch }` (crm §5): the type from the list, the branch the part after the
 * type's prefix ('Please enter a valid link' otherwise). A pasted full address is cut to its branch.
 */
export const socialLinkSchema = z
  .object({
    type: z.enum(ContactLinkType, { error: ContactMessage.linkTypeInvalid }),
    branch: freeText({ kind: 'url', message: ContactMessage.invalidLink }),
  })
  .transform((link) => ({ type: link.type, branch: normalizeLinkBranch(link.type, link.branch) }))
  .refine((link) => isValidLinkBranch(link.type, link.branch), {
    error: ContactMessage.invalidLink,
    path: ['branch'],
  });
export type SocialLink = z.output<typeof socialLinkSchema>;

/** The body of `PATCH /contacts/{contactId}/social-links/add`. */
export const addSocialLinkSchema = z.object({ link: socialLinkSchema });

/** A confidence, a number from 0 to 100 (crm §5). */
export const confidenceSchema = z
  .number({ error: ContactMessage.confidenceRange })
  .min(CONFIDENCE_RANGE.min, ContactMessage.confidenceRange)
  .max(CONFIDENCE_RANGE.max, ContactMessage.confidenceRange);

/** The body of `PATCH /opportunitys/{opportunityId}/set-confidence`. */
export const setConfidenceSchema = z.object({ confidence: confidenceSchema });

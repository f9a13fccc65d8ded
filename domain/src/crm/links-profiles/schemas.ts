import { z } from 'zod';
import { ContactLinkType } from '../contacts/enums.js';
import { ContactMessage } from '../contacts/schemas.js';
import { emailSchema } from '../../shared/input/email.js';
import { nameParts } from '../../shared/input/person-name.js';
import { phoneSchema } from '../../shared/input/phone.js';
import { isBlank } from '../../shared/input/common.js';
import { optionalText, requiredString, TEXT_LIMITS, urlSchema } from '../../shared/input/text.js';

/**
 * A professional's links profile (foundations §2 "links profile", "profile link"): a public page
 * at /p/<slug> with their photo, name, title, bio, designations and links, and a contact form
 * whose messages become leads of source LINKS_PROFILE (crm §4).
 */

/** A slug: 3 to 40 lower-case letters, digits and single inner hyphens (the database CHECKs the same). */
export const LINKS_PROFILE_SLUG_LENGTH = { min: 3, max: 40 } as const;
export const LINKS_PROFILE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Links a page may show. */
export const LINKS_PROFILE_MAX_LINKS = 20;
export const PROFILE_LINK_LABEL_MAX = 100;
/** The longest message of the contact form. */
export const LINKS_CONTACT_MESSAGE_MAX = 2_000;

/** The public address of a links profile's page, on the dashboard's host. */
export function linksProfilePath(slug: string): string {
  return `/p/${slug}`;
}

/** Messages; 'Please enter a valid link' is the spec's (crm §5), the rest are ours. */
export const LinksProfileMessage = {
  slugRequired: 'Choose the address of your page',
  slugLength: `The address must be ${LINKS_PROFILE_SLUG_LENGTH.min} to ${LINKS_PROFILE_SLUG_LENGTH.max} characters`,
  slugCharacters:
    'The address may hold only lower-case letters, digits and single hyphens, and cannot start or end with a hyphen',
  slugTaken: 'This address is already taken; choose another',
  linkInvalid: ContactMessage.invalidLink,
  linkTypeInvalid: ContactMessage.linkTypeInvalid,
  labelTooLong: `Label must be at most ${PROFILE_LINK_LABEL_MAX} characters`,
  tooManyLinks: `A page can show at most ${LINKS_PROFILE_MAX_LINKS} links`,
  noProfile: 'This professional has no links profile yet: choose its address and save it first',
  pageNotFound: 'No such page',
  messageTooLong: `Message must be at most ${LINKS_CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  emailRequired: 'Please enter your e-mail address',
  emailInvalid: ContactMessage.emailInvalid,
  formTokenRequired: 'This form is not valid; reload the page and send it again',
  // The refusals of a submission: each creates nothing.
  spam: 'This message could not be sent',
  tooFast: 'The form was sent too quickly; wait a few seconds and send it again',
  formExpired: 'This form has expired; reload the page and send it again',
  noTeam: 'This page cannot take messages right now; contact the professional another way',
  tooManyFromClient: (seconds: number) =>
    `Too many messages were sent from this address; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
  tooManyForProfile: (seconds: number) =>
    `This page has received too many messages; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
} as const;

/** The slug as typed: trimmed and lower-cased, then checked. */
export const linksProfileSlugSchema = z
  .string({ error: LinksProfileMessage.slugRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: LinksProfileMessage.slugRequired, abort: true })
  .min(LINKS_PROFILE_SLUG_LENGTH.min, { error: LinksProfileMessage.slugLength, abort: true })
  .max(LINKS_PROFILE_SLUG_LENGTH.max, { error: LinksProfileMessage.slugLength, abort: true })
  .regex(LINKS_PROFILE_SLUG_PATTERN, LinksProfileMessage.slugCharacters);

/** `/links-profiles/{slug}`: any text up to the URL limit is looked up (an impossible slug is simply not found). */
export const linksProfileSlugParamsSchema = z.object({
  slug: z.string().trim().toLowerCase().min(1).max(TEXT_LIMITS.identifier),
});

/**
 * A web address (the shared primitive: http or https only) with a dotted host; `example.com/x` is
 * read as `https://example.com/x`.
 */
export const profileLinkUrlSchema = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() && !/^[a-z][a-z0-9+.-]*:/i.test(value.trim())
      ? `https://${value.trim()}`
      : value,
  urlSchema(LinksProfileMessage.linkInvalid, {
    hostname: /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/,
  }),
);

export const profileLinkInputSchema = z.object({
  type: z.enum(ContactLinkType, { error: LinksProfileMessage.linkTypeInvalid }),
  url: profileLinkUrlSchema,
  label: optionalText({ max: PROFILE_LINK_LABEL_MAX, tooLong: LinksProfileMessage.labelTooLong }),
});
export type ProfileLinkInput = z.output<typeof profileLinkInputSchema>;

/**
 * The body of `PUT /professionals/{professionalId}/links-profile`: the page's address and its
 * links in display order (the list replaces the previous one: add, remove and reorder in one save).
 */
export const saveLinksProfileSchema = z.object({
  slug: linksProfileSlugSchema,
  links: z
    .array(profileLinkInputSchema, { error: LinksProfileMessage.linkInvalid })
    .max(LINKS_PROFILE_MAX_LINKS, LinksProfileMessage.tooManyLinks)
    .default([]),
});
export type SaveLinksProfile = z.output<typeof saveLinksProfileSchema>;
export type SaveLinksProfileInput = z.input<typeof saveLinksProfileSchema>;

const optionalPhone = z.preprocess(
  (value) =>
    isBlank(value) || (typeof value === 'object' && value !== null && isBlank((value as { number?: unknown }).number))
      ? null
      : value,
  phoneSchema.nullable(),
);

/**
 * The body of `POST /links-profiles/{slug}/contact`: the visitor's name and e-mail, an optional
 * phone and message; `website` is the honeypot (hidden on the page: a person leaves it empty) and
 * `formToken` the signed time the page was loaded.
 */
export const linksProfileContactSchema = z.object({
  name: z.object({ first: nameParts.first, last: nameParts.last }, { error: ContactMessage.nameRequired }),
  email: z
    .preprocess(
      (value) => (isBlank(value) ? undefined : value),
      emailSchema(LinksProfileMessage.emailInvalid).optional(),
    )
    .refine((email) => email !== undefined, LinksProfileMessage.emailRequired),
  phone: optionalPhone.optional().transform((phone) => phone ?? null),
  message: optionalText({
    kind: 'paragraph',
    max: LINKS_CONTACT_MESSAGE_MAX,
    tooLong: LinksProfileMessage.messageTooLong,
  }),
  website: z.string().max(TEXT_LIMITS.url).optional(),
  formToken: requiredString(LinksProfileMessage.formTokenRequired).max(200, LinksProfileMessage.formTokenRequired),
});
export type LinksProfileContact = z.output<typeof linksProfileContactSchema>;
export type LinksProfileContactInput = z.input<typeof linksProfileContactSchema>;

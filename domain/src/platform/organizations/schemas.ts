import { z } from 'zod';
import { listOf } from '../../shared/input/lists.js';
import { OrganizationType, ProfessionalDesignation, Regulator } from './enums.js';
import { requiredString } from '../../shared/input/common.js';
import { freeText, textRule } from '../../shared/input/text.js';
import { phoneSchema } from '../../shared/input/phone.js';

/** Limits of organizations, teams and professionals (crm §9). */
export const NRD_LENGTH = { min: 3, max: 5 } as const;
export const TEAM_NAME_LENGTH = { min: 3, max: 255 } as const;
export const PROFESSIONAL_BIO_MAX_WORDS = 500;
/** A professional's first and last name are stored in 50 characters each. */
export const PERSON_NAME_MAX = 50;

/**
 * Organization, team and professional messages. Those of crm §5 are the spec's wording; `ours`
 * marks the rest (the spec gives the team name limits without wording).
 */
export const OrganizationMessage = {
  legalNameRequired: 'Legal Name is a required field',
  nrdTooShort: 'NRD must be at least 3 digits',
  nrdTooLong: 'NRD must be at most 5 digits',
  nrdDigits: 'NRD must be only digits',
  bioTooLong: 'Bio should be no more than 500 words in length',
  designationInvalid: 'You have an invalid designation',
  firstNameLetters: 'First name can only contain letters',
  lastNameLetters: 'Last name can only contain letters',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  // ours
  teamNameRequired: 'Team name is required',
  teamNameTooShort: `Team name must be at least ${TEAM_NAME_LENGTH.min} characters`,
  teamNameTooLong: `Team name must be at most ${TEAM_NAME_LENGTH.max} characters`,
  regulatorInvalid: 'Please select a valid regulator',
  organizationTypeInvalid: 'Please select a valid organization type',
  tradeNameRequired: 'Trade names must not be empty',
  firstNameTooLong: `First name must be at most ${PERSON_NAME_MAX} characters`,
  lastNameTooLong: `Last name must be at most ${PERSON_NAME_MAX} characters`,
  memberHasWork: 'This member still has tasks or meetings in the team: reassign them first, then remove the member',
  lastTeamAdmin: 'The team’s last administrator cannot be removed: add another administrator to the team first',
} as const;

export const legalNameSchema = requiredString(OrganizationMessage.legalNameRequired);

/**
 * The NRD (National Registration Database) number: 3 to 5 digits. A number is taken as its
 * digits; surrounding spaces are ignored.
 */
export const nrdSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : value),
  z
    .string({ error: OrganizationMessage.nrdDigits })
    .trim()
    .regex(/^\d*$/, OrganizationMessage.nrdDigits)
    .min(NRD_LENGTH.min, OrganizationMessage.nrdTooShort)
    .max(NRD_LENGTH.max, OrganizationMessage.nrdTooLong),
);

export const organizationTypeSchema = z.enum(OrganizationType, { error: OrganizationMessage.organizationTypeInvalid });
export const regulatorSchema = z.enum(Regulator, { error: OrganizationMessage.regulatorInvalid });
export const tradeNamesSchema = listOf(requiredString(OrganizationMessage.tradeNameRequired));

/** An organization's settings (crm §3). */
export const organizationSchema = z.object({
  legalName: legalNameSchema,
  nrd: nrdSchema.optional(),
  primaryRegulator: regulatorSchema.optional(),
  type: organizationTypeSchema.optional(),
  tradeNames: tradeNamesSchema.default([]),
});
export type Organization = z.output<typeof organizationSchema>;

/** The bodies of the organization `set-*` calls (crm §7). */
export const setLegalNameSchema = z.object({ legalName: legalNameSchema });
export const setNrdSchema = z.object({ nrd: nrdSchema });
export const setPrimaryRegulatorSchema = z.object({ primaryRegulator: regulatorSchema });
export const setOrganizationTypeSchema = z.object({ organizationType: organizationTypeSchema });
export const setTradeNamesSchema = z.object({ tradeNames: tradeNamesSchema });

/** A team's name: 3 to 255 characters after trimming. */
export const teamNameSchema = z
  .string({ error: OrganizationMessage.teamNameRequired })
  .trim()
  .min(1, { error: OrganizationMessage.teamNameRequired, abort: true })
  .min(TEAM_NAME_LENGTH.min, OrganizationMessage.teamNameTooShort)
  .max(TEAM_NAME_LENGTH.max, OrganizationMessage.teamNameTooLong)
  .superRefine(textRule('line'));

/** The body of `PATCH /teams/{teamId}/name`. */
export const setTeamNameSchema = z.object({ name: teamNameSchema });
/** The body of `POST /teams`. */
export const createTeamSchema = z.object({ name: teamNameSchema });

/** The number of words of a text: runs of characters between whitespace. */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * A personal name of letters only (crm §5), in any alphabet. We also allow a single space, hyphen
 * or apostrophe between letters, so that "Mary-Jane", "O'Brien" and "De Luca" are names; digits,
 * symbols and leading or doubled separators are refused.
 */
export const LETTERS_ONLY_NAME = /^\p{L}[\p{L}\p{M}]*(?:[ '’-]\p{L}[\p{L}\p{M}]*)*$/u;

function lettersOnlyName(required: string, letters: string, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(PERSON_NAME_MAX, tooLong)
    .regex(LETTERS_ONLY_NAME, letters);
}

/**
 * The body of `PATCH /professionals/{id}/update-profile` (crm §3, §5): first and last name
 * required, letters only; bio at most 500 words; designations from the list.
 */
export const professionalProfileSchema = z.object({
  firstName: lettersOnlyName(
    OrganizationMessage.firstNameRequired,
    OrganizationMessage.firstNameLetters,
    OrganizationMessage.firstNameTooLong,
  ),
  lastName: lettersOnlyName(
    OrganizationMessage.lastNameRequired,
    OrganizationMessage.lastNameLetters,
    OrganizationMessage.lastNameTooLong,
  ),
  displayName: freeText().optional(),
  phone: phoneSchema.optional(),
  designations: z
    .array(z.enum(ProfessionalDesignation, { error: OrganizationMessage.designationInvalid }), {
      error: OrganizationMessage.designationInvalid,
    })
    .default([]),
  jobTitle: freeText().optional(),
  bio: freeText({ kind: 'paragraph' })
    .refine((bio) => wordCount(bio) <= PROFESSIONAL_BIO_MAX_WORDS, OrganizationMessage.bioTooLong)
    .optional(),
});
export type ProfessionalProfile = z.output<typeof professionalProfileSchema>;

/** The image types a professional's avatar may be uploaded as (the logo's: no SVG, it can carry scripts). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The side of the square thumbnail an avatar is stored as, in pixels. */
export const AVATAR_SIZE = 256;
/** The largest avatar upload, in bytes (the files module may allow more for other files). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Avatar messages; ours, as the spec names the calls without wording. */
export const AvatarMessage = {
  filePathRequired: 'File path is required: upload the photo through POST /upload/request first',
  typeNotAllowed: 'A photo must be a PNG, JPEG, WebP or GIF image',
  tooLarge: `The photo is larger than the ${AVATAR_MAX_BYTES / 1024 / 1024} MB limit`,
  unreadable: 'The file is not an image that can be read (it may be damaged)',
  tooManyPixels: (maxPixels: number) => `The photo is too large: at most ${maxPixels.toLocaleString('en')} pixels`,
  notYours: 'You can change only your own profile; an administrator can change any profile of the organization',
} as const;

/** The body of `PATCH /professionals/{professionalId}/set-avatar`: a file uploaded through `POST /upload/request`. */
export const setProfessionalAvatarSchema = z.object({
  filePath: requiredString(AvatarMessage.filePathRequired).max(400),
});
export type SetProfessionalAvatar = z.output<typeof setProfessionalAvatarSchema>;

/** The body of `PATCH /professional/{professionalId}/set-job-title`. */
export const setJobTitleSchema = z.object({ jobTitle: freeText() });

import { z } from 'zod';
import {
  InvitationAcceptanceKind,
  InvitationDeliveryMethod,
  InvitationDeliveryStatus,
  InvitationInvalidationReason,
  InvitationStatus,
  InvitationType,
} from './enums.js';
import { UserRole } from '../users/enums.js';
import { PASSWORD_MIN_LENGTH } from '../identity/schemas.js';
import { isBlank, requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { emailSchema, isValidEmail } from '../../shared/input/email.js';
import { PortalAccess } from '../../crm/contacts/enums.js';
import { phoneSchema } from '../../shared/input/phone.js';

/**
 * Invitation messages. 'Your input contains invalid email' is the spec's (foundations §5); the
 * others are ours ('Name is required' as the first-admin form has it).
 */
export const InvitationMessage = {
  invalidEmailList: 'Your input contains invalid email',
  teamRequired: 'Team is required',
  invalidMethod: 'Method must be one of EMAIL, LINK, SMS',
  nameRequired: 'Name is required',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  /** One answer for a code that was accepted, cancelled, superseded or has expired. */
  noLongerValid: 'This invitation can no longer be used: it was already accepted, cancelled or has expired',
  unknownCode: 'No invitation has this code; check the link you were sent',
  organizationNameRequired: 'Organization name is required',
  contactEmailRequired: 'This contact has no e-mail address: enter the address to send the invitation to',
  portalNotGranted: 'This contact has no portal access or pending invitation to revoke',
  /** Ours: the spec's call names no number, so an SMS invitation adds one (docs/DECISIONS.md). */
  phoneRequired: 'A mobile phone number is required to invite by SMS',
  smsOnePerson: 'An SMS invitation goes to one person: enter one e-mail address',
  /** An acceptance naming another address than the invitation's (docs/DECISIONS.md). */
  forAnotherAddress: (invited: string) =>
    `This invitation is for ${invited}: it can only be accepted with that e-mail address`,
  /** An invitation that creates an account but names no address (none is made by the API). */
  noInvitedAddress: 'This invitation names no e-mail address to create the account for; ask for a new invitation',
} as const;

/**
 * Splits a comma-separated e-mail list, ignoring whitespace around and inside the entries and
 * empty entries (a trailing comma): `' a@x.com , b@y.org,'` -> `['a@x.com', 'b@y.org']`.
 */
export function splitEmailList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.replace(/\s+/g, ''))
    .filter((entry) => entry !== '');
}

/**
 * A comma-separated list of e-mail addresses, parsed to an array. Every entry must be a valid
 * address and there must be at least one; anything else is 'Your input contains invalid email'.
 */
export const emailListSchema = freeText({ kind: 'paragraph', message: InvitationMessage.invalidEmailList })
  .transform(splitEmailList)
  .refine((emails) => emails.length > 0 && emails.every(isValidEmail), InvitationMessage.invalidEmailList);

/**
 * The body of `POST /invite-team-member`: e-mail list, team and delivery method (foundations §7),
 * plus our optional role and, for SMS, the one invitee's mobile `phone` (country code and number,
 * the spec's phone rules). The e-mail stays required with SMS: it names the account being made.
 */
export const inviteTeamMemberSchema = z
  .object({
    email: emailListSchema,
    team: requiredString(InvitationMessage.teamRequired),
    method: z.enum(InvitationDeliveryMethod, { error: InvitationMessage.invalidMethod }),
    /** The role the new user gets; an advisor unless told. */
    role: z.enum(UserRole, { error: 'Role must be one of ' + UserRole.join(', ') }).optional(),
    /** Where the SMS goes; required when method is SMS, ignored otherwise. */
    phone: phoneSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.method !== 'SMS') return;
    if (!input.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: InvitationMessage.phoneRequired });
    if (input.email.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: InvitationMessage.smsOnePerson });
    }
  });
export type InviteTeamMemberInput = z.output<typeof inviteTeamMemberSchema>;

/** An optional e-mail that must be valid when given; blank counts as not given. */
const optionalEmail = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  emailSchema(InvitationMessage.invalidEmail).optional(),
);

/** `POST /invitations/advisor/{code}/accept` and the team-member twin: name required. */
export const acceptNamedInvitationSchema = z.object({
  name: requiredString(InvitationMessage.nameRequired),
  email: optionalEmail,
});
/** A team member also chooses the password of the account the acceptance creates. */
export const acceptTeamMemberInvitationSchema = acceptNamedInvitationSchema.extend({
  password: z
    .string({ error: InvitationMessage.passwordRequired })
    .min(PASSWORD_MIN_LENGTH, InvitationMessage.passwordTooShort)
    .max(200),
});
export type AcceptTeamMemberInvitationInput = z.output<typeof acceptTeamMemberInvitationSchema>;
/** An advisor's acceptance creates an account too: the same name, e-mail and password. */
export const acceptAdvisorInvitationSchema = acceptTeamMemberInvitationSchema;
/** The new firm's first admin: their name, e-mail and password (the firm's name is the invitation's). */
export const acceptCreateOrgInvitationSchema = acceptTeamMemberInvitationSchema;
export type AcceptNamedInvitationInput = z.output<typeof acceptNamedInvitationSchema>;

/** `POST /invitations/client/{code}/accept`: the e-mail is optional. */
export const acceptClientInvitationSchema = z.object({ email: optionalEmail });
export type AcceptClientInvitationInput = z.output<typeof acceptClientInvitationSchema>;

/** A code is 32 random bytes in base64url (43 characters); anything longer is refused unread. */
const invitationCode = z.string().min(1).max(100);

export const invitationCodeParamsSchema = z.object({ code: invitationCode });
/**
 * `GET /invitations/validate-code/{code}/{type}`: the spec's invitation types (`TEAM_MEMBER`,
 * `CLIENT`, `CREATE_ORG`), as every other call spells them; TEAM_MEMBER covers the advisor's too.
 */
export const validateInvitationCodeParamsSchema = z.object({
  code: invitationCode,
  type: z.enum(InvitationType, { error: 'Type must be one of ' + InvitationType.join(', ') }),
});
export const invitationIdParamsSchema = z.object({ invitationId: z.string().min(1).max(100) });
export const invitationTeamParamsSchema = z.object({ teamId: z.string().min(1).max(100) });

/** An invitation as its team's admins see it: never the code. */
export const invitationResponseSchema = z.object({
  id: z.string(),
  teamId: z.string().nullable(),
  email: z.string().nullable(),
  method: z.enum(InvitationDeliveryMethod),
  status: z.enum(InvitationStatus),
  invalidationReason: z.enum(InvitationInvalidationReason).nullable(),
  role: z.enum(UserRole).nullable(),
  /** The number an SMS invitation goes to (+ country code and number); null otherwise. */
  phone: z.string().nullable(),
  /** How far its e-mail or SMS has got; null for a LINK invitation (nothing to deliver). */
  deliveryStatus: z.enum(InvitationDeliveryStatus).nullable(),
  /** Why the last try failed, in words (kept while retrying, and once it has failed for good). */
  deliveryError: z.string().nullable(),
  /** Tries made so far (the first included). */
  deliveryAttempts: z.number().int(),
  /** When the e-mail server or SMS provider took the message. */
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** The accept link, only in the answer that created the invitation (the code is stored hashed). */
  link: z.string().optional(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;
export const invitationListResponseSchema = z.object({ invitations: z.array(invitationResponseSchema) });
export type InvitationListResponse = z.infer<typeof invitationListResponseSchema>;

/** What the public accept page shows before the invitee chooses a password. */
export const invitationCodeValidityResponseSchema = z.object({
  valid: z.literal(true),
  type: z.enum(InvitationType),
  /** Which acceptance takes it (`/invitations/{kind}/{code}/accept`): an advisor's or a team member's, say. */
  kind: z.enum(InvitationAcceptanceKind),
  organizationName: z.string(),
  teamName: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type InvitationCodeValidityResponse = z.infer<typeof invitationCodeValidityResponseSchema>;

/** The delivery methods of the invitations sent to one address: e-mail, or a link to copy. */
const singleAddressMethod = z.enum(['EMAIL', 'LINK'], { error: 'Method must be one of EMAIL, LINK' });

/**
 * `POST /invite-advisor`: an admin invites a professional to a team as an ADVISOR; the acceptance
 * also creates their professional profile (docs/DECISIONS.md).
 */
export const inviteAdvisorSchema = z.object({
  email: emailSchema(InvitationMessage.invalidEmail),
  team: requiredString(InvitationMessage.teamRequired),
  method: singleAddressMethod,
});
export type InviteAdvisorInput = z.output<typeof inviteAdvisorSchema>;

/**
 * `POST /contacts/{contactId}/portal-invitation`: a CLIENT invitation to the client portal. The
 * e-mail defaults to the contact's primary e-mail.
 */
export const inviteClientSchema = z.object({ email: optionalEmail, method: singleAddressMethod });
export type InviteClientInput = z.output<typeof inviteClientSchema>;

/** `POST /platform/organization-invitations`: the platform operator invites a new firm. */
export const inviteOrganizationSchema = z.object({
  email: emailSchema(InvitationMessage.invalidEmail),
  organizationName: requiredString(InvitationMessage.organizationNameRequired),
  method: singleAddressMethod,
});
export type InviteOrganizationInput = z.output<typeof inviteOrganizationSchema>;

/** A CREATE_ORG invitation as the operator sees it: the firm it creates, never the code. */
export const organizationInvitationResponseSchema = invitationResponseSchema
  .omit({ teamId: true, role: true })
  .extend({ organizationName: z.string() });
export type OrganizationInvitationResponse = z.infer<typeof organizationInvitationResponseSchema>;
export const organizationInvitationListResponseSchema = z.object({
  invitations: z.array(organizationInvitationResponseSchema),
});
export type OrganizationInvitationListResponse = z.infer<typeof organizationInvitationListResponseSchema>;

/** A contact's client-portal access and its latest CLIENT invitation (with the link only when just made). */
export const portalAccessResponseSchema = z.object({
  contactId: z.string(),
  portalAccess: z.enum(PortalAccess),
  invitation: invitationResponseSchema.omit({ role: true }).nullable(),
});
export type PortalAccessResponse = z.infer<typeof portalAccessResponseSchema>;

/** What the client sees once their acceptance is recorded. */
export const clientInvitationAcceptedResponseSchema = z.object({
  portalAccess: z.literal('ACTIVE'),
  organizationName: z.string(),
  firstName: z.string(),
});
export type ClientInvitationAcceptedResponse = z.infer<typeof clientInvitationAcceptedResponseSchema>;

import { z } from 'zod';
import { InvitationDeliveryMethod } from './enums.js';
import { isBlank, requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { emailSchema, isValidEmail } from '../../shared/input/email.js';

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

/** The body of `POST /invite-team-member`: e-mail list, team and delivery method. */
export const inviteTeamMemberSchema = z.object({
  email: emailListSchema,
  team: requiredString(InvitationMessage.teamRequired),
  method: z.enum(InvitationDeliveryMethod, { error: InvitationMessage.invalidMethod }),
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
export const acceptAdvisorInvitationSchema = acceptNamedInvitationSchema;
export const acceptTeamMemberInvitationSchema = acceptNamedInvitationSchema;
export type AcceptNamedInvitationInput = z.output<typeof acceptNamedInvitationSchema>;

/** `POST /invitations/client/{code}/accept`: the e-mail is optional. */
export const acceptClientInvitationSchema = z.object({ email: optionalEmail });
export type AcceptClientInvitationInput = z.output<typeof acceptClientInvitationSchema>;

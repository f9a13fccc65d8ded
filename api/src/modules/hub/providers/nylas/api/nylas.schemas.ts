/**
 * The HTTP contract of the Nylas routes (crm §7 Connections and Meetings): the hosted-auth URL, the
 * code's exchange into a connection, the calendars of a team's connections, and the webhook's
 * answer. Never a grant id, a code or a key in an answer.
 */
import { z } from 'zod';
import { NylasProvider } from '@meridian/connectors';
import { ConnectionStatus, EntityType, emailSchema, idParam, requiredString } from '@meridian/domain';

export const nylasProviderParamsSchema = z.object({
  provider: z.enum(NylasProvider, {
    error: 'Invalid calendar provider: one of google, microsoft, icloud, imap, virtual-calendar',
  }),
});

export const nylasAuthQuerySchema = z.object({ email: emailSchema() });

export const nylasAuthUrlSchema = z.object({
  /** Nylas's hosted authentication, with a `state` bound to the caller for 15 minutes. */
  url: z.string(),
});

export const connectNylasSchema = z.object({
  /** The one-time code Nylas put on the redirect. */
  code: requiredString('Code is required', { kind: 'url' }),
  /** The team member whose calendar it is. */
  owner: idParam(EntityType.teamMember, 'owner'),
  /** The user connecting it: the caller. */
  creator: idParam(EntityType.user, 'creator'),
  /** The `state` Nylas put on the redirect beside the code (from `GET /nylas/{provider}`). */
  state: requiredString('State is required', { kind: 'url' }),
});

const calendarProviderSchema = z.enum(NylasProvider).nullable();

export const nylasConnectionSchema = z.object({
  id: z.string(),
  service: z.literal('NYLAS'),
  status: z.enum(ConnectionStatus),
  /** The connected account's e-mail address. */
  email: z.string().nullable(),
  provider: calendarProviderSchema,
  ownerTeamId: z.string().nullable(),
  ownerProfessionalId: z.string().nullable(),
  /** Since when the login needs the user again (a grant expired); null while it works. */
  needsReauthSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NylasConnectionView = z.output<typeof nylasConnectionSchema>;

export const connectedNylasSchema = z.object({
  connection: nylasConnectionSchema,
  /** False when the same account was connected before: its connection was updated. */
  created: z.boolean(),
});

export const teamParamsSchema = z.object({ teamId: idParam(EntityType.team, 'team') });

export const nylasCalendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string().nullable(),
  isPrimary: z.boolean(),
  readOnly: z.boolean(),
});

export const teamNylasCalendarsSchema = z.object({
  connections: z.array(
    z.object({
      connectionId: z.string(),
      email: z.string().nullable(),
      provider: calendarProviderSchema,
      ownerProfessionalId: z.string().nullable(),
      /** Why its calendars are not listed (the login expired), or null. */
      problem: z.string().nullable(),
      calendars: z.array(nylasCalendarSchema),
    }),
  ),
});
export type TeamNylasCalendars = z.output<typeof teamNylasCalendarsSchema>;

export const nylasWebhookOutcomeSchema = z.object({
  outcome: z.enum(['STORED', 'QUEUED', 'DUPLICATE', 'MARKED_FOR_REAUTH', 'IGNORED']),
});
export type NylasWebhookOutcome = z.output<typeof nylasWebhookOutcomeSchema>['outcome'];

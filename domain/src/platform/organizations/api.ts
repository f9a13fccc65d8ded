import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { ProfessionalRole } from '../users/enums.js';
import { OrganizationType, ProfessionalDesignation, Regulator } from './enums.js';

/** `GET /organizations/current/overview`: the signed-in user's organization and its headline counts. */
export const organizationOverviewSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string(), isDemo: z.boolean() }),
  counts: z.array(z.object({ key: z.string(), label: z.string(), value: z.number().int() })),
});
export type OrganizationOverview = z.infer<typeof organizationOverviewSchema>;

export const organizationIdParamsSchema = z.object({
  organizationId: idParam(EntityType.organization, 'organization'),
});
export const teamMemberParamsSchema = z.object({
  teamId: idParam(EntityType.team, 'team'),
  teamMemberId: idParam(EntityType.teamMember, 'team member'),
});
export const professionalIdParamsSchema = z.object({
  professionalId: idParam(EntityType.professional, 'professional'),
});

/** An organization's settings as the settings page shows and edits them (crm §3). */
export const organizationSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string().nullable(),
  nrd: z.string().nullable(),
  primaryRegulator: z.enum(Regulator).nullable(),
  organizationType: z.enum(OrganizationType).nullable(),
  tradeNames: z.array(z.string()),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** One row of the organization's team list. */
export const teamSummarySchema = z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() });
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/**
 * A professional's profile (crm §3). The avatar is set from an uploaded file (set-avatar);
 * `avatarUrl` is a signed address of its square thumbnail that expires (an hour), null without one.
 */
export const professionalResponseSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  displayName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ProfessionalRole),
  jobTitle: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  phone: z.object({ countryCode: z.string(), number: z.string() }).nullable(),
  designations: z.array(z.enum(ProfessionalDesignation)),
});
export type ProfessionalResponse = z.infer<typeof professionalResponseSchema>;

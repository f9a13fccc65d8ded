import { z } from 'zod';

/** `GET /organizations/current/overview`: the signed-in user's organization and its headline counts. */
export const organizationOverviewSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string(), isDemo: z.boolean() }),
  counts: z.array(z.object({ key: z.string(), label: z.string(), value: z.number().int() })),
});
export type OrganizationOverview = z.infer<typeof organizationOverviewSchema>;

import { z } from 'zod';
import { ContactLinkType } from '../contacts/enums.js';
import { ProfessionalDesignation } from '../../platform/organizations/enums.js';

export const profileLinkSchema = z.object({
  id: z.string(),
  type: z.enum(ContactLinkType),
  url: z.string(),
  label: z.string().nullable(),
});
export type ProfileLinkView = z.infer<typeof profileLinkSchema>;

/** A links profile as its professional manages it. */
export const linksProfileSchema = z.object({
  id: z.string(),
  professionalId: z.string(),
  slug: z.string(),
  published: z.boolean(),
  /** The page's address on the dashboard's host, `/p/<slug>`. */
  path: z.string(),
  links: z.array(profileLinkSchema),
});
export type LinksProfileView = z.infer<typeof linksProfileSchema>;

/** `GET /professionals/{professionalId}/links-profile`: null until its address is first saved. */
export const professionalLinksProfileSchema = z.object({ linksProfile: linksProfileSchema.nullable() });
export type ProfessionalLinksProfile = z.infer<typeof professionalLinksProfileSchema>;

/** `GET /links-profiles/{slug}`: what the public page shows, and the contact form's signed stamp. */
export const publicLinksProfileSchema = z.object({
  slug: z.string(),
  displayName: z.string(),
  jobTitle: z.string().nullable(),
  bio: z.string().nullable(),
  designations: z.array(z.enum(ProfessionalDesignation)),
  /** A signed address of the square photo that expires (an hour), null without one. */
  photoUrl: z.string().nullable(),
  links: z.array(profileLinkSchema.omit({ id: true })),
  form: z.object({
    /** Send it back with the form: it proves when the page was loaded. */
    token: z.string(),
    /** The form is refused when sent sooner than this after loading the page. */
    minSeconds: z.number().int(),
  }),
});
export type PublicLinksProfile = z.infer<typeof publicLinksProfileSchema>;

/** The answer to a contact form that was taken. */
export const linksProfileContactReceivedSchema = z.object({ received: z.literal(true) });

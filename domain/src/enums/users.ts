/** User enumerations beside the roles of `roles.ts` (foundations §3 "Other enumerations", §6). */

/** The second role enumeration, which holds only ADMIN. */
export const AdminRole = ['ADMIN'] as const;
export type AdminRole = (typeof AdminRole)[number];

/** User types, stored in lower case without separators, as the spec spells them. */
export const UserType = [
  'householdmember',
  'non-user',
  'organizationadmin',
  'organizationmember',
  'professional',
  'superadmin',
  'teamadmin',
  'teammember',
] as const;
export type UserType = (typeof UserType)[number];

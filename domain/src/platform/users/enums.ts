/** User roles and types (foundations §3 "Other enumerations", §6). */

/** User roles (foundations §6). */
export const UserRole = [
  'ADMIN',
  'ADVISING_REPRESENTATIVE',
  'ADVISOR',
  'ASSOCIATE_ADVISING_REPRESENTATIVE',
  'PM',
] as const;
export type UserRole = (typeof UserRole)[number];

/** Professional roles (crm §3). */
export const ProfessionalRole = ['ADVISOR', 'PM'] as const;
export type ProfessionalRole = (typeof ProfessionalRole)[number];

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

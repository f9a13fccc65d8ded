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

export const USER_ROLE_LABELS: Readonly<Record<UserRole, string>> = {
  ADMIN: 'Admin',
  ADVISING_REPRESENTATIVE: 'Advising representative',
  ADVISOR: 'Advisor',
  ASSOCIATE_ADVISING_REPRESENTATIVE: 'Associate advising representative',
  PM: 'Portfolio manager (PM)',
};

/** Professional roles (crm §3). */
export const ProfessionalRole = ['ADVISOR', 'PM'] as const;
export type ProfessionalRole = (typeof ProfessionalRole)[number];

export const PROFESSIONAL_ROLE_LABELS: Readonly<Record<ProfessionalRole, string>> = {
  ADVISOR: USER_ROLE_LABELS.ADVISOR,
  PM: USER_ROLE_LABELS.PM,
};

/** The second role enumeration, which holds only ADMIN. */
export const AdminRole = ['ADMIN'] as const;
export type AdminRole = (typeof AdminRole)[number];

export const ADMIN_ROLE_LABELS: Readonly<Record<AdminRole, string>> = { ADMIN: USER_ROLE_LABELS.ADMIN };

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

export const USER_TYPE_LABELS: Readonly<Record<UserType, string>> = {
  householdmember: 'Household member',
  'non-user': 'Not a user',
  organizationadmin: 'Organization admin',
  organizationmember: 'Organization member',
  professional: 'Professional',
  superadmin: 'Super admin',
  teamadmin: 'Team admin',
  teammember: 'Team member',
};

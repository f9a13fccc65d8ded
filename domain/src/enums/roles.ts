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

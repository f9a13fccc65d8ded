/** Household and family enumerations (foundations §3). */

export const FamilyMemberRole = ['HEAD', 'MEMBER'] as const;
export type FamilyMemberRole = (typeof FamilyMemberRole)[number];

export const FAMILY_MEMBER_ROLE_LABELS: Readonly<Record<FamilyMemberRole, string>> = {
  HEAD: 'Head of household',
  MEMBER: 'Member',
};

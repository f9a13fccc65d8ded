/** Household and family enumerations (foundations §3). */

export const FamilyMemberRole = ['HEAD', 'MEMBER'] as const;
export type FamilyMemberRole = (typeof FamilyMemberRole)[number];

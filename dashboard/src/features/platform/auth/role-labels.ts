import type { SessionUser } from '@meridian/domain';

const ROLE_LABELS: Record<SessionUser['role'], string> = {
  ADMIN: 'Administrator',
  ADVISING_REPRESENTATIVE: 'Advising representative',
  ADVISOR: 'Advisor',
  ASSOCIATE_ADVISING_REPRESENTATIVE: 'Associate advising representative',
  PM: 'Portfolio manager',
};

export function roleLabel(role: SessionUser['role']): string {
  return ROLE_LABELS[role];
}

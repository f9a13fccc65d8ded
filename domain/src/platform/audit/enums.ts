/** Audit log enumerations: who or what made a change, and what it did. */

export const AuditActorKind = ['USER', 'SYSTEM', 'SYNC'] as const;
export type AuditActorKind = (typeof AuditActorKind)[number];

export const AuditAction = ['CREATE', 'UPDATE', 'DELETE', 'SOFT_DELETE', 'RESTORE'] as const;
export type AuditAction = (typeof AuditAction)[number];

export const AUDIT_ACTOR_KIND_LABELS: Readonly<Record<AuditActorKind, string>> = {
  USER: 'User',
  SYSTEM: 'System',
  SYNC: 'Sync or import',
};

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  CREATE: 'Created',
  UPDATE: 'Updated',
  DELETE: 'Deleted',
  SOFT_DELETE: 'Deleted (restorable)',
  RESTORE: 'Restored',
};

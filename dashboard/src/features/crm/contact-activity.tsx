import { AuditTrail } from '../platform/audit';

/** Who changed what on this contact, newest first, with each change as "before -> after". */
export function ContactActivity({ entityId }: { entityId: string }) {
  return <AuditTrail entityId={entityId} />;
}

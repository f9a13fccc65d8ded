export { AuditTrail, AuditEntryList, AuditEntryRow, NamedLink } from './audit-trail';

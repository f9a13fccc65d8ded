export { AuditService, type AuditEntry, type AuditWriter } from './audit.service.js';
export { AuditModule } from './audit.module.js';

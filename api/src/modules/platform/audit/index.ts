export { AuditService, type AuditEntry, type AuditWriter, type BatchAuditEntry } from './audit.service.js';
export { AuditModule } from './audit.module.js';
export { AuditRepository, type AuditFilter } from './audit.repository.js';

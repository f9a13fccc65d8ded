// The platform area's public face, re-exported by the package index.
export * from './files/schemas.js';
export * from './health/schemas.js';
export * from './identity/schemas.js';
export * from './invitations/enums.js';
export * from './invitations/schemas.js';
export * from './jobs/job-definitions.js';
export * from './organizations/api.js';
export * from './organizations/enums.js';
export * from './organizations/forms.js';
export * from './organizations/schemas.js';
export * from './users/enums.js';
export * from './permissions/permissions.js';
export * from './audit/audit-log.js';
export * from './audit/enums.js';
export * from './references/entity-references.js';

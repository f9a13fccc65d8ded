export * from './errors/domain-error.js';
export * from './ids/canonical-id.js';
export * from './enums/roles.js';
export * from './validation/email.js';
export * from './jobs/job-definitions.js';
export * from './identity/schemas.js';

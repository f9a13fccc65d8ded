// Opportunities: stages, the transitions of crm §7's calls, the bodies, queries and answers.
export * from './enums.js';
export * from './lifecycle.js';
export * from './schemas.js';
export * from './api.js';
export * from './pipeline.js';

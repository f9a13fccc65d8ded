export * from './contacts/api.js';
export * from './custom-fields/api.js';
export * from './households/api.js';
export * from './params.js';
export * from './contacts/primary.js';
export * from './reports/schemas.js';

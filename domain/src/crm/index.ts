export * from './contacts.js';
export * from './custom-fields.js';
export * from './households.js';
export * from './params.js';
export * from './primary.js';
export * from './reports.js';

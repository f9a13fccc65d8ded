export * from './fields.js';
export * from './rules.js';
export * from './schemas.js';

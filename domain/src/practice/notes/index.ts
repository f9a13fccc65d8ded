export * from './enums.js';
export * from './schemas.js';
export * from './api.js';

export * from './frequency.js';
export * from './schemas.js';
export * from './summary.js';

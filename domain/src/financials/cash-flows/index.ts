export * from './frequency.js';
export * from './api.js';
export * from './summary.js';

export * from './enums.js';
export * from './api.js';

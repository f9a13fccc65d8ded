export * from './templates.js';
export * from './progress.js';
export * from './registered-rules.js';
export * from './api.js';

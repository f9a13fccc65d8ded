export * from './account-types.js';
export * from './limits.js';
export * from './rmd.js';
export * from './contribution-limit.js';

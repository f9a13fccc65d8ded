export * from './number.js';
export * from './date.js';

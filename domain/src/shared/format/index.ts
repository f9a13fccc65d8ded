export * from './number.js';
export * from './date.js';
export * from './words.js';

export * from './account-types.js';
export * from './amounts.js';
export * from './dates.js';
export * from './phones.js';
export * from './places.js';
export * from './result.js';
export * from './values.js';
export * from './text.js';

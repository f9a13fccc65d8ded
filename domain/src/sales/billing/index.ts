export * from './enums.js';
export * from './messages.js';

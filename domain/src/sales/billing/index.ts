export * from './enums.js';
export * from './messages.js';
export * from './provider.js';
export * from './schemas.js';

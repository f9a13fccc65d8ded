export * from './schemas.js';
export * from './message-text.js';

export * from './core/index.js';
export * from './plaid/index.js';
export * from './files/index.js';
export * from './twilio/index.js';
export * from './stripe/index.js';
export * from './nylas/index.js';

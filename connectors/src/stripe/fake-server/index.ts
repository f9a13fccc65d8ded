export * from './billing.js';
export * from './form.js';
export * from './payloads.js';
export * from './server.js';
export * from './webhook-signer.js';

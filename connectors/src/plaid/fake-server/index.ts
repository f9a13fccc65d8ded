export * from './institutions.js';
export * from './item.js';
export * from './payloads.js';
export * from './server.js';
export * from './webhook-signer.js';

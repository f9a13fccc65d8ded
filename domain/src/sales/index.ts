// The sales area: opportunities, proposals and offers, package templates, offerings, billing.
export * from './fees/index.js';
export * from './opportunities/index.js';
export * from './offerings/index.js';
export * from './proposals/index.js';
export * from './billing/index.js';

export * from './classification.js';
export * from './plaid-pfc-v1.js';

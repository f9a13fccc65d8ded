export * from './core/index.js';
export * from './plaid/index.js';

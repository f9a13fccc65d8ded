export * from './tfsa.js';
export * from './rrsp.js';
export * from './fhsa.js';
export * from './dpsp.js';
export * from './resp.js';
export * from './rrif.js';
export * from './lif.js';
export * from './account-rules.js';

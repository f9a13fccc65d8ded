export * from './connector.js';
export * from './errors.js';
export * from './record-errors.js';
export * from './records.js';

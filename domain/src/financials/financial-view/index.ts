export * from '../fx/fx-rates.js';
export * from '../records/record-fields.js';
export * from '../records/record-rules.js';
export * from '../records/record-types.js';
export * from '../shared-schemas.js';
export * from './valuation.js';
export * from './view.js';

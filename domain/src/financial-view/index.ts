export * from './fx-rates.js';
export * from './record-fields.js';
export * from './record-rules.js';
export * from './record-types.js';
export * from './shared-schemas.js';
export * from './valuation.js';
export * from './view.js';

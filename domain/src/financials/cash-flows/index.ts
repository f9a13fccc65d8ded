export * from './api.js';
export * from './enums.js';
export * from './forms.js';
export * from './frequency.js';
export * from './schemas.js';
export * from './summary.js';

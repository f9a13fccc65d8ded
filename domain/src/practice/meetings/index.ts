export * from './booking-hold.js';
export * from './enums.js';
export * from './forms.js';
export * from './schemas.js';
export * from './slots.js';
export * from './rules.js';
export * from './api.js';
export * from './booking-api.js';

export * from './enums.js';
export * from './forms.js';
export * from './schemas.js';
export * from './task-types.js';
export * from './lifecycle.js';
export * from './recurrence.js';
export * from './api.js';
export * from './today.js';

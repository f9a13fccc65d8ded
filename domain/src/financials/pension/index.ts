export * from './messages.js';
export * from './months.js';
export * from './pension-input.js';
export * from './pension.js';

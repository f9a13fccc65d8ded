export * from './currency.js';
export { ARITHMETIC_DECIMALS, CONVERSION_DECIMALS } from './decimal.js';
export * from './messages.js';
export * from './fx.js';
export * from './money.js';
export * from './money.schema.js';

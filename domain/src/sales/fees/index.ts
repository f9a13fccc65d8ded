// The fee engine: what an offer's pricing plan charges, computed with decimal.js.
export * from './messages.js';
export * from './aum-fee.js';
export * from './schedules.js';
export * from './offer-summary.js';

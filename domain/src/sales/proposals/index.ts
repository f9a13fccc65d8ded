// Proposals: statuses, the transitions of their calls, the bodies and answers.
export * from './enums.js';
export * from './lifecycle.js';
export * from './schemas.js';

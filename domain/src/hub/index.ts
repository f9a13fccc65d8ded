// The hub area's public face, re-exported by the package index.
export * from './connections/enums.js';
export * from './connections/schemas.js';
export * from './imports/index.js';
export * from './connections/placements.js';
export * from './connections/error-labels.js';
export * from './connections/stripe.js';

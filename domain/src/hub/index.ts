export * from './connections/schemas.js';

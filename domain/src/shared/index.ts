// The shared kernel's public face, re-exported by the package index.
export * from './errors/domain-error.js';
export * from './errors/error-response.js';
export * from './format/index.js';
export * from './forms/enums.js';
export * from './forms/http-schema-check.js';
export * from './forms/types.js';
export * from './ids/canonical-id.js';
export * from './ids/entity-kinds.js';
export * from './input/address.js';
// Only the clock: the schema builders of common.ts are the areas' tools, not the package's.
export { type Clock, isRecord, systemClock } from './input/common.js';
export * from './input/text.js';
export * from './input/email.js';
export * from './input/id-param.js';
export * from './input/lists.js';
export * from './input/mentions.js';
export * from './input/person-name.js';
export * from './input/phone.js';
export * from './input/times.js';
export * from './input/zod-errors.js';
export * from './money/index.js';
export * from './regions/regions.js';
export * from './regions/postal.js';

export * from './client.js';
export { classifyNylasError, toConnectorError as nylasConnectorError } from './errors.js';
export * from './mappers.js';
export * from './schemas.js';
export * from './webhooks.js';
export * from './connector.js';
export { decodeNylasCursor, encodeNylasCursor, INITIAL_NYLAS_CURSOR, type NylasSyncCursor } from './cursor.js';
export * from './scheduler.js';

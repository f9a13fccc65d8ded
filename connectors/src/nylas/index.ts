export * from './client.js';
export { classifyNylasError, toConnectorError as nylasConnectorError } from './errors.js';
export * from './mappers.js';
export * from './schemas.js';
export * from './webhooks.js';

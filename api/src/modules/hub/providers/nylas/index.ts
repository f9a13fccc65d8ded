export { NylasModule } from './nylas.module.js';
export { NylasClients, NylasMessage, nylasGrantKey, type NylasCredentials } from './nylas-clients.js';

export { NylasApiModule } from './nylas-api.module.js';
export { NYLAS_STATE_TTL_MS } from './nylas-state.js';

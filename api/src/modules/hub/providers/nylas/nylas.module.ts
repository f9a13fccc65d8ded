import { Module } from '@nestjs/common';
import { NylasClients } from './nylas-clients.js';

/**
 * The Nylas client and the connections' grants, for the API and the worker alike (the hub's
 * ProvidersModule imports and re-exports it, as it does StripeModule). Its routes are
 * `NylasApiModule`'s, apart because they build on sync, which imports ProvidersModule.
 */
@Module({
  providers: [NylasClients],
  exports: [NylasClients],
})
export class NylasModule {}

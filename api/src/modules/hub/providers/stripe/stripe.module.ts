import { Module } from '@nestjs/common';
import { StripeClients } from './stripe-clients.js';

/**
 * The Stripe clients of the organizations' connections, for the API and the worker alike: the
 * hub's ProvidersModule imports and re-exports it, and SyncModule re-exports ProvidersModule, so
 * any module importing SyncModule (the worker's does) can inject `StripeClients`; a module may
 * also import `StripeModule` directly. It has no routes (those are `StripeApiModule`'s).
 */
@Module({
  providers: [StripeClients],
  exports: [StripeClients],
})
export class StripeModule {}

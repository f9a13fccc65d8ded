import { Module } from '@nestjs/common';
import { SyncModule } from '../../../sync/index.js';
import { StripeController, StripeWebhooksController } from './stripe.controller.js';
import { StripeConnectionService } from './stripe-connection.service.js';
import { StripeConnectionsRepository } from './stripe-connections.repository.js';
import { StripeWebhooksService } from './stripe-webhooks.service.js';

/**
 * Stripe's routes: the organization's connection (settings → Integrations) and Stripe's webhooks.
 * Apart from StripeModule (the clients) because the hub's ProvidersModule imports that one, and
 * these routes build on sync, which imports ProvidersModule.
 */
@Module({
  imports: [SyncModule],
  controllers: [StripeController, StripeWebhooksController],
  providers: [StripeConnectionsRepository, StripeConnectionService, StripeWebhooksService],
})
export class StripeApiModule {}

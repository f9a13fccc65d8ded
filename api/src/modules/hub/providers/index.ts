export {
  ProvidersModule,
  CONNECTORS,
  PLAID_CLIENT,
  PLAID_CONNECTOR,
  createPlaidClient,
  type ConnectorRegistry,
} from './providers.module.js';
export { StripeModule, StripeClients, type StripeCredentials } from './stripe/index.js';
export { ProviderEventsWriter, type ReceivedProviderEvent } from './provider-events.writer.js';

export {
  ProvidersModule,
  CONNECTORS,
  PLAID_CLIENT,
  PLAID_CONNECTOR,
  createPlaidClient,
  type ConnectorRegistry,
} from './providers.module.js';

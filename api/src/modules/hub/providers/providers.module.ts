import { Module } from '@nestjs/common';
import { NylasConnector, PlaidClient, PlaidConnector, type Connector } from '@meridian/connectors';
import type { IntegrationService } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { NylasClients, NylasModule } from './nylas/index.js';
import { StripeModule } from './stripe/index.js';
import { ProviderEventsWriter } from './provider-events.writer.js';

/** The Plaid client of this deployment (Plaid itself, or the fake / prism at PLAID_BASE_URL). */
export const PLAID_CLIENT = Symbol('PLAID_CLIENT');
/** The Plaid connector: sync pages, link tokens, public-token exchange. */
export const PLAID_CONNECTOR = Symbol('PLAID_CONNECTOR');
/** Every connector by service, for the sync worker. A service without one cannot sync yet. */
export const CONNECTORS = Symbol('CONNECTORS');
export type ConnectorRegistry = ReadonlyMap<IntegrationService, Connector<unknown>>;

export function createPlaidClient(config: AppConfig): PlaidClient {
  return new PlaidClient({
    environment: config.PLAID_BASE_URL ?? (config.PLAID_ENV === 'fake' ? 'sandbox' : config.PLAID_ENV),
    clientId: config.PLAID_CLIENT_ID ?? '',
    secret: config.PLAID_SECRET ?? '',
    timeoutMs: config.PLAID_TIMEOUT_MS,
  });
}

/**
 * The outside systems' clients and connectors, built once from the configuration; the sync module
 * re-exports them to the hub's other modules, in the API and the worker alike. Stripe's clients
 * are one per organization's connection (`StripeClients`, from StripeModule, re-exported here);
 * Nylas's client and grants are NylasModule's, re-exported the same way.
 */
@Module({
  imports: [StripeModule, NylasModule],
  providers: [
    ProviderEventsWriter,
    { provide: PLAID_CLIENT, inject: [APP_CONFIG], useFactory: createPlaidClient },
    {
      provide: PLAID_CONNECTOR,
      inject: [APP_CONFIG, PLAID_CLIENT],
      useFactory: (config: AppConfig, client: PlaidClient) =>
        new PlaidConnector({
          client,
          ...(config.PLAID_WEBHOOK_URL ? { link: { webhook: config.PLAID_WEBHOOK_URL } } : {}),
        }),
    },
    {
      provide: CONNECTORS,
      inject: [PLAID_CONNECTOR, NylasClients],
      // Nylas only when this deployment has its settings (NYLAS_API_KEY, NYLAS_CLIENT_ID).
      useFactory: (plaid: PlaidConnector, nylas: NylasClients): ConnectorRegistry =>
        new Map<IntegrationService, Connector<unknown>>([
          ['PLAID', plaid as Connector<unknown>],
          ...(nylas.configured
            ? [['NYLAS', new NylasConnector({ client: nylas.client() }) as Connector<unknown>] as const]
            : []),
        ]),
    },
  ],
  exports: [PLAID_CLIENT, PLAID_CONNECTOR, CONNECTORS, ProviderEventsWriter, StripeModule, NylasModule],
})
export class ProvidersModule {}

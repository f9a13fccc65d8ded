/** Test support: the fake Plaid server, optionally behind prism, and clients pointed at it. */
import { fetchPages, type ConnectorPage } from '../../core/connector.js';
import { ConnectorError } from '../../core/errors.js';
import { PlaidClient, type PlaidClientOptions } from '../client.js';
import { PlaidConnector, type PlaidConnectorOptions, type PlaidCredentials } from '../connector.js';
import { FakePlaidServer } from '../fake-server/server.js';
import { type PrismProxy, startPrism } from '../testing/prism.js';

export interface PlaidHarness {
  fake: FakePlaidServer;
  /** Present when the harness runs through prism. */
  prism: PrismProxy | undefined;
  /** Where the SDK is pointed: prism, or the fake itself. */
  baseUrl: string;
  client(options?: Partial<PlaidClientOptions>): PlaidClient;
  connector(options?: Partial<Omit<PlaidConnectorOptions, 'client'>> & { client?: PlaidClient }): PlaidConnector;
  close(): Promise<void>;
}

export async function startPlaidHarness(options: { prism: boolean }): Promise<PlaidHarness> {
  const fake = await FakePlaidServer.start();
  let prism: PrismProxy | undefined;
  try {
    prism = options.prism ? await startPrism({ upstream: fake.url }) : undefined;
  } catch (error) {
    await fake.close();
    throw error;
  }
  const baseUrl = prism?.url ?? fake.url;
  const client = (overrides: Partial<PlaidClientOptions> = {}) =>
    new PlaidClient({
      environment: baseUrl,
      clientId: fake.clientId,
      secret: fake.secret,
      timeoutMs: 10_000,
      ...overrides,
    });
  return {
    fake,
    prism,
    baseUrl,
    client,
    connector: (overrides = {}) => new PlaidConnector({ ...overrides, client: overrides.client ?? client() }),
    async close() {
      await prism?.stop();
      await fake.close();
    },
  };
}

/** Every page of one run from `cursor`. */
export async function collectPages(
  connector: PlaidConnector,
  credentials: PlaidCredentials,
  cursor: string | null = null,
): Promise<ConnectorPage[]> {
  const pages: ConnectorPage[] = [];
  for await (const page of fetchPages(connector, credentials, cursor)) pages.push(page);
  return pages;
}

/** The ConnectorError a promise rejects with (fails the test if it resolves or throws anything else). */
export async function connectorError(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('expected a ConnectorError, but the call succeeded');
}

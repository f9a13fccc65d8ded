/** Test support: the fake Nylas, optionally behind prism, and clients pointed at it. */
import { ConnectorError } from '../../core/errors.js';
import type { PrismProxy } from '../../plaid/testing/prism.js';
import { NylasClient, type NylasClientOptions } from '../client.js';
import { FakeNylasServer, type FakeNylasServerOptions } from '../fake-server/server.js';
import { startNylasPrism } from '../testing/prism.js';

export interface NylasHarness {
  fake: FakeNylasServer;
  /** Present when the harness runs through prism. */
  prism: PrismProxy | undefined;
  /** Where the SDK is pointed: prism, or the fake itself. */
  baseUrl: string;
  client(options?: Partial<NylasClientOptions>): NylasClient;
  close(): Promise<void>;
}

export async function startNylasHarness(
  options: { prism?: boolean; original?: boolean; fake?: FakeNylasServerOptions } = {},
): Promise<NylasHarness> {
  const fake = await FakeNylasServer.start(options.fake);
  let prism: PrismProxy | undefined;
  try {
    prism = options.prism
      ? await startNylasPrism({ upstream: fake.url, ...(options.original ? { original: true } : {}) })
      : undefined;
  } catch (error) {
    await fake.close();
    throw error;
  }
  const baseUrl = prism?.url ?? fake.url;
  return {
    fake,
    prism,
    baseUrl,
    client: (overrides = {}) =>
      new NylasClient({
        apiKey: fake.apiKey,
        clientId: fake.clientId,
        apiUri: baseUrl,
        timeoutSeconds: 10,
        ...overrides,
      }),
    async close() {
      await prism?.stop();
      await fake.close();
    },
  };
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

export const REDIRECT_URI = 'https://meridian.example/api/nylas/callback';

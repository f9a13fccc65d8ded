import type { ConnectionView, LinkedPlaidConnection, ListPage, SyncRunView } from '@meridian/domain';
import { FakePlaidServer, startPrism, type PrismProxy } from '@meridian/connectors/testing';
import { call } from './http.js';
import { waitFor } from './wait.js';

/**
 * The fake Plaid behind prism (Plaid's OpenAPI description, --errors), as issue #7 asks of the
 * end-to-end sync tests: a request or response that breaks the description fails the sync.
 */
export interface PlaidSandbox {
  fake: FakePlaidServer;
  prism: PrismProxy;
  /** The API's PLAID_* settings pointing at prism, for createTestEnvironment. */
  environment: Record<string, string>;
  close(): Promise<void>;
}

export async function startPlaidSandbox(): Promise<PlaidSandbox> {
  const fake = await FakePlaidServer.start();
  let prism: PrismProxy;
  try {
    prism = await startPrism({ upstream: fake.url });
  } catch (error) {
    await fake.close();
    throw error;
  }
  return {
    fake,
    prism,
    environment: {
      PLAID_ENV: 'fake',
      PLAID_BASE_URL: prism.url,
      PLAID_CLIENT_ID: fake.clientId,
      PLAID_SECRET: fake.secret,
    },
    async close() {
      await prism.stop();
      await fake.close();
    },
  };
}

/**
 * Links a sandbox institution to a household through the API, as the sandbox page does, and
 * places every account as a new one of `owners` (none: for a household without persons), which
 * queues the first sync.
 */
export async function linkSandboxInstitution(
  baseUrl: string,
  token: string,
  householdId: string,
  institution: { id: string; name: string },
  owners: string[] = [],
): Promise<ConnectionView> {
  const publicToken = await call<{ publicToken: string }>(baseUrl, 'POST', '/api/plaid/sandbox/public-token', {
    token,
    body: { institutionId: institution.id },
  });
  if (publicToken.status !== 201 && publicToken.status !== 200) {
    throw new Error(`sandbox public token: ${publicToken.status} ${JSON.stringify(publicToken.body)}`);
  }
  const connection = await call<LinkedPlaidConnection>(baseUrl, 'POST', '/api/create-update-plaid-connection', {
    token,
    body: { householdId, institutionName: institution.name, publicToken: publicToken.body.publicToken },
  });
  if (connection.status !== 201 && connection.status !== 200) {
    throw new Error(`create-update-plaid-connection: ${connection.status} ${JSON.stringify(connection.body)}`);
  }
  const placements = connection.body.accountsToPlace.accounts.map((account) => ({
    externalAccountId: account.externalAccountId,
    owners,
  }));
  const placed = await call<ConnectionView>(
    baseUrl,
    'POST',
    `/api/plaid/connections/${connection.body.id}/account-placements`,
    { token, body: { placements } },
  );
  if (placed.status !== 201) throw new Error(`account-placements: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body;
}

/** The connection's newest run, once it is no longer queued or running. */
export function waitForFinishedRun(
  baseUrl: string,
  token: string,
  connectionId: string,
  timeoutMs = 60_000,
): Promise<SyncRunView> {
  return waitFor(
    `a finished run of ${connectionId}`,
    async () => {
      const runs = await call<ListPage<SyncRunView>>(
        baseUrl,
        'GET',
        `/api/sync-runs?connectionId=${connectionId}&limit=1`,
        {
          token,
        },
      );
      const run = runs.body.items?.[0];
      return run && run.status !== 'QUEUED' && run.status !== 'RUNNING' ? run : undefined;
    },
    timeoutMs,
  );
}

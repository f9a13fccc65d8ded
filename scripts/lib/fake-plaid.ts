// The local fake Plaid for `npm start` and `npm run dev` when PLAID_ENV is fake (the default
// outside production): linking a bank then works without a Plaid account, against the fake's
// sandbox institutions. It runs inside the script's process; the API and the worker reach it at
// the PLAID_BASE_URL this returns. Items survive restarts (the fake rebuilds them from their
// access tokens), so connections stored in the database keep syncing.
import type { AppConfig } from '@meridian/api';
import { FakePlaidServer } from '@meridian/connectors/testing';

export interface RunningFakePlaid {
  url: string;
  /** The fake itself, to show the integration hub at work in the demo (faults on demand). */
  server: FakePlaidServer;
  /** What the API and the worker need in their environment to use it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the fake on FAKE_PLAID_PORT (0: any free port) unless Plaid itself is configured or
 * PLAID_BASE_URL already points somewhere (another fake, prism). Null when not started.
 */
export async function startFakePlaidIfWanted(
  config: AppConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningFakePlaid | null> {
  if (config.PLAID_ENV !== 'fake' || env.PLAID_BASE_URL) return null;
  let fake: FakePlaidServer;
  try {
    fake = await FakePlaidServer.start({
      port: config.FAKE_PLAID_PORT,
      clientId: config.PLAID_CLIENT_ID,
      secret: config.PLAID_SECRET,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `port ${config.FAKE_PLAID_PORT} of the fake Plaid is in use: set FAKE_PLAID_PORT to a free port (0 picks one), or PLAID_BASE_URL to a running fake`,
      );
    }
    throw error;
  }
  return {
    url: fake.url,
    server: fake,
    env: { PLAID_BASE_URL: fake.url },
    close: () => fake.close(),
  };
}

import { ConfigError } from './common/config/config.js';
import { ServiceUnreachableError } from './common/config/connectivity.js';

/**
 * Process entry for the API and the worker: a configuration or connectivity problem prints one
 * line and exits 1; SIGINT/SIGTERM run the returned shutdown once (a second signal forces exit).
 */
export async function runMain(name: string, start: () => Promise<() => Promise<void>>): Promise<void> {
  let shutdown: (() => Promise<void>) | undefined;
  try {
    shutdown = await start();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ServiceUnreachableError) {
      console.error(`${name}: ${error.message}`);
    } else {
      console.error(`${name}: failed to start:`, error);
    }
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${name}: ${signal} again, exiting now`);
      process.exit(1);
    }
    stopping = true;
    shutdown!()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`${name}: error while stopping:`, error);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

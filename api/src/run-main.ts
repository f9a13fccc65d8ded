import { ConfigError } from './common/config/config.js';
import { ServiceUnreachableError } from './common/config/connectivity.js';

/** What a port already taken is told as: one line naming the setting that moves it. */
export function portInUseMessage(port: number): string {
  return `Port ${port} is in use: set PORT to another port, e.g. PORT=${port === 65535 ? 3001 : port + 1} npm start`;
}

/** A shutdown that takes longer than this is cut short. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/**
 * Process entry for the API and the worker: a configuration or connectivity problem prints one
 * line and exits 1; SIGINT/SIGTERM run the returned shutdown once. Further signals are ignored
 * (Ctrl-C reaches every process of the terminal's group while `npm start` also forwards it), and
 * a shutdown still running after 30 s ends the process.
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
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`${name}: shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
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

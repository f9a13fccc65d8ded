import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP plumbing of the fake servers (Plaid, Twilio): `server`'s requests go to `handle`, and it
 * listens on `host:port` (127.0.0.1 and a free port by default). Answers its base URL once it
 * listens, e.g. http://127.0.0.1:41234.
 */
export async function listenOnLoopback(
  server: Server,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  options: { port?: number | undefined; host?: string | undefined } = {},
): Promise<string> {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return `http://${address.address}:${address.port}`;
}

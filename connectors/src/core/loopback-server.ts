import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP plumbing of the fake servers (Plaid, Twilio, Stripe, Nylas): `server`'s requests go to `handle`, and it
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

/** What a fake server's webhook POST came to: the receiver's status, or why it got none. */
export interface WebhookPostOutcome {
  status: number | null;
  error: string | null;
}

/**
 * POSTs one signed notification from a fake server (Stripe, Nylas) to its receiver, as the
 * provider would, and answers the outcome instead of throwing: a test reads it from the fake's
 * delivery log.
 */
export async function postWebhook(
  url: string,
  delivery: { headers: Record<string, string>; body: string },
): Promise<WebhookPostOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      // A receiver that never answers must not hold up the deliveries after it (nor close()).
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { status: response.status, error: null };
  } catch (error) {
    return { status: null, error: (error as Error).message };
  }
}

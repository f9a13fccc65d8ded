/**
 * The Stripe client: the official SDK (`stripe`) for transport and retries, pointed at Stripe or,
 * by `baseUrl`, anywhere else (the fake server in tests and the demo), and ConnectorError for
 * every failure. Every create the billing sends carries an idempotency key of its own making, so
 * the SDK's retries, and a job run again after a crash, never bill twice.
 */
import Stripe from 'stripe';
import { toConnectorError } from './errors.js';

/** The SDK's client, for packages that do not depend on `stripe` themselves. */
export type StripeSdk = Stripe;
/** An event of the SDK's types (webhooks, `events.retrieve`). */
export type StripeEvent = Stripe.Event;

export interface StripeClientOptions {
  /** The firm's secret key (`sk_live_…`, `sk_test_…`), unsealed for this client only. */
  secretKey: string;
  /** Stripe's API by default; a URL sends every request there instead (`http://127.0.0.1:4010`). */
  baseUrl?: string;
  /** Per request; a request that takes longer fails as TEMPORARY. Default 30 s. */
  timeoutMs?: number;
  /**
   * The SDK's own retries of a failed connection, a 409 or a 5xx, with backoff and the request's
   * idempotency key. Default 2; the job's retries come on top.
   */
  maxNetworkRetries?: number;
}

/** The SDK's settings for `baseUrl`: its host, port and protocol. */
function destination(baseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

export function createStripeClient(options: StripeClientOptions): Stripe {
  return new Stripe(options.secretKey, {
    ...(options.baseUrl ? destination(options.baseUrl) : {}),
    timeout: options.timeoutMs ?? 30_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    // The SDK's usage telemetry would report our request latencies to Stripe.
    telemetry: false,
  });
}

/** Runs one call of the SDK; a failure comes out as a ConnectorError naming `operation`. */
export async function stripeCall<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toConnectorError(error, operation);
  }
}

/**
 * A webhook delivery verified with an endpoint's signing secret (the SDK's own check: HMAC-SHA256
 * over `t.payload`, any of several v1 signatures, `toleranceSeconds` of clock skew), then parsed.
 * Throws the SDK's error, whose message says which check failed. No key or client is needed.
 */
export function constructStripeEvent(
  rawBody: Buffer,
  signature: string,
  webhookSecret: string,
  toleranceSeconds: number,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, toleranceSeconds);
}

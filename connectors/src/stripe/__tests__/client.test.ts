/**
 * The Stripe client against the fake Stripe: pointed there by its base URL, retrying Stripe's 5xx
 * with the same idempotency key, and every failure a ConnectorError the worker knows how to treat.
 */
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError } from '../../core/errors.js';
import { createStripeClient, stripeCall } from '../client.js';
import { FakeStripeServer } from '../fake-server/server.js';

let fake: FakeStripeServer;
let baseUrl: string;

beforeEach(async () => {
  fake = await FakeStripeServer.start();
  baseUrl = `http://${fake.sdkConfig.host}:${fake.sdkConfig.port}`;
});

afterEach(async () => {
  await fake.close();
});

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the Stripe client', () => {
  it('retries a 500 with the same idempotency key: the customer is made once', async () => {
    const stripe = createStripeClient({ secretKey: fake.secretKey, baseUrl, maxNetworkRetries: 2 });
    fake.injectFault({ mode: 'server-error' }, { path: '/v1/customers', method: 'POST', times: 1 });
    const created = await stripeCall('customers/create', () =>
      stripe.customers.create({ name: 'Tremblay household' }, { idempotencyKey: 'household-1/customer' }),
    );
    // A job run again after a crash sends the same key and gets the same customer back.
    const again = await stripeCall('customers/create', () =>
      stripe.customers.create({ name: 'Tremblay household' }, { idempotencyKey: 'household-1/customer' }),
    );
    expect(again.id).toBe(created.id);
    expect((await stripe.customers.list()).data.map((customer) => customer.id)).toEqual([created.id]);
  });

  it('classifies each failure: a rate limit waits, a bad key needs reconnecting, a decline is an outcome', async () => {
    const stripe = createStripeClient({ secretKey: fake.secretKey, baseUrl, maxNetworkRetries: 0 });
    fake.injectFault({ mode: 'rate-limit', retryAfterSeconds: 7 }, { path: '/v1/customers' });
    expect(await failure(stripeCall('customers/list', () => stripe.customers.list()))).toMatchObject({
      classification: 'RATE_LIMITED',
      retryAfterSeconds: 7,
      status: 429,
      operation: 'customers/list',
    });

    fake.injectFault({ mode: 'server-error' }, { path: '/v1/customers' });
    const down = await failure(stripeCall('customers/list', () => stripe.customers.list()));
    expect(down).toMatchObject({ classification: 'TEMPORARY', status: 500 });
    expect(down.retryable).toBe(true);

    const wrongKey = createStripeClient({ secretKey: 'sk_test_revoked_key_0000', baseUrl, maxNetworkRetries: 0 });
    expect(await failure(stripeCall('customers/list', () => wrongKey.customers.list()))).toMatchObject({
      classification: 'AUTH',
      status: 401,
    });

    const customer = await stripe.customers.create({
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    const invoice = await stripe.invoices.create({ customer: customer.id });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 12_500, currency: 'cad' });
    const declined = await failure(stripeCall('invoices/pay', () => stripe.invoices.pay(invoice.id)));
    expect(declined).toMatchObject({ classification: 'PERMANENT', code: 'generic_decline', status: 402 });
    expect(declined.retryable).toBe(false);

    const missing = await failure(stripeCall('customers/retrieve', () => stripe.customers.retrieve('cus_missing')));
    expect(missing).toMatchObject({ classification: 'PERMANENT', status: 404 });
  });

  it('treats a connection nobody answers as temporary', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const stripe = createStripeClient({
      secretKey: fake.secretKey,
      baseUrl: `http://127.0.0.1:${port}`,
      maxNetworkRetries: 0,
    });
    const error = await failure(stripeCall('customers/list', () => stripe.customers.list()));
    expect(error).toMatchObject({ classification: 'TEMPORARY', operation: 'customers/list' });
    expect(error.message).toContain('Stripe customers/list failed');
  });
});

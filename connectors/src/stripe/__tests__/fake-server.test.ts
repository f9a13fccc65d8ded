/**
 * The fake Stripe through the official `stripe` SDK: billing from customer to paid invoice, list
 * paging, idempotent retries, the errors as the SDK's own classes, and signed webhooks checked by
 * the SDK's `webhooks.constructEvent`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripeServer } from '../fake-server/server.js';
import { FAKE_STRIPE_ACCOUNT_ID } from '../fake-server/billing.js';
import { parseStripeForm } from '../fake-server/form.js';

let fake: FakeStripeServer;
let stripe: Stripe;

beforeEach(async () => {
  fake = await FakeStripeServer.start();
  // No automatic retries, so each call is one request (the retry test turns them back on).
  stripe = new Stripe(fake.secretKey, { ...fake.sdkConfig, maxNetworkRetries: 0 });
});

afterEach(async () => {
  await fake.close();
});

async function monthlyPrice(unitAmount = 2500) {
  const product = await stripe.products.create({ name: 'Advisory retainer' });
  return stripe.prices.create({
    product: product.id,
    currency: 'cad',
    unit_amount: unitAmount,
    recurring: { interval: 'month', interval_count: 1 },
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('parseStripeForm', () => {
  it('reads bracketed keys into objects and indexed keys into arrays', () => {
    const form = parseStripeForm(
      'customer=cus_1&items%5B0%5D%5Bprice%5D=price_a&items%5B1%5D%5Bprice%5D=price_b&items%5B1%5D%5Bquantity%5D=2' +
        '&metadata%5Bhousehold%5D=h%201&expand%5B%5D=latest_invoice&expand%5B%5D=customer',
    );
    expect(JSON.parse(JSON.stringify(form))).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a' }, { price: 'price_b', quantity: '2' }],
      metadata: { household: 'h 1' },
      expand: ['latest_invoice', 'customer'],
    });
  });
});

describe('billing through the SDK', () => {
  it('creates a customer, a monthly price, a subscription, and an invoice that is finalized and paid', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.test',
      name: 'Ada Lovelace',
      metadata: { household_id: 'hh_1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ada@example.test',
      metadata: { household_id: 'hh_1' },
    });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);

    const updated = await stripe.customers.update(customer.id, { name: 'Ada King', metadata: { household_id: '' } });
    expect(updated).toMatchObject({ name: 'Ada King', metadata: {} });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, name: 'Ada King' });

    const price = await monthlyPrice();
    expect(price).toMatchObject({
      object: 'price',
      type: 'recurring',
      unit_amount: 2500,
      currency: 'cad',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(price.id).toMatch(/^price_/);
    expect((await stripe.prices.retrieve(price.id)).product).toMatch(/^prod_/);

    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id });
    expect(subscription.id).toMatch(/^sub_/);
    const [item] = subscription.items.data;
    // API 2026-10-28: the period sits on each item, no longer on the subscription.
    expect(item!.current_period_end - item!.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);
    expect(subscription).not.toHaveProperty('current_period_end');
    const first = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(first).toMatchObject({ status: 'paid', amount_paid: 2500, billing_reason: 'subscription_create' });

    const draft = await stripe.invoices.create({ customer: customer.id, description: 'Financial plan' });
    expect(draft).toMatchObject({ object: 'invoice', status: 'draft', total: 0 });
    expect(draft.id).toMatch(/^in_/);
    const invoiceItem = await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      amount: 150_000,
      currency: 'cad',
      description: 'Comprehensive financial plan',
    });
    expect(invoiceItem).toMatchObject({ object: 'invoiceitem', invoice: draft.id, amount: 150_000 });
    expect(invoiceItem.id).toMatch(/^ii_/);

    const finalized = await stripe.invoices.finalizeInvoice(draft.id);
    expect(finalized).toMatchObject({ status: 'open', amount_due: 150_000, amount_remaining: 150_000 });
    expect(finalized.number).toMatch(/-0002$/);
    expect(finalized.lines.data).toHaveLength(1);

    const paid = await stripe.invoices.pay(draft.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 150_000, amount_remaining: 0, attempt_count: 1 });
    expect(paid.status_transitions.paid_at).not.toBeNull();

    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((invoice) => invoice.id)).toEqual([draft.id, first.id]);

    const events = await stripe.events.list({ limit: 100 });
    expect(events.data.map((event) => event.type).reverse()).toEqual([
      'customer.created',
      'customer.updated',
      'product.created',
      'price.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.created',
      'invoice.created',
      'invoiceitem.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const paidEvent = await stripe.events.retrieve(events.data[1]!.id);
    expect(paidEvent).toMatchObject({ type: 'invoice.paid', data: { object: { id: draft.id, status: 'paid' } } });
  });

  it("answers the SDK's current shapes where the 2026-08 fixtures still carry older fields", async () => {
    const customer = await stripe.customers.create({});
    const price = await monthlyPrice();
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    // The fixtures file still shows `subscription: null` on an invoice; the SDK's Invoice type
    // has it only under parent.subscription_details, and so has the fake.
    expect(invoice).not.toHaveProperty('subscription');
    expect(invoice.parent).toMatchObject({
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id },
    });
  });

  it('marks an invoice of nothing paid as it finalizes it', async () => {
    const customer = await stripe.customers.create({});
    const draft = await stripe.invoices.create({ customer: customer.id });
    const finalized = await stripe.invoices.finalizeInvoice(draft.id);
    expect(finalized).toMatchObject({ status: 'paid', total: 0, amount_paid: 0 });
    const events = await stripe.events.list({ type: 'invoice.*' });
    expect(events.data.map((event) => event.type).reverse()).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
  });

  it('updates and cancels a subscription, recording the events', async () => {
    const customer = await stripe.customers.create({ email: 'grace@example.test' });
    const monthly = await monthlyPrice(2500);
    const richer = await monthlyPrice(4000);
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: richer.id }],
      metadata: { tier: 'premium' },
    });
    expect(updated.items.data[0]!.price.id).toBe(richer.id);
    expect(updated.metadata).toEqual({ tier: 'premium' });
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.canceled_at).not.toBeNull();
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');

    const events = await stripe.events.list({ type: 'customer.subscription.*' });
    expect(events.data.map((event) => event.type)).toEqual([
      'customer.subscription.deleted',
      'customer.subscription.updated',
      'customer.subscription.created',
    ]);
    expect(events.data[1]!.data.previous_attributes).toHaveProperty('metadata', {});
  });
});

describe('the account', () => {
  it('answers GET /v1/account with the key’s account (what a connection checks its key with)', async () => {
    const account = await stripe.accounts.retrieveCurrent();
    expect(account).toMatchObject({
      id: FAKE_STRIPE_ACCOUNT_ID,
      object: 'account',
      settings: { dashboard: { display_name: 'Meridian (fake Stripe)' } },
    });
    const wrongKey = new Stripe('sk_test_wrong', { ...fake.sdkConfig, maxNetworkRetries: 0 });
    expect(await rejection(wrongKey.accounts.retrieveCurrent())).toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('lists', () => {
  it('pages newest first with limit, starting_after and ending_before', async () => {
    const created: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      created.push((await stripe.customers.create({ email: `c${index}@example.test` })).id);
    }
    const newestFirst = [...created].reverse();

    const first = await stripe.customers.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(first.data.map((customer) => customer.id)).toEqual(newestFirst.slice(0, 2));
    const second = await stripe.customers.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(second.data.map((customer) => customer.id)).toEqual(newestFirst.slice(2, 4));
    const last = await stripe.customers.list({ limit: 2, starting_after: second.data[1]!.id });
    expect(last.data.map((customer) => customer.id)).toEqual(newestFirst.slice(4));
    expect(last.has_more).toBe(false);
    const back = await stripe.customers.list({ limit: 2, ending_before: last.data[0]!.id });
    expect(back.data.map((customer) => customer.id)).toEqual(newestFirst.slice(2, 4));

    // The SDK's auto-pagination walks the same pages.
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 2 })) all.push(customer.id);
    expect(all).toEqual(newestFirst);

    const refused = await rejection(stripe.customers.list({ limit: 101 }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ param: 'limit' });
  });
});

describe('idempotency', () => {
  it('answers a retry with the same key and parameters with the stored object, creating nothing twice', async () => {
    const first = await stripe.customers.create({ email: 'once@example.test' }, { idempotencyKey: 'signup-42' });
    const again = await stripe.customers.create({ email: 'once@example.test' }, { idempotencyKey: 'signup-42' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.billing.customers.size).toBe(1);
    expect((await stripe.events.list({ type: 'customer.created' })).data).toHaveLength(1);
  });

  it('refuses the same key with other parameters (StripeIdempotencyError)', async () => {
    await stripe.customers.create({ email: 'once@example.test' }, { idempotencyKey: 'signup-43' });
    const error = await rejection(
      stripe.customers.create({ email: 'other@example.test' }, { idempotencyKey: 'signup-43' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    expect((error as Stripe.errors.StripeError).raw).toMatchObject({ type: 'idempotency_error' });
    expect(fake.billing.customers.size).toBe(1);
  });

  it("lets the SDK's own retry after a 500 reach the account once", async () => {
    const retrying = new Stripe(fake.secretKey, { ...fake.sdkConfig, maxNetworkRetries: 1 });
    fake.injectFault({ mode: 'server-error' }, { path: '/v1/customers', method: 'POST' });
    const customer = await retrying.customers.create({ email: 'retry@example.test' });
    const posts = fake.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.status)).toEqual([500, 200]);
    // The SDK gave both attempts the same key; the 500 stored nothing, so the retry ran.
    expect(posts[0]!.idempotencyKey).not.toBeNull();
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    expect([...fake.billing.customers.keys()]).toEqual([customer.id]);
  });
});

describe('errors as the SDK classes them', () => {
  it('declines an invoice of a customer whose payment method is pm_card_chargeCustomerFail (402 StripeCardError)', async () => {
    const customer = await stripe.customers.create({
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    const invoice = await stripe.invoices.create({ customer: customer.id });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 9900, currency: 'usd' });
    const error = await rejection(stripe.invoices.pay(invoice.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });

    const failed = await stripe.invoices.retrieve(invoice.id);
    expect(failed).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0 });
    const events = await stripe.events.list({ type: 'invoice.payment_failed' });
    expect(events.data.map((event) => (event.data.object as { id: string }).id)).toEqual([invoice.id]);

    // A subscription for that customer is created `incomplete` (Stripe's allow_incomplete).
    const price = await monthlyPrice();
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(subscription.status).toBe('incomplete');
  });

  it('answers an injected 429 as StripeRateLimitError and a 500 as StripeAPIError', async () => {
    fake.injectFault({ mode: 'rate-limit', retryAfterSeconds: 3 }, { path: '/v1/customers' });
    const limited = await rejection(stripe.customers.list());
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited).toMatchObject({ statusCode: 429, code: 'rate_limit' });
    expect((limited as Stripe.errors.StripeError).headers?.['retry-after']).toBe('3');

    const failed = await rejection(stripe.customers.list({}, { headers: { 'Fake-Stripe-Fault': 'server-error' } }));
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed).toMatchObject({ statusCode: 500 });
    expect((await stripe.customers.list()).data).toEqual([]);
  });

  it('refuses a wrong key with 401 (StripeAuthenticationError) and an unknown id with 404', async () => {
    const wrong = new Stripe('sk_test_not_the_key_1234', { ...fake.sdkConfig, maxNetworkRetries: 0 });
    const error = await rejection(wrong.customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401 });

    const missing = await rejection(stripe.customers.retrieve('cus_missing'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
  });
});

describe('webhooks', () => {
  let receiver: Server;
  const received: { body: string; signature: string }[] = [];

  beforeEach(async () => {
    received.length = 0;
    receiver = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(request.headers['stripe-signature']),
        });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('delivers each event signed so that constructEvent accepts it, and a tampered body is refused', async () => {
    const secret = 'whsec_fake_meridian_test';
    const { port } = receiver.address() as AddressInfo;
    fake.setWebhookEndpoint({ url: `http://127.0.0.1:${port}/webhooks/stripe`, secret });

    const customer = await stripe.customers.create({ email: 'hook@example.test' });
    await fake.webhooksSettled();
    expect(fake.webhookDeliveries).toMatchObject([{ type: 'customer.created', status: 200, error: null }]);
    const [delivery] = received;

    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, secret);
    expect(event).toMatchObject({
      type: 'customer.created',
      pending_webhooks: 1,
      data: { object: { id: customer.id } },
    });

    const tampered = delivery!.body.replace('hook@example.test', 'evil@example.test');
    expect(() => stripe.webhooks.constructEvent(tampered, delivery!.signature, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});

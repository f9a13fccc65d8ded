/**
 * The fake Stripe account's state and its billing rules, without HTTP: customers, products,
 * prices, invoice items, invoices, subscriptions and the events their changes record.
 *
 * Payments: an invoice is charged to its customer's default PaymentMethod
 * (`invoice_settings[default_payment_method]`, or `payment_method` at creation). Stripe's test
 * PaymentMethods decide the outcome (TEST_PAYMENT_METHODS): `pm_card_chargeCustomerFail` and
 * `pm_card_visa_chargeDeclinedInsufficientFunds` decline with a 402 card_error; any other method,
 * or none, is charged successfully (the fake does not model a customer without a way to pay).
 * Amounts are integers in the currency's minor unit, as Stripe's are.
 */
import type { FormObject, FormValue } from './form.js';
import { invalidRequest, missingParam, noSuch, StripeFailure } from './failures.js';
import {
  stripeAccountPayload,
  customerPayload,
  FAKE_STRIPE_API_VERSION,
  type FakeCustomer,
  type FakeInvoice,
  type FakeInvoiceItem,
  type FakeInvoiceLine,
  type FakePrice,
  type FakeProduct,
  type FakeSubscription,
  type FakeSubscriptionItem,
  invoiceItemPayload,
  invoicePayload,
  type Metadata,
  pricePayload,
  productPayload,
  type RecurringInterval,
  stripeId,
  subscriptionPayload,
} from './payloads.js';

/** Stripe's documented test PaymentMethods that decline, with the error a charge to them answers. */
export const TEST_PAYMENT_METHODS: Record<string, { code: string; declineCode: string; message: string }> = {
  pm_card_chargeCustomerFail: {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export type FakeStripeEventType =
  | 'customer.created'
  | 'customer.updated'
  | 'product.created'
  | 'price.created'
  | 'invoiceitem.created'
  | 'invoice.created'
  | 'invoice.finalized'
  | 'invoice.paid'
  | 'invoice.payment_succeeded'
  | 'invoice.payment_failed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted';

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: FakeStripeEventType;
}

/** The request an operation runs for: named in the events it records. */
export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
}

interface HasId {
  id: string;
}

// ---- parameters ---------------------------------------------------------------------------

function optionalString(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') invalidRequest(`Invalid string: ${name} must be a string.`, name);
  return value;
}

function requiredString(params: FormObject, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') missingParam(name);
  return value;
}

/** A nullable string field: '' unsets it, as in Stripe's updates. */
function nullableString(params: FormObject, name: string, current: string | null): string | null {
  const value = optionalString(params, name);
  if (value === undefined) return current;
  return value === '' ? null : value;
}

function integer(
  value: FormValue | undefined,
  name: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) invalidRequest(`Invalid integer: ${String(value)}`, name);
  const number = Number(value);
  if (number < min) invalidRequest(`This value must be greater than or equal to ${min}.`, name);
  if (number > max) invalidRequest(`This value must be less than or equal to ${max}.`, name);
  return number;
}

function boolean(params: FormObject, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') invalidRequest(`Invalid boolean: ${String(value)}`, name);
  return value === 'true';
}

function objectParam(params: FormObject, name: string): FormObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) invalidRequest(`Invalid object: ${name}`, name);
  return value;
}

/** `metadata[key]=value` merged into `current`; `metadata[key]=` removes the key, `metadata=` clears all. */
function metadataOf(params: FormObject, current: Metadata = {}): Metadata {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) invalidRequest('Invalid object: metadata', 'metadata');
  const next = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') invalidRequest(`Invalid metadata value for ${key}`, `metadata[${key}]`);
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  return next;
}

function currencyOf(params: FormObject): string {
  const currency = requiredString(params, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) invalidRequest(`Invalid currency: ${currency}.`, 'currency');
  return currency;
}

/** Unix seconds `count` intervals after `from` (months and years keep the day, as Stripe's anchors do). */
export function addInterval(from: number, interval: RecurringInterval, count: number): number {
  const date = new Date(from * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

// ---- lists --------------------------------------------------------------------------------

export interface StripeList {
  object: 'list';
  data: unknown[];
  has_more: boolean;
  url: string;
}

/**
 * One page of `items` (newest first, as Stripe lists): `limit` (1-100, default 10),
 * `starting_after` (the page after that object) or `ending_before` (the page before it).
 */
export function listPage<T extends HasId>(
  items: readonly T[],
  params: FormObject,
  url: string,
  kind: string,
  payload: (item: T) => unknown,
): StripeList {
  const limit = integer(params.limit, 'limit', 1, 100) ?? 10;
  const after = optionalString(params, 'starting_after');
  const before = optionalString(params, 'ending_before');
  if (after !== undefined && before !== undefined) {
    invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before');
  }
  const position = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) noSuch(kind, id, param);
    return index;
  };
  let page: readonly T[];
  let hasMore: boolean;
  if (before !== undefined) {
    const end = position(before, 'ending_before');
    page = items.slice(Math.max(end - limit, 0), end);
    hasMore = end - limit > 0;
  } else {
    const start = after === undefined ? 0 : position(after, 'starting_after') + 1;
    page = items.slice(start, start + limit);
    hasMore = start + limit < items.length;
  }
  return { object: 'list', data: page.map(payload), has_more: hasMore, url };
}

// ---- the account --------------------------------------------------------------------------

/** The fake's one account (`GET /v1/account`). */
export const FAKE_STRIPE_ACCOUNT_ID = 'acct_1FakeMeridian000';

export class FakeStripeBilling {
  readonly customers = new Map<string, FakeCustomer>();
  readonly products = new Map<string, FakeProduct>();
  readonly prices = new Map<string, FakePrice>();
  readonly invoiceItems = new Map<string, FakeInvoiceItem>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Every event, oldest first. */
  readonly events: FakeStripeEvent[] = [];
  /** Set by the server around each request. */
  context: RequestContext | null = null;

  constructor(
    private readonly clock: () => Date,
    /** Called with each event as it is recorded (webhook delivery); answers how many endpoints it goes to. */
    private readonly onEvent: (event: FakeStripeEvent) => number = () => 0,
  ) {}

  private now(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  private record(type: FakeStripeEventType, object: object, previous?: Record<string, unknown>): void {
    const event: FakeStripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: this.now(),
      data: {
        object: structuredClone(object) as Record<string, unknown>,
        ...(previous === undefined ? {} : { previous_attributes: previous }),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { id: this.context?.requestId ?? null, idempotency_key: this.context?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    event.pending_webhooks = this.onEvent(event);
  }

  /** Newest first, as Stripe lists. */
  private newestFirst<T extends { created: number }>(items: Iterable<T>): T[] {
    return [...items].reverse();
  }

  // the account itself (`GET /v1/account`: what a connection checks its key with)

  account() {
    return stripeAccountPayload(FAKE_STRIPE_ACCOUNT_ID);
  }

  // customers

  customer(id: string, param = 'id'): FakeCustomer {
    return this.customers.get(id) ?? noSuch('customer', id, param);
  }

  customerPayload(id: string) {
    return customerPayload(this.customer(id));
  }

  createCustomer(params: FormObject) {
    const paymentMethod =
      optionalString(objectParam(params, 'invoice_settings') ?? {}, 'default_payment_method') ??
      optionalString(params, 'payment_method') ??
      null;
    const customer: FakeCustomer = {
      id: stripeId('cus', 14),
      created: this.now(),
      email: optionalString(params, 'email') ?? null,
      name: optionalString(params, 'name') ?? null,
      phone: optionalString(params, 'phone') ?? null,
      description: optionalString(params, 'description') ?? null,
      metadata: metadataOf(params),
      defaultPaymentMethod: paymentMethod,
      invoicePrefix: stripeId('x', 8).slice(2).toUpperCase(),
      nextInvoiceSequence: 1,
      currency: null,
    };
    this.customers.set(customer.id, customer);
    const payload = customerPayload(customer);
    this.record('customer.created', payload);
    return payload;
  }

  updateCustomer(id: string, params: FormObject) {
    const customer = this.customer(id);
    const before = customerPayload(customer);
    customer.email = nullableString(params, 'email', customer.email);
    customer.name = nullableString(params, 'name', customer.name);
    customer.phone = nullableString(params, 'phone', customer.phone);
    customer.description = nullableString(params, 'description', customer.description);
    customer.metadata = metadataOf(params, customer.metadata);
    const settings = objectParam(params, 'invoice_settings');
    if (settings !== undefined) {
      customer.defaultPaymentMethod = nullableString(settings, 'default_payment_method', customer.defaultPaymentMethod);
    }
    const payload = customerPayload(customer);
    const previous = changedFields(before, payload);
    if (Object.keys(previous).length > 0) this.record('customer.updated', payload, previous);
    return payload;
  }

  listCustomers(params: FormObject) {
    const email = optionalString(params, 'email');
    const customers = this.newestFirst(this.customers.values()).filter(
      (customer) => email === undefined || customer.email === email,
    );
    return listPage(customers, params, '/v1/customers', 'customer', customerPayload);
  }

  // products and prices

  product(id: string, param = 'id'): FakeProduct {
    return this.products.get(id) ?? noSuch('product', id, param);
  }

  private productPayload(product: FakeProduct) {
    const first = [...this.prices.values()].find((price) => price.product === product.id);
    return productPayload(product, first?.id ?? null);
  }

  retrieveProduct(id: string) {
    return this.productPayload(this.product(id));
  }

  createProduct(params: FormObject) {
    const now = this.now();
    const product: FakeProduct = {
      id: optionalString(params, 'id') ?? stripeId('prod', 14),
      created: now,
      updated: now,
      name: requiredString(params, 'name'),
      description: optionalString(params, 'description') ?? null,
      active: boolean(params, 'active') ?? true,
      metadata: metadataOf(params),
    };
    if (this.products.has(product.id)) {
      invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
    }
    this.products.set(product.id, product);
    const payload = this.productPayload(product);
    this.record('product.created', payload);
    return payload;
  }

  price(id: string, param = 'id'): FakePrice {
    return this.prices.get(id) ?? noSuch('price', id, param);
  }

  retrievePrice(id: string) {
    return pricePayload(this.price(id));
  }

  createPrice(params: FormObject) {
    const product = this.product(requiredString(params, 'product'), 'product');
    const unitAmount = integer(params.unit_amount, 'unit_amount', 0, 99_999_999);
    if (unitAmount === undefined) missingParam('unit_amount');
    const recurringParams = objectParam(params, 'recurring');
    let recurring: FakePrice['recurring'] = null;
    if (recurringParams !== undefined) {
      const interval = requiredString(recurringParams, 'interval');
      if (!['day', 'week', 'month', 'year'].includes(interval)) {
        invalidRequest(`Invalid recurring[interval]: must be one of day, week, month, or year`, 'recurring[interval]');
      }
      const count = integer(recurringParams.interval_count, 'recurring[interval_count]', 1) ?? 1;
      const maximum = { day: 1095, week: 156, month: 36, year: 3 }[interval as RecurringInterval];
      if (count > maximum) {
        invalidRequest(
          'The maximum billing frequency is three years (1095 days, 156 weeks or 36 months).',
          'recurring[interval_count]',
        );
      }
      recurring = { interval: interval as RecurringInterval, intervalCount: count };
    }
    const price: FakePrice = {
      id: stripeId('price'),
      created: this.now(),
      product: product.id,
      currency: currencyOf(params),
      unitAmount,
      recurring,
      nickname: optionalString(params, 'nickname') ?? null,
      lookupKey: optionalString(params, 'lookup_key') ?? null,
      active: boolean(params, 'active') ?? true,
      metadata: metadataOf(params),
    };
    this.prices.set(price.id, price);
    const payload = pricePayload(price);
    this.record('price.created', payload);
    return payload;
  }

  // invoice items

  createInvoiceItem(params: FormObject) {
    const customer = this.customer(requiredString(params, 'customer'), 'customer');
    const invoiceId = optionalString(params, 'invoice');
    if (invoiceId !== undefined) {
      const invoice = this.invoice(invoiceId, 'invoice');
      if (invoice.customer !== customer.id) {
        invalidRequest(`Invoice ${invoice.id} does not belong to customer ${customer.id}.`, 'invoice');
      }
      if (invoice.status !== 'draft') {
        invalidRequest(
          `You can only add invoice items to draft invoices. Invoice ${invoice.id} is ${invoice.status}.`,
          'invoice',
          'invoice_not_editable',
        );
      }
    }
    const priceId = optionalString(objectParam(params, 'pricing') ?? {}, 'price') ?? optionalString(params, 'price');
    const price = priceId === undefined ? undefined : this.price(priceId, 'pricing[price]');
    const quantity = integer(params.quantity, 'quantity', 1) ?? 1;
    let unitAmount: number;
    let currency: string;
    if (price !== undefined) {
      unitAmount = price.unitAmount;
      currency = price.currency;
    } else {
      const amount = integer(params.amount, 'amount', -99_999_999, 99_999_999);
      if (amount === undefined) missingParam('amount');
      unitAmount = amount / quantity;
      currency = currencyOf(params);
    }
    const now = this.now();
    const item: FakeInvoiceItem = {
      id: stripeId('ii'),
      created: now,
      customer: customer.id,
      invoice: invoiceId ?? null,
      subscription: optionalString(params, 'subscription') ?? null,
      price: price?.id ?? null,
      product: price?.product ?? null,
      amount: Math.round(unitAmount * quantity),
      unitAmount,
      quantity,
      currency,
      description: optionalString(params, 'description') ?? null,
      period: { start: now, end: now },
      metadata: metadataOf(params),
    };
    this.invoiceItems.set(item.id, item);
    const payload = invoiceItemPayload(item);
    this.record('invoiceitem.created', payload);
    return payload;
  }

  // invoices

  invoice(id: string, param = 'id'): FakeInvoice {
    return this.invoices.get(id) ?? noSuch('invoice', id, param);
  }

  /** The invoice's lines: its subscription lines, then the invoice items attached to it. */
  private linesOf(invoice: FakeInvoice): FakeInvoiceLine[] {
    const itemLines = [...this.invoiceItems.values()]
      .filter((item) => item.invoice === invoice.id)
      .map((item): FakeInvoiceLine => ({
        id: `il_${item.id.slice(3)}`,
        amount: item.amount,
        currency: item.currency,
        description: item.description,
        quantity: item.quantity,
        price: item.price,
        product: item.product,
        period: item.period,
        invoiceItem: item.id,
        subscription: item.subscription,
        subscriptionItem: null,
      }));
    return [...invoice.lines, ...itemLines];
  }

  invoicePayload(id: string) {
    const invoice = this.invoice(id);
    return invoicePayload(invoice, this.customer(invoice.customer), this.linesOf(invoice));
  }

  private openInvoice(
    customer: FakeCustomer,
    fields: Pick<FakeInvoice, 'subscription' | 'billingReason' | 'currency' | 'description' | 'metadata' | 'lines'> &
      Partial<Pick<FakeInvoice, 'autoAdvance' | 'collectionMethod' | 'periodStart' | 'periodEnd'>>,
  ): FakeInvoice {
    const now = this.now();
    const invoice: FakeInvoice = {
      id: stripeId('in'),
      created: now,
      customer: customer.id,
      status: 'draft',
      number: null,
      autoAdvance: false,
      collectionMethod: 'charge_automatically',
      attemptCount: 0,
      amountPaid: 0,
      finalizedAt: null,
      paidAt: null,
      periodStart: now,
      periodEnd: now,
      ...fields,
    };
    this.invoices.set(invoice.id, invoice);
    customer.currency ??= invoice.currency;
    this.record('invoice.created', this.invoicePayload(invoice.id));
    return invoice;
  }

  createInvoice(params: FormObject) {
    const customer = this.customer(requiredString(params, 'customer'), 'customer');
    const behavior = optionalString(params, 'pending_invoice_items_behavior') ?? 'exclude';
    if (behavior !== 'exclude' && behavior !== 'include') {
      invalidRequest(
        'Invalid pending_invoice_items_behavior: must be one of exclude or include',
        'pending_invoice_items_behavior',
      );
    }
    const collection = optionalString(params, 'collection_method') ?? 'charge_automatically';
    if (collection !== 'charge_automatically' && collection !== 'send_invoice') {
      invalidRequest(
        'Invalid collection_method: must be one of charge_automatically or send_invoice',
        'collection_method',
      );
    }
    const pending = [...this.invoiceItems.values()].filter(
      (item) => item.customer === customer.id && item.invoice === null,
    );
    const invoice = this.openInvoice(customer, {
      subscription: null,
      billingReason: 'manual',
      currency: optionalString(params, 'currency')?.toLowerCase() ?? pending[0]?.currency ?? customer.currency ?? 'usd',
      description: optionalString(params, 'description') ?? null,
      metadata: metadataOf(params),
      lines: [],
      autoAdvance: boolean(params, 'auto_advance') ?? false,
      collectionMethod: collection,
    });
    if (behavior === 'include') {
      for (const item of pending) item.invoice = invoice.id;
    }
    return this.invoicePayload(invoice.id);
  }

  finalizeInvoice(id: string) {
    const invoice = this.invoice(id);
    if (invoice.status !== 'draft') {
      invalidRequest(
        `This invoice is already finalized, you can't re-finalize a non-draft invoice.`,
        undefined,
        'invoice_not_editable',
      );
    }
    this.finalize(invoice);
    return this.invoicePayload(id);
  }

  private finalize(invoice: FakeInvoice): void {
    const customer = this.customer(invoice.customer);
    invoice.status = 'open';
    invoice.finalizedAt = this.now();
    invoice.number = `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, '0')}`;
    customer.nextInvoiceSequence += 1;
    const payload = this.invoicePayload(invoice.id);
    this.record('invoice.finalized', payload);
    // Stripe marks an invoice of nothing paid as it finalizes it.
    if (payload.total === 0) this.markPaid(invoice, 0);
  }

  private markPaid(invoice: FakeInvoice, amount: number): void {
    invoice.status = 'paid';
    invoice.amountPaid = amount;
    invoice.paidAt = this.now();
    const payload = this.invoicePayload(invoice.id);
    this.record('invoice.paid', payload);
    this.record('invoice.payment_succeeded', payload);
  }

  /** Charges the invoice to its customer's payment method; a declining test method throws a 402 card_error. */
  payInvoice(id: string) {
    const invoice = this.invoice(id);
    if (invoice.status === 'paid') invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'draft' && invoice.status !== 'open') {
      invalidRequest(`You cannot pay an invoice that is ${invoice.status}.`, undefined, 'invoice_not_editable');
    }
    if (invoice.status === 'draft') this.finalize(invoice);
    // Finalizing an invoice of nothing has paid it already.
    if (this.invoice(id).status === 'paid') return this.invoicePayload(id);
    const decline = this.charge(invoice);
    if (decline !== undefined) throw decline;
    return this.invoicePayload(id);
  }

  /** One payment attempt: the 402 it failed with, or undefined when it was paid. */
  private charge(invoice: FakeInvoice): StripeFailure | undefined {
    invoice.attemptCount += 1;
    const customer = this.customer(invoice.customer);
    const decline =
      customer.defaultPaymentMethod === null ? undefined : TEST_PAYMENT_METHODS[customer.defaultPaymentMethod];
    if (decline === undefined) {
      this.markPaid(invoice, this.invoicePayload(invoice.id).amount_due);
      return undefined;
    }
    this.record('invoice.payment_failed', this.invoicePayload(invoice.id));
    return new StripeFailure(402, {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
    });
  }

  listInvoices(params: FormObject) {
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const subscription = optionalString(params, 'subscription');
    const invoices = this.newestFirst(this.invoices.values()).filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (status === undefined || invoice.status === status) &&
        (subscription === undefined || invoice.subscription === subscription),
    );
    return listPage(invoices, params, '/v1/invoices', 'invoice', (invoice) => this.invoicePayload(invoice.id));
  }

  // subscriptions

  subscription(id: string, param = 'id'): FakeSubscription {
    return this.subscriptions.get(id) ?? noSuch('subscription', id, param);
  }

  subscriptionPayload(id: string) {
    return subscriptionPayload(this.subscription(id), this.prices);
  }

  private subscriptionItem(
    params: FormValue,
    index: number,
    start: number,
    currency: string | null,
  ): FakeSubscriptionItem {
    if (typeof params === 'string' || Array.isArray(params))
      invalidRequest(`Invalid object: items[${index}]`, `items[${index}]`);
    const price = this.price(requiredString(params, 'price'), `items[${index}][price]`);
    if (price.recurring === null) {
      invalidRequest(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        `items[${index}][price]`,
      );
    }
    if (currency !== null && price.currency !== currency) {
      invalidRequest('All prices on a subscription must have the same currency.', `items[${index}][price]`);
    }
    return {
      id: stripeId('si', 14),
      created: start,
      price: price.id,
      quantity: integer(params.quantity, `items[${index}][quantity]`, 1) ?? 1,
      currentPeriodStart: start,
      currentPeriodEnd: addInterval(start, price.recurring.interval, price.recurring.intervalCount),
      metadata: metadataOf(params),
    };
  }

  private itemsParam(params: FormObject): FormValue[] {
    const items = params.items;
    if (items === undefined || items === '') return [];
    if (!Array.isArray(items)) invalidRequest('Invalid array: items', 'items');
    return items;
  }

  createSubscription(params: FormObject) {
    const customer = this.customer(requiredString(params, 'customer'), 'customer');
    const now = this.now();
    const itemParams = this.itemsParam(params);
    if (itemParams.length === 0) missingParam('items');
    const items: FakeSubscriptionItem[] = [];
    itemParams.forEach((value, index) =>
      items.push(this.subscriptionItem(value, index, now, items[0] ? this.price(items[0].price).currency : null)),
    );
    const currency = this.price(items[0]!.price).currency;
    const subscription: FakeSubscription = {
      id: stripeId('sub'),
      created: now,
      customer: customer.id,
      status: 'incomplete',
      currency,
      items,
      latestInvoice: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      billingCycleAnchor: now,
      collectionMethod: 'charge_automatically',
      description: optionalString(params, 'description') ?? null,
      metadata: metadataOf(params),
    };
    this.subscriptions.set(subscription.id, subscription);
    // The first period is invoiced and charged at once; a decline leaves the subscription
    // `incomplete` (payment_behavior allow_incomplete, Stripe's default) and the request succeeds.
    const invoice = this.openInvoice(customer, {
      subscription: subscription.id,
      billingReason: 'subscription_create',
      currency,
      description: null,
      metadata: {},
      periodStart: now,
      periodEnd: now,
      lines: items.map((item) => this.subscriptionLine(subscription, item)),
    });
    subscription.latestInvoice = invoice.id;
    this.finalize(invoice);
    if (invoice.status === 'open') this.charge(invoice);
    subscription.status = invoice.status === 'paid' ? 'active' : 'incomplete';
    const payload = this.subscriptionPayload(subscription.id);
    this.record('customer.subscription.created', payload);
    return payload;
  }

  private subscriptionLine(subscription: FakeSubscription, item: FakeSubscriptionItem): FakeInvoiceLine {
    const price = this.price(item.price);
    const product = this.product(price.product);
    return {
      id: stripeId('il'),
      amount: price.unitAmount * item.quantity,
      currency: price.currency,
      description: `${item.quantity} × ${product.name}`,
      quantity: item.quantity,
      price: price.id,
      product: product.id,
      period: { start: item.currentPeriodStart, end: item.currentPeriodEnd },
      invoiceItem: null,
      subscription: subscription.id,
      subscriptionItem: item.id,
    };
  }

  /**
   * metadata, description, cancel_at_period_end, and items: `items[n][id]` changes (price,
   * quantity, metadata) or with `deleted=true` removes an item; an entry without an id adds one.
   * Changes are not prorated (`proration_behavior=none`).
   */
  updateSubscription(id: string, params: FormObject) {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const before = this.subscriptionPayload(id);
    subscription.metadata = metadataOf(params, subscription.metadata);
    subscription.description = nullableString(params, 'description', subscription.description);
    subscription.cancelAtPeriodEnd = boolean(params, 'cancel_at_period_end') ?? subscription.cancelAtPeriodEnd;
    const now = this.now();
    this.itemsParam(params).forEach((value, index) => {
      if (typeof value === 'string' || Array.isArray(value))
        invalidRequest(`Invalid object: items[${index}]`, `items[${index}]`);
      const itemId = optionalString(value, 'id');
      if (itemId === undefined) {
        subscription.items.push(this.subscriptionItem(value, index, now, subscription.currency));
        return;
      }
      const item = subscription.items.find((existing) => existing.id === itemId);
      if (item === undefined) noSuch('subscription_item', itemId, `items[${index}][id]`);
      if (boolean(value, 'deleted') === true) {
        subscription.items.splice(subscription.items.indexOf(item), 1);
        return;
      }
      const priceId = optionalString(value, 'price');
      if (priceId !== undefined) {
        const replacement = this.subscriptionItem(value, index, item.currentPeriodStart, subscription.currency);
        item.price = replacement.price;
        item.currentPeriodEnd = replacement.currentPeriodEnd;
      }
      item.quantity = integer(value.quantity, `items[${index}][quantity]`, 1) ?? item.quantity;
      item.metadata = metadataOf(value, item.metadata);
    });
    if (subscription.items.length === 0) invalidRequest('A subscription must have at least one active plan.', 'items');
    const payload = this.subscriptionPayload(id);
    const previous = changedFields(before, payload);
    if (Object.keys(previous).length > 0) this.record('customer.subscription.updated', payload, previous);
    return payload;
  }

  /** DELETE /v1/subscriptions/:id: cancels at once (Stripe keeps the object, status `canceled`). */
  cancelSubscription(id: string) {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      invalidRequest(`This subscription is already canceled: '${id}'.`, 'id');
    }
    const now = this.now();
    subscription.status = 'canceled';
    subscription.canceledAt = now;
    subscription.endedAt = now;
    const payload = this.subscriptionPayload(id);
    this.record('customer.subscription.deleted', payload);
    return payload;
  }

  listSubscriptions(params: FormObject) {
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const subscriptions = this.newestFirst(this.subscriptions.values()).filter(
      (subscription) =>
        (customer === undefined || subscription.customer === customer) &&
        // Stripe's default leaves canceled subscriptions out; `status=all` includes them.
        (status === 'all' ||
          (status === undefined ? subscription.status !== 'canceled' : subscription.status === status)),
    );
    return listPage(subscriptions, params, '/v1/subscriptions', 'subscription', (subscription) =>
      this.subscriptionPayload(subscription.id),
    );
  }

  // events

  event(id: string): FakeStripeEvent {
    return this.events.find((event) => event.id === id) ?? noSuch('event', id);
  }

  listEvents(params: FormObject) {
    const type = optionalString(params, 'type');
    const matches = (eventType: string) =>
      type === undefined || (type.endsWith('*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type);
    const events = this.newestFirst(this.events).filter((event) => matches(event.type));
    return listPage(events, params, '/v1/events', 'event', (event) => event);
  }
}

/** The top-level fields of `before` that differ in `after`, with their old values (an event's previous_attributes). */
function changedFields(before: object, after: object): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  const next = after as Record<string, unknown>;
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(next[key])) changed[key] = value;
  }
  return changed;
}

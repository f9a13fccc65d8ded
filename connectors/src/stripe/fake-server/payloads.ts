/**
 * The fake Stripe's objects as the API answers them. The fields are those of Stripe's published
 * fixtures (`stripe-fixtures-2026-08.json` in ../shared/vendor-specs) for API version 2026-10-28,
 * which the `stripe` SDK's types name too: every builder `satisfies Fields<Stripe.X>`, so a field
 * the SDK does not know is a type error. Where the fixtures still carry an older field the SDK has
 * dropped (an invoice's top-level `subscription`, now `parent.subscription_details.subscription`),
 * the SDK wins; `__tests__/fake-server.test.ts` pins it.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/** The API version the fake speaks (the one `stripe` 23.x pins). */
export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

/** Only the names of T's fields are checked (the SDK types decimals as its Decimal class; the wire has strings). */
type Fields<T> = { [K in keyof T]?: unknown };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-like id: `prefix_` and `length` base-62 characters (cus_ ids have 14, most others 24). */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

export type Metadata = Record<string, string>;

export interface StripeErrorBody {
  /** The four types of Stripe's description (a 429 is an invalid_request_error with code rate_limit). */
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
}

export interface FakeCustomer {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  metadata: Metadata;
  /** The PaymentMethod the customer's invoices are charged to (see TEST_PAYMENT_METHODS). */
  defaultPaymentMethod: string | null;
  invoicePrefix: string;
  nextInvoiceSequence: number;
  currency: string | null;
}

export interface FakeProduct {
  id: string;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Metadata;
}

export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

export interface FakePrice {
  id: string;
  created: number;
  product: string;
  currency: string;
  unitAmount: number;
  recurring: { interval: RecurringInterval; intervalCount: number } | null;
  nickname: string | null;
  lookupKey: string | null;
  active: boolean;
  metadata: Metadata;
}

export interface FakeInvoiceItem {
  id: string;
  created: number;
  customer: string;
  invoice: string | null;
  subscription: string | null;
  price: string | null;
  product: string | null;
  amount: number;
  unitAmount: number;
  quantity: number;
  currency: string;
  description: string | null;
  period: { start: number; end: number };
  metadata: Metadata;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface FakeInvoice {
  id: string;
  created: number;
  customer: string;
  subscription: string | null;
  billingReason: 'manual' | 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  status: InvoiceStatus;
  number: string | null;
  currency: string;
  description: string | null;
  autoAdvance: boolean;
  collectionMethod: 'charge_automatically' | 'send_invoice';
  /** Lines of a subscription's invoice; invoice items are added from the items that name the invoice. */
  lines: FakeInvoiceLine[];
  attemptCount: number;
  amountPaid: number;
  finalizedAt: number | null;
  paidAt: number | null;
  periodStart: number;
  periodEnd: number;
  metadata: Metadata;
}

export interface FakeInvoiceLine {
  id: string;
  amount: number;
  currency: string;
  description: string | null;
  quantity: number;
  price: string | null;
  product: string | null;
  period: { start: number; end: number };
  invoiceItem: string | null;
  subscription: string | null;
  subscriptionItem: string | null;
}

export type SubscriptionStatus = 'active' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'past_due';

export interface FakeSubscriptionItem {
  id: string;
  created: number;
  price: string;
  quantity: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  metadata: Metadata;
}

export interface FakeSubscription {
  id: string;
  created: number;
  customer: string;
  status: SubscriptionStatus;
  currency: string;
  items: FakeSubscriptionItem[];
  latestInvoice: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  billingCycleAnchor: number;
  collectionMethod: 'charge_automatically' | 'send_invoice';
  description: string | null;
  metadata: Metadata;
}

export function customerPayload(customer: FakeCustomer) {
  return {
    id: customer.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: customer.created,
    currency: customer.currency,
    default_source: null,
    delinquent: false,
    description: customer.description,
    discount: null,
    email: customer.email,
    invoice_prefix: customer.invoicePrefix,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: customer.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: { ...customer.metadata },
    name: customer.name,
    next_invoice_sequence: customer.nextInvoiceSequence,
    phone: customer.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Fields<Stripe.Customer>;
}

export function productPayload(product: FakeProduct, defaultPrice: string | null) {
  return {
    id: product.id,
    object: 'product',
    active: product.active,
    created: product.created,
    default_price: defaultPrice,
    description: product.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: { ...product.metadata },
    name: product.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: product.updated,
    url: null,
  } satisfies Fields<Stripe.Product>;
}

export function pricePayload(price: FakePrice) {
  return {
    id: price.id,
    object: 'price',
    active: price.active,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookupKey,
    metadata: { ...price.metadata },
    nickname: price.nickname,
    product: price.product,
    recurring:
      price.recurring === null
        ? null
        : {
            interval: price.recurring.interval,
            interval_count: price.recurring.intervalCount,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: price.recurring === null ? 'one_time' : 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  } satisfies Fields<Stripe.Price>;
}

export function invoiceItemPayload(item: FakeInvoiceItem) {
  return {
    id: item.id,
    object: 'invoiceitem',
    amount: item.amount,
    currency: item.currency,
    customer: item.customer,
    customer_account: null,
    date: item.created,
    description: item.description,
    discountable: true,
    discounts: [],
    invoice: item.invoice,
    livemode: false,
    metadata: { ...item.metadata },
    net_amount: item.amount,
    parent:
      item.subscription === null
        ? null
        : { type: 'subscription_details', subscription_details: { subscription: item.subscription } },
    period: { ...item.period },
    pricing:
      item.price === null
        ? { type: 'price_details', price_details: undefined, unit_amount_decimal: String(item.unitAmount) }
        : {
            type: 'price_details',
            price_details: { price: item.price, product: item.product },
            unit_amount_decimal: String(item.unitAmount),
          },
    proration: false,
    quantity: item.quantity,
    quantity_decimal: String(item.quantity),
    tax_rates: [],
    test_clock: null,
  } satisfies Fields<Stripe.InvoiceItem>;
}

function linePayload(line: FakeInvoiceLine, invoiceId: string) {
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: line.currency,
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent:
      line.subscriptionItem !== null
        ? {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: null,
              subscription: line.subscription,
              subscription_item: line.subscriptionItem,
            },
          }
        : {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: line.invoiceItem,
              proration: false,
              proration_details: null,
              subscription: line.subscription,
            },
            subscription_item_details: null,
          },
    period: { ...line.period },
    pretax_credit_amounts: [],
    pricing:
      line.price === null
        ? { type: 'price_details', price_details: undefined, unit_amount_decimal: null }
        : {
            type: 'price_details',
            price_details: { price: line.price, product: line.product },
            unit_amount_decimal: String(line.amount / line.quantity),
          },
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subtotal: line.amount,
    taxes: [],
  } satisfies Fields<Stripe.InvoiceLineItem>;
}

export function invoicePayload(invoice: FakeInvoice, customer: FakeCustomer, lines: readonly FakeInvoiceLine[]) {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const due = invoice.status === 'draft' || invoice.status === 'open' || invoice.status === 'paid' ? total : 0;
  return {
    id: invoice.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Meridian (fake Stripe)',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: invoice.amountPaid,
    amount_remaining: Math.max(due - invoice.amountPaid, 0),
    amount_shipping: 0,
    application: null,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    auto_advance: invoice.autoAdvance,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: invoice.billingReason,
    collection_method: invoice.collectionMethod,
    created: invoice.created,
    currency: invoice.currency,
    custom_fields: null,
    customer: invoice.customer,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: invoice.description,
    discounts: [],
    due_date: null,
    effective_at: invoice.finalizedAt,
    ending_balance: invoice.status === 'draft' ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url:
      invoice.status === 'draft' ? null : `https://invoice.stripe.com/i/acct_fake/test_${invoice.id.slice(3)}`,
    invoice_pdf:
      invoice.status === 'draft' ? null : `https://pay.stripe.com/invoice/acct_fake/test_${invoice.id.slice(3)}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: lines.map((line) => linePayload(line, invoice.id)),
      has_more: false,
      url: `/v1/invoices/${invoice.id}/lines`,
    },
    livemode: false,
    metadata: { ...invoice.metadata },
    next_payment_attempt: null,
    number: invoice.number,
    on_behalf_of: null,
    parent:
      invoice.subscription === null
        ? null
        : {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: null, subscription: invoice.subscription },
          },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: invoice.periodEnd,
    period_start: invoice.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: invoice.status,
    status_transitions: {
      finalized_at: invoice.finalizedAt,
      marked_uncollectible_at: null,
      paid_at: invoice.paidAt,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: invoice.created,
  } satisfies Fields<Stripe.Invoice>;
}

export function subscriptionPayload(subscription: FakeSubscription, prices: ReadonlyMap<string, FakePrice>) {
  return {
    id: subscription.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: subscription.billingCycleAnchor,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: subscription.created },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    cancellation_details: {
      comment: null,
      feedback: null,
      reason: subscription.canceledAt === null ? null : 'cancellation_requested',
    },
    collection_method: subscription.collectionMethod,
    created: subscription.created,
    currency: subscription.currency,
    customer: subscription.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: subscription.description,
    discounts: [],
    ended_at: subscription.endedAt,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: subscription.items.map((item) => ({
        id: item.id,
        object: 'subscription_item',
        billing_thresholds: null,
        created: item.created,
        current_period_end: item.currentPeriodEnd,
        current_period_start: item.currentPeriodStart,
        discounts: [],
        metadata: { ...item.metadata },
        price: pricePayload(prices.get(item.price)!),
        quantity: item.quantity,
        subscription: subscription.id,
        tax_rates: [],
      })) satisfies Fields<Stripe.SubscriptionItem>[],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
    latest_invoice: subscription.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: { ...subscription.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: subscription.created,
    status: subscription.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  } satisfies Fields<Stripe.Subscription>;
}

/** The account a secret key belongs to (`GET /v1/account`), with what a connection shows of it. */
export function stripeAccountPayload(id: string) {
  return {
    id,
    object: 'account',
    business_profile: { name: 'Meridian (fake Stripe)', url: null },
    business_type: 'company',
    charges_enabled: true,
    country: 'US',
    created: 1_700_000_000,
    default_currency: 'usd',
    details_submitted: true,
    email: 'billing@meridian.test',
    payouts_enabled: true,
    settings: { dashboard: { display_name: 'Meridian (fake Stripe)', timezone: 'Etc/UTC' } },
    type: 'standard',
  } satisfies Fields<Stripe.Account>;
}

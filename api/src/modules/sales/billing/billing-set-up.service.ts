import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { isConnectorError, stripeCall, stripeConnectorError, type StripeSdk } from '@meridian/connectors';
import {
  aumBillingPeriod,
  BillingMessage,
  DomainError,
  ErrorCode,
  PAYMENT_FREQUENCY_LABELS,
  providerInterval,
  serviceStatusOfSubscription,
  toIsoDate,
  toMinorUnits,
  type CurrencyCode,
} from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { StripeClients } from '../../hub/providers/stripe/index.js';
import { BillingInvoices } from './billing-invoices.js';
import { BillingRepository, type ServiceForBilling } from './billing.repository.js';
import { BillingRecordsWriter } from './billing-records.writer.js';
import { HouseholdServicesWriter } from './household-services.writer.js';

/** The job's attempt: a retryable failure on the last one fails the service instead of retrying. */
export interface SetUpAttempt {
  isFinalAttempt: boolean;
}

/** A refusal the service is FAILED with (its message is for the person who retries). */
class SetUpRefused extends Error {}

/**
 * Sets a PENDING service up at the payment provider, then makes it ACTIVE:
 * - the household's customer at the connection (key `customer-<connectionId>-<householdId>`),
 *   recorded in billing_customers;
 * - an upfront one-time fee: an invoice with one item, finalized (keys from the service id), recorded
 *   in billing_invoices before it is created and linked as soon as it is. A fee charged on
 *   completion is not billed here: nothing marks a service complete yet, so it waits for that;
 * - a recurring payment: product, price (interval from the frequency; a duration ends the
 *   subscription with `cancel_at`) and subscription (keys from the service id), whose id and next
 *   period end are recorded at once, and its first invoice;
 * - an AUM fee: nothing yet; billing.invoice-aum-periods bills each quarter once it has ended.
 *
 * Crash-safe: every create carries an idempotency key and every object is recorded the moment it
 * exists, and a rerun reads what is recorded first, so a worker killed in the middle and started
 * again creates nothing twice. Stripe's refusals (a 402, a 4xx, a revoked key) fail the service with
 * a sentence a person can act on; a 429 or 5xx is rethrown for BullMQ to retry, and fails the
 * service only on the job's last attempt.
 */
@Injectable()
export class BillingSetUpService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(BillingRepository) private readonly repository: BillingRepository,
    @Inject(HouseholdServicesWriter) private readonly services: HouseholdServicesWriter,
    @Inject(BillingRecordsWriter) private readonly records: BillingRecordsWriter,
    @Inject(BillingInvoices) private readonly invoices: BillingInvoices,
    @Inject(StripeClients) private readonly clients: StripeClients,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  setUp(organizationId: string, serviceId: string, attempt: SetUpAttempt = { isFinalAttempt: true }): Promise<void> {
    return inOrganization(organizationId, () => this.attempt(organizationId, serviceId, attempt));
  }

  private async attempt(organizationId: string, serviceId: string, attempt: SetUpAttempt): Promise<void> {
    const service = await this.repository.serviceForBilling(serviceId);
    // Gone, or set up (or failed) meanwhile: a duplicate job.
    if (!service || service.billingStatus !== 'PENDING') return;
    try {
      if (!service.connectionId) throw new SetUpRefused(BillingMessage.noConnection);
      const stripe = await this.client(organizationId, service.connectionId);
      const currency = this.currencyOf(service);
      const customerId = await this.customer(stripe, service, service.connectionId);
      const offer = service.offer;
      if (
        offer.oneTimeFeeAmount !== null &&
        offer.oneTimeFeeIsUpfront &&
        service.billingStartType !== 'ON_COMPLETION'
      ) {
        await this.invoices.bill(stripe, {
          serviceId,
          customerId,
          kind: 'ONE_TIME_FEE',
          amount: offer.oneTimeFeeAmount.toFixed(),
          currency: currency!,
          period: null,
          description: `${service.name}: one-time fee`,
          key: `one-time-fee-${serviceId}`,
        });
      }
      let subscriptionPeriodEnd: Date | null = null;
      if (offer.recurringAmount !== null && offer.recurringFrequency !== null) {
        subscriptionPeriodEnd = await this.subscription(stripe, service, customerId, currency!);
      }
      const aumNext = this.firstAumCharge(service);
      const nextChargeAt = [subscriptionPeriodEnd, aumNext]
        .filter((date): date is Date => date !== null)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      await this.write((scope) =>
        this.services.updateBilling(scope, serviceId, {
          billingStatus: 'ACTIVE',
          billingError: null,
          nextChargeAt: nextChargeAt ?? null,
        }),
      );
    } catch (error) {
      const message = this.failureMessage(error, attempt);
      if (message === null) throw error;
      this.logger.warn({ householdServiceId: serviceId, reason: message }, 'billing set-up failed');
      await this.write((scope) =>
        this.services.updateBilling(scope, serviceId, { billingStatus: 'FAILED', billingError: message }),
      );
    }
  }

  private async client(organizationId: string, connectionId: string): Promise<StripeSdk> {
    try {
      return await this.clients.forConnection(organizationId, connectionId);
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) {
        throw new SetUpRefused(BillingMessage.connectionGone);
      }
      throw error;
    }
  }

  /** The one currency the service bills in (a Stripe customer has one); null when it bills no amount. */
  private currencyOf(service: ServiceForBilling): CurrencyCode | null {
    const offer = service.offer;
    const currencies = new Set<CurrencyCode>();
    if (offer.oneTimeFeeAmount !== null && offer.oneTimeFeeAmountCurrency)
      currencies.add(offer.oneTimeFeeAmountCurrency);
    if (offer.recurringAmount !== null && offer.recurringAmountCurrency) currencies.add(offer.recurringAmountCurrency);
    for (const tier of offer.feeTiers) currencies.add(tier.breakpointCurrency);
    if (currencies.size > 1) throw new SetUpRefused(BillingMessage.mixedCurrencies);
    return [...currencies][0] ?? null;
  }

  /** The household's customer at the connection: the recorded one, else created and recorded. */
  private async customer(stripe: StripeSdk, service: ServiceForBilling, connectionId: string): Promise<string> {
    const recorded = await this.repository.customerOf(connectionId, service.householdId);
    if (recorded) return recorded.externalCustomerId;
    const customer = await stripeCall('customers.create', () =>
      stripe.customers.create(
        { name: service.household.name, metadata: { meridian_household_id: service.householdId } },
        { idempotencyKey: `customer-${connectionId}-${service.householdId}` },
      ),
    );
    await this.write((scope) =>
      this.records.recordCustomer(scope, {
        connectionId,
        householdId: service.householdId,
        externalCustomerId: customer.id,
      }),
    );
    return customer.id;
  }

  /**
   * The recurring payment's subscription: the recorded one, else product, price and subscription
   * created (keys from the service id) and its id recorded at once; then its first invoice. Returns
   * the end of its current period (its next charge).
   */
  private async subscription(
    stripe: StripeSdk,
    service: ServiceForBilling,
    customerId: string,
    currency: CurrencyCode,
  ): Promise<Date | null> {
    const offer = service.offer;
    const interval = providerInterval(offer.recurringFrequency!);
    if (!interval) {
      throw new SetUpRefused(
        BillingMessage.frequencyNotBillable(PAYMENT_FREQUENCY_LABELS[offer.recurringFrequency!].toLowerCase()),
      );
    }
    let subscriptionId = service.externalSubscriptionId;
    let subscription;
    if (subscriptionId) {
      subscription = await stripeCall('subscriptions.retrieve', () => stripe.subscriptions.retrieve(subscriptionId!));
    } else {
      const product = await stripeCall('products.create', () =>
        stripe.products.create(
          { name: service.name, metadata: { meridian_household_service_id: service.id } },
          { idempotencyKey: `product-${service.id}` },
        ),
      );
      const price = await stripeCall('prices.create', () =>
        stripe.prices.create(
          {
            product: product.id,
            currency: currency.toLowerCase(),
            unit_amount: toMinorUnits(offer.recurringAmount!.toFixed(), currency),
            recurring: { interval: interval.interval, interval_count: interval.intervalCount },
          },
          { idempotencyKey: `price-${service.id}` },
        ),
      );
      const cancelAt = offer.recurringDuration ? this.endOf(interval, offer.recurringDuration) : undefined;
      subscription = await stripeCall('subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: price.id }],
            description: service.name,
            metadata: { meridian_household_service_id: service.id },
            ...(cancelAt ? { cancel_at: cancelAt } : {}),
          },
          { idempotencyKey: `subscription-${service.id}` },
        ),
      );
      subscriptionId = subscription.id;
      await this.write((scope) =>
        this.services.updateBilling(scope, service.id, { externalSubscriptionId: subscription!.id }),
      );
    }
    const latest = subscription.latest_invoice;
    const latestId = typeof latest === 'string' ? latest : (latest?.id ?? null);
    if (latestId) {
      const invoice = await stripeCall('invoices.retrieve', () => stripe.invoices.retrieve(latestId));
      await this.write((scope) => this.invoices.recordSubscriptionInvoice(scope, service.id, invoice));
    }
    const status = serviceStatusOfSubscription(subscription.status);
    if (status === 'CANCELLED') return null;
    const periodEnd = subscription.items.data[0]?.current_period_end;
    return periodEnd ? new Date(periodEnd * 1000) : null;
  }

  /** When a subscription of `periods` periods ends: that many intervals after it starts (now). */
  private endOf(
    interval: { interval: 'day' | 'week' | 'month' | 'year'; intervalCount: number },
    periods: number,
  ): number {
    const end = new Date();
    const count = interval.intervalCount * periods;
    if (interval.interval === 'day') end.setUTCDate(end.getUTCDate() + count);
    if (interval.interval === 'week') end.setUTCDate(end.getUTCDate() + 7 * count);
    if (interval.interval === 'month') end.setUTCMonth(end.getUTCMonth() + count);
    if (interval.interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + count);
    return Math.floor(end.getTime() / 1000);
  }

  /**
   * When the AUM fee is first invoiced: the day after its first quarter, counted from the billing
   * start (the acceptance day, or the offer's custom date). Null without an AUM fee, or when billing
   * starts on completion (nothing marks a service complete yet).
   */
  private firstAumCharge(service: ServiceForBilling): Date | null {
    if (service.offer.feeTiers.length === 0) return null;
    const start =
      service.billingStartType === 'CUSTOM_DATE' && service.billingStartDate
        ? toIsoDate(service.billingStartDate)
        : service.billingStartType === 'ON_START'
          ? toIsoDate(service.acceptedAt)
          : null;
    return start ? new Date(`${aumBillingPeriod(start).next}T00:00:00Z`) : null;
  }

  /**
   * The sentence the service is FAILED with, or null when the error is to be rethrown (BullMQ
   * retries: Stripe busy or down, before the last attempt; anything unexpected).
   */
  private failureMessage(error: unknown, attempt: SetUpAttempt): string | null {
    if (error instanceof SetUpRefused) return error.message;
    if (!isConnectorError(error)) return null;
    if (error.retryable) return attempt.isFinalAttempt ? BillingMessage.unreachable : null;
    if (error.classification === 'AUTH') return BillingMessage.authRefused;
    const reason = stripeReason(error);
    if (error.status === 402) return BillingMessage.cardDeclined(reason.replace(/\.$/, ''));
    return BillingMessage.refused(/[.!?]$/.test(reason) ? reason : `${reason}.`);
  }

  private write<T>(fn: (scope: WriteScope) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(writeScope(tx, { actor: { kind: 'SYSTEM' } })));
  }
}

/** Stripe's own sentence of a refusal (the SDK error's message), else the connector's. */
export function stripeReason(error: unknown): string {
  const connectorError = stripeConnectorError(error, 'call');
  const cause = connectorError.cause as { message?: unknown } | undefined;
  return typeof cause?.message === 'string' && cause.message !== '' ? cause.message : connectorError.message;
}

import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { StripeEvent } from '@meridian/connectors';
import { serviceStatusOfSubscription } from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { ProviderEventsWriter } from '../../hub/providers/index.js';
import { BillingInvoices, type ProviderInvoice } from './billing-invoices.js';
import { BillingRecordsWriter } from './billing-records.writer.js';
import { HouseholdServicesWriter } from './household-services.writer.js';

type ProviderSubscription = Extract<StripeEvent, { type: 'customer.subscription.updated' }>['data']['object'];

/** What a failed payment's invoice says, for the billing tab. */
const PAYMENT_FAILED_MESSAGE =
  "The client's payment failed: Stripe will retry it, or the client can pay the invoice's page.";

/** The subscription an invoice bills, in the API's current shape (`parent.subscription_details`) or the older one. */
function subscriptionOf(invoice: ProviderInvoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: unknown }).subscription;
  const id = current ?? legacy;
  if (typeof id === 'string') return id;
  return id && typeof id === 'object' && 'id' in id && typeof id.id === 'string' ? id.id : null;
}

/**
 * Applies one stored provider event (a Stripe webhook, its signature checked and its payload kept
 * in provider_events) to billing, in one transaction with the event's row locked and marked
 * applied (the provider events' writer), so applying it twice (a replayed webhook, a duplicate job) changes nothing:
 * - invoice.paid: the invoice PAID with its payment time (a subscription's invoice not recorded yet
 *   is recorded first, as a RECURRING_PAYMENT); a PAST_DUE service is ACTIVE again;
 * - invoice.payment_failed: the invoice PAYMENT_FAILED, its service PAST_DUE;
 * - customer.subscription.updated / deleted: the service ACTIVE, PAST_DUE or CANCELLED as the
 *   subscription's status says, and its next charge at the current period's end.
 * Other events are marked applied without effect. An invoice or subscription billing does not know
 * (made outside Meridian) is left alone.
 */
@Injectable()
export class ProviderEventsApplier {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(HouseholdServicesWriter) private readonly services: HouseholdServicesWriter,
    @Inject(BillingRecordsWriter) private readonly records: BillingRecordsWriter,
    @Inject(BillingInvoices) private readonly invoices: BillingInvoices,
    @Inject(ProviderEventsWriter) private readonly events: ProviderEventsWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  apply(organizationId: string, connectionId: string, externalEventId: string): Promise<void> {
    return inOrganization(organizationId, () =>
      this.prisma.$transaction(async (tx) => {
        const scope = writeScope(tx, { actor: { kind: 'SYSTEM' } });
        // The row locked: a second job for the same event waits, then finds it applied.
        const [locked] = await scope.sql.query<{ applied: boolean }>(
          `SELECT applied_at IS NOT NULL AS applied FROM provider_events
            WHERE organization_id = $1 AND connection_id = $2 AND external_event_id = $3
            FOR UPDATE`,
          organizationId,
          connectionId,
          externalEventId,
        );
        if (!locked || locked.applied) return;
        const row = await tx.providerEvent.findFirstOrThrow({
          where: { connectionId, externalEventId },
          select: { type: true, payload: true },
        });
        const event = row.payload as unknown as StripeEvent;
        await this.applyEvent(scope, connectionId, event);
        await this.events.markApplied(scope, connectionId, externalEventId);
      }),
    );
  }

  private async applyEvent(scope: WriteScope, connectionId: string, event: StripeEvent): Promise<void> {
    switch (event.type) {
      case 'invoice.paid':
        return this.invoicePaid(scope, connectionId, event.data.object);
      case 'invoice.payment_failed':
        return this.invoiceFailed(scope, connectionId, event.data.object);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(scope, connectionId, event.data.object);
      default:
        this.logger.debug({ type: event.type, eventId: event.id }, 'provider event without effect on billing');
    }
  }

  /** The invoice's row: recorded, or (a subscription's period) recorded now; null when billing does not know it. */
  private async invoiceRow(scope: WriteScope, connectionId: string, invoice: ProviderInvoice) {
    if (!invoice.id) return null;
    const known = await scope.tx.billingInvoice.findFirst({
      where: { externalInvoiceId: invoice.id, householdService: { connectionId } },
      select: { id: true, householdServiceId: true },
    });
    if (known) return known;
    const subscriptionId = subscriptionOf(invoice);
    if (!subscriptionId) return null;
    const service = await this.serviceOfSubscription(scope, connectionId, subscriptionId);
    if (!service) return null;
    const row = await this.invoices.recordSubscriptionInvoice(scope, service.id, invoice);
    return row ? { id: row.id, householdServiceId: service.id } : null;
  }

  private serviceOfSubscription(scope: WriteScope, connectionId: string, subscriptionId: string) {
    return scope.tx.householdService.findFirst({
      where: { connectionId, externalSubscriptionId: subscriptionId },
      select: { id: true, billingStatus: true },
    });
  }

  private async invoicePaid(scope: WriteScope, connectionId: string, invoice: ProviderInvoice): Promise<void> {
    const row = await this.invoiceRow(scope, connectionId, invoice);
    if (!row) return;
    const paidAt = invoice.status_transitions?.paid_at;
    await this.records.updateInvoiceState(scope, row.id, {
      status: 'PAID',
      paidAt: paidAt ? new Date(paidAt * 1000) : scope.now,
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    });
    const service = await scope.tx.householdService.findFirstOrThrow({
      where: { id: row.householdServiceId },
      select: { billingStatus: true },
    });
    if (service.billingStatus === 'PAST_DUE') {
      await this.services.updateBilling(scope, row.householdServiceId, { billingStatus: 'ACTIVE' });
    }
  }

  private async invoiceFailed(scope: WriteScope, connectionId: string, invoice: ProviderInvoice): Promise<void> {
    const row = await this.invoiceRow(scope, connectionId, invoice);
    if (!row) return;
    const moved = await this.records.updateInvoiceState(scope, row.id, {
      status: 'PAYMENT_FAILED',
      failureMessage: PAYMENT_FAILED_MESSAGE,
    });
    const service = await scope.tx.householdService.findFirstOrThrow({
      where: { id: row.householdServiceId },
      select: { billingStatus: true },
    });
    if (moved && service.billingStatus === 'ACTIVE') {
      await this.services.updateBilling(scope, row.householdServiceId, { billingStatus: 'PAST_DUE' });
    }
  }

  private async subscriptionChanged(
    scope: WriteScope,
    connectionId: string,
    subscription: ProviderSubscription,
  ): Promise<void> {
    const service = await this.serviceOfSubscription(scope, connectionId, subscription.id);
    if (!service) return;
    const status = serviceStatusOfSubscription(subscription.status);
    // A service still being set up, or failed, is the set-up's to move; a cancelled one stays so.
    if (!status || service.billingStatus === 'PENDING' || service.billingStatus === 'FAILED') return;
    if (service.billingStatus === 'CANCELLED') return;
    const periodEnd = subscription.items?.data[0]?.current_period_end;
    await this.services.updateBilling(scope, service.id, {
      billingStatus: status,
      nextChargeAt: status === 'CANCELLED' ? null : periodEnd ? new Date(periodEnd * 1000) : undefined,
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { stripeCall, type StripeEvent, type StripeSdk } from '@meridian/connectors';
import {
  fromMinorUnits,
  invoiceStatusOf,
  isCurrencyCode,
  toMinorUnits,
  type BillingInvoiceKind,
  type CurrencyCode,
} from '@meridian/domain';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { BillingRecordsWriter, type BillingInvoiceRow, type InvoiceState } from './billing-records.writer.js';

/** Stripe's invoice, as the SDK's calls and its events give it. */
export type ProviderInvoice = Extract<StripeEvent, { type: 'invoice.paid' }>['data']['object'];

/** One invoice of one line to bill: a one-time fee, or an AUM fee's period. */
export interface InvoiceToBill {
  serviceId: string;
  customerId: string;
  kind: BillingInvoiceKind;
  /** Decimal string in `currency`. */
  amount: string;
  currency: CurrencyCode;
  /** The period billed (its first and last day); null for a one-time fee. */
  period: { start: Date; end: Date } | null;
  description: string;
  /** The idempotency key of the invoice; its item's and finalization's add `-item` and `-finalize`. */
  key: string;
}

/** What Stripe says of an invoice, as recorded: status, its page, when it was paid. */
export function invoiceStateOf(invoice: ProviderInvoice): InvoiceState {
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    status: invoiceStatusOf(invoice.status),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    paidAt: paidAt ? new Date(paidAt * 1000) : null,
  };
}

const dayOf = (seconds: number) => new Date(`${new Date(seconds * 1000).toISOString().slice(0, 10)}T00:00:00Z`);

/**
 * Billing one invoice at Stripe in steps that each survive a crash: the invoice is planned (its
 * row, with the amount, written first), created (key `<key>`) and linked at once, given its one
 * item (`<key>-item`) and finalized (`<key>-finalize`). A rerun continues from what is recorded:
 * an invoice already linked is read back from Stripe and only the steps still missing are done.
 */
@Injectable()
export class BillingInvoices {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(BillingRecordsWriter) private readonly records: BillingRecordsWriter,
  ) {}

  async bill(stripe: StripeSdk, bill: InvoiceToBill): Promise<BillingInvoiceRow> {
    const row = await this.write((scope) =>
      this.records.planInvoice(scope, {
        householdServiceId: bill.serviceId,
        kind: bill.kind,
        amount: bill.amount,
        amountCurrency: bill.currency,
        periodStart: bill.period?.start ?? null,
        periodEnd: bill.period?.end ?? null,
      }),
    );
    // The planned amount, not this run's: a rerun sends the same request under the same key.
    const amount = row.amount;
    let invoice: ProviderInvoice;
    if (row.externalInvoiceId) {
      if (row.status !== 'DRAFT') return row;
      invoice = await stripeCall('invoices.retrieve', () => stripe.invoices.retrieve(row.externalInvoiceId!));
    } else {
      invoice = await stripeCall('invoices.create', () =>
        stripe.invoices.create(
          {
            customer: bill.customerId,
            currency: bill.currency.toLowerCase(),
            description: bill.description,
            auto_advance: false,
            pending_invoice_items_behavior: 'exclude',
            metadata: { meridian_household_service_id: bill.serviceId, meridian_invoice_id: row.id },
          },
          { idempotencyKey: bill.key },
        ),
      );
      await this.write((scope) => this.records.linkInvoice(scope, row.id, invoice.id));
    }
    if (invoice.status === 'draft') {
      if ((invoice.lines?.data.length ?? 0) === 0) {
        await stripeCall('invoiceItems.create', () =>
          stripe.invoiceItems.create(
            {
              customer: bill.customerId,
              invoice: invoice.id,
              amount: toMinorUnits(amount, bill.currency),
              currency: bill.currency.toLowerCase(),
              description: bill.description,
            },
            { idempotencyKey: `${bill.key}-item` },
          ),
        );
      }
      invoice = await stripeCall('invoices.finalizeInvoice', () =>
        stripe.invoices.finalizeInvoice(invoice.id!, {}, { idempotencyKey: `${bill.key}-finalize` }),
      );
    }
    await this.write((scope) => this.records.updateInvoiceState(scope, row.id, invoiceStateOf(invoice)));
    return { ...row, externalInvoiceId: invoice.id ?? row.externalInvoiceId };
  }

  /**
   * A subscription's invoice (Stripe makes one per period), recorded as a RECURRING_PAYMENT of the
   * service when first seen, with its amount, period and state.
   */
  async recordSubscriptionInvoice(
    scope: WriteScope,
    serviceId: string,
    invoice: ProviderInvoice,
  ): Promise<BillingInvoiceRow | null> {
    const currency = invoice.currency.toUpperCase();
    if (!invoice.id || !isCurrencyCode(currency)) return null;
    const line = invoice.lines?.data[0];
    const row = await this.records.recordProviderInvoice(scope, {
      householdServiceId: serviceId,
      kind: 'RECURRING_PAYMENT',
      amount: fromMinorUnits(invoice.total, currency).toFixed(),
      amountCurrency: currency,
      periodStart: line ? dayOf(line.period.start) : null,
      periodEnd: line ? dayOf(line.period.end) : null,
      externalInvoiceId: invoice.id,
    });
    await this.records.updateInvoiceState(scope, row.id, invoiceStateOf(invoice));
    return row;
  }

  private write<T>(fn: (scope: WriteScope) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(writeScope(tx, { actor: { kind: 'SYSTEM' } })));
  }
}

import { Injectable } from '@nestjs/common';
import {
  EntityType,
  invoiceStatusMayMove,
  newId,
  type BillingInvoiceKind,
  type BillingInvoiceStatus,
  type CurrencyCode,
} from '@meridian/domain';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** An invoice as billing records it: what it bills, and the provider's invoice once it exists. */
export interface BillingInvoiceRow {
  id: string;
  householdServiceId: string;
  kind: BillingInvoiceKind;
  status: BillingInvoiceStatus;
  amount: string;
  amountCurrency: CurrencyCode;
  periodStart: Date | null;
  periodEnd: Date | null;
  externalInvoiceId: string | null;
}

export const BILLING_INVOICE_SELECT = {
  id: true,
  householdServiceId: true,
  kind: true,
  status: true,
  amount: true,
  amountCurrency: true,
  periodStart: true,
  periodEnd: true,
  externalInvoiceId: true,
} as const;

function invoiceRow(row: Omit<BillingInvoiceRow, 'amount'> & { amount: { toFixed(): string } }): BillingInvoiceRow {
  return { ...row, amount: row.amount.toFixed() };
}

/** What the provider says of an invoice, as recorded (each field only when known). */
export interface InvoiceState {
  status?: BillingInvoiceStatus;
  hostedInvoiceUrl?: string | null;
  paidAt?: Date | null;
  failureMessage?: string | null;
}

/**
 * The one writer of billing customers and invoices. Each provider object is recorded as soon as it
 * exists, so a job run again after a crash finds it instead of creating it twice.
 */
@Injectable()
export class BillingRecordsWriter {
  /** The household's customer at the connection; a second record of the same one changes nothing. */
  async recordCustomer(
    scope: WriteScope,
    customer: { connectionId: string; householdId: string; externalCustomerId: string },
  ): Promise<void> {
    await scope.tx.billingCustomer.createMany({
      data: [{ organizationId: scope.organizationId, ...customer, createdAt: scope.now }],
      skipDuplicates: true,
    });
  }

  /**
   * The invoice a service owes for a kind and period (one-time fee: no period), before anything is
   * created at the provider: its amount is fixed here, so a rerun sends the same amount under the
   * same idempotency key. Returns the row already there when there is one.
   */
  async planInvoice(
    scope: WriteScope,
    invoice: {
      householdServiceId: string;
      kind: BillingInvoiceKind;
      amount: string;
      amountCurrency: CurrencyCode;
      periodStart: Date | null;
      periodEnd: Date | null;
    },
  ): Promise<BillingInvoiceRow> {
    const existing = await this.findPlanned(scope, invoice);
    if (existing) return existing;
    await this.insertDraft(scope, invoice);
    return (await this.findPlanned(scope, invoice))!;
  }

  private async findPlanned(
    scope: WriteScope,
    invoice: { householdServiceId: string; kind: BillingInvoiceKind; periodEnd: Date | null },
  ): Promise<BillingInvoiceRow | null> {
    const row = await scope.tx.billingInvoice.findFirst({
      where: { householdServiceId: invoice.householdServiceId, kind: invoice.kind, periodEnd: invoice.periodEnd },
      select: BILLING_INVOICE_SELECT,
    });
    return row ? invoiceRow(row) : null;
  }

  /** The provider's invoice of a planned one, recorded the moment it is created. */
  async linkInvoice(scope: WriteScope, invoiceId: string, externalInvoiceId: string): Promise<void> {
    await scope.tx.billingInvoice.update({
      where: { organizationId_id: { organizationId: scope.organizationId, id: invoiceId } },
      data: { externalInvoiceId, updatedAt: scope.now },
    });
  }

  /**
   * An invoice the provider made by itself (a subscription's period), recorded when first seen;
   * the row (new or already there) is returned.
   */
  async recordProviderInvoice(
    scope: WriteScope,
    invoice: {
      householdServiceId: string;
      kind: BillingInvoiceKind;
      amount: string;
      amountCurrency: CurrencyCode;
      periodStart: Date | null;
      periodEnd: Date | null;
      externalInvoiceId: string;
    },
  ): Promise<BillingInvoiceRow> {
    await this.insertDraft(scope, invoice);
    return invoiceRow(
      await scope.tx.billingInvoice.findFirstOrThrow({
        where: { externalInvoiceId: invoice.externalInvoiceId },
        select: BILLING_INVOICE_SELECT,
      }),
    );
  }

  /** A DRAFT invoice row; one already there under the same unique key stays as it is. */
  private async insertDraft(
    scope: WriteScope,
    invoice: Omit<BillingInvoiceRow, 'id' | 'status' | 'externalInvoiceId'> & { externalInvoiceId?: string },
  ): Promise<void> {
    await scope.tx.billingInvoice.createMany({
      data: [
        {
          id: newId(EntityType.billingInvoice),
          organizationId: scope.organizationId,
          ...invoice,
          status: 'DRAFT',
          createdAt: scope.now,
          updatedAt: scope.now,
        },
      ],
      skipDuplicates: true,
    });
  }

  /**
   * The provider's word on an invoice. Its status only moves forward (`invoiceStatusMayMove`): a
   * late or replayed answer never undoes a payment. Returns whether the status changed.
   */
  async updateInvoiceState(scope: WriteScope, invoiceId: string, state: InvoiceState): Promise<boolean> {
    const current = await scope.tx.billingInvoice.findFirstOrThrow({
      where: { id: invoiceId },
      select: { status: true },
    });
    const moves = state.status !== undefined && invoiceStatusMayMove(current.status, state.status);
    const data = {
      ...(moves ? { status: state.status } : {}),
      ...(state.hostedInvoiceUrl !== undefined ? { hostedInvoiceUrl: state.hostedInvoiceUrl } : {}),
      ...(moves && state.paidAt !== undefined ? { paidAt: state.paidAt } : {}),
      ...(moves && state.failureMessage !== undefined ? { failureMessage: state.failureMessage } : {}),
    };
    if (Object.keys(data).length === 0) return false;
    await scope.tx.billingInvoice.update({
      where: { organizationId_id: { organizationId: scope.organizationId, id: invoiceId } },
      data: { ...data, updatedAt: scope.now },
    });
    return moves;
  }
}

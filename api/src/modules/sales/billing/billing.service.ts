import { Inject, Injectable } from '@nestjs/common';
import {
  BILLING_INVOICE_KIND_LABELS,
  BILLING_INVOICE_STATUS_LABELS,
  BillingMessage,
  DomainError,
  ErrorCode,
  HOUSEHOLD_SERVICE_BILLING_STATUS_LABELS,
  notFound,
  toIsoDate,
  type HouseholdBillingResponse,
  type HouseholdServiceResponse,
} from '@meridian/domain';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { StripeClients } from '../../hub/providers/stripe/index.js';
import { BillingJobs } from './billing-jobs.js';
import { HouseholdServicesWriter } from './household-services.writer.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const day = (date: Date | null) => (date ? toIsoDate(date) : null);

/**
 * The billing tab's reads and the retry of a failed set-up. A household or service outside the
 * caller's firm or teams answers 404 (household_services has its household's team; the household
 * is what the team scope checks).
 */
@Injectable()
export class BillingService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(HouseholdServicesWriter) private readonly writer: HouseholdServicesWriter,
    @Inject(BillingJobs) private readonly jobs: BillingJobs,
    @Inject(StripeClients) private readonly stripe: StripeClients,
  ) {}

  /** The household's services (newest accepted first, then in offer order) with their invoices, newest first. */
  async householdBilling(householdId: string): Promise<HouseholdBillingResponse> {
    const household = await this.prisma.household.findFirst({ where: { id: householdId }, select: { id: true } });
    if (!household) throw notFound('Household');
    const rows = await this.prisma.householdService.findMany({
      where: { householdId },
      orderBy: [{ acceptedAt: 'desc' }, { offer: { position: 'asc' } }, { id: 'asc' }],
      select: {
        id: true,
        householdId: true,
        proposalId: true,
        offerId: true,
        name: true,
        category: true,
        type: true,
        paymentSource: true,
        billingStartType: true,
        billingStartDate: true,
        billingStatus: true,
        billingError: true,
        nextChargeAt: true,
        acceptedAt: true,
        invoices: {
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          select: {
            id: true,
            householdServiceId: true,
            kind: true,
            status: true,
            amount: true,
            amountCurrency: true,
            periodStart: true,
            periodEnd: true,
            paidAt: true,
            hostedInvoiceUrl: true,
            failureMessage: true,
            createdAt: true,
          },
        },
      },
    });
    const services: HouseholdServiceResponse[] = rows.map((row) => ({
      id: row.id,
      householdId: row.householdId,
      proposalId: row.proposalId,
      offerId: row.offerId,
      name: row.name,
      category: row.category,
      type: row.type,
      paymentSource: row.paymentSource,
      billingStartType: row.billingStartType,
      billingStartDate: day(row.billingStartDate),
      billingStatus: row.billingStatus,
      billingStatusLabel: HOUSEHOLD_SERVICE_BILLING_STATUS_LABELS[row.billingStatus],
      billingError: row.billingStatus === 'FAILED' ? row.billingError : null,
      canRetry: row.billingStatus === 'FAILED',
      nextChargeAt: iso(row.nextChargeAt),
      acceptedAt: row.acceptedAt.toISOString(),
      invoices: row.invoices.map((invoice) => ({
        id: invoice.id,
        householdServiceId: invoice.householdServiceId,
        kind: invoice.kind,
        kindLabel: BILLING_INVOICE_KIND_LABELS[invoice.kind],
        status: invoice.status,
        statusLabel: BILLING_INVOICE_STATUS_LABELS[invoice.status],
        amount: invoice.amount.toFixed(2),
        currency: invoice.amountCurrency,
        periodStart: day(invoice.periodStart),
        periodEnd: day(invoice.periodEnd),
        paidAt: iso(invoice.paidAt),
        hostedInvoiceUrl: invoice.hostedInvoiceUrl,
        failureMessage: invoice.failureMessage,
        createdAt: invoice.createdAt.toISOString(),
      })),
    }));
    const upcoming = rows
      .filter((row) => row.nextChargeAt && row.billingStatus !== 'CANCELLED')
      .map((row) => row.nextChargeAt!)
      .sort((a, b) => a.getTime() - b.getTime());
    return { householdId, services, nextChargeAt: iso(upcoming[0] ?? null) };
  }

  /**
   * A FAILED service's set-up again: PENDING on the firm's Stripe connection (picked up anew, so a
   * firm that connected Stripe since is billed), then the set-up job. 409 when the service did not
   * fail, or the firm still has no Stripe connection (the service stays FAILED, with why).
   */
  async retry(serviceId: string): Promise<HouseholdServiceResponse> {
    const { organizationId, householdId } = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const [service] = await scope.sql.query<{ household_id: string; billing_status: string }>(
        `SELECT household_id, billing_status FROM household_services
          WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
        scope.organizationId,
        serviceId,
      );
      // The household decides the team scope.
      if (!service || !(await tx.household.findFirst({ where: { id: service.household_id }, select: { id: true } }))) {
        throw notFound('Household service');
      }
      if (service.billing_status !== 'FAILED') throw new DomainError(ErrorCode.CONFLICT, BillingMessage.retryNotFailed);
      const connection = await this.stripe.activeConnection(scope.organizationId);
      if (!connection) throw new DomainError(ErrorCode.CONFLICT, BillingMessage.noConnection);
      await this.writer.updateBilling(scope, serviceId, {
        billingStatus: 'PENDING',
        billingError: null,
        connectionId: connection.id,
      });
      return { organizationId: scope.organizationId, householdId: service.household_id };
    });
    await this.jobs.restartSetUp(organizationId, serviceId);
    const billing = await this.householdBilling(householdId);
    return billing.services.find((service) => service.id === serviceId)!;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { isConnectorError } from '@meridian/connectors';
import {
  AUM_PROVIDER_BILLING_FREQUENCY,
  annualAumFee,
  aumBillingPeriod,
  aumFeePerPeriod,
  billableAmount,
  toIsoDate,
  type CurrencyCode,
  type IsoDate,
} from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { FinancialViewService } from '../../financials/financial-view/index.js';
import { StripeClients } from '../../hub/providers/stripe/index.js';
import { BillingInvoices } from './billing-invoices.js';
import { BillingRepository, type ServiceForBilling } from './billing.repository.js';
import { HouseholdServicesWriter } from './household-services.writer.js';

const dateOf = (iso: IsoDate) => new Date(`${iso}T00:00:00Z`);

/**
 * Invoices AUM fees (the daily billing.invoice-aum-periods): for each ACTIVE service billed here
 * whose offer has fee tiers, every quarter from its billing start that has ended and is not
 * invoiced yet, in order, one invoice each (key `aum-<serviceId>-<periodEnd>`, and the period's
 * unique row). The fee is the engine's: the annual marginal fee of the tiers on the household's
 * investable assets, a quarter of it, in cents.
 *
 * Investable assets: the financial view's Investments group (the household's investment accounts,
 * as the pipeline counts them), in the offer's currency, converted at the firm's rates as the view
 * converts every record. The view values records as they are when the job runs, which is the day
 * after the period ends when the schedule runs daily: market values are not kept by date, so the
 * assets "at period end" are the latest known. A period caught up late is priced on the same
 * latest values.
 */
@Injectable()
export class AumInvoicingService {
  constructor(
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(BillingRepository) private readonly repository: BillingRepository,
    @Inject(BillingInvoices) private readonly invoices: BillingInvoices,
    @Inject(HouseholdServicesWriter) private readonly services: HouseholdServicesWriter,
    @Inject(FinancialViewService) private readonly financialView: FinancialViewService,
    @Inject(StripeClients) private readonly clients: StripeClients,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Every organization's due AUM periods as of `date` (today by default). A failing service does not stop the others. */
  async run(date?: IsoDate): Promise<{ invoiced: number }> {
    const today = date ?? toIsoDate(new Date());
    const candidates = await this.system.householdService.findMany({
      where: {
        billingStatus: 'ACTIVE',
        connectionId: { not: null },
        billingStartType: { not: 'ON_COMPLETION' },
        offer: { feeTiers: { some: {} } },
      },
      orderBy: [{ organizationId: 'asc' }, { id: 'asc' }],
      select: { id: true, organizationId: true },
    });
    let invoiced = 0;
    let failure: unknown = null;
    for (const candidate of candidates) {
      try {
        invoiced += await inOrganization(candidate.organizationId, () =>
          this.invoiceService(candidate.organizationId, candidate.id, today),
        );
      } catch (error) {
        this.logger.warn({ householdServiceId: candidate.id, err: error }, 'AUM invoicing of a service failed');
        // A temporary failure (Stripe busy or down) makes the job retry; the periods billed stay billed.
        if (!isConnectorError(error) || error.retryable) failure ??= error;
      }
    }
    if (failure) throw failure;
    return { invoiced };
  }

  /** One service's ended, uninvoiced quarters; the number invoiced. */
  async invoiceService(organizationId: string, serviceId: string, today: IsoDate): Promise<number> {
    const service = await this.repository.serviceForBilling(serviceId);
    if (!service || service.billingStatus !== 'ACTIVE' || !service.connectionId) return 0;
    const start = this.billingStart(service);
    if (!start) return 0;
    const customer = await this.repository.customerOf(service.connectionId, service.householdId);
    if (!customer) return 0;
    const currency = service.offer.feeTiers[0]!.breakpointCurrency;
    const lastEnd = await this.repository.lastAumPeriodEnd(serviceId);
    // Quarters follow one another from the billing start: the next begins the day after the last billed.
    let period = aumBillingPeriod(lastEnd ? this.dayAfter(toIsoDate(lastEnd)) : start);
    let count = 0;
    const stripe = period.next <= today ? await this.clients.forConnection(organizationId, service.connectionId) : null;
    while (stripe && period.next <= today) {
      const amount = await this.periodFee(service, currency);
      await this.invoices.bill(stripe, {
        serviceId,
        customerId: customer.externalCustomerId,
        kind: 'AUM_FEE',
        amount,
        currency,
        period: { start: dateOf(period.start), end: dateOf(period.end) },
        description: `${service.name}: AUM fee, ${period.start} to ${period.end}`,
        key: `aum-${serviceId}-${period.end}`,
      });
      count += 1;
      period = aumBillingPeriod(period.next);
    }
    await this.prisma.$transaction((tx) =>
      this.services.updateBilling(writeScope(tx, { actor: { kind: 'SYSTEM' } }), serviceId, {
        nextChargeAt: this.earliest(service.nextChargeAt, dateOf(period.next), service.externalSubscriptionId !== null),
      }),
    );
    return count;
  }

  /** The quarter's fee, in cents: a quarter of the annual marginal fee on the household's investable assets. */
  private async periodFee(service: ServiceForBilling, currency: CurrencyCode): Promise<string> {
    const view = await this.financialView.view(service.householdId, currency);
    const investments = view.accountGroups.find((group) => group.group === 'INVESTMENT');
    const assets = investments?.total.value ?? '0';
    const annual = annualAumFee(
      service.offer.feeTiers.map((tier) => ({ breakpoint: tier.breakpoint.toFixed(), fee: tier.fee.toFixed() })),
      assets,
    ).annual;
    return billableAmount(aumFeePerPeriod(annual, AUM_PROVIDER_BILLING_FREQUENCY), currency).toFixed();
  }

  private billingStart(service: ServiceForBilling): IsoDate | null {
    if (service.billingStartType === 'CUSTOM_DATE')
      return service.billingStartDate ? toIsoDate(service.billingStartDate) : null;
    if (service.billingStartType === 'ON_START') return toIsoDate(service.acceptedAt);
    return null;
  }

  private dayAfter(iso: IsoDate): IsoDate {
    const next = dateOf(iso);
    next.setUTCDate(next.getUTCDate() + 1);
    return toIsoDate(next);
  }

  /** The service's next charge: the next AUM invoice, or the subscription's period end when sooner and still ahead. */
  private earliest(current: Date | null, aumNext: Date, hasSubscription: boolean): Date {
    if (hasSubscription && current && current.getTime() > Date.now() && current < aumNext) return current;
    return aumNext;
  }
}

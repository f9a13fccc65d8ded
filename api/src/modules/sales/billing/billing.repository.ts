import { Inject, Injectable } from '@nestjs/common';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';

/** A service with what its billing needs: the household, and the accepted offer's pricing. */
const SERVICE_FOR_BILLING = {
  id: true,
  householdId: true,
  name: true,
  billingStatus: true,
  billingStartType: true,
  billingStartDate: true,
  connectionId: true,
  externalSubscriptionId: true,
  nextChargeAt: true,
  acceptedAt: true,
  household: { select: { name: true } },
  offer: {
    select: {
      oneTimeFeeAmount: true,
      oneTimeFeeAmountCurrency: true,
      oneTimeFeeIsUpfront: true,
      recurringAmount: true,
      recurringAmountCurrency: true,
      recurringFrequency: true,
      recurringDuration: true,
      feeTiers: {
        orderBy: { position: 'asc' },
        select: { breakpoint: true, breakpointCurrency: true, fee: true },
      },
    },
  },
} as const;

/** Reads of billing, in the current organization (and the caller's teams, in a request). */
@Injectable()
export class BillingRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  serviceForBilling(serviceId: string, tx: TenantTransaction | TenantPrismaClient = this.prisma) {
    return tx.householdService.findFirst({ where: { id: serviceId }, select: SERVICE_FOR_BILLING });
  }

  customerOf(connectionId: string, householdId: string) {
    return this.prisma.billingCustomer.findFirst({
      where: { connectionId, householdId },
      select: { externalCustomerId: true },
    });
  }

  /** The last AUM invoice's period end of a service (its billed periods are contiguous from the start). */
  async lastAumPeriodEnd(serviceId: string, tx: TenantTransaction | TenantPrismaClient = this.prisma) {
    const last = await tx.billingInvoice.findFirst({
      where: { householdServiceId: serviceId, kind: 'AUM_FEE' },
      orderBy: { periodEnd: 'desc' },
      select: { periodEnd: true },
    });
    return last?.periodEnd ?? null;
  }

  /** Services billed here with an AUM fee (the offer has tiers), ACTIVE: the AUM job's candidates. */
  activeAumServices() {
    return this.prisma.householdService.findMany({
      where: { billingStatus: 'ACTIVE', connectionId: { not: null }, offer: { feeTiers: { some: {} } } },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
  }
}

export type ServiceForBilling = NonNullable<Awaited<ReturnType<BillingRepository['serviceForBilling']>>>;

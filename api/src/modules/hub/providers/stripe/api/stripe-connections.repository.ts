import { Inject, Injectable } from '@nestjs/common';
import type { TenantTransaction } from '../../../../../common/tenancy/tenant-transaction.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../../../infra/prisma/prisma.service.js';

/** A Stripe connection a webhook may belong to. */
export interface WebhookCandidate {
  id: string;
  organizationId: string;
}

/**
 * Stripe connections and the events their webhooks delivered, read (connections are written by
 * sync's `ConnectionsWriter`, events by the providers' `ProviderEventsWriter`).
 */
@Injectable()
export class StripeConnectionsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  transaction<T>(fn: (tx: TenantTransaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** The caller's organization's Stripe connections, connected first, then newest. */
  async current(db: TenantTransaction | TenantPrismaClient = this.prisma) {
    const rows = await db.connection.findMany({
      where: { service: 'STRIPE' },
      select: {
        id: true,
        status: true,
        externalAccountId: true,
        displayName: true,
        createdAt: true,
        credentialsCiphertext: true,
      },
      orderBy: { createdAt: 'desc' },
    });
    const connected = rows.find((row) => row.credentialsCiphertext !== null) ?? null;
    return { connected, all: rows };
  }

  /** The last event a connection received. */
  lastEvent(connectionId: string) {
    return this.prisma.providerEvent.findFirst({
      where: { connectionId },
      orderBy: { receivedAt: 'desc' },
      select: { receivedAt: true, type: true },
    });
  }

  // ─── webhooks: no caller, so across organizations ─────────────────────────────────────────

  /**
   * The connected Stripe connections a delivery may be for: the ones whose billing knows its
   * customer, else the ones of its account (Connect events name it). Its signature decides which.
   */
  async webhookCandidates(customerId: string | null, accountId: string | null): Promise<WebhookCandidate[]> {
    const connected = { service: 'STRIPE' as const, credentialsCiphertext: { not: null } };
    if (customerId !== null) {
      const byCustomer = await this.system.connection.findMany({
        where: { ...connected, billingCustomers: { some: { externalCustomerId: customerId } } },
        select: { id: true, organizationId: true },
      });
      if (byCustomer.length > 0) return byCustomer;
    }
    if (accountId === null) return [];
    return this.system.connection.findMany({
      where: { ...connected, externalAccountId: accountId },
      select: { id: true, organizationId: true },
    });
  }

  /** Whether a stored event still waits for the billing (a replay of it queues the job again). */
  async pending(organizationId: string, connectionId: string, eventId: string): Promise<boolean> {
    const row = await this.system.providerEvent.findFirst({
      where: { organizationId, connectionId, externalEventId: eventId },
      select: { appliedAt: true },
    });
    return row !== null && row.appliedAt === null;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { TenantTransaction } from '../../../../../common/tenancy/tenant-transaction.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../../../infra/prisma/prisma.service.js';

/** What a Nylas connection shows; never its credentials. */
const NYLAS_CONNECTION_SELECT = {
  id: true,
  status: true,
  displayName: true,
  calendarProvider: true,
  ownerTeamId: true,
  ownerProfessionalId: true,
  needsReauthSince: true,
  createdAt: true,
  updatedAt: true,
} as const;

/**
 * Nylas connections and their owners, read (connections are written by sync's `ConnectionsWriter`,
 * events by the providers' `ProviderEventsWriter`). Through the tenant client for a caller; through
 * the system client for a webhook, which has none.
 */
@Injectable()
export class NylasConnectionsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  transaction<T>(fn: (tx: TenantTransaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** The team member's team and user (the resolver has checked they are within the caller's reach). */
  teamMember(teamMemberId: string) {
    return this.prisma.teamMember.findFirst({
      where: { id: teamMemberId },
      select: { teamId: true, userId: true },
    });
  }

  /** The professional profile of a user, when they have one. */
  async professionalOf(userId: string): Promise<string | null> {
    const row = await this.prisma.professional.findFirst({ where: { userId }, select: { id: true } });
    return row?.id ?? null;
  }

  /** The organization's connection of a grant (by its key), connected before or not. */
  byGrantKey(tx: TenantTransaction, grantKey: string) {
    return tx.connection.findFirst({
      where: { service: 'NYLAS', externalAccountId: grantKey },
      select: { id: true, status: true, ownerTeamId: true, syncIntervalMinutes: true },
    });
  }

  view(connectionId: string) {
    return this.prisma.connection.findFirstOrThrow({
      where: { id: connectionId, service: 'NYLAS' },
      select: NYLAS_CONNECTION_SELECT,
    });
  }

  /** The team's Nylas connections that hold a grant, oldest first. */
  ofTeam(teamId: string) {
    return this.prisma.connection.findMany({
      where: { service: 'NYLAS', ownerTeamId: teamId, credentialsCiphertext: { not: null } },
      select: NYLAS_CONNECTION_SELECT,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  // ─── webhooks: no caller, so across organizations ─────────────────────────────────────────

  /** The connection of a grant, in whichever organization connected it. */
  forWebhook(grantKey: string) {
    return this.system.connection.findFirst({
      where: { service: 'NYLAS', externalAccountId: grantKey, credentialsCiphertext: { not: null } },
      select: { id: true, organizationId: true, needsReauthSince: true },
      orderBy: { createdAt: 'asc' },
    });
  }
}

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

  /**
   * The addresses a thread shown on contacts' pages is kept up to date by: its participants' that
   * are e-mails of the contacts it is linked to (at most 50, what one update takes); none for a
   * thread not kept here.
   */
  async keptThreadAddresses(organizationId: string, connectionId: string, providerThreadId: string): Promise<string[]> {
    const rows = await this.system.$queryRawUnsafe<{ email: string }[]>(
      `SELECT DISTINCT lower(p.participant->>'email') AS email
         FROM email_threads t
         CROSS JOIN LATERAL jsonb_array_elements(t.participants) AS p(participant)
         JOIN email_thread_contacts l ON l.organization_id = t.organization_id AND l.thread_id = t.id
         JOIN contact_emails e ON e.organization_id = l.organization_id AND e.contact_id = l.contact_id
              AND lower(e.email) = lower(p.participant->>'email')
        WHERE t.organization_id = $1 AND t.connection_id = $2 AND t.provider_thread_id = $3
        ORDER BY 1
        LIMIT 50`,
      organizationId,
      connectionId,
      providerThreadId,
    );
    return rows.map((row) => row.email);
  }
}

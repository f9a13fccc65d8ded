import { Inject, Injectable } from '@nestjs/common';
import { currentOrganizationId } from '../../../../common/tenancy/request-context.js';
import type { SealedCredentials } from '../../../../infra/secrets/credential-vault.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../../infra/prisma/prisma.service.js';

export type Tx = Parameters<Parameters<TenantPrismaClient['$transaction']>[0]>[0];

export interface NewPlaidConnection {
  id: string;
  householdId: string;
  itemId: string;
  displayName: string;
  credentials: SealedCredentials;
  syncIntervalMinutes: number;
}

/** The Plaid side of connections: found by item id, created or re-linked with new credentials. */
@Injectable()
export class PlaidConnectionsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  async householdExists(householdId: string): Promise<boolean> {
    return (await this.prisma.household.count({ where: { id: householdId } })) > 0;
  }

  /** The caller's organization's connection of a Plaid item, with its sealed credentials. */
  findByItem(itemId: string, db: Tx | TenantPrismaClient = this.prisma) {
    return db.connection.findFirst({
      where: { service: 'PLAID', externalAccountId: itemId },
      select: {
        id: true,
        credentialsCiphertext: true,
        credentialsKeyId: true,
        syncIntervalMinutes: true,
      },
    });
  }

  async create(tx: Tx, input: NewPlaidConnection): Promise<void> {
    await tx.connection.create({
      data: {
        id: input.id,
        organizationId: currentOrganizationId(),
        service: 'PLAID',
        status: 'PENDING',
        ownerHouseholdId: input.householdId,
        externalAccountId: input.itemId,
        displayName: input.displayName,
        credentialsCiphertext: input.credentials.ciphertext,
        credentialsKeyId: input.credentials.keyId,
        syncIntervalMinutes: input.syncIntervalMinutes,
      },
    });
  }

  /** Re-linked (update mode, or the same item linked again): new credentials, and the login is good again. */
  async relink(tx: Tx, connectionId: string, displayName: string, credentials: SealedCredentials): Promise<void> {
    await tx.connection.update({
      where: { id: connectionId },
      data: {
        displayName,
        status: 'PENDING',
        credentialsCiphertext: credentials.ciphertext,
        credentialsKeyId: credentials.keyId,
        needsReauthSince: null,
        lastError: null,
      },
    });
  }

  // ─── webhooks: no caller, so across organizations (Plaid item ids are unique at Plaid) ───────

  findByItemForWebhook(itemId: string) {
    return this.system.connection.findFirst({
      where: { service: 'PLAID', externalAccountId: itemId },
      select: { id: true, organizationId: true, needsReauthSince: true },
    });
  }

  /** The item's login needs the user: keep the first time it was seen, and why. */
  async markNeedsReauth(organizationId: string, connectionId: string, reason: string, at: Date): Promise<void> {
    await this.system.connection.updateMany({
      where: { organizationId, id: connectionId, needsReauthSince: null },
      data: { needsReauthSince: at },
    });
    await this.system.connection.updateMany({
      where: { organizationId, id: connectionId },
      data: { status: 'FAILED', lastError: reason },
    });
  }
}

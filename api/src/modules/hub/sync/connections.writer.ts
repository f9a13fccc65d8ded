import { Inject, Injectable } from '@nestjs/common';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import type { SealedCredentials } from '../../../infra/secrets/credential-vault.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';

export interface NewPlaidConnection {
  id: string;
  householdId: string;
  itemId: string;
  displayName: string;
  credentials: SealedCredentials;
  syncIntervalMinutes: number;
}

export interface NewStripeConnection {
  id: string;
  /** Stripe's account id (`acct_…`). */
  accountId: string;
  displayName: string | null;
  credentials: SealedCredentials;
  /** `id` is a disconnected connection of the same account, connected again. */
  reconnect: boolean;
}

export interface NewNylasConnection {
  id: string;
  /** The team member whose calendar it is: their team, and their professional profile when they have one. */
  ownerTeamId: string;
  ownerProfessionalId: string | null;
  /** The SHA-256 of the grant id (the grant id itself is only in the sealed credentials). */
  grantKey: string;
  /** The connected account's e-mail address, shown as the connection's name. */
  email: string;
  provider: 'google' | 'microsoft' | 'icloud' | 'imap' | 'virtual_calendar' | null;
  credentials: SealedCredentials;
  /** `id` is the connection of the same grant, connected again (its owner and login renewed). */
  reconnect: boolean;
  /** How often a new connection's calendar is synced besides its webhooks; a reconnected one keeps its own. */
  syncIntervalMinutes: number | null;
}

/**
 * The one writer of connection rows besides the run lifecycle (a run's cursor and outcome, in
 * `SyncRunLifecycle`) and the page writer (accounts waiting for placement), which are this module
 * too. It lives in sync rather than in connections because sync is what the connections module,
 * the providers and imports all build on: each of them reaches it through sync's index.
 */
@Injectable()
export class ConnectionsWriter {
  constructor(@Inject(SystemPrisma) private readonly system: SystemPrisma) {}

  /** A Plaid item linked for a household: its accounts are placed by the advisor before its first run. */
  async createPlaid(tx: TenantTransaction, input: NewPlaidConnection): Promise<void> {
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
        // Its accounts are placed by the advisor before its first run (plaid-placements.service.ts).
        placementPendingSince: new Date(),
      },
    });
  }

  /** Re-linked (update mode, or the same item linked again): new credentials, and the login is good again. */
  async relink(
    tx: TenantTransaction,
    connectionId: string,
    displayName: string,
    credentials: SealedCredentials,
  ): Promise<void> {
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

  /**
   * Its accounts are placed. The cursor starts over: an account placed after the bank synced had
   * its transactions refused meanwhile, and a sync from the start brings them (the others' come
   * back unchanged, through their links).
   */
  async placementDone(scope: WriteScope, connectionId: string): Promise<void> {
    await scope.sql.execute(
      `UPDATE connections SET placement_pending_since = NULL, sync_cursor = NULL, updated_at = $3
        WHERE organization_id = $1 AND id = $2`,
      scope.organizationId,
      connectionId,
      scope.now,
    );
  }

  /**
   * The login needs the user: keep the first time it was seen, and why. A provider's webhook has
   * no caller, so this names its organization on the system client.
   */
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

  /** The organization's Stripe account connected (its key checked with Stripe first); a disconnected one of the same account comes back. */
  async connectStripe(tx: TenantTransaction, input: NewStripeConnection): Promise<void> {
    await this.connected(tx, input, 'STRIPE', input.accountId, { displayName: input.displayName });
  }

  /**
   * A calendar connected through Nylas's hosted authentication; the same grant connected again
   * updates its connection (new owner, login good again) instead of making a second one.
   */
  async connectNylas(tx: TenantTransaction, input: NewNylasConnection): Promise<void> {
    await this.connected(tx, input, 'NYLAS', input.grantKey, {
      ownerTeamId: input.ownerTeamId,
      ownerProfessionalId: input.ownerProfessionalId,
      displayName: input.email,
      calendarProvider: input.provider,
      ...(input.reconnect ? {} : { syncIntervalMinutes: input.syncIntervalMinutes }),
    });
  }

  /**
   * A provider account connected with sealed credentials: a new row, or (`reconnect`) the earlier
   * row of the same account made good again, its login problem and last error cleared.
   */
  private async connected(
    tx: TenantTransaction,
    input: { id: string; reconnect: boolean; credentials: SealedCredentials },
    service: 'STRIPE' | 'NYLAS',
    externalAccountId: string,
    shown: {
      displayName: string | null;
      ownerTeamId?: string;
      ownerProfessionalId?: string | null;
      calendarProvider?: NewNylasConnection['provider'];
      syncIntervalMinutes?: number | null;
    },
  ): Promise<void> {
    const data = {
      ...shown,
      status: 'SUCCESS' as const,
      credentialsCiphertext: input.credentials.ciphertext,
      credentialsKeyId: input.credentials.keyId,
      needsReauthSince: null,
      lastError: null,
    };
    if (input.reconnect) {
      await tx.connection.update({ where: { id: input.id }, data });
      return;
    }
    await tx.connection.create({
      data: { ...data, id: input.id, organizationId: currentOrganizationId(), service, externalAccountId },
    });
  }

  /**
   * Stripe disconnected: its credentials are dropped and it is CANCELLED, but the row stays, so the
   * billing's customers, invoices and received events keep their connection.
   */
  async disconnect(tx: TenantTransaction, connectionId: string): Promise<void> {
    await tx.connection.update({
      where: { id: connectionId },
      data: { status: 'CANCELLED', credentialsCiphertext: null, credentialsKeyId: null },
    });
  }

  /** Deletes a connection whose records and links were detached first (ConnectionsService.remove). */
  async remove(tx: TenantTransaction, connectionId: string): Promise<void> {
    await tx.connection.delete({ where: { id: connectionId } });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { LinkTokenOptions, PlaidClient, PlaidConnector, PlaidCredentials } from '@meridian/connectors';
import { FAKE_INSTITUTIONS } from '@meridian/connectors/testing';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  notFound,
  validationError,
  type LinkedPlaidConnection,
  type PlaidLinkSettings,
  type createPlaidLinkTokenSchema,
  type createUpdatePlaidConnectionSchema,
  type plaidLinkTokenSchema,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import { currentOrganizationId } from '../../../../common/tenancy/request-context.js';
import type { AuthenticatedCaller } from '../../../../common/tenancy/request-context.js';
import { PLAID_CLIENT, PLAID_CONNECTOR } from '../index.js';
import { CredentialVault } from '../../../../infra/secrets/credential-vault.js';
import { AuditService } from '../../../platform/audit/index.js';
import { ConnectionsService } from '../../connections/index.js';
import { ConnectionsWriter, SyncRunLauncher, SyncScheduler } from '../../sync/index.js';
import { callPlaid } from './provider-errors.js';
import { PlaidConnectionsRepository } from './plaid-connections.repository.js';
import { PlaidPlacementsService } from './plaid-placements.service.js';

/** Plaid's own sandbox institutions (its documentation's test banks), for the sandbox page. */
export const PLAID_SANDBOX_INSTITUTIONS = [
  { id: 'ins_109508', name: 'First Platypus Bank' },
  { id: 'ins_109509', name: 'First Gingham Credit Union' },
  { id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { id: 'ins_109511', name: 'Tartan Bank' },
  { id: 'ins_109512', name: 'Houndstooth Bank' },
  { id: 'ins_43', name: 'Tartan-Dominion Bank of Canada' },
] as const;

export const PlaidMessage = {
  notConfigured: 'Plaid is not configured here: set PLAID_CLIENT_ID and PLAID_SECRET (or PLAID_ENV=fake)',
  sandboxOnly: 'Sandbox public tokens exist only in the sandbox and the fake Plaid, not in this environment',
  itemMismatch: 'itemId does not match the item of the public token',
} as const;

// Plaid's SDK spells these as string enums; the values are Plaid's product and country codes.
type Product = LinkTokenOptions['products'][number];
type Country = LinkTokenOptions['countryCodes'][number];
const TRANSACTIONS = 'transactions' as Product;
const COUNTRIES = ['US', 'CA'] as Country[];

type LinkTokenInput = z.output<typeof createPlaidLinkTokenSchema>;
type ConnectionInput = z.output<typeof createUpdatePlaidConnectionSchema>;

/** Plaid Link and the connections it creates (crm §"Connections"). */
@Injectable()
export class PlaidService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PLAID_CLIENT) private readonly client: PlaidClient,
    @Inject(PLAID_CONNECTOR) private readonly connector: PlaidConnector,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(PlaidConnectionsRepository) private readonly repository: PlaidConnectionsRepository,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
    @Inject(ConnectionsService) private readonly connections: ConnectionsService,
    @Inject(SyncScheduler) private readonly scheduler: SyncScheduler,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(PlaidPlacementsService) private readonly placements: PlaidPlacementsService,
  ) {}

  linkSettings(): PlaidLinkSettings {
    const environment = this.config.PLAID_ENV;
    const sandboxInstitutions =
      environment === 'fake'
        ? FAKE_INSTITUTIONS.map((institution) => ({ id: institution.institution_id, name: institution.name }))
        : environment === 'sandbox'
          ? PLAID_SANDBOX_INSTITUTIONS.map((institution) => ({ ...institution }))
          : [];
    return { environment, configured: this.config.plaidConfigured, sandboxInstitutions };
  }

  /** What Link would hand back for an institution, without Link: the sandbox page's shortcut. */
  async sandboxPublicToken(institutionId: string): Promise<{ publicToken: string }> {
    if (this.config.PLAID_ENV !== 'fake' && this.config.PLAID_ENV !== 'sandbox') {
      throw new DomainError(ErrorCode.NOT_FOUND, PlaidMessage.sandboxOnly);
    }
    this.assertConfigured();
    const publicToken = await callPlaid(() => this.client.createSandboxPublicToken(institutionId, [TRANSACTIONS]));
    return { publicToken };
  }

  /**
   * A Link token. With `itemId` (the Plaid item of one of the organization's connections) it opens
   * Link in update mode, to repair that item's login; an item of another organization is a 404.
   */
  async createLinkToken(
    input: LinkTokenInput,
    caller: AuthenticatedCaller,
  ): Promise<z.output<typeof plaidLinkTokenSchema>> {
    this.assertConfigured();
    let accessToken: string | undefined;
    if (input.itemId !== undefined) {
      const connection = await this.repository.findByItem(input.itemId);
      if (!connection?.credentialsCiphertext || !connection.credentialsKeyId) throw notFound('Connection');
      accessToken = this.vault.open<PlaidCredentials>(connection.id, {
        ciphertext: new Uint8Array(connection.credentialsCiphertext),
        keyId: connection.credentialsKeyId,
      }).accessToken;
    }
    const token = await callPlaid(() =>
      this.client.createLinkToken({
        clientName: 'Meridian',
        countryCodes: COUNTRIES,
        language: 'en',
        products: [(input.type ?? 'transactions') as Product],
        clientUserId: input.userId ?? caller.userId,
        ...(accessToken === undefined ? {} : { accessToken }),
        ...(this.config.PLAID_WEBHOOK_URL ? { webhook: this.config.PLAID_WEBHOOK_URL } : {}),
      }),
    );
    return { ...token, mode: accessToken === undefined ? 'create' : 'update' };
  }

  /**
   * Exchanges Link's public token and keeps the item's access token, sealed. A new item becomes a
   * connection of the household waiting for its accounts to be placed (owners, matches with manual
   * accounts: `PlaidPlacementsService`), which then schedules it and queues its INITIAL run; an
   * item the organization already has (update mode, or linked again) gets the new token, its
   * re-authentication flag cleared and a MANUAL run (unless its accounts still wait): never a
   * second connection. Either way the answer lists the accounts still to place. When Plaid
   * refuses or fails, nothing is written.
   */
  async createOrUpdateConnection(input: ConnectionInput): Promise<LinkedPlaidConnection> {
    this.assertConfigured();
    if (!(await this.repository.householdExists(input.householdId))) throw notFound('Household');
    const { credentials, itemId } = await callPlaid(() => this.connector.exchangePublicToken(input.publicToken));
    if (input.itemId !== undefined && input.itemId !== itemId) {
      throw validationError([{ path: 'itemId', message: PlaidMessage.itemMismatch }]);
    }

    const { connectionId } = await this.save(input, itemId, credentials);
    let accountsToPlace = await this.placements.accountsToPlace(connectionId);
    if (accountsToPlace.placementPending && accountsToPlace.accounts.length === 0) {
      // Nothing to place (no account Plaid lists maps to a record of ours): the first run starts.
      await this.placements.nothingToPlace(connectionId);
      accountsToPlace = { ...accountsToPlace, placementPending: false };
    } else if (!accountsToPlace.placementPending) {
      // A new bank waits for its placement, which queues its first run. A relinked one syncs again
      // at once; accounts it lists that no record holds yet are added by the sync, as they were.
      const organizationId = currentOrganizationId();
      const { syncIntervalMinutes } = await this.connections.get(connectionId);
      await this.launcher.requestRun(organizationId, connectionId, 'MANUAL');
      await this.scheduler.scheduleConnection(organizationId, connectionId, syncIntervalMinutes);
    }
    return { ...(await this.connections.get(connectionId)), accountsToPlace };
  }

  private async save(
    input: ConnectionInput,
    itemId: string,
    credentials: PlaidCredentials,
  ): Promise<{ connectionId: string; created: boolean }> {
    const attempt = () =>
      this.repository.transaction(async (tx) => {
        const existing = await this.repository.findByItem(itemId, tx);
        if (existing) {
          const before = await this.connections.get(existing.id);
          await this.writer.relink(tx, existing.id, input.institutionName, this.vault.seal(existing.id, credentials));
          await this.audit.record(tx, {
            action: 'UPDATE',
            entityType: EntityType.connection,
            entityId: existing.id,
            before,
            after: { ...before, displayName: input.institutionName, status: 'PENDING', needsReauth: false },
          });
          return { connectionId: existing.id, created: false };
        }
        const id = newId(EntityType.connection);
        await this.writer.createPlaid(tx, {
          id,
          householdId: input.householdId,
          itemId,
          displayName: input.institutionName,
          credentials: this.vault.seal(id, credentials),
          syncIntervalMinutes: this.config.SYNC_INTERVAL_MINUTES,
        });
        await this.audit.record(tx, {
          action: 'CREATE',
          entityType: EntityType.connection,
          entityId: id,
          after: { id, service: 'PLAID', householdId: input.householdId, externalAccountId: itemId },
        });
        return { connectionId: id, created: true };
      });
    try {
      return await attempt();
    } catch (error) {
      // Two requests linking the same item at once: the unique (organization, service, item)
      // index lets one create it; the other finds it on a second try and updates it.
      if ((error as { code?: string }).code === 'P2002') return attempt();
      throw error;
    }
  }

  private assertConfigured(): void {
    if (!this.config.plaidConfigured) throw new DomainError(ErrorCode.PROVIDER_UNAVAILABLE, PlaidMessage.notConfigured);
  }
}

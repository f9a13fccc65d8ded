import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConnectorError, stripeCall } from '@meridian/connectors';
import {
  DomainError,
  EntityType,
  ErrorCode,
  StripeMessage,
  newId,
  type ConnectStripeInput,
  type StripeConnection,
} from '@meridian/domain';
import { LOGGER } from '../../../../../common/logging/logger.js';
import { CredentialVault } from '../../../../../infra/secrets/credential-vault.js';
import { AuditService } from '../../../../platform/audit/index.js';
import { ConnectionsWriter } from '../../../sync/index.js';
import { StripeClients, type StripeCredentials } from '../stripe-clients.js';
import { StripeConnectionsRepository } from './stripe-connections.repository.js';

/** The organization's Stripe connection (settings → Integrations): connect, read, disconnect. */
@Injectable()
export class StripeConnectionService {
  constructor(
    @Inject(StripeClients) private readonly clients: StripeClients,
    @Inject(StripeConnectionsRepository) private readonly repository: StripeConnectionsRepository,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
    @Inject(CredentialVault) private readonly vault: CredentialVault,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(): Promise<StripeConnection> {
    const { connected } = await this.repository.current();
    if (!connected) return { connected: false, connection: null };
    const last = await this.repository.lastEvent(connected.id);
    return {
      connected: true,
      connection: {
        id: connected.id,
        status: connected.status,
        accountId: connected.externalAccountId,
        displayName: connected.displayName,
        createdAt: connected.createdAt.toISOString(),
        lastEventAt: last?.receivedAt.toISOString() ?? null,
        lastEventType: last?.type ?? null,
      },
    };
  }

  /**
   * Checks the key with Stripe (its account), then keeps it and the webhook signing secret sealed.
   * A second connection is a 409; Stripe refusing the key is a 422 with Stripe's reason.
   */
  async connect(input: ConnectStripeInput): Promise<StripeConnection> {
    if ((await this.repository.current()).connected) {
      throw new DomainError(ErrorCode.CONFLICT, StripeMessage.alreadyConnected);
    }
    const account = await this.account(input.secretKey);
    const credentials: StripeCredentials = { secretKey: input.secretKey, webhookSecret: input.webhookSecret };
    const displayName = account.settings?.dashboard?.display_name ?? account.business_profile?.name ?? null;
    try {
      await this.repository.transaction(async (tx) => {
        // Checked again under the transaction: two connects at once make one connection.
        const { connected, all } = await this.repository.current(tx);
        if (connected) throw new DomainError(ErrorCode.CONFLICT, StripeMessage.alreadyConnected);
        const previous = all.find((row) => row.externalAccountId === account.id);
        const id = previous?.id ?? newId(EntityType.connection);
        await this.writer.connectStripe(tx, {
          id,
          accountId: account.id,
          displayName,
          credentials: this.vault.seal(id, credentials),
          reconnect: previous !== undefined,
        });
        await this.audit.record(tx, {
          action: previous ? 'UPDATE' : 'CREATE',
          entityType: EntityType.connection,
          entityId: id,
          // Never the key nor the secret.
          ...(previous
            ? { before: { id, service: 'STRIPE', externalAccountId: account.id, status: previous.status } }
            : {}),
          after: { id, service: 'STRIPE', externalAccountId: account.id, status: 'SUCCESS' },
        });
      });
    } catch (error) {
      // The unique (organization, service, account) index: a connect of the same account at once.
      if ((error as { code?: string }).code === 'P2002') {
        throw new DomainError(ErrorCode.CONFLICT, StripeMessage.alreadyConnected);
      }
      throw error;
    }
    return this.get();
  }

  /** Drops the credentials; the connection stays (CANCELLED) for the billing's history. */
  async disconnect(): Promise<void> {
    await this.repository.transaction(async (tx) => {
      const { connected } = await this.repository.current(tx);
      if (!connected) throw new DomainError(ErrorCode.NOT_FOUND, StripeMessage.notConnected);
      await this.writer.disconnect(tx, connected.id);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.connection,
        entityId: connected.id,
        before: { status: connected.status },
        after: { status: 'CANCELLED' },
      });
    });
  }

  /** The key's account, from Stripe; a refusal is 422, Stripe unreachable 502. */
  private async account(secretKey: string) {
    try {
      return await stripeCall('accounts/retrieve', () => this.clients.forKey(secretKey).accounts.retrieveCurrent());
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      // Stripe's message names the key's last characters at most; the key itself is never logged.
      this.logger.info({ code: error.code, status: error.status }, 'Stripe refused a connection key');
      if (error.classification === 'AUTH' || error.classification === 'PERMANENT') {
        throw new DomainError(ErrorCode.PROVIDER_REJECTED, `${StripeMessage.keyRefused}: ${stripeReason(error)}`);
      }
      throw new DomainError(ErrorCode.PROVIDER_UNAVAILABLE, `Stripe could not be reached: ${stripeReason(error)}`);
    }
  }
}

/** Stripe's own sentence, without our "Stripe accounts/retrieve failed:" prefix. */
function stripeReason(error: ConnectorError): string {
  return error.message.replace(/^Stripe [^:]+ failed: /, '');
}
